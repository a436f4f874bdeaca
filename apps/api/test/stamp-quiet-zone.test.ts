import { STAMP_LAYOUT_DEFAULTS, traceUrl } from '@nns/shared/traceability';
import type { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { drawSheet } from '../src/modules/origin/stamp-sheet';
import { crop, decodeQr, renderPdf } from './pdf-qr';

/**
 * Printed QR codes keep a quiet zone of at least 4 modules inside the stamp (issue 29 §9, ISO/IEC
 * 18004): the sheet is rendered back with pdftoppm, the code found in its stamp and the white margin
 * around its dark modules measured in modules, up to the stamp's edge; then decoded with jsQR.
 */
const DPI = 600;
const PUBLIC = 'http://nns.test';
const CODE = '7K3M9Q2W8X4ZP';

/** The box of the dark pixels of an image (grey below 128). */
function darkBox(img: PNG) {
  let minX = img.width;
  let minY = img.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      if (img.data[i] + img.data[i + 1] + img.data[i + 2] < 3 * 128) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return { minX, minY, maxX, maxY };
}

const layoutOf = (o: Partial<typeof STAMP_LAYOUT_DEFAULTS>) => ({
  ...STAMP_LAYOUT_DEFAULTS,
  print_product_name: false,
  print_product_created_at: false,
  stamps_per_line: 1,
  space_left: 10,
  space_top: 10,
  ...o,
});

describe('QR quiet zone on the printed sheet', () => {
  it('leaves at least 4 white modules on every side of the code inside its stamp, and the code decodes', async () => {
    // the code's square flush with the stamp's top-left corner: only the quiet zone inside the square separates it from the edge
    const l = layoutOf({ width: 30, height: 34, size: 3, horizontal: 0, vertical: 0 });
    const pdf = await drawSheet({ layout: l, productName: 'Chè', packagingDate: null, publicUrl: PUBLIC, stamps: [{ code: CODE, serial: 1 }] });
    const [page] = renderPdf(pdf, DPI);
    // the QR's square, inside the stamp's grey outline (cut 0.3 mm in so the outline is not counted)
    const inset = 0.3;
    const square = crop(page, { x: 10 + inset, y: 10 + inset, w: 30 - 2 * inset, h: 30 - 2 * inset }, DPI);
    const box = darkBox(square);
    const n = QRCode.create(traceUrl(PUBLIC, CODE), { errorCorrectionLevel: 'M' }).modules.size;
    const module = (box.maxX - box.minX + 1) / n;
    const insetPx = (inset / 25.4) * DPI;
    const margins = {
      left: (box.minX + insetPx) / module,
      top: (box.minY + insetPx) / module,
      right: (square.width - 1 - box.maxX + insetPx) / module,
      bottom: (square.height - 1 - box.maxY + insetPx) / module,
    };
    for (const [side, m] of Object.entries(margins)) expect(m, `${side} margin in modules (${JSON.stringify(margins)})`).toBeGreaterThanOrEqual(3.9);
    expect(decodeQr(crop(page, { x: 10, y: 10, w: 30, h: 34 }, DPI))).toBe(traceUrl(PUBLIC, CODE));
  });

  it('refuses to print a stamp too small for its code and quiet zone, with the message the designer shows', async () => {
    for (const o of [
      { width: 50, height: 25, size: 3, horizontal: 0, vertical: 0 },
      { width: 50, height: 30, size: 3, horizontal: 25, vertical: 0 },
    ]) {
      const attempt = (async () =>
        drawSheet({ layout: layoutOf(o), productName: 'Chè', packagingDate: null, publicUrl: PUBLIC, stamps: [{ code: CODE, serial: 1 }] }))();
      await expect(attempt).rejects.toMatchObject({ status: 409 });
      await expect(attempt).rejects.toThrow(/quá nhỏ cho mã QR 3 cm.*lề trắng 4 ô/);
    }
  });
});
