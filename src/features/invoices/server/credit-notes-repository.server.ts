import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { creditNotes, invoices } from '@/lib/db/schema';

/**
 * Credit notes as their customer and the store read them. The store's refund writes them
 * (features/store-admin, decision 0182); nothing changes one once issued. Each is read with the
 * invoice it corrects, for the order's number and the site version its amounts are written in.
 */

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteWithInvoice = {
  note: CreditNoteRow;
  orderNumber: string;
  siteVersion: 1 | 2;
};

const withInvoice = {
  note: creditNotes,
  orderNumber: invoices.orderNumber,
  siteVersion: invoices.siteVersion,
};

export async function findCreditNote(db: AppDb, id: string): Promise<CreditNoteWithInvoice | null> {
  const [row] = await db
    .select(withInvoice)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.id, id));
  return row ?? null;
}

/**
 * The account's credit notes in the store, newest first (at most 200, as its invoices). Found
 * through the account's invoices (indexed by account) and each order's credit notes (indexed by
 * order); the credit note's own account and store are checked too.
 */
export async function listAccountCreditNotes(
  db: AppDb,
  accountId: string,
  storeKey: string,
): Promise<CreditNoteWithInvoice[]> {
  return db
    .select(withInvoice)
    .from(invoices)
    .innerJoin(
      creditNotes,
      and(eq(creditNotes.orderId, invoices.orderId), eq(creditNotes.invoiceId, invoices.id)),
    )
    .where(
      and(
        eq(invoices.accountId, accountId),
        eq(invoices.storeKey, storeKey),
        eq(creditNotes.accountId, accountId),
        eq(creditNotes.storeKey, storeKey),
      ),
    )
    .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.number))
    .limit(200);
}

/** An order's credit notes, oldest first. */
export function creditNotesOfOrder(db: AppDb, orderId: string): Promise<CreditNoteWithInvoice[]> {
  return db
    .select(withInvoice)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(creditNotes.issuedAt, creditNotes.number);
}
