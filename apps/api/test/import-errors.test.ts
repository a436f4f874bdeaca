import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unusableKey } from '../src/core/import';
import { makeWard } from './accounts-helpers';
import { call, makeApp, makeUser, type TestApp } from './helpers';
import { loadWorkbook, postImport, workbook } from './import-helpers';

/** Per-row Vietnamese errors of the generic import, on one register (product-plants). */
let t: TestApp;
const url = '/api/admin/product-plants/import';
const H = ['Mã', 'Tên giống cây trồng', 'Loài cây', 'Thời gian sinh trưởng (ngày)', 'Năng suất (tấn/ha)', 'Hoạt động', 'Cột lạ'];
beforeAll(async () => {
  t = await makeApp();
  expect((await call(t, 'POST', '/api/admin/plants', { body: { code: 'P-LUA', name: 'Lúa' } })).status).toBe(200);
  expect((await call(t, 'POST', '/api/admin/plants', { body: { code: 'P-CF', name: 'Cà phê' } })).status).toBe(200);
});
afterAll(async () => t?.close());

describe('per-row errors', () => {
  it('reports every error of every bad row at once, with its row, field and column label, and writes nothing', async () => {
    const before = (await call(t, 'GET', '/api/admin/product-plants/count')).body.data.count;
    const buf = await workbook(H, [
      ['CT-1', 'Cà phê vối TR4', 'Cà phê', 1095, '4,5', 'Có', 'bỏ qua'],
      ['CT-2', 'Giống A', 'Cây không có', 'mười', 2, 'Có'],
      ['CT-3', '', 'P-CF', 100, -1, 'Có lẽ'],
      ['', 'Không mã', 'Cà phê', 100, 1, 'Không'],
      ['CT-1', 'Lặp mã', 'Cà phê', 100, 1, 'Không'],
    ]);
    const r = await postImport(t, url, buf);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ dry_run: true, written: false, total: 5, created: 1, ignored_columns: ['Cột lạ'] });
    expect(r.body.data.errors).toEqual([
      { row: 3, field: 'plant_id', column: 'Loài cây', message: "Loài cây 'Cây không có' không tồn tại" },
      { row: 3, field: 'growth_duration_days', column: 'Thời gian sinh trưởng (ngày)', message: 'Thời gian sinh trưởng (ngày) phải là số nguyên' },
      // a bad cell does not hide the row's other errors (required, bounds): one dry run shows them all
      { row: 4, field: 'is_active', column: 'Hoạt động', message: "Hoạt động chỉ nhận 'Có' hoặc 'Không'" },
      { row: 4, field: 'name', column: 'Tên giống cây trồng', message: 'Tên giống cây trồng bắt buộc' },
      { row: 4, field: 'yield_per_ha', column: 'Năng suất (tấn/ha)', message: 'Năng suất (tấn/ha) phải lớn hơn hoặc bằng 0' },
      { row: 5, field: 'code', column: 'Mã', message: 'Mã bắt buộc (dùng để nhận diện bản ghi)' },
      { row: 6, field: 'code', column: 'Mã', message: "Mã 'CT-1' trùng với dòng 2" },
    ]);
    const real = await postImport(t, url, buf, { dryRun: false });
    expect(real.status).toBe(400);
    expect(real.body.message).toBe('Tệp có lỗi ở 4 dòng, chưa ghi dữ liệu nào');
    expect((await call(t, 'GET', '/api/admin/product-plants/count')).body.data.count).toBe(before);
  });

  it('runs the schema (required, bounds) and finds titles whatever their case', async () => {
    const r = await postImport(
      t,
      url,
      await workbook(H, [
        ['CT-4', '  ', 'Cà phê', 100, 1, 'Có'],
        ['CT-5', 'Giống B', 'Cà phê', 100, -1, 'Có'],
        ['CT-6', 'Giống C', 'lúa', 100, 1, 'Có'],
      ]),
    );
    expect(r.body.data.errors).toEqual([
      { row: 2, field: 'name', column: 'Tên giống cây trồng', message: 'Tên giống cây trồng bắt buộc' },
      { row: 3, field: 'yield_per_ha', column: 'Năng suất (tấn/ha)', message: 'Năng suất (tấn/ha) phải lớn hơn hoặc bằng 0' },
    ]);
    expect(r.body.data.created).toBe(1);
    expect(r.body.data.rows[2]).toMatchObject({ row: 4, key: 'CT-6', action: 'create' });
  });

  it('takes the leading quote off escaped cells and reads Vietnamese decimals', async () => {
    const r = await postImport(t, url, await workbook(H, [["'=CT-8", "'+Giống có dấu cộng", 'Cà phê', 90, '1.234,5', 'Có']]), { dryRun: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const e = (await call(t, 'GET', '/api/admin/product-plants', { query: { search: 'dau cong' } })).body.data.entries[0];
    expect(e).toMatchObject({ code: '=CT-8', name: '+Giống có dấu cộng', yield_per_ha: 1234.5, is_active: true });
  });
});

describe('the file and the caller', () => {
  it('refuses a missing file, a non-Excel file and a sheet without the key column', async () => {
    const none = await t.app.inject({ method: 'POST', url: `${url}?dry_run=1`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(none.statusCode).toBe(400);
    const bad = await postImport(t, url, Buffer.from('<html></html>'));
    expect(bad.body.data.errors).toEqual([{ field: 'file', message: 'Tệp không phải là tệp Excel (.xlsx) hợp lệ' }]);
    const noKey = await postImport(t, url, await workbook(['Tên giống cây trồng'], [['A']]));
    expect(noKey.status).toBe(400);
    expect(noKey.body.data.errors[0].message).toContain("thiếu cột 'Mã'");
    expect((await postImport(t, url.replace('import', 'import?x=1'), await workbook(H, []))).status).toBe(400);
  });

  it('needs the create permission, and offers a template with a help sheet', async () => {
    const u = await makeUser(t, { perms: ['list:product_plants', 'update:product_plants'] });
    expect((await postImport(t, url, await workbook(H, []), { token: u.token })).status).toBe(403);
    const tpl = await t.app.inject({ method: 'GET', url: '/api/admin/product-plants/import-template', headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(tpl.statusCode).toBe(200);
    const wb = await loadWorkbook(tpl.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(expect.arrayContaining(['Mã', 'Tên giống cây trồng', 'Loài cây']));
    expect(wb.worksheets[1].name).toBe('Hướng dẫn');
  });
});

describe('import by a ward officer', () => {
  it("a row naming another ward's existing code is told the code cannot be used, never that it exists", async () => {
    const mine = await makeWard(t);
    const theirs = await makeWard(t);
    const taken = await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-KHAC-01', name: 'Cơ sở phường khác', ward_id: theirs } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const officer = await makeUser(t, { wardId: mine, perms: ['list:manufactures', 'create:manufactures', 'update:manufactures'] });
    const headers = ['Mã cơ sở', 'Tên cơ sở sản xuất', 'Trạng thái'];
    const buf = await workbook(headers, [
      ['CSSX-KHAC-01', 'Đè lên cơ sở phường khác', 'Đang hoạt động'],
      ['CSSX-MOI-01', 'Cơ sở mới của phường', 'Đang hoạt động'],
    ]);
    const r = await postImport(t, '/api/admin/manufactures/import', buf, { token: officer.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.errors).toEqual([{ row: 2, field: 'code', column: 'Mã cơ sở', message: unusableKey('Mã cơ sở', 'CSSX-KHAC-01') }]);
    expect(JSON.stringify(r.body)).not.toContain('đã tồn tại');
    expect(r.body.data.created).toBe(1);
    const other = await call(t, 'GET', `/api/admin/manufactures/${taken.body.data.entry.id}`);
    expect(other.body.data.entry.name).toBe('Cơ sở phường khác');
  });
});
