import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_DIR } from '../src/modules/areas/official-list';
import { officialUnits } from '../src/modules/areas/official-units';
import { call, makeApp, makeUser, type TestApp } from './helpers';
import { postImport, workbook } from './import-helpers';

/** Issue 29.10: a newer official list of administrative units, applied to a running database with a dry run first. */
const OFFICIAL_LIST_FILE_2026 = path.join(REFERENCE_DIR, 'administrative-units-2026-12-07.csv.gz');

describe('the dated list of 07/12/2026 (db/reference)', () => {
  it('is the list of 1 July 2025 with one code corrected: Xã Ia Mơ 23737 → 23938; Đồng Nai still a province', () => {
    const old = officialUnits().units;
    const now = officialUnits(OFFICIAL_LIST_FILE_2026).units;
    expect(now.length).toBe(old.length);
    const key = (u: { code: string; name: string; level: string; parent: string }) => `${u.code}|${u.name}|${u.level}|${u.parent}`;
    const before = new Set(old.map(key));
    const after = new Set(now.map(key));
    expect(old.filter((u) => !after.has(key(u))).map(key)).toEqual(['23737|Xã Ia Mơ|Xã|52']);
    expect(now.filter((u) => !before.has(key(u)))).toEqual([
      expect.objectContaining({ code: '23938', name: 'Xã Ia Mơ', level: 'Xã', parent: '52', previous: '23737' }),
    ]);
    // not applied without the resolution's text (README)
    expect(now.find((u) => u.code === '75')).toMatchObject({ name: 'Tỉnh Đồng Nai', level: 'Tỉnh' });
  });
});

describe('applying an official list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ OFFICIAL_UNITS: 'yes' });
  });
  afterAll(async () => t?.close());

  const wardByCode = async (code: string) =>
    (
      await t.database.query<{ id: number; code: string; name: string; is_active: boolean | null }>(
        sql`select id, code, name, is_active from wards where code = ${code}`,
      )
    )[0];
  const logs = async () =>
    t.database.query<{ record_id: string | null; after: Record<string, unknown> }>(
      sql`select record_id, after from audit_logs where action = 'official-list' order by id`,
    );

  it('lists the shipped lists, newest first', async () => {
    const r = await call(t, 'GET', '/api/admin/provinces/official-lists');
    expect(r.status).toBe(200);
    expect(r.body.data.entries.slice(0, 2)).toEqual([
      { file: 'administrative-units-2026-12-07.csv.gz', date: '2026-12-07' },
      { file: 'administrative-units-2025.csv.gz', date: '2025-07-01' },
    ]);
  });

  it('corrects 23737 → 23938 on the same row: the dry run shows it and writes nothing, the update keeps every reference', async () => {
    const iaMo = await wardByCode('23737');
    const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CS-IAMO', name: 'HTX Cà phê Ia Mơ', ward_id: iaMo.id } });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const body = { file: 'administrative-units-2026-12-07.csv.gz' };

    const dry = await call(t, 'POST', '/api/admin/provinces/official-list', { body, query: { dry_run: '1' } });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ dry_run: true, written: false, whole: true, changes_total: 1, errors: [] });
    expect(dry.body.data.counts).toEqual({ add: 0, rename: 0, level: 0, move: 0, recode: 1, deactivate: 0, delete: 0, reactivate: 0 });
    expect(dry.body.data.changes).toEqual([{ kind: 'recode', tier: 'ward', code: '23938', name: 'Xã Ia Mơ', from: '23737', to: '23938' }]);
    expect(await wardByCode('23737')).toEqual(iaMo);
    expect(await logs()).toEqual([]);

    const real = await call(t, 'POST', '/api/admin/provinces/official-list', { body, query: { dry_run: '0' } });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.data).toMatchObject({ dry_run: false, written: true });
    expect(await wardByCode('23737')).toBeUndefined();
    expect(await wardByCode('23938')).toEqual({ ...iaMo, code: '23938' });
    const read = await call(t, 'GET', `/api/admin/manufactures/${m.body.data.entry.id}`);
    expect(read.body.data.entry).toMatchObject({ ward_id: iaMo.id, ward: { id: iaMo.id, name: 'Xã Ia Mơ' } });
    const l = await logs();
    expect(l.map((x) => x.after.change ?? 'summary')).toEqual(['recode', 'summary']);
    expect(l[0]).toMatchObject({ record_id: String(iaMo.id), after: { code: '23938', source: 'danh mục administrative-units-2026-12-07.csv.gz' } });
    expect(l[1].after.message).toMatch(/đổi mã 1/);

    // applied again: nothing left to change
    const again = await call(t, 'POST', '/api/admin/provinces/official-list', { body, query: { dry_run: '1' } });
    expect(again.body.data.changes_total).toBe(0);
    expect((await call(t, 'POST', '/api/admin/provinces/official-list', { body: { file: '../../x.csv.gz' } })).status).toBe(400);
  });

  it('an uploaded list of one province: additions, renames, level changes, and units that disappear (kept when records point at them)', async () => {
    const url = '/api/admin/provinces/official-list/upload';
    const H = ['Mã', 'Tên', 'Cấp', 'Mã cấp trên', 'Mã cũ'];
    const first = await workbook(H, [
      ['98', 'Tỉnh Thử Nghiệm', 'Tỉnh', '', ''],
      ['98001', 'Xã Một', 'Xã', '98', ''],
      ['98002', 'Xã Hai', 'Xã', '98', ''],
      ['98003', 'Xã Ba', 'Xã', '98', ''],
    ]);
    expect((await postImport(t, url, first, { dryRun: false })).status).toBe(200);
    const two = await wardByCode('98002');
    const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CS-XAHAI', name: 'HTX Xã Hai', ward_id: two.id } });
    expect(m.status).toBe(200);
    const wardsBefore = (await t.database.query<{ n: number }>(sql`select count(*)::int as n from wards`))[0].n;

    const newer = await workbook(H, [
      ['98', 'Thành phố Thử Nghiệm', 'Thành phố trực thuộc trung ương', '', ''],
      ['98001', 'Phường Một', 'Phường', '98', ''],
      ['98004', 'Xã Bốn', 'Xã', '98', ''],
    ]);
    const dry = await postImport(t, url, newer);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.whole).toBe(false);
    const shown = dry.body.data.changes.map(
      (c: { kind: string; code: string; references?: number }) => `${c.kind}:${c.code}${c.references === undefined ? '' : `:${c.references}`}`,
    );
    expect(shown.sort()).toEqual(['add:98004', 'deactivate:98002:1', 'delete:98003:0', 'level:98', 'level:98001', 'rename:98', 'rename:98001'].sort());
    expect(dry.body.data.changes).toContainEqual({
      kind: 'level',
      tier: 'province',
      code: '98',
      name: 'Thành phố Thử Nghiệm',
      from: 'Tỉnh',
      to: 'Thành phố trực thuộc trung ương',
    });
    // a dry run writes nothing
    expect(await wardByCode('98003')).toBeDefined();
    expect((await wardByCode('98001')).name).toBe('Xã Một');

    const real = await postImport(t, url, newer, { dryRun: false });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(await wardByCode('98001')).toMatchObject({ name: 'Phường Một', is_active: true });
    expect(await wardByCode('98002')).toEqual({ ...two, is_active: false });
    expect(await wardByCode('98003')).toBeUndefined();
    expect(await wardByCode('98004')).toMatchObject({ name: 'Xã Bốn', is_active: true });
    const [p] = await t.database.query<{ name: string; level: string }>(sql`select name, level from provinces where code = '98'`);
    expect(p).toEqual({ name: 'Thành phố Thử Nghiệm', level: 'Thành phố trực thuộc trung ương' });
    // only the province the file names is judged: the national list is untouched
    expect((await t.database.query<{ n: number }>(sql`select count(*)::int as n from wards`))[0].n).toBe(wardsBefore);
    expect((await t.database.query<{ n: number }>(sql`select count(*)::int as n from wards where is_active = false`))[0].n).toBe(1);
    // the record still points at its unit, shown as no longer in force
    const read = await call(t, 'GET', `/api/admin/manufactures/${m.body.data.entry.id}`);
    expect(read.body.data.entry.ward_id).toBe(two.id);
    const inactive = await call(t, 'GET', '/api/admin/wards', { query: { is_active: 'false', search: 'xa hai' } });
    expect(inactive.body.data.entries.map((e: { code: string }) => e.code)).toEqual(['98002']);
    const changes = (await logs()).map((x) => x.after.change).filter(Boolean);
    expect(changes).toEqual(expect.arrayContaining(['deactivate', 'delete']));

    // back on a later list: in force again
    const back = await workbook(H, [
      ['98', 'Thành phố Thử Nghiệm', 'Thành phố trực thuộc trung ương', '', ''],
      ['98001', 'Phường Một', 'Phường', '98', ''],
      ['98002', 'Xã Hai', 'Xã', '98', ''],
      ['98004', 'Xã Bốn', 'Xã', '98', ''],
    ]);
    const r = await postImport(t, url, back, { dryRun: false });
    expect(r.body.data.changes.map((c: { kind: string; code: string }) => `${c.kind}:${c.code}`)).toEqual(['reactivate:98002']);
    expect((await wardByCode('98002')).is_active).toBe(true);
  });

  it('needs the update permission on administrative units', async () => {
    const u = await makeUser(t, { perms: ['read:administrative_areas', 'list:administrative_areas'] });
    expect((await call(t, 'GET', '/api/admin/provinces/official-lists', { token: u.token })).status).toBe(200);
    const r = await call(t, 'POST', '/api/admin/provinces/official-list', { token: u.token, body: { file: 'administrative-units-2026-12-07.csv.gz' } });
    expect(r.status).toBe(403);
  });
});
