import { type GeoPolygon, outerRing, polygonAreaHa } from '@nns/shared/geo';
import { ACREAGE_WARN_RATIO } from '@nns/shared/producers';
import { fieldError } from '../../core/errors';
import { defineModule } from '../../core/module';

const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d;

/** The boundary needs three distinct corners; anything less has no area to compare. */
function checkBoundary(data: Record<string, unknown>) {
  const b = data.boundary as GeoPolygon | null | undefined;
  if (!b) return data;
  const ring = outerRing(b);
  const distinct = new Set(ring.map(([x, y]) => `${x},${y}`));
  if (distinct.size < 3) throw fieldError('boundary', 'Ranh giới vùng phải có ít nhất 3 điểm khác nhau');
  if (polygonAreaHa(b) <= 0) throw fieldError('boundary', 'Ranh giới vùng không có diện tích');
  return data;
}

/**
 * What the answer adds beside the entered acreage: the area of the drawn boundary and how far the two
 * differ. A large difference is a warning for the officer, never a refusal (boundaries are drawn by hand).
 */
export function acreageCheck(acreage: unknown, boundary: unknown) {
  const computed = boundary ? polygonAreaHa(boundary as GeoPolygon) : 0;
  if (!computed) return { boundary_acreage: null, acreage_difference: null, acreage_difference_percent: null, acreage_warning: null };
  const entered = typeof acreage === 'number' ? acreage : null;
  const diff = entered === null ? null : entered - computed;
  const pct = diff === null ? null : (diff / computed) * 100;
  const warn = pct !== null && Math.abs(pct) > ACREAGE_WARN_RATIO * 100;
  const fmt = (n: number) => n.toLocaleString('vi-VN', { maximumFractionDigits: 2 });
  return {
    boundary_acreage: round(computed),
    acreage_difference: diff === null ? null : round(diff),
    acreage_difference_percent: pct === null ? null : round(pct, 1),
    acreage_warning: warn
      ? `Diện tích nhập (${fmt(entered as number)} ha) chênh ${fmt(Math.abs(pct as number))}% so với diện tích tính từ ranh giới (${fmt(computed)} ha)`
      : null,
  };
}

export default defineModule({
  name: 'material-areas',
  hooks: {
    'material-areas': {
      beforeCreate: (data) => checkBoundary(data),
      beforeUpdate: (data) => checkBoundary(data),
      present: (row) => ({ ...row, ...acreageCheck(row.acreage, row.boundary) }),
    },
  },
});
