import 'server-only';
import { roleOf, type Role } from '@/features/access/roles';
import type { ActivityActor } from '@/features/activity/server/activity.server';
import type { RequestContext } from '@/features/session/server/request-context.server';
import { requireUser } from './current-user.server';
import type { UserRow } from './users-repository.server';

/**
 * Who calls a dashboard call, as the features below need it in plain values: the account and
 * store it acts in, the caller's role (for the role matrix) and how the activity log names them.
 */
export type AccountCaller = {
  user: UserRow;
  userId: string;
  accountId: string;
  storeKey: string;
  role: Role;
  actor: ActivityActor;
};

/** The signed-in caller of a request (401 `not_signed_in` without one). */
export async function accountCaller(ctx: RequestContext): Promise<AccountCaller> {
  const user = await requireUser(ctx);
  return {
    user,
    userId: user.id,
    accountId: user.accountId,
    storeKey: ctx.store.key,
    role: roleOf(user.role),
    actor: { userId: user.id, label: user.email, ip: ctx.ip },
  };
}
