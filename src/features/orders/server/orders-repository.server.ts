import 'server-only';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { numberSeries, orderLines, orders } from '@/lib/db/schema';

/** The only code that knows how orders and number series are stored. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

/**
 * The next number of a store's series, taken inside the caller's transaction: the row stays
 * locked until it commits, and a rollback gives the number back, so the series has no gaps.
 */
export async function nextInSeries(tx: AppDb, storeKey: string, series: string): Promise<number> {
  const [row] = await tx
    .insert(numberSeries)
    .values({ storeKey, series, last: 1 })
    .onConflictDoUpdate({
      target: [numberSeries.storeKey, numberSeries.series],
      set: { last: sql`${numberSeries.last} + 1` },
    })
    .returning({ last: numberSeries.last });
  return row!.last;
}

export async function insertOrder(
  tx: AppDb,
  order: NewOrder,
  lines: NewOrderLine[],
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const [saved] = await tx.insert(orders).values(order).returning();
  const savedLines = await tx
    .insert(orderLines)
    .values(lines.map((l) => ({ ...l, orderId: saved!.id })))
    .returning();
  return { order: saved!, lines: savedLines.sort((a, b) => a.position - b.position) };
}

export async function findOrder(db: AppDb, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** Takes the order's row lock for the rest of the transaction (the finish and expiry steps). */
export async function lockOrder(tx: AppDb, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function findLines(db: AppDb, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

/** The account's renewal bills awaiting payment, the soonest due first. */
export async function listOpenRenewals(
  db: AppDb,
  accountId: string,
  storeKey: string,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.storeKey, storeKey),
        eq(orders.kind, 'renewal'),
        eq(orders.status, 'awaiting_payment'),
      ),
    )
    .orderBy(asc(orders.dueAt), asc(orders.createdAt));
}

export async function listAccountOrders(
  db: AppDb,
  accountId: string,
  storeKey: string,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.storeKey, storeKey)))
    .orderBy(desc(orders.createdAt))
    .limit(200);
}

/** Sets the order's number (a drafted order's place in its series) and answers the row. */
export async function setOrderNumber(tx: AppDb, id: string, number: string): Promise<OrderRow> {
  const [row] = await tx.update(orders).set({ number }).where(eq(orders.id, id)).returning();
  return row!;
}

export async function updateOrder(
  tx: AppDb,
  id: string,
  set: Partial<Pick<OrderRow, 'status' | 'paidAt' | 'fulfilledAt' | 'cancelledAt'>>,
): Promise<void> {
  await tx.update(orders).set(set).where(eq(orders.id, id));
}

/** Orders still awaiting payment whose time ran out. */
export async function findExpired(db: AppDb, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.expiresAt, now)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Claims the order's receipt for one run: answers false when another run has sent it. */
export async function claimReceipt(tx: AppDb, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ receiptSentAt: at })
    .where(and(eq(orders.id, id), isNull(orders.receiptSentAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}
