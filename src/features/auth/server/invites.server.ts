import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { requirePermission, roleOf, type Role } from '@/features/access/roles';
import type { Caller } from '@/features/access/server/caller.server';
import { recordActivity } from '@/features/activity/server/activity.server';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { mailInvite } from './auth-mail.server';
import { LIMITS } from './limits.server';
import {
  findInvite,
  findPendingInvites,
  isUsable,
  issueInvite,
  withdrawInvite as withdrawInviteRow,
} from './one-time-token-repository.server';
import { findAccountName, findUserByEmail, findUserById } from './users-repository.server';

export const inviteNotFound = () =>
  new ApiError(404, 'invite_not_found', 'There is no such invitation.');

/** Owners and admins manage the team (decision 0100). */
function requireOwner(caller: Caller): void {
  requirePermission(caller.role, 'team.manage');
}

export const inviteGone = () =>
  new ApiError(
    410,
    'invite_expired',
    'This invitation has expired, was withdrawn or was already used.',
  );

/**
 * 409 for an address that is already one of the account's people, the caller's own included
 * (docs/decisions/0316): its invitation could only lead to "already has an account".
 */
const alreadyMember = (own: boolean) =>
  new ApiError(
    409,
    'already_member',
    own
      ? 'This is your own address: you are in this account already.'
      : 'This person is already a member of this account.',
    { email: [own ? 'is your own address' : 'is already a member of this account'] },
  );

/**
 * An account owner invites a person by e-mail into the account (7 days, single use). An address
 * that is already one of the account's people is refused; one with an account elsewhere is
 * invited as any other, so the answer tells nothing about addresses outside the account.
 */
export async function invite(
  owner: Caller,
  email: string,
  role: Exclude<Role, 'owner'> = 'member',
) {
  requireOwner(owner);
  const db = await appDb();
  if (email === owner.email.toLowerCase()) throw alreadyMember(true);
  const existing = await findUserByEmail(db, owner.storeKey, email);
  if (existing?.accountId === owner.accountId) throw alreadyMember(false);
  await consumeLimits([[LIMITS.invite, owner.userId]]);
  const accountName = await findAccountName(db, owner.accountId);
  const { token, expiresAt } = await issueInvite(db, {
    accountId: owner.accountId,
    invitedBy: owner.userId,
    email,
    role,
  });
  await recordActivity({
    storeKey: owner.storeKey,
    accountId: owner.accountId,
    actor: owner.actor,
    action: 'member.invited',
    target: email,
    detail: { role },
  });
  await mailInvite(
    owner.store,
    email,
    { name: owner.name, accountName: accountName ?? owner.name },
    token,
    role,
  );
  return { email, role, expires_at: expiresAt.toISOString() };
}

/**
 * What an invite link shows: who invited, into which account, until when, and whether the
 * invited address already has an account in this store (`has_account`, docs/decisions/0326). Only
 * the holder of the token mailed to that address learns it, as registration would tell them
 * (0080); the owner who invites is told nothing (0316). 404 for an unknown token or another
 * store's, 410 for a used, withdrawn or expired one.
 */
export async function describeInvite(storeKey: string, token: string) {
  if (!/^[A-Za-z0-9_-]{22,128}$/.test(token)) throw inviteNotFound();
  const db = await appDb();
  const row = await findInvite(db, storeKey, token);
  if (!row?.accountId || !row.email) throw inviteNotFound();
  if (!isUsable(row)) throw inviteGone();
  const accountName = await findAccountName(db, row.accountId);
  const inviter = row.invitedBy ? await findUserById(db, row.invitedBy) : null;
  const existing = await findUserByEmail(db, storeKey, row.email);
  return {
    invited_by: { name: inviter?.name ?? '' },
    account: { name: accountName ?? '' },
    email: row.email,
    expires_at: row.expiresAt.toISOString(),
    has_account: existing !== null,
  };
}

/** The owner's view of invitations still waiting for a registration. */
export async function pendingInvites(owner: Caller) {
  requireOwner(owner);
  const db = await appDb();
  const rows = await findPendingInvites(db, owner.accountId);
  const names = new Map<string, string>();
  for (const row of rows) {
    if (row.invitedBy && !names.has(row.invitedBy)) {
      names.set(row.invitedBy, (await findUserById(db, row.invitedBy))?.name ?? '');
    }
  }
  return {
    invites: rows.map((row) => ({
      id: row.id,
      email: row.email ?? '',
      role: roleOf(row.role ?? 'member'),
      invited_by: { name: row.invitedBy ? (names.get(row.invitedBy) ?? '') : '' },
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    })),
  };
}

/** Withdraws a pending invitation of the owner's account: its link stops working at once. */
export async function withdrawInvite(owner: Caller, id: string): Promise<void> {
  requireOwner(owner);
  const withdrawn = await withdrawInviteRow(await appDb(), { id, accountId: owner.accountId });
  if (!withdrawn) throw inviteNotFound();
}
