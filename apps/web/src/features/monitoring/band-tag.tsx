import { levelColor, levelLabel, type MonitoringType } from '@nns/shared/monitoring';
import { Tag } from 'antd';

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(hex: string): string {
  const c = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}

/** A band as a coloured tag: its caption (rain stations: the rain level). */
export function BandTag({ type, band }: { type: number; band: number | null | undefined }) {
  if (band == null) return <Tag>Chưa có dữ liệu</Tag>;
  const color = levelColor(type as MonitoringType, band);
  return (
    <Tag color={color} style={{ color: textOn(color), fontWeight: 600 }} data-testid="band-tag">
      {levelLabel(type as MonitoringType, band)}
    </Tag>
  );
}
