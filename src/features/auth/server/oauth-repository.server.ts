import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { oauthCodes, oauthTokens } from '@/lib/db/schema';

/** The only code that knows how OAuth codes and tokens are stored (hashes only). */

export type OAuthCodeRow = typeof oauthCodes.$inferSelect;
export type OAuthTokenRow = typeof oauthTokens.$inferSelect;

export async function insertCode(
  db: AppDb,
  values: Omit<OAuthCodeRow, 'usedAt' | 'createdAt'>,
): Promise<void> {
  await db.insert(oauthCodes).values(values);
}

/** Uses a code up in one atomic update; answers its row, or null when unknown or used. */
export async function consumeCode(
  db: AppDb,
  codeHash: string,
  at: Date,
): Promise<OAuthCodeRow | null> {
  const [row] = await db
    .update(oauthCodes)
    .set({ usedAt: at })
    .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
    .returning();
  return row ?? null;
}

/** Revokes every live token of a family: the tokens a code gave and their refreshes. */
export async function revokeFamily(db: AppDb, codeHash: string, at: Date): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ revokedAt: at })
    .where(and(eq(oauthTokens.codeHash, codeHash), isNull(oauthTokens.revokedAt)));
}

/** Revokes every live token of a user (sign out everywhere, a new password). */
export async function revokeUserTokens(db: AppDb, userId: string, at: Date): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ revokedAt: at })
    .where(and(eq(oauthTokens.userId, userId), isNull(oauthTokens.revokedAt)));
}

/** Revokes one token. */
export async function revokeToken(db: AppDb, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ revokedAt: at })
    .where(and(eq(oauthTokens.tokenHash, tokenHash), isNull(oauthTokens.revokedAt)));
}

export async function insertTokens(
  db: AppDb,
  rows: Omit<OAuthTokenRow, 'revokedAt' | 'createdAt'>[],
): Promise<void> {
  await db.insert(oauthTokens).values(rows);
}

/** A token of a kind that was not revoked (expiry is the caller's to check). */
export async function findToken(
  db: AppDb,
  tokenHash: string,
  kind: 'access' | 'refresh',
): Promise<OAuthTokenRow | null> {
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(
      and(
        eq(oauthTokens.tokenHash, tokenHash),
        eq(oauthTokens.kind, kind),
        isNull(oauthTokens.revokedAt),
      ),
    );
  return row ?? null;
}

/** A token whatever its state, or null when it never existed. */
export async function findAnyToken(db: AppDb, tokenHash: string): Promise<OAuthTokenRow | null> {
  const [row] = await db.select().from(oauthTokens).where(eq(oauthTokens.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Uses a refresh token up in one atomic update (it is revoked as it is rotated), so of two
 * parallel refreshes one wins. Answers its row, or null when unknown, used or revoked.
 */
export async function takeRefreshToken(
  db: AppDb,
  tokenHash: string,
  at: Date,
): Promise<OAuthTokenRow | null> {
  const [row] = await db
    .update(oauthTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(oauthTokens.tokenHash, tokenHash),
        eq(oauthTokens.kind, 'refresh'),
        isNull(oauthTokens.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
}
