// The invoice PDF is drawn here, in a worker thread: laying out text, subsetting the font and
// compressing the page take 10 to 40 ms of CPU per invoice, which on the server's own thread
// would hold up every other request meanwhile (docs/decisions/0106).
// The invoice arrives as a layout of ready-made strings (invoice-pdf.server.ts), so this file
// knows nothing of money, dates or VAT: it draws what it is given.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { create as parseFont } from 'fontkit';
import PDFDocument from 'pdfkit';

const fontDir = path.join(workerData.root, 'node_modules', 'dejavu-fonts-ttf', 'ttf');
// DejaVu Sans (it has £ and every Latin letter), parsed once per worker: parsing the TrueType
// file is most of a PDF's cost, and pdfkit takes a parsed font as it is. Each PDF embeds only the
// glyphs it uses.
const fonts = {
  regular: parseFont(readFileSync(path.join(fontDir, 'DejaVuSans.ttf'))),
  bold: parseFont(readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf'))),
};

/** Draws one layout (see PdfLayout in invoice-pdf.server.ts) and resolves with the file. */
function draw(layout) {
  const doc = new PDFDocument({ size: 'A4', margin: 50, font: null, info: layout.info });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(20).text(layout.heading);
  doc.moveDown(0.5);
  for (const block of layout.blocks) {
    doc.fontSize(10);
    block.lines.forEach((line, i) => {
      doc.font(i === 0 && block.firstBold ? 'bold' : 'regular').text(line);
    });
    doc.moveDown();
  }

  const row = (cells, font) => {
    const top = doc.y;
    let x = doc.page.margins.left;
    let bottom = top;
    doc.font(font).fontSize(9);
    cells.forEach((cell, i) => {
      const col = layout.columns[i];
      doc.text(cell, x, top, { width: col.width - 6, align: col.align });
      bottom = Math.max(bottom, doc.y);
      x += col.width;
    });
    doc.x = doc.page.margins.left;
    doc.y = bottom + 4;
  };
  row(
    layout.columns.map((col) => col.title),
    'bold',
  );
  for (const cells of layout.rows) row(cells, 'regular');
  doc.moveDown();
  doc.font('bold').fontSize(10);
  for (const total of layout.totals) doc.text(total, { align: 'right' });
  doc.moveDown();
  doc.font('regular').fontSize(8).text(layout.footnote);
  doc.end();
  return done;
}

parentPort.on('message', async ({ id, layout }) => {
  try {
    const pdf = await draw(layout);
    // A copy of its own, so its memory can move to the server's thread instead of being copied
    // again (a Buffer may share its memory with others).
    const bytes = new Uint8Array(pdf);
    parentPort.postMessage({ id, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
