import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * Renders every page of a PDF with pdftoppm (poppler-utils, scripts/ensure-pdf-tools.sh) and decodes
 * the QR codes of one page by cutting it into the layout's stamp cells: jsQR finds one code per image.
 */
export function renderPdf(pdf: Buffer, dpi = 150): PNG[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-pdf-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', path.join(dir, 'in.pdf'), path.join(dir, 'page')]);
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => PNG.sync.read(fs.readFileSync(path.join(dir, f))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The part of a page inside a rectangle given in millimetres. */
export function crop(page: PNG, mm: { x: number; y: number; w: number; h: number }, dpi = 150): PNG {
  const px = (v: number) => Math.round((v / 25.4) * dpi);
  const x0 = px(mm.x);
  const y0 = px(mm.y);
  const w = Math.min(px(mm.w), page.width - x0);
  const h = Math.min(px(mm.h), page.height - y0);
  const out = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++) page.data.copy(out.data, y * w * 4, ((y0 + y) * page.width + x0) * 4, ((y0 + y) * page.width + x0 + w) * 4);
  return out;
}

export function decodeQr(img: PNG): string | null {
  return jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height)?.data ?? null;
}
