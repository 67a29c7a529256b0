import { formatMoney } from '@/features/pricing/format-money';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { CreditNote, Invoice } from './invoice-types';

/** What the invoice's (and the credit note's) HTML page and its PDF both say, worded once. */

export function invoiceTitle(invoice: Pick<Invoice, 'shows_vat'>): string {
  return invoice.shows_vat ? 'VAT invoice' : 'Invoice';
}

/** Date of issue and time of supply (with its zone's name), in the store's time zone. */
export function invoiceDates(invoice: Invoice): { issued: string; supplied: string } {
  const timeZone = invoice.supplier.time_zone;
  const date = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'long' });
  const dateTime = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    // The time names its zone (GMT, BST...): the store's, which a customer elsewhere may not share.
    timeZoneName: 'short',
  });
  return {
    issued: date.format(new Date(invoice.issued_at)),
    supplied: dateTime.format(new Date(invoice.supplied_at)),
  };
}

/** A credit note's date of issue, in the store's time zone. */
export function creditNoteIssued(note: Pick<CreditNote, 'issued_at' | 'supplier'>): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: note.supplier.time_zone,
    dateStyle: 'long',
  }).format(new Date(note.issued_at));
}

/** A credit note's facts under its parties, label and value, as its page and PDF list them. */
export function creditNoteFacts(
  note: Pick<CreditNote, 'issued_at' | 'supplier' | 'invoice_number' | 'order_number'>,
): { label: string; value: string; invoice: boolean }[] {
  return [
    { label: 'Date of issue', value: creditNoteIssued(note), invoice: false },
    // The page links it to the invoice; the PDF writes the number.
    { label: 'Credits invoice', value: note.invoice_number, invoice: true },
    { label: 'Order', value: note.order_number, invoice: false },
  ];
}

/** A credit note's totals, label and amount in minor units: what was given back. */
export function creditNoteTotals(
  note: Pick<CreditNote, 'shows_vat' | 'totals'>,
): { label: string; minor: number; gross: boolean }[] {
  const gross = { label: 'Total refunded', minor: note.totals.gross, gross: true };
  return note.shows_vat
    ? [
        { label: 'Net refunded', minor: note.totals.net, gross: false },
        { label: 'VAT refunded', minor: note.totals.vat, gross: false },
        gross,
      ]
    : [gross];
}

/** The line under a credit note's totals. */
export function creditNoteFootnote(note: Pick<CreditNote, 'currency' | 'invoice_number'>): string {
  return `Amounts in ${note.currency}, given back to you against invoice ${note.invoice_number}.`;
}

/**
 * What an invoice's page says of a credit note against it, "Credit note N refunds £5.99 of this
 * invoice.", as the credit note's link and the rest of the sentence.
 */
export function creditNoteOfInvoice(
  note: Pick<CreditNote, 'number' | 'totals'>,
  siteVersion: SiteVersionId,
): { link: string; rest: string } {
  return {
    link: `Credit note ${note.number}`,
    rest: ` refunds ${formatMoney(note.totals.gross, siteVersion)} of this invoice.`,
  };
}
