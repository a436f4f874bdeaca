import { describe, expect, it } from 'vitest';
import { toGeoPolygon } from './geo';
import { ACREAGE_WARN_RATIO, acreageCheck } from './producers';

// a square of 0.003° at Đà Lạt (11.94° N): 10.9115 ha on the sphere
const lat = 11.94;
const d = 0.003;
const plot = toGeoPolygon([
  [108.4, lat],
  [108.4 + d, lat],
  [108.4 + d, lat + d],
  [108.4, lat + d],
]);

describe('acreageCheck: the one acreage rule of the server and the map', () => {
  it('measures the difference against the drawn area and warns past 20 %', () => {
    expect(ACREAGE_WARN_RATIO).toBe(0.2);
    expect(acreageCheck(14, plot)).toEqual({
      boundary_acreage: 10.9115,
      acreage_difference: 3.0885,
      acreage_difference_percent: 28.3,
      acreage_warning: 'Diện tích nhập (14 ha) chênh 28,3% so với diện tích tính từ ranh giới (10,91 ha)',
    });
    expect(acreageCheck(8.5, plot).acreage_warning).toBe('Diện tích nhập (8,5 ha) chênh 22,1% so với diện tích tính từ ranh giới (10,91 ha)');
  });

  it('does not warn within 20 % of the drawn area (the old map warned from 10 % of the entered acreage)', () => {
    // 9 ha against 10.91 ha drawn: −17.5 % of the drawn area (21 % of the entered acreage)
    expect(acreageCheck(9, plot)).toMatchObject({ acreage_difference_percent: -17.5, acreage_warning: null });
    expect(acreageCheck(13, plot)).toMatchObject({ acreage_difference_percent: 19.1, acreage_warning: null });
  });

  it('has nothing to compare without a boundary, and no difference without an acreage', () => {
    expect(acreageCheck(5, null)).toEqual({ boundary_acreage: null, acreage_difference: null, acreage_difference_percent: null, acreage_warning: null });
    expect(acreageCheck(null, plot)).toEqual({ boundary_acreage: 10.9115, acreage_difference: null, acreage_difference_percent: null, acreage_warning: null });
    expect(acreageCheck(Number.NaN, plot).acreage_warning).toBeNull();
    // a hair below the drawn area reads 0 %, not -0 %
    expect(Object.is(acreageCheck(10.911, plot).acreage_difference_percent, 0)).toBe(true);
  });
});
