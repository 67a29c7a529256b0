import 'server-only';
import type { CreditNote, Invoice } from '../invoice-types';
import { drawPdf, invoicePdfLayout } from './invoice-pdf.server';

/**
 * A credit note's PDF, for its customer and the store's admin alike: laid out as the invoice it
 * corrects (same supplier, customer and columns), titled as a credit note, naming that invoice,
 * its lines and totals the amounts given back.
 */
export function creditNotePdf(note: CreditNote): Promise<Buffer> {
  const asInvoice: Invoice = {
    ...note,
    status: 'paid',
    supplied_at: note.issued_at,
  };
  const layout = invoicePdfLayout(asInvoice);
  const title = `Credit note ${note.number}`;
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone: note.supplier.time_zone,
    dateStyle: 'long',
  }).format(new Date(note.issued_at));
  return drawPdf({
    ...layout,
    info: { ...layout.info, Title: title },
    heading: title,
    blocks: [
      ...layout.blocks.slice(0, 2),
      {
        firstBold: false,
        lines: [`Date of issue: ${date}`, `Credits invoice: ${note.invoice_number}`],
      },
    ],
    footnote: `Amounts in ${note.currency} given back to the customer against invoice ${note.invoice_number}.`,
  });
}
