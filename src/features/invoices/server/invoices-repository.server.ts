import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { invoices } from '@/lib/db/schema';

/**
 * The only code that knows how invoices are stored. There is no update or delete: an invoice,
 * once issued, stays as it is (a correction will be a credit note).
 */

export type InvoiceRow = typeof invoices.$inferSelect;

export async function insertInvoice(
  tx: AppDb,
  values: Omit<typeof invoices.$inferInsert, 'id'>,
): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

export async function findInvoice(db: AppDb, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

export async function findInvoiceOfOrder(db: AppDb, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row ?? null;
}

export async function listAccountInvoices(
  db: AppDb,
  accountId: string,
  storeKey: string,
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.storeKey, storeKey)))
    .orderBy(desc(invoices.issuedAt))
    .limit(200);
}
