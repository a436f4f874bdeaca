import { resourceByName } from '@nns/shared/registry';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_FMT, DATETIME_FMT, detailFields, MONEY_FMT } from '../src/core/export';
import { columnHint, importableFields } from '../src/core/import-cells';
import { call, callJob, makeApp, type TestApp } from './helpers';
import { loadWorkbook, postImport, toBuffer } from './import-helpers';

/** Issue 18.6: an export that carries the detail, a template with hints, a dry run that reports every error. */
let t: TestApp;
let manufactureId: number;
let laborId: number;
beforeAll(async () => {
  t = await makeApp();
  const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CS-XL-01', name: 'HTX Chè Cầu Đất', phone: '0901234567' } });
  manufactureId = m.body.data.entry.id;
  const l = await call(t, 'POST', '/api/admin/labors', {
    body: {
      code: 'LD-XL-01',
      full_name: 'Nguyễn Thị Hoa',
      birthday: '1990-03-15T00:00:00Z',
      gender: 'female',
      manufacture_id: manufactureId,
      position: 'Hái chè',
    },
  });
  expect(l.status, JSON.stringify(l.body)).toBe(200);
  laborId = l.body.data.entry.id;
  const p = await call(t, 'POST', '/api/admin/products', {
    body: { code: 'SP-XL-01', name: 'Chè Ô long Cầu Đất', manufacture_id: manufactureId, price: 1250000 },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

async function exported(name: string, action = 'export') {
  const e = await callJob(t, 'GET', `/api/admin/${name}/${action}`);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
  const wb = await loadWorkbook(file.rawPayload);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const cell = (row: number, header: string) => ws.getRow(row).getCell(headers.indexOf(header) + 1);
  return { ws, headers, cell, rows: e.body.data.rows as number };
}

describe('export', () => {
  it('carries every field of the detail, with a frozen header and an autofilter over the data', async () => {
    const { ws, headers, rows } = await exported('labors', 'export-labors');
    const def = resourceByName.labors;
    // every field the detail shows, by its label, not only the list's six columns
    for (const [, f] of detailFields(def)) expect(headers).toContain(f.label);
    expect(headers).toEqual(expect.arrayContaining(['Ngày sinh', 'Giới tính', 'Số CCCD', 'Email', 'Địa chỉ', 'Ngày tạo', 'Ngày cập nhật']));
    expect(headers.some((h) => /mật khẩu/i.test(h))).toBe(false);
    expect(headers.length).toBeGreaterThan(def.listColumns.length + 5);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const last = String.fromCharCode(64 + headers.length);
    expect(ws.autoFilter).toBe(`A1:${last}${rows + 1}`);
    expect(ws.getRow(1).font?.bold).toBe(true);
  });

  it('writes enum captions, reference names, real dates at UTC+7 as dd/mm/yyyy', async () => {
    const { ws, cell } = await exported('labors', 'export-labors');
    const row = [...Array(ws.rowCount).keys()].map((i) => i + 1).find((r) => cell(r, 'Mã người lao động').value === 'LD-XL-01') as number;
    expect(row).toBeGreaterThan(1);
    expect(cell(row, 'Giới tính').value).toBe('Nữ');
    expect(cell(row, 'Cơ sở sản xuất').value).toBe('HTX Chè Cầu Đất');
    expect(cell(row, 'Trạng thái').value).toBe('Chờ duyệt');
    const born = cell(row, 'Ngày sinh');
    expect(born.value).toBeInstanceOf(Date);
    expect((born.value as Date).toISOString()).toBe('1990-03-15T00:00:00.000Z');
    expect(born.numFmt).toBe(DATE_FMT);
    // made now: the wall clock at UTC+7, within a few minutes of now
    const made = cell(row, 'Ngày tạo');
    expect(made.numFmt).toBe(DATETIME_FMT);
    const shift = (made.value as Date).getTime() - Date.now();
    expect(Math.abs(shift - 7 * 3600_000)).toBeLessThan(10 * 60_000);
  });

  it('writes money as numbers formatted #,##0 ₫', async () => {
    const { ws, cell } = await exported('products');
    const row = [...Array(ws.rowCount).keys()].map((i) => i + 1).find((r) => cell(r, 'Mã sản phẩm').value === 'SP-XL-01') as number;
    const price = cell(row, 'Giá (VNĐ)');
    expect(price.value).toBe(1250000);
    expect(price.numFmt).toBe(MONEY_FMT);
    expect(cell(row, 'Nổi bật').value).toBe('Không');
    expect(cell(row, 'Hướng dẫn bảo quản')).toBeDefined();
  });

  it('an exported file imports back unchanged', async () => {
    const e = await callJob(t, 'GET', '/api/admin/labors/export-labors');
    const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
    const r = await postImport(t, '/api/admin/labors/import', file.rawPayload);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.errors).toEqual([]);
    expect(r.body.data.rows.find((x: { key: string }) => x.key === 'LD-XL-01')).toMatchObject({ action: 'unchanged', id: laborId });
  });
});

describe('import template', () => {
  async function template(name: string) {
    const r = await t.app.inject({ method: 'GET', url: `/api/admin/${name}/import-template`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(r.statusCode).toBe(200);
    const wb = await loadWorkbook(r.rawPayload);
    return { wb, ws: wb.worksheets[0] as ExcelJS.Worksheet };
  }

  it('carries every importable field with a second row of hints', async () => {
    const { ws } = await template('labors');
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const hints = (ws.getRow(2).values as unknown[]).slice(1) as string[];
    const def = resourceByName.labors;
    expect(headers[0]).toBe('Mã người lao động');
    expect(new Set(headers)).toEqual(new Set(importableFields(def).map((c) => c.header)));
    expect(headers).toContain('Ngày sinh');
    const at = (h: string) => hints[headers.indexOf(h)];
    expect(at('Ngày sinh')).toBe('Không bắt buộc. Ngày dd/mm/yyyy');
    expect(at('Giới tính')).toMatch(/^Không bắt buộc\. Một trong: Nam, Nữ/);
    expect(at('Họ và tên')).toBe('Bắt buộc. Văn bản, tối đa 150 ký tự');
    expect(at('Mã người lao động')).toMatch(/^Bắt buộc, dùng để nhận diện/);
    expect(at('Cơ sở sản xuất')).toBe('Không bắt buộc. Tên hoặc mã cơ sở sản xuất đã có');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    const m = await template('manufactures');
    const mh = (m.ws.getRow(1).values as unknown[]).slice(1);
    const mhint = (m.ws.getRow(2).values as unknown[]).slice(1);
    expect(mhint[mh.indexOf('Trạng thái')]).toBe('Bắt buộc. Một trong: Đang hoạt động, Ngừng hoạt động');
  });

  it('imports a filled template, skipping the hint row', async () => {
    const { wb, ws } = await template('labors');
    const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const values: Record<string, unknown> = { 'Mã người lao động': 'LD-XL-02', 'Họ và tên': 'Trần Văn Bình', 'Ngày sinh': '02/09/1985', 'Giới tính': 'Nam' };
    ws.addRow(headers.map((h) => values[h] ?? null));
    const r = await postImport(t, '/api/admin/labors/import', await toBuffer(wb));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.errors).toEqual([]);
    expect(r.body.data.total).toBe(1);
    expect(r.body.data.rows).toEqual([expect.objectContaining({ row: 3, key: 'LD-XL-02', action: 'create' })]);
  });

  it('a dry run reports every error of every bad row at once: row, column label, message', async () => {
    const { wb, ws } = await template('labors');
    const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const row = (v: Record<string, unknown>) => ws.addRow(headers.map((h) => v[h] ?? null));
    row({ 'Mã người lao động': 'LD-XL-03', 'Họ và tên': 'Đúng hết', 'Ngày sinh': '01/01/1990' });
    row({ 'Mã người lao động': 'LD-XL-04', 'Họ và tên': '', 'Ngày sinh': '31/02/1990', 'Giới tính': 'Khác lạ', Email: 'khong-phai-email' });
    row({ 'Mã người lao động': 'LD-XL-05', 'Họ và tên': 'Sai cơ sở', 'Cơ sở sản xuất': 'Cơ sở không có', 'Số CCCD': '123' });
    const r = await postImport(t, '/api/admin/labors/import', await toBuffer(wb));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const errors = r.body.data.errors as { row: number; column: string; message: string }[];
    const of = (n: number) => errors.filter((e) => e.row === n).map((e) => e.column);
    expect(of(3)).toEqual([]);
    expect(of(4)).toEqual(expect.arrayContaining(['Họ và tên', 'Ngày sinh', 'Giới tính', 'Email']));
    expect(of(5)).toEqual(expect.arrayContaining(['Cơ sở sản xuất', 'Số CCCD']));
    expect(errors.find((e) => e.row === 4 && e.column === 'Giới tính')?.message).toMatch(/Nam, Nữ/);
    expect(errors.find((e) => e.row === 5 && e.column === 'Cơ sở sản xuất')?.message).toBe("Cơ sở sản xuất 'Cơ sở không có' không tồn tại");
    expect(r.body.data.written).toBe(false);
  });

  it('the hint of every kind names its format', () => {
    const def = resourceByName.products;
    const price = importableFields(def).find((c) => c.key === 'price');
    expect(price && columnHint(def, price)).toBe('Không bắt buộc. Số tiền (VNĐ), số nguyên, từ 0');
  });
});
