import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '../../common/brand.js';

/**
 * What the platform's PDFs share: the page, the colours, the brand heading, the page footers, and the
 * text the built-in Helvetica can print (it needs no font file, so it works in the bundled server).
 */

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 50;
export const NAVY = '#123f61';
export const INK = '#1f2933';
export const MUTED = '#5f6b76';
export const RULE = '#d5dde5';

/** A Letter page document and the bytes it will be once ended. */
export function createDocument(title: string): { doc: Doc; output: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    // Page numbers ('Page 1 of 3') are known only once everything is laid out.
    bufferPages: true,
    info: { Title: title, Author: PRODUCT_NAME },
  });
  const output = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, output };
}

/**
 * The standard fonts encode only WinAnsi (Latin-1 and a few typographic marks): any other character (CJK,
 * emoji) would print as an unrelated glyph, so it shows as '?'. Composing first keeps 'Zoë' typed as e + ¨.
 */
export function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\S\n]/gu, ' ')
    .replace(/[^\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, '?');
}

/** `text` cut with '…' to fit on one line of `width` in the current font. */
export function fitLine(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle).trimEnd()}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

/** The bottom of the current page's writing area. */
export function pageBottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` more points fit above the bottom margin; true when it did. */
export function makeRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= pageBottom(doc)) return false;
  doc.addPage();
  return true;
}

/** The brand line and the document's title at the top of the first page; returns where it starts. */
export function drawMasthead(doc: Doc, title: string): number {
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(NAVY).text(PRODUCT_NAME, MARGIN, top);
  doc.fontSize(26).text(title, MARGIN, top + 20);
  return top;
}

/**
 * The document's label and the page number in every page's bottom margin, drawn once all pages exist. A
 * label too long for the line is cut short before its `suffix`, which always shows.
 */
export function drawFooters(doc: Doc, label: string, suffix = ''): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - MARGIN + 16;
    const right = doc.page.width - MARGIN;
    const pageNumber = `Page ${index - start + 1} of ${count}`;
    doc.moveTo(MARGIN, y - 6).lineTo(right, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
    // Without line breaking, text in the bottom margin does not start another page.
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    const numberX = right - doc.widthOfString(pageNumber);
    const text = fitLine(doc, printable(label), numberX - MARGIN - 12 - doc.widthOfString(printable(suffix))) + printable(suffix);
    doc.text(text, MARGIN, y, { lineBreak: false });
    doc.text(pageNumber, numberX, y, { lineBreak: false });
  }
}
