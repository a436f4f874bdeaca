import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { officialUnits } from '../src/modules/areas/official-units';
import { call, makeApp, type TestApp } from './helpers';

/** Vietnam's official administrative list of 1 July 2025, shipped in db/reference and loaded at start. */
describe('the shipped list (db/reference/administrative-units-2025.csv.gz)', () => {
  const { units } = officialUnits();
  const provinces = units.filter((u) => !u.parent);
  const communes = units.filter((u) => u.parent);

  it('holds 34 provinces and 3,321 communes (687 phường, 2,621 xã, 13 đặc khu) with unique codes', () => {
    expect(provinces.length).toBe(34);
    expect(communes.length).toBe(3321);
    expect(new Set(units.map((u) => u.code)).size).toBe(units.length);
    const levels: Record<string, number> = {};
    for (const c of communes) levels[c.level] = (levels[c.level] ?? 0) + 1;
    expect(levels).toEqual({ Phường: 687, Xã: 2621, 'Đặc khu': 13 });
    for (const u of units) expect(u.code, u.name).toMatch(u.parent ? /^\d{5}$/ : /^\d{2}$/);
    for (const u of units) expect(u.name.length, u.code).toBeGreaterThan(3);
  });

  it('places every commune in one of the 34 provinces', () => {
    const codes = new Set(provinces.map((p) => p.code));
    expect(communes.filter((c) => !codes.has(c.parent))).toEqual([]);
    // every province has communes
    for (const p of provinces)
      expect(
        communes.some((c) => c.parent === p.code),
        p.name,
      ).toBe(true);
  });

  it('knows a dozen units under their official codes', () => {
    const by = new Map(units.map((u) => [u.code, u]));
    const province = (c: string) => by.get(by.get(c)?.parent ?? '')?.name;
    const known: [string, string, string][] = [
      ['24781', 'Phường Xuân Hương - Đà Lạt', 'Tỉnh Lâm Đồng'],
      ['24778', 'Phường Lâm Viên - Đà Lạt', 'Tỉnh Lâm Đồng'],
      ['24829', "Phường B'Lao", 'Tỉnh Lâm Đồng'],
      ['24958', 'Xã Đức Trọng', 'Tỉnh Lâm Đồng'],
      ['23143', 'Xã Tân Thành', 'Tỉnh Lâm Đồng'],
      ['26740', 'Phường Sài Gòn', 'Thành phố Hồ Chí Minh'],
      ['26732', 'Đặc khu Côn Đảo', 'Thành phố Hồ Chí Minh'],
      ['31135', 'Phường Ninh Kiều', 'Thành phố Cần Thơ'],
      ['31717', 'Xã Hòa Tú', 'Thành phố Cần Thơ'],
      ['30307', 'Phường Long Xuyên', 'Tỉnh An Giang'],
      ['31078', 'Đặc khu Phú Quốc', 'Tỉnh An Giang'],
      ['30478', 'Xã Vĩnh Thạnh Trung', 'Tỉnh An Giang'],
      ['00070', 'Phường Hoàn Kiếm', 'Thành phố Hà Nội'],
      ['00004', 'Phường Ba Đình', 'Thành phố Hà Nội'],
    ];
    for (const [code, name, prov] of known) {
      expect(by.get(code)?.name, code).toBe(name);
      expect(province(code), code).toBe(prov);
    }
    expect(by.get('68')).toMatchObject({ name: 'Tỉnh Lâm Đồng', level: 'Tỉnh' });
    expect(by.get('92')).toMatchObject({ name: 'Thành phố Cần Thơ', level: 'Thành phố trực thuộc trung ương' });
  });
});

describe('a new database holds the list; a later start adds only what is missing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ OFFICIAL_UNITS: 'yes' });
  });
  afterAll(async () => t?.close());

  const counts = async () =>
    (await t.database.query<{ p: number; w: number }>(sql`select (select count(*)::int from provinces) as p, (select count(*)::int from wards) as w`))[0];
  const restart = async () => {
    const { app } = await buildApp({ database: t.database, logger: false, env: {}, config: { DATA_DIR: t.dataDir, dataDir: t.dataDir, LOG_LEVEL: 'silent' } });
    await app.ready();
    await app.close();
  };

  it('loads 34 provinces and 3,321 wards, each in its province, without districts', async () => {
    expect(await counts()).toEqual({ p: 34, w: 3321 });
    const [w] = await t.database.query<{ name: string; level: string; province: string; district_id: number | null }>(
      sql`select w.name, w.level, p.name as province, w.district_id from wards w join provinces p on p.id = w.province_id where w.code = '26740'`,
    );
    expect(w).toEqual({ name: 'Phường Sài Gòn', level: 'Phường', province: 'Thành phố Hồ Chí Minh', district_id: null });
  });

  it('does nothing on the next start, and never renames what an officer edited', async () => {
    const [{ id }] = await t.database.query<{ id: number }>(sql`select id from wards where code = '31135'`);
    const edit = await call(t, 'PUT', `/api/admin/wards/${id}`, { body: { name: 'Phường Ninh Kiều (đã sửa)' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await t.database.query(sql`delete from wards where code = '31186'`);
    await restart();
    // the data file's version is marked: a unit deleted on purpose is not brought back by every start
    expect(await counts()).toEqual({ p: 34, w: 3320 });

    // a new version of the file (here: the marker forgotten) adds what is missing and keeps the edit
    await t.database.query(sql`delete from settings where key = 'official_units'`);
    await restart();
    expect(await counts()).toEqual({ p: 34, w: 3321 });
    const [w] = await t.database.query<{ name: string }>(sql`select name from wards where code = '31135'`);
    expect(w.name).toBe('Phường Ninh Kiều (đã sửa)');
    const logs = await call(t, 'GET', '/api/admin/system/logs', { query: { action: 'official-units' } });
    expect(logs.status).toBe(200);
    const after = logs.body.data.entries[0].after;
    expect(after.created).toBe(1);
    expect(after.differences).toEqual([{ code: '31135', field: 'name', database: 'Phường Ninh Kiều (đã sửa)', official: 'Phường Ninh Kiều' }]);
  });

  it('finds wards as you type, on the server, within the chosen province', async () => {
    const [{ id: canTho }] = await t.database.query<{ id: number }>(sql`select id from provinces where code = '92'`);
    const r = await call(t, 'GET', '/api/admin/wards', { query: { search: 'cai rang', province_id: String(canTho), limit: '20' } });
    expect(r.status).toBe(200);
    expect(r.body.data.entries.map((e: { code: string }) => e.code)).toEqual(['31186']);
    const all = await call(t, 'GET', '/api/admin/wards', { query: { province_id: String(canTho), limit: '20' } });
    expect(all.body.data.entries.length).toBe(20);
    expect(all.body.data.pagination.total).toBe(103);
  });
});
