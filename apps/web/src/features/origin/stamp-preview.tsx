import { formatDate } from '@nns/shared';
import { QR_QUIET_MODULES, type StampLayout, type StampTextAttribute } from '@nns/shared/traceability';
import QRCode from 'qrcode';
import { useMemo } from 'react';

const PT_MM = 25.4 / 72; // millimetres per point

/** The dark modules of a QR code as one SVG path, with the quiet zone of 4 modules inside `side` (as on the PDF sheet). */
function qrPath(text: string, side: number): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const q = QR_QUIET_MODULES;
  const m = side / (n + 2 * q);
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.data[r * n + c]) d += `M${((c + q) * m).toFixed(3)} ${((r + q) * m).toFixed(3)}h${m.toFixed(3)}v${m.toFixed(3)}h-${m.toFixed(3)}z`;
    }
  }
  return d;
}

const FONT = '"DejaVu Sans", "Be Vietnam Pro", sans-serif';
let measurer: CanvasRenderingContext2D | null | undefined;

/** Width in mm of `t` at `fontMm`, measured by the browser's canvas; null where there is none (tests). */
function widthMm(t: string, fontMm: number): number | null {
  if (measurer === undefined) {
    measurer = typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent) ? null : (document.createElement('canvas').getContext('2d') ?? null);
    if (measurer) measurer.font = `100px ${FONT}`;
  }
  return measurer ? (measurer.measureText(t).width / 100) * fontMm : null;
}

/** One line cut with an ellipsis where it would pass the stamp's edge, as the PDF sheet cuts it. */
export function fitLine(t: string, fontMm: number, maxMm: number): string {
  const full = widthMm(t, fontMm);
  if (full === null || full <= maxMm) return t;
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((widthMm(`${t.slice(0, mid)}…`, fontMm) ?? 0) <= maxMm) lo = mid;
    else hi = mid - 1;
  }
  return `${t.slice(0, lo).trimEnd()}…`;
}

/**
 * One stamp drawn as the PDF sheet draws it (apps/api/src/modules/origin/stamp-sheet.ts): millimetres
 * as SVG units, the QR at (horizontal, vertical) with side `size` cm, texts at their font size (pt)
 * and position, each one line cut with an ellipsis at the stamp's edge, and the serial under the QR
 * when there is room. Redrawn on every change of the designer's numbers.
 */
export function StampPreview({
  layout,
  url,
  productName,
  packagingDate,
  serial = 1,
  scale = 5,
}: {
  layout: StampLayout;
  url: string;
  productName: string;
  packagingDate: string | null;
  /** the serial printed under the QR */
  serial?: number;
  scale?: number;
}) {
  const side = layout.size * 10;
  const path = useMemo(() => qrPath(url, side), [url, side]);
  const text = (t: string, a: Pick<StampTextAttribute, 'font_size' | 'horizontal' | 'vertical'>, key: string) => (
    <text key={key} x={a.horizontal} y={a.vertical} fontSize={a.font_size * PT_MM} dominantBaseline="hanging" fontFamily={FONT}>
      {fitLine(t, a.font_size * PT_MM, layout.width - a.horizontal - PT_MM)}
    </text>
  );
  const serialY = layout.vertical + side + 0.5;
  return (
    <svg
      role="img"
      aria-label="Xem trước một tem"
      data-testid="stamp-preview"
      width={layout.width * scale}
      height={layout.height * scale}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      style={{ background: '#fff', border: '1px solid #bbb', maxWidth: '100%', height: 'auto' }}
    >
      <defs>
        <clipPath id="stamp-clip">
          <rect width={layout.width} height={layout.height} />
        </clipPath>
      </defs>
      <g clipPath="url(#stamp-clip)">
        {/* the code's square with its quiet zone, outlined so the designer sees the white margin it keeps */}
        <rect
          data-testid="qr-quiet-zone"
          x={layout.horizontal}
          y={layout.vertical}
          width={side}
          height={side}
          fill="#fff"
          stroke="#52c41a"
          strokeWidth={0.2}
          strokeDasharray="0.8 0.6"
        />
        <path d={path} transform={`translate(${layout.horizontal} ${layout.vertical})`} fill="#000" />
        {layout.print_product_name && text(productName, layout.product_name_attribute, 'name')}
        {layout.print_product_created_at && packagingDate && text(`NĐG: ${formatDate(packagingDate)}`, layout.product_created_at_attribute, 'date')}
        {layout.stamp_attributes.map((a, i) => text(a.text, a, `a${i}`))}
        {serialY + 2 < layout.height && text(`Sê-ri ${serial}`, { font_size: 5, horizontal: layout.horizontal + 1, vertical: serialY }, 'serial')}
      </g>
    </svg>
  );
}
