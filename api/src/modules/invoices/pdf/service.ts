import PDFDocument from 'pdfkit';
import { invoiceOf } from '../invoices/service.js';
import { invoiceView } from '../views.js';

/**
 * The invoice as a PDF (a PDF download), made on the server from the stored figures with
 * pdfkit. Its built-in Helvetica covers Western European text; other characters print as pdfkit
 * substitutes them (docs/decisions.md "Invoices"). Everything user-typed is drawn as text.
 */
type View = ReturnType<typeof invoiceView>;
const COLUMNS = [
  { at: 50, width: 260 },
  { at: 320, width: 60 },
  { at: 390, width: 75 },
  { at: 475, width: 70 },
];

function row(doc: PDFKit.PDFDocument, cells: string[], bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  const heights = cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.width }));
  cells.forEach((text, i) =>
    doc.text(text, COLUMNS[i]!.at, y, { width: COLUMNS[i]!.width, align: i === 0 ? 'left' : 'right' }),
  );
  doc.x = 50;
  doc.y = y + Math.max(...heights) + 6;
}

/** A status in the words of the invoice page's badge (shared-ui wordsOf): 'paid' -> 'Paid'. */
const statusWords = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
const longDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);

/**
 * The lines under the title: the status as the page says it, and dates written out ('November 26,
 * 2026', never ISO): the issue time in the reader's time zone, the due date as the calendar day it is.
 */
export function headerLines(
  v: Pick<View, 'status' | 'sent_at' | 'created_at' | 'due_date'>,
  timeZone: string,
): { status: string; dates: string } {
  const issued = `Issued: ${longDate(new Date(v.sent_at ?? v.created_at), timeZone)}`;
  return {
    status: `Status: ${statusWords(v.status)}`,
    dates: v.due_date ? `${issued}    Due: ${longDate(new Date(`${v.due_date}T00:00:00Z`), 'UTC')}` : issued,
  };
}

function render(doc: PDFKit.PDFDocument, v: View, timeZone: string) {
  const money = (m: string) => `${m} ${v.asset.symbol}`;
  const head = headerLines(v, timeZone);
  doc.font('Helvetica-Bold').fontSize(20).text(`Invoice ${v.invoice_number}`);
  doc.font('Helvetica').fontSize(10).fillColor('#475569').text(head.status).fillColor('#000000').moveDown();
  doc.text(`From: ${v.creator.full_name ?? (v.creator.username ? `@${v.creator.username}` : '')}`);
  doc.text(
    `Bill to: ${[v.client.full_name ?? (v.client.username ? `@${v.client.username}` : null), v.client.email].filter(Boolean).join(', ')}`,
  );
  doc.text(head.dates).moveDown();
  row(doc, ['Description', 'Qty', 'Unit price', 'Total'], true);
  for (const it of v.items) row(doc, [it.description, it.quantity, it.unit_price, it.total]);
  doc.moveDown(0.5);
  row(doc, ['', '', 'Subtotal', money(v.subtotal_amount)]);
  row(doc, ['', '', `Tax (${v.tax_rate}%)`, money(v.tax_amount)]);
  row(doc, ['', '', 'Total', money(v.total_amount)], true);
  if (v.notes) doc.moveDown().font('Helvetica-Bold').text('Notes').font('Helvetica').text(v.notes);
  if (v.terms) doc.moveDown().font('Helvetica-Bold').text('Terms').font('Helvetica').text(v.terms);
}

/** `timeZone`: the reader's (the page sends its own), for the issue date; UTC when not given. */
export async function invoicePdf(
  userId: string,
  id: string,
  timeZone = 'UTC',
): Promise<{ bytes: Buffer; fileName: string }> {
  const { invoice, role } = await invoiceOf(userId, id);
  const view = invoiceView(invoice, role);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${view.invoice_number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  render(doc, view, timeZone);
  doc.end();
  await done;
  return { bytes: Buffer.concat(chunks), fileName: `${view.invoice_number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf` };
}
