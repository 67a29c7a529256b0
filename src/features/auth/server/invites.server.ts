import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import type { Store } from '@/features/tenancy/store-types';
import { mailInvite } from './auth-mail.server';
import { LIMITS } from './limits.server';
import { findToken, isUsable, issueToken } from './one-time-token-repository.server';
import { findAccountName, findUserById, type UserRow } from './users-repository.server';

export const inviteNotFound = () =>
  new ApiError(404, 'invite_not_found', 'There is no such invitation.');

/** An account owner invites a person by e-mail into the account (7 days, single use). */
export async function invite(store: Store, owner: UserRow, email: string) {
  if (owner.role !== 'owner') {
    throw new ApiError(403, 'forbidden', 'Only the account owner can invite people.');
  }
  await consumeLimits([[LIMITS.invite, owner.id]]);
  const db = await appDb();
  const accountName = await findAccountName(db, owner.accountId);
  const { token, expiresAt } = await issueToken(db, 'invite', {
    accountId: owner.accountId,
    invitedBy: owner.id,
    email,
  });
  await mailInvite(
    store,
    email,
    { name: owner.name, accountName: accountName ?? owner.name },
    token,
  );
  return { email, expires_at: expiresAt.toISOString() };
}

/** What an invite link shows: who invited, into which account, until when; 404 or 410 otherwise. */
export async function describeInvite(token: string) {
  if (!/^[A-Za-z0-9_-]{22,128}$/.test(token)) throw inviteNotFound();
  const db = await appDb();
  const row = await findToken(db, 'invite', token);
  if (!row?.accountId) throw inviteNotFound();
  if (!isUsable(row)) {
    throw new ApiError(410, 'invite_expired', 'This invitation has expired or was already used.');
  }
  const accountName = await findAccountName(db, row.accountId);
  const inviter = row.invitedBy ? await findUserById(db, row.invitedBy) : null;
  return {
    invited_by: { name: inviter?.name ?? '' },
    account: { name: accountName ?? '' },
    email: row.email,
    expires_at: row.expiresAt.toISOString(),
  };
}
