import 'server-only';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';

/** The outbox table's queries (docs/decisions/0043-outbox-delivery-as-a-job.md). */

type Writer = Pick<AppDb, 'insert'>;
type Db = Pick<AppDb, 'select' | 'update'>;

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = Pick<
  typeof outbox.$inferInsert,
  | 'channel'
  | 'storeKey'
  | 'recipient'
  | 'fromName'
  | 'fromAddress'
  | 'replyTo'
  | 'subject'
  | 'text'
  | 'html'
  | 'attachments'
  | 'state'
  | 'createdAt'
>;

export async function insertMessage(db: Writer, row: NewOutboxRow): Promise<string> {
  const [saved] = await db.insert(outbox).values(row).returning({ id: outbox.id });
  return saved!.id;
}

/**
 * Takes a queued message for one delivery run: at most one run holds it, until `leaseSeconds`
 * (database time) have passed. Answers the message, or null when it is not queued or held.
 */
export async function claimForDelivery(
  db: Db,
  id: string,
  leaseSeconds: number,
): Promise<OutboxRow | null> {
  const [row] = await db
    .update(outbox)
    .set({
      claimedUntil: sql`now() + ${leaseSeconds} * interval '1 second'`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(and(eq(outbox.id, id), eq(outbox.state, 'queued'), isNull(outbox.claimedUntil)))
    .returning();
  return row ?? null;
}

/** Where a message stands, when it could not be claimed. */
export async function deliveryStanding(
  db: Db,
  id: string,
): Promise<{ state: string; claimExpired: boolean } | null> {
  const [row] = await db
    .select({
      state: outbox.state,
      claimExpired: sql<boolean>`coalesce(${outbox.claimedUntil} < now(), false)`,
    })
    .from(outbox)
    .where(eq(outbox.id, id));
  return row ?? null;
}

/** Delivered: the copy (with its link or code) is no longer needed at rest. */
export async function markSent(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(outbox)
    .set({
      state: 'sent',
      sentAt: at,
      text: '',
      html: null,
      attachments: null,
      claimedUntil: null,
      error: null,
    })
    .where(eq(outbox.id, id));
}

/** A run failed: the message waits for the next run, or, when `final`, is failed for good. */
export async function markAttemptFailed(
  db: Db,
  id: string,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(outbox)
    .set({ state: final ? 'failed' : 'queued', error: error.slice(0, 500), claimedUntil: null })
    .where(eq(outbox.id, id));
}

/**
 * A run took the message and never reported (its process stopped mid-send). Whether the mail
 * left is unknown; the message fails instead of being sent a second time.
 */
export async function markInterrupted(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({
      state: 'failed',
      claimedUntil: null,
      error: 'delivery was interrupted (the process stopped while sending); not sent again',
    })
    .where(and(eq(outbox.id, id), eq(outbox.state, 'queued'), sql`${outbox.claimedUntil} < now()`))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/**
 * No transport at delivery time (the configuration changed since): the message waits in the
 * outbox, as without one at all. The claim that found this out was no try.
 */
export async function markKept(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(outbox)
    .set({
      state: 'kept',
      error: reason,
      claimedUntil: null,
      attempts: sql`greatest(${outbox.attempts} - 1, 0)`,
    })
    .where(and(eq(outbox.id, id), eq(outbox.state, 'queued')));
}

/** Messages newest first; without `all`, only those not delivered. */
export async function listMessages(
  db: Db,
  options: { all: boolean; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(options.all ? undefined : ne(outbox.state, 'sent'))
    .orderBy(desc(outbox.createdAt))
    .limit(options.limit);
}
