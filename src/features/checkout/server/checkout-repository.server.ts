import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { checkoutQuotes, idempotencyKeys } from '@/lib/db/schema';

/** The only code that knows how idempotency keys and checkout quotes are stored. */

export type StoredAnswer = { requestHash: string; status: number; body: unknown };

export async function findAnswer(
  db: AppDb,
  scope: string,
  key: string,
): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      body: idempotencyKeys.body,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/**
 * Takes a key for this request inside its transaction. A request with the same key that is
 * still running holds the key's index entry: PostgreSQL makes this insert wait until that one
 * commits (then it answers false) or rolls back (then this request takes the key).
 */
export async function claimKey(
  tx: AppDb,
  input: { scope: string; key: string; requestHash: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...input, status: 0, body: {}, createdAt: input.at })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function saveAnswer(
  tx: AppDb,
  input: { scope: string; key: string; status: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ status: input.status, body: input.body })
    .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)));
}

export type Quote = { siteVersion: number; net: number };

export async function findQuotes(
  db: AppDb,
  cartItemIds: readonly string[],
): Promise<Map<string, Quote>> {
  if (cartItemIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(checkoutQuotes)
    .where(inArray(checkoutQuotes.cartItemId, [...cartItemIds]));
  return new Map(rows.map((r) => [r.cartItemId, { siteVersion: r.siteVersion, net: r.net }]));
}

export async function upsertQuotes(
  tx: AppDb,
  quotes: { cartItemId: string; siteVersion: number; net: number }[],
  at: Date,
): Promise<void> {
  for (const q of quotes) {
    await tx
      .insert(checkoutQuotes)
      .values({ ...q, quotedAt: at })
      .onConflictDoUpdate({
        target: checkoutQuotes.cartItemId,
        set: { siteVersion: q.siteVersion, net: q.net, quotedAt: at },
      });
  }
}
