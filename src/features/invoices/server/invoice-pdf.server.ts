import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { countryName } from '@/features/billing/countries';
import { formatMoney } from '@/features/pricing/format-money';
import type { Invoice } from '../invoice-types';
import { invoiceDates, invoiceTitle } from '../invoice-format';

const FONT_DIR = path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');

let fonts: { regular: Font; bold: Font } | undefined;

/**
 * DejaVu Sans (it has £ and every Latin letter), parsed once: parsing the TrueType file is most
 * of a PDF's cost, and pdfkit takes a parsed font as it is. Each PDF embeds only the glyphs it
 * uses.
 */
function invoiceFonts() {
  fonts ??= {
    regular: parseFont(readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf'))),
    bold: parseFont(readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'))),
  };
  return fonts;
}

// pdfkit's types list files and buffers; a parsed fontkit font is what it makes of them.
const asSource = (font: Font) => font as unknown as Buffer;

/** The invoice as a PDF (issue 14 point 8): the same content as its HTML page. */
export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const { regular, bold } = invoiceFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    font: null as unknown as string,
    info: {
      Title: `${invoiceTitle(invoice)} ${invoice.number}`,
      Author: invoice.supplier.legal_name,
    },
  });
  doc.registerFont('regular', asSource(regular));
  doc.registerFont('bold', asSource(bold));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const money = (minor: number) => formatMoney(minor, invoice.site_version);
  const s = invoice.supplier;
  const c = invoice.customer;
  const dates = invoiceDates(invoice);

  doc
    .font('bold')
    .fontSize(20)
    .text(`${invoiceTitle(invoice)} ${invoice.number}`);
  doc.moveDown(0.5);
  doc.font('bold').fontSize(10).text(s.legal_name);
  doc.font('regular');
  if (s.trading_name !== s.legal_name) doc.text(`Trading as ${s.trading_name}`);
  for (const line of s.address) doc.text(line);
  if (s.vat_number) doc.text(`VAT number: ${s.vat_number}`);
  if (s.company_number) doc.text(`Company number: ${s.company_number}`);
  doc.moveDown();

  doc.font('bold').text('Billed to');
  doc.font('regular').text(c.name);
  if (c.company) doc.text(c.company);
  for (const line of [c.line1, c.line2, c.city, c.region, c.postcode, countryName(c.country)]) {
    if (line) doc.text(line);
  }
  if (c.vat_number) doc.text(`VAT number: ${c.vat_number}`);
  doc.moveDown();

  doc.text(`Date of issue: ${dates.issued}`);
  doc.text(`Time of supply: ${dates.supplied}`);
  doc.text(`Order: ${invoice.order_number}`);
  doc.moveDown();

  const columns = invoice.shows_vat
    ? [
        { title: 'Description', width: 165, align: 'left' as const },
        { title: 'Qty', width: 30, align: 'right' as const },
        { title: 'Unit (net)', width: 60, align: 'right' as const },
        { title: 'Net', width: 60, align: 'right' as const },
        { title: 'VAT rate', width: 45, align: 'right' as const },
        { title: 'VAT', width: 55, align: 'right' as const },
        { title: 'Gross', width: 60, align: 'right' as const },
      ]
    : [
        { title: 'Description', width: 285, align: 'left' as const },
        { title: 'Qty', width: 40, align: 'right' as const },
        { title: 'Unit price', width: 75, align: 'right' as const },
        { title: 'Amount', width: 75, align: 'right' as const },
      ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const top = doc.y;
    let x = doc.page.margins.left;
    let bottom = top;
    doc.font(font).fontSize(9);
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc.text(cell, x, top, { width: col.width - 6, align: col.align });
      bottom = Math.max(bottom, doc.y);
      x += col.width;
    });
    doc.x = doc.page.margins.left;
    doc.y = bottom + 4;
  };
  row(
    columns.map((col) => col.title),
    'bold',
  );
  for (const line of invoice.lines) {
    row(
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
      'regular',
    );
  }
  doc.moveDown();
  doc.font('bold').fontSize(10);
  if (invoice.shows_vat) {
    doc.text(`Total net: ${money(invoice.totals.net)}`, { align: 'right' });
    doc.text(`Total VAT: ${money(invoice.totals.vat)}`, { align: 'right' });
    doc.text(`Total: ${money(invoice.totals.gross)}`, { align: 'right' });
  } else {
    doc.text(`Total: ${money(invoice.totals.gross)}`, { align: 'right' });
  }
  doc.moveDown();
  doc
    .font('regular')
    .fontSize(8)
    .text(
      invoice.shows_vat
        ? `Amounts in ${invoice.currency}. UK VAT is charged at the rate shown on each line. Paid in full.`
        : `Amounts in ${invoice.currency}. No VAT is charged. Paid in full.`,
    );
  doc.end();
  return done;
}
