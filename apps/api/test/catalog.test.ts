import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import agricultural from '../src/modules/agricultural/agricultural.module';
import areas from '../src/modules/areas/areas.module';
import catalog from '../src/modules/catalog/catalog.module';
import { call, makeApp, type TestApp } from './helpers';
import { postImport, workbook } from './import-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const base = '/api/admin/product-groups';
const create = async (body: Record<string, unknown>) => {
  const r = await call(t, 'POST', base, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry as { id: number; path: string; depth: number };
};

describe('product groups: a tree', () => {
  let root: number;
  let child: number;
  let grandchild: number;

  it('keeps the path and depth of each group, and lists by path', async () => {
    root = (await create({ code: 'G-NS', name: 'Nông sản' })).id;
    const c = await create({ code: 'G-CF', name: 'Cà phê', parent_id: root });
    child = c.id;
    expect(c).toMatchObject({ path: 'Nông sản / Cà phê', depth: 1 });
    const g = await create({ code: 'G-CF-N', name: 'Cà phê nhân', parent_id: child });
    grandchild = g.id;
    expect(g).toMatchObject({ path: 'Nông sản / Cà phê / Cà phê nhân', depth: 2 });
    const l = await call(t, 'GET', base, { query: { search: 'nong san / ca phe' } });
    expect(l.body.data.entries.map((e: { path: string }) => e.path)).toEqual(['Nông sản / Cà phê', 'Nông sản / Cà phê / Cà phê nhân']);
  });

  it('renaming or moving a group rewrites the paths under it', async () => {
    await call(t, 'PUT', `${base}/${root}`, { body: { name: 'Nông sản sạch' } });
    expect((await call(t, 'GET', `${base}/${grandchild}`)).body.data.entry.path).toBe('Nông sản sạch / Cà phê / Cà phê nhân');
    const other = await create({ code: 'G-DS', name: 'Đặc sản' });
    const m = await call(t, 'PUT', `${base}/${child}`, { body: { parent_id: other.id } });
    expect(m.body.data.entry).toMatchObject({ path: 'Đặc sản / Cà phê', depth: 1 });
    expect((await call(t, 'GET', `${base}/${grandchild}`)).body.data.entry).toMatchObject({ path: 'Đặc sản / Cà phê / Cà phê nhân', depth: 2 });
  });

  it('refuses a cycle: itself or a descendant as parent', async () => {
    for (const parent of [child, grandchild]) {
      const r = await call(t, 'PUT', `${base}/${child}`, { body: { parent_id: parent } });
      expect(r.status).toBe(400);
      expect(r.body.data.errors).toEqual([{ field: 'parent_id', message: 'Không thể chọn chính nhóm này hoặc một nhóm con của nó làm nhóm cha' }]);
    }
    expect((await call(t, 'GET', `${base}/${child}`)).body.data.entry.path).toBe('Đặc sản / Cà phê');
  });

  it('refuses to delete a group that still has subgroups, and the same name twice under one parent', async () => {
    expect((await call(t, 'DELETE', `${base}/${child}`)).status).toBe(409);
    const dup = await call(t, 'POST', base, { body: { code: 'G-CF-N2', name: 'Cà phê nhân', parent_id: child } });
    expect(dup.status).toBe(409);
  });

  it('imports a tree in one file: parents by name or code, a cycle as a row error', async () => {
    const H = ['Mã nhóm', 'Tên nhóm sản phẩm', 'Nhóm cha'];
    const r = await postImport(
      t,
      `${base}/import`,
      await workbook(H, [
        ['G-TS', 'Thủy sản', ''],
        ['G-TS-CA', 'Cá', 'Thủy sản'],
        ['G-TS-CA-TRA', 'Cá tra', 'G-TS-CA'],
      ]),
      { dryRun: false },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ created: 3, errors: [] });
    const l = await call(t, 'GET', base, { query: { search: 'ca tra' } });
    expect(l.body.data.entries[0].path).toBe('Thủy sản / Cá / Cá tra');
    const cyc = await postImport(t, `${base}/import`, await workbook(H, [['G-TS', 'Thủy sản', 'G-TS-CA-TRA']]));
    expect(cyc.body.data.errors).toEqual([
      { row: 2, field: 'parent_id', column: 'Nhóm cha', message: 'Không thể chọn chính nhóm này hoặc một nhóm con của nó làm nhóm cha' },
    ]);
    await create({ code: 'G-TS-CF', name: 'Cà phê', parent_id: (await call(t, 'GET', base, { query: { search: 'G-TS' } })).body.data.entries[0].id });
    const amb = await postImport(t, `${base}/import`, await workbook(H, [['G-X', 'Nhóm mới', 'Cà phê']]));
    expect(amb.body.data.errors).toEqual([
      { row: 2, field: 'parent_id', column: 'Nhóm cha', message: "Nhóm cha 'Cà phê' trùng với nhiều bản ghi, hãy ghi mã thay cho tên" },
    ]);
  });
});

describe('demo data of the reference registers', () => {
  it('seeds real units, the catalog and agricultural data once', async () => {
    const services = t.app.services;
    for (let i = 0; i < 2; i++) {
      for (const m of [agricultural, areas, catalog]) await m.seedDemo?.(services);
    }
    const p = await call(t, 'GET', '/api/admin/provinces', { query: { search: 'Lâm Đồng' } });
    expect(p.body.data.entries).toEqual([expect.objectContaining({ code: '68', name: 'Tỉnh Lâm Đồng' })]);
    const detail = await call(t, 'GET', `/api/admin/provinces/${p.body.data.entries[0].id}`);
    // the national list: Lâm Đồng's 124 communes of 1 July 2025, straight under the province
    expect(detail.body.data.entry).toMatchObject({ districts: [], direct_wards_count: 124 });
    const w = await call(t, 'GET', '/api/admin/wards', { query: { province_id: String(p.body.data.entries[0].id), search: 'xuan huong' } });
    expect(w.body.data.entries.map((x: { name: string }) => x.name)).toContain('Phường Xuân Hương - Đà Lạt');
    const count = async (name: string) => (await call(t, 'GET', `/api/admin/${name}/count`)).body.data.count;
    expect(await count('manufacturing-forms')).toBe(5);
    expect(await count('manufacturing-sectors')).toBe(5);
    expect(await count('farming-forms')).toBeGreaterThanOrEqual(5);
    expect(await count('product-plants')).toBe(7);
    expect(await count('criteria-seafoods')).toBe(5);
    const g = await call(t, 'GET', base, { query: { search: 'ca phe nhan', limit: '100' } });
    expect(g.body.data.entries.map((e: { path: string }) => e.path)).toContain('Nông sản / Cà phê / Cà phê nhân');
  });
});
