import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, makeUser, type TestApp } from './helpers';
import { loadWorkbook, postImport, workbook } from './import-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const post = async (url: string, body: unknown) => {
  const r = await call(t, 'POST', url, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry.id as number;
};

describe('provinces with districts, districts with wards', () => {
  let provinceId: number;
  let districtId: number;

  it('reads a province with its districts and ward counts (both shapes at once)', async () => {
    provinceId = await post('/api/admin/provinces', { code: '90', name: 'Tỉnh Thử Nghiệm', level: 'Tỉnh' });
    districtId = await post('/api/admin/districts', { code: '901', name: 'Huyện Một', level: 'Huyện', province_id: provinceId });
    await post('/api/admin/wards', { code: '90001', name: 'Xã Trong Huyện', level: 'Xã', province_id: provinceId, district_id: districtId });
    await post('/api/admin/wards', { code: '90002', name: 'Phường Trực Thuộc Tỉnh', level: 'Phường', province_id: provinceId });
    const r = await call(t, 'GET', `/api/admin/provinces/${provinceId}`);
    expect(r.status).toBe(200);
    expect(r.body.data.entry).toMatchObject({ code: '90', name: 'Tỉnh Thử Nghiệm', wards_count: 2, direct_wards_count: 1 });
    expect(r.body.data.entry.districts).toEqual([expect.objectContaining({ id: districtId, code: '901', wards_count: 1 })]);
  });

  it('reads a district with its wards and its province', async () => {
    const r = await call(t, 'GET', `/api/admin/districts/${districtId}`);
    expect(r.status).toBe(200);
    expect(r.body.data.entry.province).toEqual({ id: provinceId, name: 'Tỉnh Thử Nghiệm' });
    expect(r.body.data.entry.wards.map((w: { code: string }) => w.code)).toEqual(['90001']);
    expect((await call(t, 'GET', '/api/admin/districts/999999')).status).toBe(404);
  });

  it('refuses a ward whose district lies in another province', async () => {
    const other = await post('/api/admin/provinces', { code: '91', name: 'Tỉnh Khác' });
    const r = await call(t, 'POST', '/api/admin/wards', { body: { code: '91001', name: 'Xã Lạc Chỗ', province_id: other, district_id: districtId } });
    expect(r.status).toBe(400);
    expect(r.body.data.errors).toEqual([{ field: 'district_id', message: 'Quận/huyện không thuộc tỉnh/thành phố đã chọn' }]);
  });

  it('refuses to delete a unit that still has units under it', async () => {
    const d = await call(t, 'DELETE', `/api/admin/provinces/${provinceId}`);
    expect(d.status).toBe(409);
    expect(d.body.message).toContain('quận/huyện');
    expect((await call(t, 'GET', `/api/admin/provinces/${provinceId}`)).status).toBe(200);
  });

  it('needs read permission for the detail', async () => {
    const u = await makeUser(t, { perms: ['list:administrative_areas'] });
    expect((await call(t, 'GET', `/api/admin/provinces/${provinceId}`, { token: u.token })).status).toBe(403);
  });
});

describe('import of the official list (code, name, level, parent code)', () => {
  const url = '/api/admin/provinces/import-units';
  const H = ['Mã', 'Tên', 'Cấp', 'Mã cấp trên'];

  it('dry run shows per-row errors and writes nothing', async () => {
    const buf = await workbook(H, [
      ['80', 'Tỉnh Nhập Thử', 'Tỉnh', ''],
      ['80001', 'Phường Một', 'Phường', '80'],
      ['80002', 'Xã Lạc', 'Xã', '99'],
      ['8A003', 'Xã Sai Mã', 'Xã', '80'],
      ['80001', 'Phường Một Lặp', 'Phường', '80'],
      ['', 'Xã Không Mã', 'Xã', '80'],
    ]);
    const r = await postImport(t, url, buf);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ dry_run: true, written: false, total: 6, created: 2 });
    const errs = r.body.data.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`);
    expect(errs).toEqual(['4:parent', '5:code', '6:code', '7:code']);
    expect(r.body.data.errors[0].message).toContain("'99'");
    const real = await postImport(t, url, buf, { dryRun: false });
    expect(real.status).toBe(400);
    expect(real.body.message).toContain('chưa ghi dữ liệu nào');
    const l = await call(t, 'GET', '/api/admin/provinces', { query: { search: 'Nhập Thử' } });
    expect(l.body.data.entries).toHaveLength(0);
  });

  it('upserts by code: provinces first, wards straight under a province or under a district', async () => {
    const rows = [
      ['81001', 'Phường Trung Tâm', 'Phường', '81'],
      ['81', 'Tỉnh Hai Cấp', 'Tỉnh', ''],
      ['811', 'Huyện Cũ', 'Huyện', '81'],
      ['81002', 'Thị trấn Cũ', '', '811'],
      ['81003', 'Đặc khu Đảo Ngọc', 'Đặc khu', '81'],
    ];
    const dry = await postImport(t, url, await workbook(H, rows));
    expect(dry.body.data).toMatchObject({ created: 5, updated: 0, errors: [] });
    const r = await postImport(t, url, await workbook(H, rows), { dryRun: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ written: true, created: 5 });
    const w = await call(t, 'GET', '/api/admin/wards', { query: { search: 'thi tran cu' } });
    expect(w.body.data.entries[0]).toMatchObject({ code: '81002', level: 'Thị trấn', district: { name: 'Huyện Cũ' }, province: { name: 'Tỉnh Hai Cấp' } });
    const d = await call(t, 'GET', '/api/admin/wards', { query: { search: 'dac khu' } });
    expect(d.body.data.entries[0]).toMatchObject({ code: '81003', district_id: null });

    rows[0] = ['81001', 'Phường Trung Tâm Mới', 'Phường', '81'];
    const again = await postImport(t, url, await workbook(H, rows), { dryRun: false });
    expect(again.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 4 });
    expect(again.body.data.rows[0]).toMatchObject({ row: 2, action: 'update', changes: { name: { from: 'Phường Trung Tâm', to: 'Phường Trung Tâm Mới' } } });
  });

  it('offers a template and refuses a file without the code column, a non-Excel file, and users without create', async () => {
    const tpl = await t.app.inject({ method: 'GET', url: '/api/admin/provinces/import-units-template', headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(tpl.statusCode).toBe(200);
    const wb = await loadWorkbook(tpl.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(H);
    const noCode = await postImport(t, url, await workbook(['Tên'], [['Xã A']]));
    expect(noCode.status).toBe(400);
    const notExcel = await postImport(t, url, Buffer.from('Mã,Tên\n1,A'));
    expect(notExcel.status).toBe(400);
    expect(notExcel.body.data.errors[0]).toEqual({ field: 'file', message: 'Tệp không phải là tệp Excel (.xlsx) hợp lệ' });
    const u = await makeUser(t, { perms: ['list:administrative_areas'] });
    expect((await postImport(t, url, await workbook(H, []), { token: u.token })).status).toBe(403);
  });
});
