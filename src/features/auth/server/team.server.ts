import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { requirePermission, roleOf, type Role } from '@/features/access/roles';
import type { Caller } from '@/features/access/server/caller.server';
import { recordActivity } from '@/features/activity/server/activity.server';
import type { Member } from '../team-types';
import { credentialsOf } from './current-user.server';
import { confirmPassword } from './reauth.server';
import { deleteMember, listTeam, lockTeam, setRole, type TeamRow } from './team-repository.server';

/**
 * The team of an account (decisions 0100 and 0103): one owner, who alone hands the
 * account over (the password asked again); owners and admins change other roles and remove
 * people, never the owner; anyone may leave but the owner. Changes of one account are made one
 * at a time under its people's row locks, each with its activity record.
 */

export const memberNotFound = () =>
  new ApiError(404, 'member_not_found', 'There is no such person in your account.');

const view = (row: TeamRow): Member => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: roleOf(row.role),
  active: row.activatedAt !== null,
  joined_at: row.createdAt.toISOString(),
});

/** The account's people (GET /api/account/members). */
export async function accountMembers(scope: { accountId: string }): Promise<Member[]> {
  return (await listTeam(await appDb(), scope.accountId)).map(view);
}

/**
 * Gives a person another role (PATCH /api/account/members/{id}). `owner` hands the account over:
 * the owner only, with the password; the old owner becomes an admin.
 */
export async function changeMemberRole(
  caller: Caller,
  memberId: string,
  input: { role: Role; password?: string },
): Promise<Member[]> {
  if (input.role === 'owner') {
    requirePermission(caller.role, 'team.ownership');
    if (!input.password) {
      throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
        password: ['is required to hand over the account'],
      });
    }
    await confirmPassword(await credentialsOf(caller), input.password);
  } else {
    requirePermission(caller.role, 'team.manage');
  }
  const db = await appDb();
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, caller.accountId);
    const target = team.find((m) => m.id === memberId);
    if (!target) throw memberNotFound();
    if (input.role === 'owner') {
      if (target.id === caller.userId) return;
      await setRole(tx, caller.accountId, caller.userId, 'admin');
      await setRole(tx, caller.accountId, target.id, 'owner');
    } else {
      if (target.role === 'owner') {
        throw new ApiError(
          409,
          'owner_role_fixed',
          'The owner’s role changes only when the owner hands the account over.',
        );
      }
      await setRole(tx, caller.accountId, target.id, input.role);
    }
    await recordActivity(
      {
        storeKey: caller.storeKey,
        accountId: caller.accountId,
        actor: caller.actor,
        action: input.role === 'owner' ? 'ownership.transferred' : 'member.role_changed',
        target: target.email,
        detail: { from: target.role, to: input.role },
      },
      tx,
    );
  });
  return accountMembers(caller);
}

/**
 * Removes a person from the account (DELETE /api/account/members/{id}); a person may remove
 * themselves (leave). The owner is never removed and cannot leave while they own the account.
 */
export async function removeMember(caller: Caller, memberId: string): Promise<Member[]> {
  const leaving = memberId === caller.userId;
  if (!leaving) requirePermission(caller.role, 'team.manage');
  const db = await appDb();
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, caller.accountId);
    const target = team.find((m) => m.id === memberId);
    if (!target) throw memberNotFound();
    if (target.role === 'owner') {
      throw leaving
        ? new ApiError(409, 'last_owner', 'Hand the account to someone else before you leave it.')
        : new ApiError(409, 'owner_cannot_be_removed', 'The account’s owner cannot be removed.');
    }
    await recordActivity(
      {
        storeKey: caller.storeKey,
        accountId: caller.accountId,
        actor: caller.actor,
        action: leaving ? 'member.left' : 'member.removed',
        target: target.email,
      },
      tx,
    );
    // After its record: a person who leaves is the record's actor until the row goes.
    await deleteMember(tx, caller.accountId, target.id);
  });
  return leaving ? [] : accountMembers(caller);
}
