import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { sessionSecondFactors } from '@/lib/db/schema';

/** The only code that knows how a session's second factor is stored. */

/** Notes (or renews) that the session's user showed a second factor on it. */
export async function upsertSecondFactor(
  db: AppDb,
  row: { sessionId: string; userId: string; method: string; at: Date },
): Promise<void> {
  await db
    .insert(sessionSecondFactors)
    .values(row)
    .onConflictDoUpdate({
      target: sessionSecondFactors.sessionId,
      set: { userId: row.userId, method: row.method, at: row.at },
    });
}

/** When and how the session's `userId` showed a second factor on it, or null. */
export async function findSecondFactor(
  db: AppDb,
  sessionId: string,
  userId: string,
): Promise<{ method: string; at: Date } | null> {
  const [row] = await db
    .select({ method: sessionSecondFactors.method, at: sessionSecondFactors.at })
    .from(sessionSecondFactors)
    .where(
      and(eq(sessionSecondFactors.sessionId, sessionId), eq(sessionSecondFactors.userId, userId)),
    );
  return row ?? null;
}
