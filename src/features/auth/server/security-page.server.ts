import 'server-only';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { callerOf } from '@/features/access/server/caller.server';
import { requestContext } from '@/features/session/server/request-context.server';
import type { CustomerAnswer } from '../api/auth-api';
import type { SecurityOverview } from '../hooks/use-security';
import { credentialsOf } from './current-user.server';
import { customerView } from './customer-view.server';
import { securityOverview } from './security.server';

/** What the security page shows, read with the page: the customer and their security settings. */
export type SecurityPageData = { customer: CustomerAnswer; security: SecurityOverview };

/**
 * The security page's answers, the same as `GET /api/customer` and `GET /api/account/security`
 * give, for the signed-in customer of this page's request; null for a visitor (the page then asks
 * them to sign in). Read on the server, so every section is in the first response instead of
 * after two calls from the browser.
 */
export async function securityPageData(): Promise<SecurityPageData | null> {
  const ctx = await requestContext(await pageRequestInput());
  const caller = await callerOf(ctx);
  if (!caller) return null;
  // Signed in, the session exists: customerView reads, it writes nothing.
  const [customer, security] = await Promise.all([
    customerView(ctx),
    credentialsOf(caller).then(securityOverview),
  ]);
  return { customer, security };
}
