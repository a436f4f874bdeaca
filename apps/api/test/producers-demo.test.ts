import { isCitizenId, isGtin, isPhone, isTaxCode } from '@nns/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed-demo';
import { call, makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  await seedDemo(t.app.services);
}, 120_000);
afterAll(async () => t?.close());

const list = async (name: string) => (await call(t, 'GET', `/api/admin/${name}`, { query: { limit: '100' } })).body.data.entries;

describe('producers demo data', () => {
  it('has believable, valid producers, products, areas, distributors, labors and app users', async () => {
    const m = await list('manufactures');
    expect(m.length).toBe(6);
    for (const x of m) {
      expect(isTaxCode(x.tax_code), x.tax_code).toBe(true);
      expect(isPhone(x.phone), x.phone).toBe(true);
    }
    const names = m.map((x: { name: string }) => x.name).join(' | ');
    for (const w of ['Cà phê', 'Lúa gạo', 'Hồ tiêu', 'Thanh long', 'Thủy sản']) expect(names).toContain(w);

    const p = await list('products');
    expect(p.length).toBe(11);
    for (const x of p) {
      expect(isGtin(x.gtin), x.gtin).toBe(true);
      expect(x.gtin.startsWith('893')).toBe(true);
      expect(x.images).toHaveLength(2);
    }
    const img = await t.app.inject({ method: 'GET', url: p[0].images[0] });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    const a = await list('material-areas');
    expect(a.length).toBe(6);
    const warned = a.filter((x: { acreage_warning: string | null }) => x.acreage_warning);
    expect(warned.map((x: { code: string }) => x.code)).toEqual(['VNL-STG-001']);
    for (const x of a.filter((y: { acreage_warning: string | null }) => !y.acreage_warning)) expect(Math.abs(x.acreage_difference_percent)).toBeLessThan(1);

    expect((await list('distributors')).length).toBe(5);
    const l = await list('labors');
    expect(l.length).toBe(7);
    for (const x of l) expect(isCitizenId(x.citizen_id)).toBe(true);
    expect((await list('apps')).length).toBe(5);
  });

  it('runs again without duplicating anything', async () => {
    await seedDemo(t.app.services);
    expect((await list('manufactures')).length).toBe(6);
    expect((await list('products')).length).toBe(11);
    expect((await list('labors')).length).toBe(7);
  });
});
