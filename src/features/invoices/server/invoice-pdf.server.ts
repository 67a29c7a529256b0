import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { postalLines } from '@/features/billing/postal-lines';
import { formatMoney } from '@/features/pricing/format-money';
import type { Invoice } from '../invoice-types';
import { invoiceDates, invoiceTitle } from '../invoice-format';

/**
 * What the PDF shows, as ready-made strings: the worker (invoice-pdf.worker.mjs) only draws it.
 * Blocks are paragraphs of lines, the first in bold when `firstBold`.
 */
export type PdfLayout = {
  info: { Title: string; Author: string };
  heading: string;
  blocks: { firstBold: boolean; lines: string[] }[];
  columns: { title: string; width: number; align: 'left' | 'right' }[];
  rows: string[][];
  totals: string[];
  footnote: string;
};

/** The invoice laid out for its PDF: the same content as its HTML page. */
export function invoicePdfLayout(invoice: Invoice): PdfLayout {
  const money = (minor: number) => formatMoney(minor, invoice.site_version);
  const s = invoice.supplier;
  const c = invoice.customer;
  const dates = invoiceDates(invoice);
  const present = (lines: (string | null | undefined | false)[]) =>
    lines.filter((line): line is string => Boolean(line));
  const title = `${invoiceTitle(invoice)} ${invoice.number}`;

  return {
    info: { Title: title, Author: s.legal_name },
    heading: title,
    blocks: [
      {
        firstBold: true,
        lines: present([
          s.legal_name,
          s.trading_name !== s.legal_name && `Trading as ${s.trading_name}`,
          ...s.address,
          s.vat_number && `VAT number: ${s.vat_number}`,
          s.company_number && `Company number: ${s.company_number}`,
        ]),
      },
      {
        firstBold: true,
        lines: present([
          'Billed to',
          ...postalLines(c),
          c.vat_number && `VAT number: ${c.vat_number}`,
        ]),
      },
      {
        firstBold: false,
        lines: [
          `Date of issue: ${dates.issued}`,
          `Time of supply: ${dates.supplied}`,
          `Order: ${invoice.order_number}`,
        ],
      },
    ],
    columns: invoice.shows_vat
      ? [
          { title: 'Description', width: 165, align: 'left' },
          { title: 'Qty', width: 30, align: 'right' },
          { title: 'Unit (net)', width: 60, align: 'right' },
          { title: 'Net', width: 60, align: 'right' },
          { title: 'VAT rate', width: 45, align: 'right' },
          { title: 'VAT', width: 55, align: 'right' },
          { title: 'Gross', width: 60, align: 'right' },
        ]
      : [
          { title: 'Description', width: 285, align: 'left' },
          { title: 'Qty', width: 40, align: 'right' },
          { title: 'Unit price', width: 75, align: 'right' },
          { title: 'Amount', width: 75, align: 'right' },
        ],
    rows: invoice.lines.map((line) =>
      invoice.shows_vat
        ? [
            line.description,
            String(line.quantity),
            money(line.unit_net),
            money(line.net),
            `${line.vat_rate}%`,
            money(line.vat),
            money(line.gross),
          ]
        : [line.description, String(line.quantity), money(line.unit_net), money(line.gross)],
    ),
    totals: invoice.shows_vat
      ? [
          `Total net: ${money(invoice.totals.net)}`,
          `Total VAT: ${money(invoice.totals.vat)}`,
          `Total: ${money(invoice.totals.gross)}`,
        ]
      : [`Total: ${money(invoice.totals.gross)}`],
    footnote: invoice.shows_vat
      ? `Amounts in ${invoice.currency}. UK VAT is charged at the rate shown on each line. Paid in full.`
      : `Amounts in ${invoice.currency}. No VAT is charged. Paid in full.`,
  };
}

type Pending = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };
type Reply = { id: number; pdf?: Uint8Array; error?: string };

/**
 * One worker thread draws the PDFs, one after another, so the server's own thread stays free for
 * requests (docs/decisions/0106). It starts on the first invoice, and does not keep the process
 * alive while it has nothing to do. If it dies, what it was drawing fails and the next invoice
 * starts a new one.
 */
class PdfWorker {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  draw(layout: PdfLayout): Promise<Buffer> {
    const worker = this.start();
    const id = this.nextId++;
    const done = new Promise<Buffer>((resolve, reject) =>
      this.pending.set(id, { resolve, reject }),
    );
    if (this.pending.size === 1) worker.ref();
    worker.postMessage({ id, layout });
    return done;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const root = process.cwd();
    const worker = new Worker(
      path.join(root, 'src', 'features', 'invoices', 'server', 'invoice-pdf.worker.mjs'),
      { workerData: { root } },
    );
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the invoice PDF worker stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle({ id, pdf, error }: Reply) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
    if (pdf) waiting.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    else waiting.reject(new Error(`invoice PDF: ${error ?? 'no file'}`));
  }
}

// One per process, even where Next bundles this module into more than one chunk.
const shared = globalThis as typeof globalThis & { invoicePdfWorker?: PdfWorker };
const pdfWorker = (shared.invoicePdfWorker ??= new PdfWorker());

/** A document laid out like an invoice (a credit note), drawn off the server's thread. */
export function drawPdf(layout: PdfLayout): Promise<Buffer> {
  return pdfWorker.draw(layout);
}

/** The invoice as a PDF, drawn off the server's thread. */
export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  return pdfWorker.draw(invoicePdfLayout(invoice));
}
