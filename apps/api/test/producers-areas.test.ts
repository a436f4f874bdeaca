import { polygonAreaHa } from '@nns/shared/geo';
import { acreageCheck } from '@nns/shared/producers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callJob, makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

/** A square of about `side` metres near Buôn Ma Thuột (12.68° N, 108.04° E). */
function square(sideM: number, lat = 12.68, long = 108.04) {
  const dLat = sideM / 111_320;
  const dLong = sideM / (111_320 * Math.cos((lat * Math.PI) / 180));
  return {
    type: 'Polygon',
    coordinates: [
      [
        [long, lat],
        [long + dLong, lat],
        [long + dLong, lat + dLat],
        [long, lat + dLat],
        [long, lat],
      ],
    ],
  };
}

describe('material areas: acreage against the drawn boundary', () => {
  it('computes the boundary area and no warning when the entered acreage is close', async () => {
    const boundary = square(300); // ≈ 9 ha
    const r = await call(t, 'POST', '/api/admin/material-areas', {
      body: { code: 'VNL-DL-01', name: 'Vùng cà phê Robusta Ea Tu', acreage: 9.2, lat: 12.6813, long: 108.0414, boundary },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const e = r.body.data.entry;
    expect(e.acreage).toBe(9.2);
    expect(e.boundary_acreage).toBeCloseTo(9, 1);
    expect(e.boundary_acreage).toBeCloseTo(polygonAreaHa(boundary as never), 3);
    expect(e.acreage_difference).toBeCloseTo(9.2 - e.boundary_acreage, 3);
    expect(Math.abs(e.acreage_difference_percent)).toBeLessThan(20);
    expect(e.acreage_warning).toBeNull();
  });

  it('warns, without refusing, when the entered acreage differs by more than 20 %', async () => {
    const r = await call(t, 'POST', '/api/admin/material-areas', {
      body: { code: 'VNL-DL-02', name: 'Vùng cà phê Hòa Thắng', acreage: 15, boundary: square(300) },
    });
    expect(r.status).toBe(200);
    const e = r.body.data.entry;
    expect(e.acreage_difference_percent).toBeGreaterThan(60);
    expect(e.acreage_warning).toMatch(/^Diện tích nhập \(15 ha\) chênh .*% so với diện tích tính từ ranh giới \(9(,\d+)? ha\)$/);
    // the same figures on a read and in the list
    const g = await call(t, 'GET', `/api/admin/material-areas/${e.id}`);
    expect(g.body.data.entry.acreage_warning).toBe(e.acreage_warning);
    const u = await call(t, 'PUT', `/api/admin/material-areas/${e.id}`, { body: { acreage: 9 } });
    expect(u.body.data.entry.acreage_warning).toBeNull();
  });

  it('uses the shared rule of the map screen: measured against the drawn area, warning past 20 %', async () => {
    // 300 m square ≈ 9 ha: 7.4 ha is −17.8 % of the drawn area (21.6 % of the entered acreage, which the map once warned at)
    const boundary = square(300, 11.94, 108.4);
    const near = await call(t, 'POST', '/api/admin/material-areas', { body: { code: 'VNL-DL-03', name: 'Vườn rau Đức Trọng', acreage: 7.4, boundary } });
    expect(near.body.data.entry).toMatchObject({ ...acreageCheck(7.4, boundary), acreage_warning: null });
    const far = await call(t, 'POST', '/api/admin/material-areas', { body: { code: 'VNL-DL-04', name: 'Vườn hoa Thái Phiên', acreage: 6.5, boundary } });
    expect(far.body.data.entry.acreage_warning).toBe(acreageCheck(6.5, boundary).acreage_warning);
    expect(far.body.data.entry.acreage_warning).toMatch(/^Diện tích nhập \(6,5 ha\) chênh 2\d,\d% so với diện tích tính từ ranh giới \(9(,\d+)? ha\)$/);
  });

  it('answers no comparison without a boundary, and refuses a degenerate boundary', async () => {
    const r = await call(t, 'POST', '/api/admin/material-areas', { body: { code: 'VNL-ST-01', name: 'Cánh đồng lúa ST25', acreage: 120.5 } });
    expect(r.body.data.entry).toMatchObject({ acreage: 120.5, boundary_acreage: null, acreage_warning: null });
    const line = {
      type: 'Polygon',
      coordinates: [
        [
          [105.9, 9.6],
          [105.91, 9.6],
          [105.9, 9.6],
          [105.9, 9.6],
        ],
      ],
    };
    const bad = await call(t, 'POST', '/api/admin/material-areas', { body: { code: 'VNL-X', name: 'X', acreage: 1, boundary: line } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toContainEqual({ field: 'boundary', message: 'Ranh giới vùng phải có ít nhất 3 điểm khác nhau' });
    const neg = await call(t, 'POST', '/api/admin/material-areas', { body: { code: 'VNL-Y', name: 'Y', acreage: -2 } });
    expect(neg.body.data.errors).toContainEqual({ field: 'acreage', message: 'Diện tích (ha) phải lớn hơn hoặc bằng 0' });
    const txt = await call(t, 'POST', '/api/admin/material-areas', { body: { code: 'VNL-Z', name: 'Z', acreage: 'mười' } });
    expect(txt.body.data.errors).toContainEqual({ field: 'acreage', message: 'Diện tích (ha) phải là số' });
  });

  it('exports under export-material-areas with the acreage as a number', async () => {
    const e = await callJob(t, 'GET', '/api/admin/material-areas/export-material-areas', { query: { search: 'ea tu' } });
    expect(e.status).toBe(200);
    expect(e.body.data.rows).toBe(1);
    expect((await call(t, 'GET', '/api/admin/material-areas/count')).body.data.count).toBe(5);
  });
});
