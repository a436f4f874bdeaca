import fs from 'node:fs';
import { createRequire } from 'node:module';
import { formatDate } from '@nns/shared';
import { QR_QUIET_MODULES, qrQuietZoneProblem, SHEET_MM, type StampLayout, traceUrl } from '@nns/shared/traceability';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { conflict } from '../../core/errors';
import { yieldToLoop } from '../../core/jobs';

/**
 * The font of the sheets: DejaVu Sans, one TrueType file with every Vietnamese letter, from the npm
 * package dejavu-fonts-ttf (installed with the product, so printing needs nothing from the system).
 * pdfkit embeds the glyphs used.
 */
export const STAMP_FONT = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
let fontData: Buffer | null = null;
const font = () => {
  if (!fontData) fontData = fs.readFileSync(STAMP_FONT);
  return fontData;
};

const PT = 72 / 25.4; // points per millimetre
/** Stamps drawn between two yields to the event loop. */
const YIELD_EVERY = 200;

export interface SheetStamp {
  code: string;
  serial: number;
}

export interface SheetInput {
  layout: StampLayout;
  productName: string;
  packagingDate: string | null;
  publicUrl: string;
  stamps: SheetStamp[];
  /** 'a4' (default): A4 pages of as many lines as fit; 'roll': a label roll, one line of stamps per page, the roll's width */
  paper?: 'a4' | 'roll';
}

/** The page of a label roll: one line of stamps with the margins on both sides (points). */
export function rollPage(l: StampLayout): [number, number] {
  const w = 2 * l.space_left + l.stamps_per_line * l.width + (l.stamps_per_line - 1) * l.distance;
  return [w * PT, (2 * l.space_top + l.height) * PT];
}

/** Lines of stamps that fit on one A4 page (or the layout's own `lines`). */
export function linesPerPage(l: StampLayout): number {
  const fit = Math.max(1, Math.floor((SHEET_MM.height - l.space_top + l.distance) / (l.height + l.distance)));
  return l.lines > 0 ? Math.min(l.lines, fit) : fit;
}

/** Draws a QR code's dark modules as filled runs (vector: sharp at any printer resolution, small files). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  // the quiet zone ISO/IEC 18004 asks for, inside the code's square (the stamp's edge must not cut it: qrQuietZoneProblem)
  const quiet = QR_QUIET_MODULES;
  const m = side / (n + quiet * 2);
  const data = qr.modules.data;
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!data[r * n + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && data[r * n + c]) c++;
      doc.rect(x + (quiet + start) * m, y + (quiet + r) * m, (c - start) * m, m);
    }
  }
  doc.fill('#000000');
}

/**
 * One PDF sheet: the stamps in lines of `stamps_per_line`, from the page's margins, each with its QR
 * (PUBLIC_URL/truy-xuat/{code}) and the texts of the layout, A4 pages as many as needed.
 */
export async function drawSheet(input: SheetInput): Promise<Buffer> {
  const l = input.layout;
  // a code phones may not read is not printed: the designer shows the same message before
  const problem = qrQuietZoneProblem(l);
  if (problem) throw conflict(problem);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: `Tem truy xuất – ${input.productName}`, Creator: 'Nông nghiệp số' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('vn', font());
  doc.font('vn');
  const perLine = l.stamps_per_line;
  const roll = input.paper === 'roll';
  const perPage = (roll ? 1 : linesPerPage(l)) * perLine;
  const pageSize = roll ? rollPage(l) : 'A4';
  const date = input.packagingDate ? `NĐG: ${formatDate(input.packagingDate)}` : '';
  const qrSide = l.size * 10 * PT;
  for (let i = 0; i < input.stamps.length; i++) {
    const s = input.stamps[i];
    // a large sheet is seconds of drawing: other requests get their turn between pages
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToLoop();
    if (i % perPage === 0) doc.addPage({ size: pageSize, margin: 0 });
    const k = i % perPage;
    const x = (l.space_left + (k % perLine) * (l.width + l.distance)) * PT;
    const y = (l.space_top + Math.floor(k / perLine) * (l.height + l.distance)) * PT;
    const w = l.width * PT;
    const h = l.height * PT;
    doc.save();
    doc.rect(x, y, w, h).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
    doc.rect(x, y, w, h).clip();
    drawQr(doc, traceUrl(input.publicUrl, s.code), x + l.horizontal * PT, y + l.vertical * PT, qrSide);
    const text = (t: string, a: { font_size: number; horizontal: number; vertical: number }) => {
      const tx = x + a.horizontal * PT;
      doc
        .fontSize(a.font_size)
        .fillColor('#000000')
        // one line, cut with an ellipsis at the stamp's edge (as the designer's preview clips it): a long name never runs into the next text
        .text(t, tx, y + a.vertical * PT, { width: Math.max(x + w - tx - 1, 1), height: a.font_size * 1.2, lineBreak: true, ellipsis: true });
    };
    if (l.print_product_name) text(input.productName, l.product_name_attribute);
    if (l.print_product_created_at && date) text(date, l.product_created_at_attribute);
    for (const a of l.stamp_attributes) text(a.text, a);
    const serialY = l.vertical + l.size * 10 + 0.5;
    if (serialY + 2 < l.height) text(`Sê-ri ${s.serial}`, { font_size: 5, horizontal: l.horizontal + 1, vertical: serialY });
    doc.restore();
  }
  if (!input.stamps.length) doc.addPage();
  doc.end();
  return done;
}
