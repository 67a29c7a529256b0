import type { Invoice } from './invoice-types';

/** What the invoice's HTML page and its PDF both say, worded once. */

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
