import { describe, expect, it } from 'vitest';
import { outerRing, polygonAreaHa, ringAreaM2, toGeoPolygon } from './geo';

describe('polygonAreaHa', () => {
  it('gives about 1 ha for a 100 m square near the equator', () => {
    const d = 100 / 111319.49; // degrees per 100 m at the equator on this sphere
    const p = toGeoPolygon([
      [0, 0],
      [d, 0],
      [d, d],
      [0, d],
    ]);
    expect(polygonAreaHa(p)).toBeCloseTo(1, 2);
  });

  it('shrinks with the cosine of the latitude (Đà Lạt, 11.94°N)', () => {
    const lat = 11.94;
    const p = toGeoPolygon([
      [108.4, lat],
      [108.41, lat],
      [108.41, lat + 0.01],
      [108.4, lat + 0.01],
    ]);
    const expected = ((0.01 * 111319.49) ** 2 * Math.cos((lat * Math.PI) / 180)) / 10000;
    expect(polygonAreaHa(p)).toBeCloseTo(expected, 0);
  });

  it('does not depend on the winding order or on the closing point', () => {
    const ring: [number, number][] = [
      [105.8, 21.0],
      [105.81, 21.0],
      [105.81, 21.01],
    ];
    const cw = ringAreaM2([...ring].reverse());
    expect(ringAreaM2(ring) / cw).toBeCloseTo(1, 9);
    expect(ringAreaM2([...ring, ring[0]]) / cw).toBeCloseTo(1, 9);
  });

  it('subtracts holes and is 0 for degenerate input', () => {
    const outer: [number, number][] = [
      [0, 0],
      [0.02, 0],
      [0.02, 0.02],
      [0, 0.02],
      [0, 0],
    ];
    const hole: [number, number][] = [
      [0.005, 0.005],
      [0.015, 0.005],
      [0.015, 0.015],
      [0.005, 0.015],
      [0.005, 0.005],
    ];
    const full = polygonAreaHa({ type: 'Polygon', coordinates: [outer] });
    const holed = polygonAreaHa({ type: 'Polygon', coordinates: [outer, hole] });
    expect(holed).toBeCloseTo(full * 0.75, 1);
    expect(polygonAreaHa(null)).toBe(0);
    expect(
      polygonAreaHa({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      }),
    ).toBe(0);
  });

  it('round-trips rings', () => {
    const pts: [number, number][] = [
      [1, 1],
      [2, 1],
      [2, 2],
    ];
    expect(toGeoPolygon(pts.slice(0, 2))).toBeNull();
    expect(outerRing(toGeoPolygon(pts))).toEqual(pts);
  });
});
