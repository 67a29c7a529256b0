import { hmac } from '@/lib/security/tokens';
import { serverSecret } from '@/lib/security/server-secret';

/** The CSRF token of a session: an HMAC of its id, so it changes whenever the id does. */
export async function csrfTokenFor(sessionToken: string): Promise<string> {
  return hmac(await serverSecret(), `xsrf:${sessionToken}`);
}
