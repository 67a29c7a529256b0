import 'server-only';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { passkeys } from '@/lib/db/schema';

/** The only code that knows how passkeys are stored (public keys only). */

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function insertPasskey(
  db: AppDb,
  values: Omit<PasskeyRow, 'id' | 'createdAt' | 'lastUsedAt'>,
): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  return row!;
}

export async function findPasskeyByCredentialId(
  db: AppDb,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** A user's passkeys, oldest first; only those of one relying party when `rpId` is given. */
export async function findUserPasskeys(
  db: AppDb,
  userId: string,
  rpId?: string,
): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(
      rpId
        ? and(eq(passkeys.userId, userId), eq(passkeys.rpId, rpId))
        : eq(passkeys.userId, userId),
    )
    .orderBy(asc(passkeys.createdAt));
}

export async function countUserPasskeys(db: AppDb, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Records a use: the authenticator's new signature counter and the time. */
export async function touchPasskey(
  db: AppDb,
  id: string,
  set: { counter: number; backedUp: boolean; at: Date },
): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter: set.counter, backedUp: set.backedUp, lastUsedAt: set.at })
    .where(eq(passkeys.id, id));
}

/** Deletes one of a user's passkeys; answers it, or null when the user has no such passkey. */
export async function deletePasskey(
  db: AppDb,
  input: { id: string; userId: string },
): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, input.userId)))
    .returning();
  return row ?? null;
}
