import 'server-only';
import type { RequestInput } from '@/lib/http/request-input';
import { currentUser } from '@/features/auth/server/current-user.server';
import { requestContext } from '@/features/session/server/request-context.server';
import type { CheckoutScope } from './recheck.server';

/**
 * The signed-in customer of a page rendered per request, or null for a visitor who is not signed
 * in. Pages never make a session: only API calls do.
 */
export async function pageScope(input: RequestInput): Promise<CheckoutScope | null> {
  const ctx = await requestContext(input);
  const user = await currentUser(ctx);
  if (!user) return null;
  return {
    store: ctx.store,
    storeHost: input.host.ok ? input.host.host : ctx.store.config.domain_name,
    siteVersion: ctx.siteVersion,
    user: { id: user.id, accountId: user.accountId, email: user.email, name: user.name },
  };
}
