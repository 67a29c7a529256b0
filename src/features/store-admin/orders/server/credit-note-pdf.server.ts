import 'server-only';
import type { Invoice } from '@/features/invoices/invoice-types';
import { drawPdf, invoicePdfLayout } from '@/features/invoices/server/invoice-pdf.server';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { creditNotes } from '@/lib/db/schema';

type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * A credit note's PDF: laid out as the invoice it corrects (same supplier, customer and columns),
 * titled as a credit note, naming that invoice, its lines and totals the amounts given back.
 */
export function creditNotePdf(row: CreditNoteRow, siteVersion: SiteVersionId): Promise<Buffer> {
  const asInvoice: Invoice = {
    id: row.id,
    number: row.number,
    status: 'paid',
    order_id: row.orderId,
    order_number: row.invoiceNumber,
    issued_at: row.issuedAt.toISOString(),
    supplied_at: row.issuedAt.toISOString(),
    currency: row.currency,
    site_version: siteVersion,
    shows_vat: row.currency === 'GBP',
    supplier: row.supplier as Invoice['supplier'],
    customer: row.customer as Invoice['customer'],
    lines: row.lines as Invoice['lines'],
    totals: { net: row.totalNet, vat: row.totalVat, gross: row.totalGross },
  };
  const layout = invoicePdfLayout(asInvoice);
  const title = `Credit note ${row.number}`;
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone: (row.supplier as { time_zone: string }).time_zone,
    dateStyle: 'long',
  }).format(row.issuedAt);
  return drawPdf({
    ...layout,
    info: { ...layout.info, Title: title },
    heading: title,
    blocks: [
      ...layout.blocks.slice(0, 2),
      {
        firstBold: false,
        lines: [`Date of issue: ${date}`, `Credits invoice: ${row.invoiceNumber}`],
      },
    ],
    footnote: `Amounts in ${row.currency} given back to the customer against invoice ${row.invoiceNumber}.`,
  });
}
