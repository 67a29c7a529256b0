import { isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

/**
 * Without GOOGLE_CLIENT_ID (unset in this file) the sign-in and registration
 * screens carry no Google button, so Google's script never loads. With it set, the browser
 * suite shows the button and that the script loads on those two screens only.
 */
delete process.env.GOOGLE_CLIENT_ID;
const { default: LoginPage } = await import('@/app/[host]/[sv]/(auth)/login/page');
const { default: RegisterPage } = await import('@/app/[host]/[sv]/(auth)/register/page');
const { GoogleButton } = await import('@/features/auth/components/google-button');

/** Every element type in a rendered tree, without rendering the client components in it. */
function typesIn(node: ReactNode): unknown[] {
  if (Array.isArray(node)) return node.flatMap(typesIn);
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  return [node.type, ...typesIn(node.props.children)];
}

describe('the Google button', () => {
  it('is on neither sign-in screen when GOOGLE_CLIENT_ID is not set', () => {
    expect(typesIn(LoginPage())).not.toContain(GoogleButton);
    expect(typesIn(RegisterPage())).not.toContain(GoogleButton);
  });
});
