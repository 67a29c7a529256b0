import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { prepared } from '@/lib/db/prepared';
import { users } from '@/lib/db/schema';

/** The only code that knows how an account's people are listed, re-roled and removed. */

export type TeamRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  activatedAt: Date | null;
  createdAt: Date;
};

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  activatedAt: users.activatedAt,
  createdAt: users.createdAt,
};

/** The account's people, the earliest first. */
export async function listTeam(db: AppDb, accountId: string): Promise<TeamRow[]> {
  const query = prepared(db, 'account_team', (d, name) =>
    d
      .select(columns)
      .from(users)
      .where(eq(users.accountId, sql.placeholder('accountId')))
      .orderBy(asc(users.createdAt), asc(users.email))
      .prepare(name),
  );
  return query.execute({ accountId });
}

/** The account's people under their row locks: role changes of one account go one at a time. */
export async function lockTeam(tx: AppDb, accountId: string): Promise<TeamRow[]> {
  return tx
    .select(columns)
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .for('update');
}

export async function setRole(
  tx: AppDb,
  accountId: string,
  userId: string,
  role: string,
): Promise<void> {
  await tx
    .update(users)
    .set({ role })
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}

/** Removes a person from the account: their sessions, tokens and seats go with them. */
export async function deleteMember(tx: AppDb, accountId: string, userId: string): Promise<void> {
  await tx.delete(users).where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}
