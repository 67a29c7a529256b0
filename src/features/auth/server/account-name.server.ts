import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { requirePermission } from '@/features/access/roles';
import type { Caller } from '@/features/access/server/caller.server';
import { recordActivity } from '@/features/activity/server/activity.server';
import { findAccountName, setAccountName } from './users-repository.server';

/**
 * Names the caller's account (PUT /api/account/name, decision 0138). An account starts with its
 * owner's name; invitations say "X invited you to <account name>", so a team names it after
 * itself. Whoever manages the team may name it, as the roles matrix says.
 */
export async function renameAccount(caller: Caller, name: string): Promise<{ name: string }> {
  requirePermission(caller.role, 'team.manage');
  const db = await appDb();
  await db.transaction(async (tx) => {
    const before = await findAccountName(tx, caller.accountId);
    await setAccountName(tx, caller.accountId, name);
    await recordActivity(
      {
        storeKey: caller.storeKey,
        accountId: caller.accountId,
        actor: caller.actor,
        action: 'account.renamed',
        target: name,
        detail: { from: before },
      },
      tx,
    );
  });
  return { name };
}

/** The account's name, for the team page. */
export async function accountNameOf(scope: { accountId: string }): Promise<string> {
  return (await findAccountName(await appDb(), scope.accountId)) ?? '';
}
