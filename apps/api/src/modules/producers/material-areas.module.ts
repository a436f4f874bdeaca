import { type GeoPolygon, outerRing, polygonAreaHa } from '@nns/shared/geo';
import { acreageCheck } from '@nns/shared/producers';
import { z } from 'zod';
import { fieldError } from '../../core/errors';
import { defineModule } from '../../core/module';

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

export default defineModule({
  name: 'material-areas',
  hooks: {
    'material-areas': {
      beforeCreate: (data) => checkBoundary(data),
      beforeUpdate: (data) => checkBoundary(data),
      present: (row) => ({ ...row, ...acreageCheck(row.acreage, row.boundary) }),
      presentedKeys: ['boundary_acreage', 'acreage_difference', 'acreage_difference_percent', 'acreage_warning'],
      presentedTypes: {
        boundary_acreage: z.number().nullable().describe('diện tích tính từ ranh giới (ha)'),
        acreage_difference: z.number().nullable(),
        acreage_difference_percent: z.number().nullable(),
        acreage_warning: z.string().nullable(),
      },
    },
  },
});
