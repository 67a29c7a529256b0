import 'server-only';
import type { RequestInput } from '@/lib/http/request-input';
import { requirePermission, roleOf } from '@/features/access/roles';
import { requireUser } from '@/features/auth/server/current-user.server';
import type { RequestContext } from '@/features/session/server/request-context.server';
import type { CheckoutScope } from './recheck.server';

/**
 * The signed-in customer's checkout scope (401 without one): store, host, site version, user;
 * 403 when the person's role may not do what the call does.
 */
export async function checkoutScope(
  ctx: RequestContext,
  input: Pick<RequestInput, 'host'>,
  /** What the call does with the account's money (decision 0100): 403 `forbidden` without it. */
  permission: 'billing.read' | 'billing.manage',
): Promise<CheckoutScope> {
  const user = await requireUser(ctx);
  requirePermission(roleOf(user.role), permission);
  return {
    store: ctx.store,
    storeHost: input.host.ok ? input.host.host : ctx.store.config.domain_name,
    siteVersion: ctx.siteVersion,
    user: { id: user.id, accountId: user.accountId, email: user.email, name: user.name },
  };
}

/** What orders, payments, invoices and services are scoped to: the account, in this store. */
export function accountScope(scope: CheckoutScope) {
  return { accountId: scope.user.accountId, storeKey: scope.store.key };
}
