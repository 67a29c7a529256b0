import 'server-only';
import { formatMoney } from '@/features/pricing/format-money';
import { creditNoteFacts, creditNoteFootnote, creditNoteTotals } from '../invoice-format';
import type { CreditNote, Invoice } from '../invoice-types';
import { drawPdf, invoicePdfLayout, type PdfLayout } from './invoice-pdf.server';

/**
 * A credit note's PDF layout, for its customer and the store's admin alike: laid out as the
 * invoice it corrects (same supplier, customer and columns), titled as a credit note, and saying
 * what its page says (facts, totals and footnote worded once in invoice-format.ts, 0331).
 */
export function creditNotePdfLayout(note: CreditNote): PdfLayout {
  const asInvoice: Invoice = {
    ...note,
    status: 'paid',
    supplied_at: note.issued_at,
  };
  const layout = invoicePdfLayout(asInvoice);
  const money = (minor: number) => formatMoney(minor, note.site_version);
  const title = `Credit note ${note.number}`;
  return {
    ...layout,
    info: { ...layout.info, Title: title },
    heading: title,
    blocks: [
      ...layout.blocks.slice(0, 2),
      {
        firstBold: false,
        lines: creditNoteFacts(note).map((fact) => `${fact.label}: ${fact.value}`),
      },
    ],
    totals: creditNoteTotals(note).map((total) => `${total.label}: ${money(total.minor)}`),
    footnote: creditNoteFootnote(note),
  };
}

/** A credit note's PDF. */
export function creditNotePdf(note: CreditNote): Promise<Buffer> {
  return drawPdf(creditNotePdfLayout(note));
}
