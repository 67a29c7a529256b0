import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import type { RequestInput } from '@/lib/http/request-input';
import { isUuid } from '@/lib/uuid';
import { callerOf, notSignedIn } from '@/features/access/server/caller.server';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { passkeyCount } from '@/features/auth/server/passkeys.server';
import {
  requestContext,
  type RequestContext,
} from '@/features/session/server/request-context.server';
import { hasSessionSecondFactor } from '@/features/session/server/second-factor.server';
import type { Store } from '@/features/tenancy/store-types';
import {
  staffCan,
  staffDeniedMessage,
  staffRoleOf,
  type StaffRole,
  type StorePermission,
} from '../roles';
import type { AdminAuditScope } from './admin-audit-repository.server';
import { findStaff } from './staff-repository.server';

/** A staff member's row in the store they are working on. */
export type Staff = { id: string; storeId: string; role: StaffRole; createdAt: Date };

/** The person behind a staff row, as the admin shows and the audit names them. */
export type StaffAccount = { userId: string; accountId: string; email: string; name: string };

/**
 * What every /api/store-admin call and /admin page works with: the store of the request's host,
 * the caller's staff row there, the person, and their address (for the audit).
 */
export type StaffContext = {
  store: Store;
  /** The stored store's id (`stores.id`): what store-admin rows hang on. */
  storeId: string;
  staff: Staff;
  account: StaffAccount;
  ip: string;
  /** The request's context, for calls that also touch the session. */
  ctx: RequestContext;
};

/** Nothing of the store's admin is shown to someone who is not its staff: the same 404 as no page. */
export const notStaff = () => new ApiError(404, 'not_found', 'There is no such page.');

export const secondFactorRequired = () =>
  new ApiError(
    403,
    'second_factor_required',
    'The store’s admin needs a second factor: sign in with it, or set one up at /admin/second-factor.',
  );

/**
 * Second factors strong enough for a store's admin (decision 0161): an authenticator app, a
 * backup code of one, a text message to a confirmed number, a passkey. A code mailed to the
 * address that can also reset the password is not a second one.
 */
const STRONG = new Set([
  'totp',
  'backup_code',
  'sms',
  'passkey',
  'totp_enrolled',
  'passkey_enrolled',
]);

/** Where a staff member's changes are recorded: `insertAdminAudit(tx, auditScope(staff), …)`. */
export function auditScope(
  staff: Pick<StaffContext, 'storeId' | 'account' | 'ip'>,
): AdminAuditScope {
  return {
    storeId: staff.storeId,
    actor: { userId: staff.account.userId, label: staff.account.email },
    ip: staff.ip,
  };
}

/** Why a request may not use the store's admin, in the order it is checked; null when it may. */
export type StaffRefusal = 'not_signed_in' | 'not_staff' | 'second_factor_required' | 'forbidden';

/**
 * Resolves the staff member of a request's context, or why not: not signed in, not staff of THIS
 * store (a store's staff are users of that store, so another store's staff are nobody here), no
 * second factor on this session, or a role without `permission`.
 */
export async function staffOf(
  ctx: RequestContext,
  permission?: StorePermission,
): Promise<{ staff: StaffContext } | { refusal: StaffRefusal }> {
  // A desktop app's access token is not a browser session: it never reaches the admin.
  const caller = ctx.grant ? null : await callerOf(ctx);
  if (!caller) return { refusal: 'not_signed_in' };
  // Built-in brands (configured in code) have no staff: their key is not a stored store's id.
  const storeId = ctx.store.key;
  const row = isUuid(storeId) ? await findStaff(await appDb(), storeId, caller.userId) : null;
  if (!row) return { refusal: 'not_staff' };
  if (!(await showedSecondFactor(ctx, caller.userId))) {
    return { refusal: 'second_factor_required' };
  }
  const role = staffRoleOf(row.role);
  if (permission && !staffCan(role, permission)) return { refusal: 'forbidden' };
  return {
    staff: {
      store: ctx.store,
      storeId,
      staff: { id: row.id, storeId, role, createdAt: row.createdAt },
      account: {
        userId: caller.userId,
        accountId: caller.accountId,
        email: caller.email,
        name: caller.name,
      },
      ip: ctx.ip,
      ctx,
    },
  };
}

/** A strong second factor shown on this session, and still one the person has. */
async function showedSecondFactor(ctx: RequestContext, userId: string): Promise<boolean> {
  const shown = await hasSessionSecondFactor(ctx, STRONG);
  if (!shown) return false;
  const user = await credentialsOf({ userId });
  return Boolean(user.totpSecret) || (await passkeyCount(userId)) > 0;
}

/**
 * The staff member of an API call with `permission` (roles.ts), or the documented error:
 * 401 `not_signed_in`; 404 `not_found` when the caller is not staff of this store (never saying
 * whether another store has them); 403 `second_factor_required` when this session showed no
 * second factor; 403 `forbidden` when the role lacks the permission (`null`: any staff member).
 *
 * Routes call it with `requestInput(request)`: `await requireStaff(requestInput(request), 'x')`.
 */
export async function requireStaff(
  request: RequestInput | RequestContext,
  permission: StorePermission | null,
): Promise<StaffContext> {
  const ctx = 'store' in request ? request : await requestContext(request);
  const result = await staffOf(ctx, permission ?? undefined);
  if ('staff' in result) return result.staff;
  switch (result.refusal) {
    case 'not_signed_in':
      throw notSignedIn();
    case 'not_staff':
      throw notStaff();
    case 'second_factor_required':
      throw secondFactorRequired();
    case 'forbidden':
      throw new ApiError(403, 'forbidden', staffDeniedMessage(permission!));
  }
}

/** Where a person who just joined the staff goes: the admin, or the second-factor page first. */
export async function joinedStaffNext(ctx: RequestContext): Promise<string> {
  const result = await staffOf(ctx);
  return 'staff' in result ? '/admin' : '/admin/second-factor';
}
