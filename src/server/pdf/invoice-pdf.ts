import { PRODUCT_NAME } from '../../common/brand.js';
import { IN_PERSON_METHOD_LABELS, type Invoice, type InvoiceLine } from '../../common/invoices.js';
import { formatCents } from '../../common/money.js';
import { specialtyLabel } from '../../common/specialties.js';
import { createDocument, drawFooters, drawMasthead, INK, makeRoom, MARGIN, MUTED, NAVY, printable, RULE, type Doc } from './pdf-layout.js';

/**
 * An invoice as the PDF its owner downloads: a receipt once paid. It is the owner's document, so the
 * expert's earnings (the platform fee, the net) never appear in it, whoever asks for it.
 */

const CELL_PADDING = 5;
const TAX_MARK = '*';
const CELL = { font: 'Helvetica', size: 10, color: INK };
const HEADER = { font: 'Helvetica-Bold', size: 9, color: NAVY };
const HEADER_HEIGHT = 22;

// Figures are right-aligned so that their decimal points line up.
const COLUMNS = [
  { header: 'Description', x: 0, width: 252, align: 'left' },
  { header: 'Qty', x: 262, width: 50, align: 'right' },
  { header: 'Unit price', x: 322, width: 90, align: 'right' },
  { header: 'Amount', x: 422, width: 90, align: 'right' },
] as const;

export async function renderInvoicePdf(invoice: Invoice, options: { baseUrl: string }): Promise<Buffer> {
  const title = invoice.status === 'paid' ? 'Receipt' : 'Invoice';
  const { doc, output } = createDocument(`${title} ${invoice.number}`);

  drawHeading(doc, invoice, title);
  drawLines(doc, invoice);
  drawTotals(doc, invoice);
  drawSection(doc, 'Payment', paymentNotes(invoice, options.baseUrl));
  drawSection(doc, 'Refunds', refundNotes(invoice));
  drawFooters(doc, `${PRODUCT_NAME} · ${title} ${invoice.number}`);
  doc.end();
  return output;
}

function money(amount: string): string {
  return formatCents(Math.round(Number(amount) * 100));
}

/** A date as the expert's calendar shows it, where the service took place. */
function day(iso: string, invoice: Invoice, dateStyle: 'long' | 'full' = 'long'): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: invoice.timeZone, dateStyle }).format(new Date(iso));
}

function drawHeading(doc: Doc, invoice: Invoice, title: string): void {
  const width = doc.page.width - 2 * MARGIN;
  const top = drawMasthead(doc, title);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(invoice.number, MARGIN, top, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`Issued ${day(invoice.issuedAt, invoice)}`, { width, align: 'right' });
  doc.text(`Booking #${invoice.bookingNumber}`, { width, align: 'right' });

  const service = invoice.serviceType === 'video' ? 'Video consultation' : 'Onsite service';
  doc.fontSize(11).fillColor(INK).text(`${service} · ${day(invoice.serviceDate, invoice, 'full')}`, MARGIN, top + 62);
  doc.moveDown(0.8);
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(1).strokeColor(NAVY).stroke();

  const partiesTop = doc.y + 14;
  const { owner, expert } = invoice;
  const expertLines = [expert.name, specialtyLabel(expert.specialty), `${expert.city}, ${expert.state}`];
  const left = drawParty(doc, 'Billed to', [owner.name, owner.email], MARGIN, partiesTop, width / 2 - 10);
  const right = drawParty(doc, 'Service by', expertLines, MARGIN + width / 2, partiesTop, width / 2);
  doc.y = Math.max(left, right) + 24;
}

/** A party under its label, the name in bold; returns where the block ends. */
function drawParty(doc: Doc, label: string, lines: string[], x: number, y: number, width: number): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(NAVY).text(label, x, y, { width });
  doc.moveDown(0.3).fontSize(10);
  lines.forEach((line, i) => {
    doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').fillColor(i === 0 ? INK : MUTED);
    doc.text(printable(line), { width });
  });
  return doc.y;
}

function drawLines(doc: Doc, invoice: Invoice): void {
  const marked = (line: InvoiceLine) => invoice.taxRate !== null && line.taxed;
  doc.font(CELL.font).fontSize(CELL.size);
  const rows = invoice.lines.map((line) => {
    const quantity = line.kind === 'labour' ? `${line.quantity} h` : String(line.quantity);
    const cells = [`${line.description}${marked(line) ? ` ${TAX_MARK}` : ''}`, quantity, money(line.unitPrice), money(line.amount)];
    const textHeight = Math.max(...cells.map((cell, i) => doc.heightOfString(printable(cell), { width: COLUMNS[i]!.width })));
    return { cells, height: textHeight + 2 * CELL_PADDING };
  });

  // A header alone at the foot of a page says nothing: keep it with the first row.
  makeRoom(doc, HEADER_HEIGHT + (rows[0]?.height ?? 0));
  drawTableHeader(doc);
  for (const { cells, height } of rows) {
    if (makeRoom(doc, height)) drawTableHeader(doc);
    drawRow(doc, cells, CELL, height);
    doc.moveTo(MARGIN, doc.y).lineTo(doc.page.width - MARGIN, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  doc.y += 12;
}

function drawTableHeader(doc: Doc): void {
  drawRow(doc, COLUMNS.map((column) => column.header), HEADER, HEADER_HEIGHT);
  doc.moveTo(MARGIN, doc.y).lineTo(doc.page.width - MARGIN, doc.y).lineWidth(1).strokeColor(NAVY).stroke();
}

/** One row of cells, top-aligned; leaves the current height at the row's foot. */
function drawRow(doc: Doc, cells: string[], style: typeof CELL, height: number): void {
  const top = doc.y;
  doc.font(style.font).fontSize(style.size).fillColor(style.color);
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!;
    doc.text(printable(cell), MARGIN + column.x, top + CELL_PADDING, { width: column.width, align: column.align });
  });
  doc.y = top + height;
}

function drawTotals(doc: Doc, invoice: Invoice): void {
  const rate = invoice.taxRate === null ? null : Number(invoice.taxRate);
  const taxedLines = invoice.lines.filter((line) => line.taxed);
  const refunded = Math.round(Number(invoice.refunded) * 100);
  const rows: [string, string, boolean][] = [['Subtotal', money(invoice.subtotal), false]];
  if (rate !== null) {
    const base = taxedLines.every((line) => line.kind === 'part') ? 'parts' : `items marked ${TAX_MARK}`;
    rows.push([`Tax (${rate}% on ${base})`, money(invoice.tax), false]);
  }
  rows.push(['Total', money(invoice.total), true]);
  if (refunded > 0) {
    rows.push(['Refunded', formatCents(-refunded), false]);
    rows.push(['Net paid', formatCents(Math.round(Number(invoice.total) * 100) - refunded), true]);
  }

  const amount = COLUMNS[3];
  const labelX = MARGIN + COLUMNS[1].x;
  const labelWidth = amount.x - COLUMNS[1].x - 10;
  const rowHeight = 18;
  makeRoom(doc, rows.length * rowHeight + 30);
  for (const [label, value, strong] of rows) {
    if (strong) {
      doc.moveTo(labelX, doc.y).lineTo(doc.page.width - MARGIN, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
    }
    const top = doc.y;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 10).fillColor(INK);
    doc.text(label, labelX, top + 4, { width: labelWidth, align: 'right' });
    doc.text(value, MARGIN + amount.x, top + 4, { width: amount.width, align: 'right' });
    doc.y = top + rowHeight;
  }
  if (rate !== null && taxedLines.length > 0) {
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`${TAX_MARK} Taxed at ${rate}%.`, MARGIN, doc.y + 6);
  }
  doc.y += 18;
}

function paymentNotes(invoice: Invoice, baseUrl: string): string[] {
  const { payment, dispute } = invoice;
  const inPerson = payment?.inPersonMethod ? ` (${IN_PERSON_METHOD_LABELS[payment.inPersonMethod]})` : '';
  const notes: string[] = [];
  if (payment?.paidAt) {
    notes.push(`Paid ${day(payment.paidAt, invoice)} ${payment.method === 'card' ? 'by card' : `in person${inPerson}`}.`);
  } else if (payment?.method === 'in_person') {
    notes.push(`Paid in person${inPerson} on ${day(payment.recordedAt, invoice)}, awaiting confirmation.`);
  } else if (!dispute || dispute.resolution !== null) {
    // While a dispute is under review nothing is asked of the owner.
    notes.push(`Amount due ${money(invoice.total)} by ${day(invoice.dueAt, invoice)}.`);
    notes.push(`Pay online at ${baseUrl.replace(/\/+$/, '')}/bookings/${invoice.bookingId}`);
  }
  if (dispute) {
    notes.push(
      dispute.resolution === null
        ? `Disputed on ${day(dispute.openedAt, invoice)}: payment waits for our review.`
        : `Dispute resolved on ${day(dispute.resolvedAt ?? dispute.openedAt, invoice)}: ${dispute.resolution}`,
    );
  }
  return notes;
}

function refundNotes(invoice: Invoice): string[] {
  // A failed refund gave nothing back, so it is not the owner's concern here.
  return invoice.refunds
    .filter((refund) => refund.status !== 'failed')
    .map((refund) => {
      const pending = refund.status === 'pending' ? ' (pending)' : '';
      return `${day(refund.at, invoice)}: ${money(refund.amount)} refunded${pending} — ${refund.reason}`;
    });
}

function drawSection(doc: Doc, heading: string, notes: string[]): void {
  if (notes.length === 0) return;
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica').fontSize(10);
  const notesHeight = notes.reduce((sum, note) => sum + doc.heightOfString(printable(note), { width, paragraphGap: 3 }), 0);
  makeRoom(doc, notesHeight + 20);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(NAVY).text(heading, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  doc.font('Helvetica').fillColor(INK);
  for (const note of notes) doc.text(printable(note), { width, paragraphGap: 3 });
  doc.moveDown(1);
}
