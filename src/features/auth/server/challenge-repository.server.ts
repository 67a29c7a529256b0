import 'server-only';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { loginChallenges } from '@/lib/db/schema';

/** The only code that knows how the second step of a sign-in is stored. */

export type ChallengeRow = typeof loginChallenges.$inferSelect;

export async function insertChallenge(
  db: AppDb,
  values: Pick<
    ChallengeRow,
    'tokenHash' | 'userId' | 'sessionId' | 'method' | 'rememberMe' | 'isCtd' | 'expiresAt'
  >,
): Promise<ChallengeRow> {
  const [row] = await db.insert(loginChallenges).values(values).returning();
  return row!;
}

/** A challenge that is neither used, voided nor expired at `at`. */
export async function findLiveChallenge(
  db: AppDb,
  tokenHash: string,
  at: Date,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        isNull(loginChallenges.consumedAt),
        isNull(loginChallenges.voidedAt),
        gt(loginChallenges.expiresAt, at),
      ),
    );
  return row ?? null;
}

/** Sets the method and its code (null for an authenticator app, which brings its own). */
export async function setChallengeCode(
  db: AppDb,
  id: string,
  set: { method: string; codeHash: string | null; codeExpiresAt: Date | null },
): Promise<void> {
  await db.update(loginChallenges).set(set).where(eq(loginChallenges.id, id));
}

/**
 * Counts one try, atomically and only while fewer than `max` were made and the challenge is
 * open, so parallel guesses cannot exceed the limit. Answers the counted row, or null.
 */
export async function countAttempt(
  db: AppDb,
  id: string,
  max: number,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.id, id),
        lt(loginChallenges.attempts, max),
        isNull(loginChallenges.consumedAt),
        isNull(loginChallenges.voidedAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function voidChallenge(db: AppDb, id: string, at: Date): Promise<void> {
  await db.update(loginChallenges).set({ voidedAt: at }).where(eq(loginChallenges.id, id));
}

/** Uses an open challenge up in one atomic update: of two parallel right codes, one wins. */
export async function consumeChallenge(db: AppDb, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ consumedAt: at })
    .where(
      and(
        eq(loginChallenges.id, id),
        isNull(loginChallenges.consumedAt),
        isNull(loginChallenges.voidedAt),
      ),
    )
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}
