import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { isUuid } from '@/lib/uuid';
import type { CreditNote, CreditNoteBrief, Invoice, InvoiceLine } from '../invoice-types';
import {
  creditNotesOfOrder,
  findCreditNote,
  listAccountCreditNotes,
  type CreditNoteWithInvoice,
} from './credit-notes-repository.server';

/** The customer's credit notes, read as their invoices are (decision 0323). */

export const creditNoteNotFound = () =>
  new ApiError(404, 'credit_note_not_found', 'There is no such credit note in your account.');

type Scope = { accountId: string; storeKey: string };

/** What the customer reads of a credit note: not the provider's refund id, nor the line ids. */
export function creditNoteView({
  note,
  orderNumber,
  siteVersion,
}: CreditNoteWithInvoice): CreditNote {
  const lines = note.lines as (InvoiceLine & { order_line_id?: string })[];
  return {
    id: note.id,
    number: note.number,
    invoice_id: note.invoiceId,
    invoice_number: note.invoiceNumber,
    order_id: note.orderId,
    order_number: orderNumber,
    issued_at: note.issuedAt.toISOString(),
    currency: note.currency,
    site_version: siteVersion,
    shows_vat: note.currency === 'GBP',
    supplier: note.supplier as Invoice['supplier'],
    customer: note.customer as Invoice['customer'],
    lines: lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit_net: l.unit_net,
      net: l.net,
      vat_rate: l.vat_rate,
      vat: l.vat,
      gross: l.gross,
    })),
    totals: { net: note.totalNet, vat: note.totalVat, gross: note.totalGross },
  };
}

/**
 * A credit note of the account in this store, else 404 `credit_note_not_found`: another
 * account's, another store's, a malformed id and no credit note at all answer alike, as an
 * invoice does (nothing tells which ids exist).
 */
export async function accountCreditNote(scope: Scope, id: string): Promise<CreditNote> {
  if (!isUuid(id)) throw creditNoteNotFound();
  const row = await findCreditNote(await appDb(), id);
  if (!row || row.note.accountId !== scope.accountId || row.note.storeKey !== scope.storeKey) {
    throw creditNoteNotFound();
  }
  return creditNoteView(row);
}

/** The account's credit notes in this store, newest first. */
export async function accountCreditNotes(scope: Scope): Promise<CreditNote[]> {
  return (await listAccountCreditNotes(await appDb(), scope.accountId, scope.storeKey)).map(
    creditNoteView,
  );
}

/** A credit note of the store, whoever's account it is in (the store's admin), or null. */
export async function storeCreditNote(storeKey: string, id: string): Promise<CreditNote | null> {
  if (!isUuid(id)) return null;
  const row = await findCreditNote(await appDb(), id);
  return row && row.note.storeKey === storeKey ? creditNoteView(row) : null;
}

/**
 * An order's credit notes, oldest first, as the order names them: the order page lists each and
 * marks the lines each refunds (its own order's line ids, which its customer reads on the order).
 */
export async function orderCreditNotes(orderId: string, db?: AppDb): Promise<CreditNoteBrief[]> {
  return (await creditNotesOfOrder(db ?? (await appDb()), orderId)).map((row) => {
    const { id, number, issued_at, totals } = creditNoteView(row);
    const lines = row.note.lines as { order_line_id?: string }[];
    return {
      id,
      number,
      issued_at,
      totals,
      line_ids: lines.flatMap((l) => (l.order_line_id ? [l.order_line_id] : [])),
    };
  });
}

/**
 * The credit notes against one of the account's invoices, oldest first (found through its
 * order's, which are indexed): its page names each with a link (0331).
 */
export async function invoiceCreditNotes(
  scope: Scope,
  invoice: Pick<Invoice, 'id' | 'order_id'>,
): Promise<CreditNote[]> {
  return (await creditNotesOfOrder(await appDb(), invoice.order_id))
    .filter(
      ({ note }) =>
        note.invoiceId === invoice.id &&
        note.accountId === scope.accountId &&
        note.storeKey === scope.storeKey,
    )
    .map(creditNoteView);
}
