import { formatDate } from '@nns/shared';
import type { StampLayout, StampTextAttribute } from '@nns/shared/traceability';
import QRCode from 'qrcode';
import { useMemo } from 'react';

const PT_MM = 25.4 / 72; // millimetres per point

/** The dark modules of a QR code as one SVG path, quiet zone of 2 modules (as on the PDF sheet). */
function qrPath(text: string, side: number): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const m = side / (n + 4);
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.data[r * n + c]) d += `M${((c + 2) * m).toFixed(3)} ${((r + 2) * m).toFixed(3)}h${m.toFixed(3)}v${m.toFixed(3)}h-${m.toFixed(3)}z`;
    }
  }
  return d;
}

/**
 * One stamp drawn as the PDF sheet draws it (apps/api/src/modules/origin/stamp-sheet.ts): millimetres
 * as SVG units, the QR at (horizontal, vertical) with side `size` cm, texts at their font size (pt)
 * and position, clipped to the stamp. Redrawn on every change of the designer's numbers.
 */
export function StampPreview({
  layout,
  url,
  productName,
  packagingDate,
  scale = 5,
}: {
  layout: StampLayout;
  url: string;
  productName: string;
  packagingDate: string | null;
  scale?: number;
}) {
  const side = layout.size * 10;
  const path = useMemo(() => qrPath(url, side), [url, side]);
  const text = (t: string, a: StampTextAttribute, key: string) => (
    <text
      key={key}
      x={a.horizontal}
      y={a.vertical}
      fontSize={a.font_size * PT_MM}
      dominantBaseline="hanging"
      fontFamily="DejaVu Sans, Be Vietnam Pro, sans-serif"
    >
      {t}
    </text>
  );
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
        <path d={path} transform={`translate(${layout.horizontal} ${layout.vertical})`} fill="#000" />
        {layout.print_product_name && text(productName, layout.product_name_attribute, 'name')}
        {layout.print_product_created_at && packagingDate && text(`NĐG: ${formatDate(packagingDate)}`, layout.product_created_at_attribute, 'date')}
        {layout.stamp_attributes.map((a, i) => text(a.text, a, `a${i}`))}
      </g>
    </svg>
  );
}
