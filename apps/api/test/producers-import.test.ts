import { MESSAGES } from '@nns/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callJob, makeApp, type TestApp } from './helpers';
import { loadWorkbook, postImport, toBuffer } from './import-helpers';

let t: TestApp;
let manufactureId: number;
beforeAll(async () => {
  t = await makeApp();
  const m = await call(t, 'POST', '/api/admin/manufactures', {
    body: { code: 'CSSX-IMP-01', name: "Hợp tác xã Cà phê Cư M'gar", tax_code: '6001112229', phone: '0905111222', status: 'active' },
  });
  manufactureId = m.body.data.entry.id;
  await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-IMP-02', name: 'Công ty TNHH Tiêu Lộc Ninh', phone: '0905111333' } });
  await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-IMP-01', name: "Cà phê hạt rang Cư M'gar", manufacture_id: manufactureId, price: 120000 } });
  await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-IMP-02', name: "Cà phê bột Cư M'gar", manufacture_id: manufactureId, price: 90000 } });
  await call(t, 'POST', '/api/admin/distributors', { body: { code: 'NPP-IMP-01', name: 'Đại lý Nông sản Buôn Hồ', phone: '0905111444', price: 50000 } });
  await call(t, 'POST', '/api/admin/labors', { body: { code: 'LD-IMP-01', full_name: 'Y Wang Êban', phone: '0905111555', position: 'Thu hái' } });
  await call(t, 'POST', '/api/admin/material-areas', {
    body: { code: 'VNL-IMP-01', name: 'Vùng cà phê Ea Pốk', acreage: 12.5, manufacture_id: manufactureId },
  });
}, 60_000);
afterAll(async () => t?.close());

/** Exports a filtered list, returns the workbook and the column index of a header. */
async function exported(name: string, action: string, query: Record<string, string>) {
  const e = await callJob(t, 'GET', `/api/admin/${name}/${action}`, { query });
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
  const wb = await loadWorkbook(file.rawPayload);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const colOf = (h: string) => headers.indexOf(h) + 1;
  return { wb, ws, colOf, rows: e.body.data.rows as number };
}

const cases: [string, string, Record<string, string>, string, string, unknown, (e: Record<string, unknown>) => unknown][] = [
  ['manufactures', 'export', { search: "cu m'gar" }, 'CSSX-IMP-01', 'Tên cơ sở sản xuất', "Hợp tác xã Cà phê Cư M'gar (đổi tên)", (e) => e.name],
  ['products', 'export', {}, 'SP-IMP-01', 'Giá (VNĐ)', 135000, (e) => e.price],
  ['distributors', 'export', { search: 'buon ho' }, 'NPP-IMP-01', 'Giá thỏa thuận (VNĐ)', 65000, (e) => e.price],
  ['labors', 'export-labors', { search: 'y wang' }, 'LD-IMP-01', 'Chức vụ/công việc', 'Tổ trưởng thu hái', (e) => e.position],
  ['material-areas', 'export-material-areas', { search: 'ea pok' }, 'VNL-IMP-01', 'Diện tích (ha)', 14.25, (e) => e.acreage],
];

describe.each(cases)('import round trip: %s', (name, action, query, code, header, value, read) => {
  it('exports the filtered list, imports it back with one change (dry run first), upserting by code', async () => {
    const q = name === 'products' ? { manufacture_id: String(manufactureId) } : query;
    const { wb, ws, colOf, rows } = await exported(name, action, q);
    expect(rows).toBeGreaterThanOrEqual(1);
    const codeCol = colOf(ws.getRow(1).getCell(2).value as string);
    let target = 0;
    ws.eachRow((r, i) => {
      if (i > 1 && r.getCell(codeCol).value === code) target = i;
    });
    expect(target, `${code} in the export`).toBeGreaterThan(1);
    expect(colOf(header), header).toBeGreaterThan(0);
    ws.getRow(target).getCell(colOf(header)).value = value as never;
    const buf = await toBuffer(wb);

    const dry = await postImport(t, `/api/admin/${name}/import`, buf);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ dry_run: true, written: false, created: 0, updated: 1, errors: [] });
    const before = await call(t, 'GET', `/api/admin/${name}`, { query: { search: code.toLowerCase() } });
    expect(read(before.body.data.entries[0])).not.toEqual(value);

    const real = await postImport(t, `/api/admin/${name}/import`, buf, { dryRun: false });
    expect(real.body.data, JSON.stringify(real.body)).toMatchObject({ written: true, updated: 1, created: 0 });
    const after = await call(t, 'GET', `/api/admin/${name}`, { query: { search: code.toLowerCase() } });
    expect(after.body.data.entries).toHaveLength(1);
    expect(read(after.body.data.entries[0])).toEqual(value);
  });
});

describe('import of producers: new rows and per-row errors', () => {
  it('creates a new manufacturer from an added row and reports bad rows in Vietnamese, writing nothing', async () => {
    const { wb, ws, colOf } = await exported('manufactures', 'export', { search: 'loc ninh' });
    const add = (cells: Record<string, unknown>) => {
      const row = ws.addRow([]);
      for (const [h, v] of Object.entries(cells)) row.getCell(colOf(h)).value = v as never;
    };
    add({ 'Mã cơ sở': 'CSSX-IMP-03', 'Tên cơ sở sản xuất': 'Hợp tác xã Sầu riêng Krông Pắc', 'Số điện thoại': '0905111666', 'Trạng thái': 'Đang hoạt động' });
    add({ 'Mã cơ sở': 'CSSX-IMP-04', 'Tên cơ sở sản xuất': 'Cơ sở lỗi', 'Số điện thoại': '12345', 'Trạng thái': 'Đang hoạt động' });
    const bad = await postImport(t, '/api/admin/manufactures/import', await toBuffer(wb), { dryRun: false });
    expect(bad.body.data.written).toBe(false);
    expect(bad.body.data.errors).toContainEqual(expect.objectContaining({ row: 4, field: 'phone', message: expect.stringContaining(MESSAGES.phone) }));
    expect((await call(t, 'GET', '/api/admin/manufactures', { query: { search: 'krong pac' } })).body.data.entries).toHaveLength(0);

    ws.spliceRows(4, 1);
    const ok = await postImport(t, '/api/admin/manufactures/import', await toBuffer(wb), { dryRun: false });
    expect(ok.body.data, JSON.stringify(ok.body)).toMatchObject({ written: true, created: 1, errors: [] });
    const made = await call(t, 'GET', '/api/admin/manufactures', { query: { search: 'krong pac' } });
    expect(made.body.data.entries[0]).toMatchObject({ code: 'CSSX-IMP-03', status: 'active' });
  });

  it("resolves a product's producer by its name and refuses an unknown one", async () => {
    const { wb, ws, colOf } = await exported('products', 'export', { manufacture_id: String(manufactureId) });
    const row = ws.addRow([]);
    row.getCell(colOf('Mã sản phẩm')).value = 'SP-IMP-03';
    row.getCell(colOf('Tên sản phẩm')).value = 'Cà phê phin giấy';
    row.getCell(colOf('Cơ sở sản xuất')).value = 'Công ty TNHH Tiêu Lộc Ninh';
    const ok = await postImport(t, '/api/admin/products/import', await toBuffer(wb), { dryRun: false });
    expect(ok.body.data, JSON.stringify(ok.body)).toMatchObject({ created: 1, errors: [] });
    const p = await call(t, 'GET', '/api/admin/products', { query: { search: 'phin giay' } });
    expect(p.body.data.entries[0].manufacture.name).toBe('Công ty TNHH Tiêu Lộc Ninh');
    expect(p.body.data.entries[0].status).toBe('pending');

    row.getCell(colOf('Cơ sở sản xuất')).value = 'Cơ sở không tồn tại';
    const bad = await postImport(t, '/api/admin/products/import', await toBuffer(wb));
    expect(bad.body.data.errors.map((e: { field: string }) => e.field)).toContain('manufacture_id');
  });
});
