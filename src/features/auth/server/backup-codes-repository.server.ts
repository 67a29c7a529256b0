import 'server-only';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { backupCodes } from '@/lib/db/schema';

/** The only code that knows how backup codes are stored (their HMAC only). */

/** Replaces a user's backup codes with new ones, in one transaction: old codes die with it. */
export async function replaceBackupCodes(
  db: AppDb,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
    await tx.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

export async function deleteBackupCodes(db: AppDb, userId: string): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
}

/** How many unused codes a user has. */
export async function countUnusedBackupCodes(db: AppDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.n ?? 0;
}

/** Uses a code up in one atomic update: of two parallel uses one wins. Answers whether it did. */
export async function spendBackupCode(
  db: AppDb,
  input: { userId: string; codeHash: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: input.at })
    .where(
      and(
        eq(backupCodes.userId, input.userId),
        eq(backupCodes.codeHash, input.codeHash),
        isNull(backupCodes.usedAt),
      ),
    )
    .returning({ id: backupCodes.id });
  return rows.length === 1;
}
