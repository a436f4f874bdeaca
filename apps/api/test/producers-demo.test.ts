import { isCitizenId, isGtin, isPhone, isTaxCode, isUploadUrl, thumbnailUrlOf } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/app';
import { demoAccounts, demoBlock } from '../src/modules/accounts/demo.module';
import { PRODUCERS } from '../src/modules/producers/demo-data';
import { call, makeApp, type TestApp } from './helpers';

const PRODUCTS = PRODUCERS.reduce((n, x) => n + x.products.length, 0);

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
    expect(m.length).toBe(PRODUCERS.length);
    for (const x of m) {
      expect(isTaxCode(x.tax_code), x.tax_code).toBe(true);
      expect(isPhone(x.phone), x.phone).toBe(true);
    }
    const names = m.map((x: { name: string }) => x.name).join(' | ');
    // the five crops of the issue, and Lâm Đồng's specialities
    for (const w of ['Cà phê', 'Lúa gạo', 'Hồ tiêu', 'Thanh long', 'Thủy sản', 'Hoa', 'Dâu tây', 'Cá tầm', 'Rau', 'Hồng']) expect(names).toContain(w);

    const p = await list('products');
    expect(p.length).toBe(PRODUCTS);
    for (const x of p) {
      expect(isGtin(x.gtin), x.gtin).toBe(true);
      expect(x.gtin.startsWith('893')).toBe(true);
      expect(x.images).toHaveLength(2);
      // demo pictures are files stored like uploads, with their thumbnails beside them
      for (const url of x.images) expect(isUploadUrl(url, 'image'), url).toBe(true);
    }
    const img = await t.app.inject({ method: 'GET', url: p[0].images[0] });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const thumb = await t.app.inject({ method: 'GET', url: thumbnailUrlOf(p[0].images[0]) });
    expect(thumb.headers['content-type']).toBe('image/webp');

    const a = await list('material-areas');
    expect(a.length).toBe(PRODUCERS.length);
    const warned = a.filter((x: { acreage_warning: string | null }) => x.acreage_warning);
    expect(warned.map((x: { code: string }) => x.code)).toEqual(['VNL-LDG-003']);
    for (const x of a.filter((y: { acreage_warning: string | null }) => !y.acreage_warning)) expect(Math.abs(x.acreage_difference_percent)).toBeLessThan(1);

    expect((await list('distributors')).length).toBe(5);
    const l = await list('labors');
    expect(l.length).toBe(7);
    for (const x of l) expect(isCitizenId(x.citizen_id)).toBe(true);
    expect((await list('apps')).length).toBe(5);
  });

  it('puts every producer, area, distributor and app user in a real ward of its province (official codes), and every product in a group', async () => {
    // the demo stands on the national list: all of it is there
    const [{ p, w }] = await t.database.query<{ p: number; w: number }>(
      sql`select (select count(*)::int from provinces) as p, (select count(*)::int from wards) as w`,
    );
    expect({ p, w }).toEqual({ p: 34, w: 3321 });
    const wards = new Map(
      (
        await t.database.query<{ id: number; code: string; name: string; province: string }>(
          sql`select w.id, w.code, w.name, p.name as province from wards w join provinces p on p.id = w.province_id`,
        )
      ).map((x) => [x.id, x]),
    );
    const provinces = new Set<string>();
    for (const name of ['manufactures', 'material-areas', 'distributors', 'apps']) {
      const rows = await list(name);
      expect(rows.length, name).toBeGreaterThan(0);
      for (const r of rows) {
        const label = `${name} ${r.code ?? r.full_name}`;
        expect(r.address, label).toBeTruthy();
        const ward = wards.get(r.ward_id);
        expect(ward, `${label}: ward ${r.ward_id}`).toBeTruthy();
        if (!ward) continue;
        provinces.add(ward.province);
        expect(['Tỉnh Lâm Đồng', 'Thành phố Cần Thơ', 'Tỉnh An Giang'], label).toContain(ward.province);
        // the address names the ward it is in
        expect(r.address.toLowerCase(), label).toContain(ward.name.replace(/^(Phường|Xã) /, '').toLowerCase());
      }
    }
    expect([...provinces].sort()).toEqual(['Thành phố Cần Thơ', 'Tỉnh An Giang', 'Tỉnh Lâm Đồng']);
    // the producers' wards, by their official codes
    const m = await list('manufactures');
    const codeOf = (c: string) => wards.get(m.find((x: { code: string }) => x.code === c).ward_id)?.code;
    expect(codeOf('CSSX-CTO-007')).toBe('31717');
    expect(codeOf('CSSX-AGG-010')).toBe('30478');
    for (const x of await list('products')) {
      expect(x.product_group_id, x.code).toEqual(expect.any(Number));
      expect(x.product_unit_id, x.code).toEqual(expect.any(Number));
      expect(x.farming_form_id, x.code).toEqual(expect.any(Number));
    }
    const tea = (await list('products')).find((x: { code: string }) => x.code === 'SP-TRA-ATISO-20');
    expect(tea.product_group).toMatchObject({ name: 'Trà' });
    for (const x of await list('manufactures')) {
      expect(x.manufacturing_form_id, x.code).toEqual(expect.any(Number));
      expect(x.manufacturing_sector_id, x.code).toEqual(expect.any(Number));
    }
  });

  it('names the demo accounts for the console block after start: username, role, scope and the password', async () => {
    const accounts = await demoAccounts(t.app.services.db);
    expect(accounts.map((a) => a.username)).toEqual(['canbo.phuong', 'tran.minh', 'canbo.tinh', 'htx.caphe', 'pham.thu', 'bientap']);
    expect(accounts[0]).toMatchObject({ role: 'Cán bộ phường' });
    expect(accounts[0].scope).toMatch(/Xuân Hương/);
    expect(accounts.find((a) => a.username === 'bientap')?.scope).toBe('toàn hệ thống');
    const block = demoBlock(accounts);
    expect(block).toContain('NongNghiep@2026');
    expect(block.split('\n').filter((l) => /^ {4}\S/.test(l))).toHaveLength(6);
  });

  it('runs again without duplicating anything', async () => {
    await seedDemo(t.app.services);
    expect((await list('manufactures')).length).toBe(PRODUCERS.length);
    expect((await list('products')).length).toBe(PRODUCTS);
    expect((await list('labors')).length).toBe(7);
  });
});
