import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { AuthCard } from '@/components/form/auth-card';
import { AuthorizeFlow } from '@/features/auth/components/authorize-flow';
import { FormError } from '@/components/form/field';
import { checkAuthorizeRequest } from '@/features/auth/server/oauth.server';
import { pageStore } from '@/features/tenancy/server/page-store.server';

export const metadata: Metadata = { title: 'Sign in to an app', robots: { index: false } };

// Store pages are cached per store (the layout); this one answers its query, so every request.
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ host: string; sv: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * Where the desktop app sends the system browser (RFC 8252): `/oauth/authorize?response_type=
 * code&client_id&redirect_uri&code_challenge&code_challenge_method=S256&state[&scope]`. Rendered
 * per request, since it depends on the query. An unknown client or a redirect URI that is not
 * loopback is shown here; other errors go back to the app's redirect URI.
 */
export default async function AuthorizePage({ params, searchParams }: Props) {
  const { host, sv } = await params;
  const { store } = await pageStore(host, sv);
  const decision = checkAuthorizeRequest(store, await searchParams);
  if (decision.kind === 'redirect') redirect(decision.url);
  if (decision.kind === 'invalid') {
    return (
      <AuthCard title="This sign-in link does not work">
        <FormError message={decision.message} />
        <p>Start the sign-in again from the app.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Sign in to ${decision.request.client_name}`}>
      <Suspense>
        <AuthorizeFlow request={decision.request} />
      </Suspense>
    </AuthCard>
  );
}
