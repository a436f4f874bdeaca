import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec } from '../src/core/resource-store';
import { expectDocumented } from './documented';
import { call, callJob, makeApp, makeUser, type TestApp } from './helpers';
import { createSample, gtin13 } from './samples';

/** Scan statistics (issue 14 §8): from the daily roll-ups, filters, totals, days, locations, export, ward scope. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`.toUpperCase();
const db = () => t.app.services.db;
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
let serial = 5_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

async function productWithStamps(name: string, count: number) {
  const wardId = await createSample(t, resourceByName.wards);
  const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: uniq('CSSX'), name: `Cơ sở ${name}`, ward_id: wardId } });
  const p = await call(t, 'POST', '/api/admin/products', { body: { code: uniq('SP'), name, gtin: gtin13(), manufacture_id: m.body.data.entry.id } });
  const productId = p.body.data.entry.id as number;
  const [run] = await exec<{ id: number }>(
    db(),
    sql`insert into stamps (product_id, manufacture_id, quantity, serial_from, serial_to) values (${productId}, ${m.body.data.entry.id}, ${count}, ${serial + 1}, ${serial + count}) returning id`,
  );
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = uniq('Q').replace(/[^A-Z0-9]/g, '');
    await exec(db(), sql`insert into stamp_codes (stamp_id, serial, code, status) values (${run.id}, ${++serial}, ${code}, 'printed')`);
    codes.push(code);
  }
  return { wardId, manufactureId: m.body.data.entry.id as number, productId, codes };
}

const scan = (code: string, ip = '203.0.113.1') => t.app.inject({ method: 'GET', url: `/truy-xuat/${code}`, headers: { 'user-agent': UA }, remoteAddress: ip });
const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const stats = (query: Record<string, string>, token?: string) => call(t, 'GET', '/api/admin/scan-statistics', { query, token });

describe('scan statistics', () => {
  it('sums scans per product from the roll-ups with totals, every day of the period, and filters', async () => {
    const a = await productWithStamps('Cà phê Robusta Đắk Lắk', 2);
    const b = await productWithStamps('Sầu riêng Ri6', 1);
    await scan(a.codes[0]);
    await scan(a.codes[0]);
    await scan(a.codes[1]);
    await scan(b.codes[0]);
    // an older day, written as the trigger would have (a roll-up row)
    await exec(
      db(),
      sql`insert into scan_daily (day, product_id, manufacture_id, ward_id, scans, first_scans) values (current_date - 3, ${a.productId}, ${a.manufactureId}, ${a.wardId}, 5, 2)`,
    );
    const r = await stats({ product_id: String(a.productId), from: new Date(Date.now() + 7 * 3600_000 - 10 * 86400_000).toISOString().slice(0, 10) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/scan-statistics', r.body);
    const d = r.body.data;
    expect(d.entries).toEqual([
      expect.objectContaining({
        product_id: a.productId,
        product_name: 'Cà phê Robusta Đắk Lắk',
        manufacture_id: a.manufactureId,
        ward_id: a.wardId,
        scans: 8,
        first_scans: 4,
        flagged: 0,
      }),
    ]);
    expect(d.totals).toEqual({ scans: 8, first_scans: 4, flagged: 0, products: 1 });
    expect(d.daily.length).toBeGreaterThanOrEqual(11);
    expect(d.daily.at(-1)).toEqual({ day: today(), scans: 3, first_scans: 2, flagged: 0 });
    expect(d.daily.reduce((s: number, x: { scans: number }) => s + x.scans, 0)).toBe(8);
    // today only
    const todayOnly = await stats({ product_id: String(a.productId), from: today(), to: `${today()}T00:00:00Z` });
    expect(todayOnly.body.data.totals.scans).toBe(3);
    expect(todayOnly.body.data.daily).toHaveLength(1);
    // by ward
    const byWard = await stats({ ward_id: String(b.wardId) });
    expect(byWard.body.data.entries.map((e: { product_id: number }) => e.product_id)).toEqual([b.productId]);
    expect(byWard.body.data.pagination).toEqual({ page: 1, limit: 10, total: 1, total_pages: 1 });
  });

  it('keeps a ward officer to their ward and refuses without the permission', async () => {
    const a = await productWithStamps('Chè Thái Nguyên', 1);
    const b = await productWithStamps('Bưởi Năm Roi', 1);
    await scan(a.codes[0], '203.0.113.2');
    await scan(b.codes[0], '203.0.113.2');
    const officer = await makeUser(t, { perms: ['list:scan_statistics'], wardId: a.wardId });
    const mine = await stats({}, officer.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.entries.map((e: { product_id: number }) => e.product_id)).toEqual([a.productId]);
    expect(mine.body.data.totals.scans).toBe(1);
    const other = await stats({ ward_id: String(b.wardId) }, officer.token);
    expect(other.body.data.entries).toEqual([]);
    const none = await makeUser(t, { perms: ['list:products'] });
    expect((await stats({}, none.token)).status).toBe(403);
    expect((await stats({}, '')).status).toBe(401);
  });

  it('refuses bad filters with a Vietnamese message per field', async () => {
    const r = await stats({ from: '2025-02-30x', product_id: 'abc' });
    expect(r.status).toBe(400);
    const fields = r.body.data.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['from', 'product_id']);
    const notADay = await stats({ to: '2025-02-30' });
    expect(notADay.body.data.errors).toEqual([{ field: 'to', message: 'Đến ngày không hợp lệ' }]);
    const reversed = await stats({ from: '2025-05-02', to: '2025-05-01' });
    expect(reversed.body.data.errors).toEqual([{ field: 'to', message: 'Đến ngày phải sau hoặc bằng Từ ngày' }]);
    const long = await stats({ from: '2020-01-01', to: '2025-01-01' });
    expect(long.body.data.errors[0].field).toBe('from');
    expect((await stats({ colour: 'red' })).status).toBe(400);
    // a period check never reads a day that failed (the fuzzer found 500s here)
    for (const to of ['1e309', '-9223372036854776000', "' or 1=1 --"]) {
      for (const url of ['/api/admin/scan-statistics', '/api/admin/scan-statistics/export', '/api/admin/scan-statistics/locations']) {
        const r = await call(t, 'GET', url, { query: { to, x: '1' } });
        expect(r.status, `${url} ${to}`).toBe(400);
      }
    }
  });

  it('lists shared locations for the map and exports the period to Excel', async () => {
    const a = await productWithStamps('Xoài cát Hòa Lộc', 1);
    const page = await scan(a.codes[0], '203.0.113.3');
    // the location goes with the page's scan token, from the same client (its cookie)
    const token = /data-scan="([^"]+)"/.exec(page.body)?.[1];
    const cookie = String(page.headers['set-cookie']).split(';')[0];
    const loc = await t.app.inject({
      method: 'POST',
      url: '/api/web/scans/location',
      payload: { code: a.codes[0], token, lat: 10.36, long: 106.36 },
      headers: { 'user-agent': UA, cookie },
      remoteAddress: '203.0.113.3',
    });
    expect(loc.json().data.outcome).toBe('recorded');
    const [{ id: scanId }] = await exec<{ id: number }>(
      db(),
      sql`select id::float8 as id from scans where stamp_code_id = (select id from stamp_codes where code = ${a.codes[0]})`,
    );
    const l = await call(t, 'GET', '/api/admin/scan-statistics/locations', { query: { product_id: String(a.productId) } });
    expect(l.status).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/scan-statistics/locations', l.body);
    expect(l.body.data.entries).toEqual([expect.objectContaining({ id: scanId, lat: 10.36, long: 106.36, product_name: 'Xoài cát Hòa Lộc', flagged: false })]);
    const e = await callJob(t, 'GET', '/api/admin/scan-statistics/export', { query: { product_id: String(a.productId) } });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('Theo sản phẩm')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[1]).toEqual(['STT', 'Sản phẩm', 'Cơ sở sản xuất', 'Phường/xã', 'Lượt quét', 'Lượt quét đầu (kích hoạt)', 'Tem nghi giả']);
    expect(rows[2].slice(0, 2)).toEqual([1, 'Xoài cát Hòa Lộc']);
    expect(rows[2].slice(4)).toEqual([1, 1, 0]);
    expect(wb.getWorksheet('Theo ngày')!.rowCount).toBe(31);
  });
});

describe('scan statistics export', () => {
  it('writes formula-like names as text with a leading quote, as every other export does', async () => {
    const a = await productWithStamps('=HYPERLINK("http://x","Xoài")', 1);
    await scan(a.codes[0], '203.0.113.4');
    const e = await callJob(t, 'GET', '/api/admin/scan-statistics/export', { query: { product_id: String(a.productId) } });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const row = wb.getWorksheet('Theo sản phẩm')!.getRow(3);
    expect(row.getCell(2).value).toBe('\'=HYPERLINK("http://x","Xoài")');
    expect(row.getCell(3).value).toBe('Cơ sở =HYPERLINK("http://x","Xoài")');
  });
});
