import { resourceByName } from '@nns/shared/registry';
import { STAMP_CODE_RE } from '@nns/shared/traceability';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDocumented } from './documented';
import { call, callJob, makeApp, makeUser, type TestApp } from './helpers';
import { crop, decodeQr, renderPdf } from './pdf-qr';
import { createSample } from './samples';

/** Traceability part A (issue 14): traces, stamp runs and their codes, voiding, print sheets, stamp statistics. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

type FieldErrors = { field: string; message: string }[];
const errorsOf = (r: { body: { data: { errors: FieldErrors } } }) => r.body.data.errors;
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`.toUpperCase();
const D = (d: string) => `${d}T00:00:00Z`;

async function producer(name = 'Hợp tác xã Hồng treo gió Đà Lạt') {
  const wardId = await createSample(t, resourceByName.wards);
  const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: uniq('CSSX'), name, ward_id: wardId } });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const p = await call(t, 'POST', '/api/admin/products', { body: { code: uniq('SP'), name: 'Hồng treo gió Đà Lạt', manufacture_id: m.body.data.entry.id } });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  const a = await call(t, 'POST', '/api/admin/material-areas', { body: { code: uniq('VNL'), name: 'Vùng hồng Cầu Đất', acreage: 12, ward_id: wardId } });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  return { wardId, manufactureId: m.body.data.entry.id as number, productId: p.body.data.entry.id as number, areaId: a.body.data.entry.id as number };
}

async function batchOf(o: Awaited<ReturnType<typeof producer>>) {
  const r = await call(t, 'POST', '/api/admin/batches', {
    body: { code: uniq('LO'), product_id: o.productId, manufacture_id: o.manufactureId, material_area_id: o.areaId, planting_date: D('2025-02-01') },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry.id as number;
}

async function trace(o: Awaited<ReturnType<typeof producer>>, extra: Record<string, unknown> = {}) {
  const r = await call(t, 'POST', '/api/admin/traces', {
    body: {
      code: uniq('TX'),
      product_id: o.productId,
      manufacture_id: o.manufactureId,
      harvest_date: D('2025-10-01'),
      expired_date: D('2026-10-01'),
      ...extra,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry as Record<string, unknown> & { id: number };
}

async function issue(body: Record<string, unknown>, token?: string) {
  const r = await call(t, 'POST', '/api/admin/stamps', { body, token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry as Record<string, any> & { id: number };
}

async function allCodes(id: number) {
  const out: { code: string; serial: number; status: string; url: string }[] = [];
  for (let page = 1; ; page++) {
    const r = await call(t, 'GET', `/api/admin/stamps/${id}/codes`, { query: { page: String(page), limit: '100' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/stamps/:id/codes', r.body);
    out.push(...r.body.data.entries);
    if (page >= r.body.data.pagination.total_pages) return out;
  }
}

describe('traces', () => {
  it('takes product, producer, area and dates from the chosen batch', async () => {
    const o = await producer();
    const other = await producer('Cơ sở khác');
    const batchId = await batchOf(o);
    // the body names another producer's product: the batch decides
    const r = await call(t, 'POST', '/api/admin/traces', {
      body: { code: uniq('TX'), batch_id: batchId, product_id: other.productId, manufacture_id: other.manufactureId, expired_date: D('2026-06-01') },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const e = r.body.data.entry;
    expect([e.product_id, e.manufacture_id, e.material_area_id, e.planting_date]).toEqual([o.productId, o.manufactureId, o.areaId, '2025-02-01T00:00:00.000Z']);
    expect(e.active).toBe(true);
  });

  it('refuses dates out of order with a Vietnamese message per field, and writes nothing', async () => {
    const o = await producer();
    const before = (await call(t, 'GET', '/api/admin/traces/count')).body.data.count;
    const bad = await call(t, 'POST', '/api/admin/traces', {
      body: {
        code: uniq('TX'),
        product_id: o.productId,
        manufacture_id: o.manufactureId,
        planting_date: D('2025-05-01'),
        harvest_date: D('2025-04-01'),
        packaging_date: D('2025-03-01'),
        expired_date: D('2025-03-01'),
      },
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(errorsOf(bad).map((e) => [e.field, e.message]));
    expect(fields.harvest_date).toBe('Ngày thu hoạch không được trước ngày gieo trồng (01/05/2025)');
    expect(fields.packaging_date).toBe('Ngày đóng gói không được trước ngày thu hoạch (01/04/2025)');
    expect(fields.expired_date).toMatch(/^Hạn sử dụng phải sau/);
    // expiry on the harvest day is not after it
    const same = await call(t, 'POST', '/api/admin/traces', {
      body: { code: uniq('TX'), product_id: o.productId, manufacture_id: o.manufactureId, harvest_date: D('2025-04-01'), expired_date: D('2025-04-01') },
    });
    expect(errorsOf(same)).toEqual([{ field: 'expired_date', message: 'Hạn sử dụng phải sau ngày thu hoạch (01/04/2025)' }]);
    // a time of day is no date
    const timed = await call(t, 'POST', '/api/admin/traces', {
      body: { code: uniq('TX'), product_id: o.productId, manufacture_id: o.manufactureId, harvest_date: '2025-04-01T08:30:00Z' },
    });
    expect(timed.status).toBe(400);
    expect(errorsOf(timed)[0].field).toBe('harvest_date');
    expect((await call(t, 'GET', '/api/admin/traces/count')).body.data.count).toBe(before);
    // an update checks against the stored dates
    const ok = await trace(o);
    const upd = await call(t, 'PUT', `/api/admin/traces/${ok.id}`, { body: { expired_date: D('2025-09-01') } });
    expect(errorsOf(upd)).toEqual([{ field: 'expired_date', message: 'Hạn sử dụng phải sau ngày thu hoạch (01/10/2025)' }]);
  });

  it('change-active flips the flag (audited), count and export see the traces', async () => {
    const o = await producer();
    const tr = await trace(o, { distributors: [{ name: 'Đại lý Chợ Đà Lạt', address: 'Phường 1, Đà Lạt', phone: '0912345678' }] });
    const off = await call(t, 'PUT', `/api/admin/traces/change-active/${tr.id}`);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.entry.active).toBe(false);
    const [log] = await t.database.query<{ action: string }>(
      sql`select action from audit_logs where subject = 'traces' and record_id = ${String(tr.id)} order by id desc limit 1`,
    );
    expect(log.action).toBe('change-active');
    const on = await call(t, 'PUT', `/api/admin/traces/change-active/${tr.id}`);
    expect(on.body.data.entry.active).toBe(true);
    const count = await call(t, 'GET', '/api/admin/traces/count', { query: { manufacture_id: String(o.manufactureId) } });
    expect(count.body.data.count).toBe(1);
    const ex = await callJob(t, 'GET', '/api/admin/traces/export', { query: { manufacture_id: String(o.manufactureId) } });
    expect(ex.status).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: ex.body.data.url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cells: unknown[] = [];
    wb.worksheets[0].eachRow((row) => cells.push(...(row.values as unknown[])));
    expect(cells).toContain(tr.code);
    const badPhone = await call(t, 'PUT', `/api/admin/traces/${tr.id}`, { body: { distributors: [{ name: 'Đại lý', phone: '12' }] } });
    expect(badPhone.status).toBe(400);
    expect(errorsOf(badPhone)[0].message).toBe('Số điện thoại nhà phân phối không hợp lệ');
  });
});

describe('stamp runs', () => {
  it('issues a run: one unguessable code and one serial per stamp, ranges never overlap', async () => {
    const o = await producer();
    const tr = await trace(o, { packaging_date: D('2025-10-05') });
    const a = await issue({ product_id: o.productId, trace_id: tr.id, quantity: 250 });
    const b = await issue({ product_id: o.productId, quantity: 30 });
    expect(a.serial_to - a.serial_from + 1).toBe(250);
    expect(b.serial_from).toBeGreaterThan(a.serial_to);
    // the spec's defaults, the trace's packaging date, a name
    expect([a.stamps_per_line, a.size, a.space_left, a.space_top]).toEqual([1, 3, 0, 0]);
    expect(a.packaging_date).toBe('2025-10-05T00:00:00.000Z');
    expect(a.name).toMatch(/^Hồng treo gió Đà Lạt – /);
    const codes = await allCodes(a.id);
    expect(codes).toHaveLength(250);
    expect(codes.map((c) => c.serial)).toEqual(Array.from({ length: 250 }, (_, i) => a.serial_from + i));
    expect(new Set(codes.map((c) => c.code)).size).toBe(250);
    for (const c of codes) {
      expect(c.code).toMatch(STAMP_CODE_RE);
      expect(c.status).toBe('issued');
      expect(c.url).toBe(`http://nns.test/truy-xuat/${c.code}`);
    }
    // 13 base32 characters carry 65 bits: every position takes many values, none is fixed or sequential
    for (let i = 0; i < 13; i++) expect(new Set(codes.map((c) => c.code[i])).size).toBeGreaterThan(20);
    const count = await call(t, 'GET', '/api/admin/stamps/count', { query: { product_id: String(o.productId) } });
    expect(count.body.data.count).toBe(2);
  });

  it('gives runs issued at the same time ranges that never overlap', async () => {
    const o = await producer();
    const runs = await Promise.all([1, 2, 3, 4].map((i) => call(t, 'POST', '/api/admin/stamps', { body: { product_id: o.productId, quantity: 500 * i } })));
    const ranges = runs.map((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return [r.body.data.entry.serial_from as number, r.body.data.entry.serial_to as number];
    });
    ranges.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i][0]).toBeGreaterThan(ranges[i - 1][1]);
    const [{ n, d }] = await t.database.query<{ n: number; d: number }>(
      sql`select count(*)::int as n, count(distinct serial)::int as d from stamp_codes where stamp_id in (select id from stamps where product_id = ${o.productId})`,
    );
    expect([n, d]).toEqual([5000, 5000]);
  });

  it('refuses a trace of another product, a quantity out of range, and changes of what the codes were made with', async () => {
    const o = await producer();
    const other = await producer();
    const tr = await trace(other);
    const before = (await t.database.query<{ n: number }>(sql`select count(*)::int as n from stamp_codes`))[0].n;
    const wrong = await call(t, 'POST', '/api/admin/stamps', { body: { product_id: o.productId, trace_id: tr.id, quantity: 5 } });
    expect(errorsOf(wrong)).toEqual([{ field: 'trace_id', message: 'Hồ sơ truy xuất không thuộc sản phẩm đã chọn' }]);
    const big = await call(t, 'POST', '/api/admin/stamps', { body: { product_id: o.productId, quantity: 100_001 } });
    expect(big.status).toBe(400);
    expect(errorsOf(big)[0].field).toBe('quantity');
    const attrs = await call(t, 'POST', '/api/admin/stamps', {
      body: {
        product_id: o.productId,
        quantity: 1,
        stamp_attributes: Array.from({ length: 7 }, () => ({ text: 'x', font_size: 6, horizontal: 1, vertical: 1 })),
      },
    });
    expect(errorsOf(attrs)[0].message).toBe('Tối đa 6 thuộc tính tem');
    expect((await t.database.query<{ n: number }>(sql`select count(*)::int as n from stamp_codes`))[0].n).toBe(before);
    const run = await issue({ product_id: o.productId, quantity: 3 });
    const fixed = await call(t, 'PUT', `/api/admin/stamps/${run.id}`, { body: { quantity: 4 } });
    expect(errorsOf(fixed)).toEqual([{ field: 'quantity', message: 'Không thể đổi số lượng tem của đợt tem đã phát hành' }]);
    const layout = await call(t, 'PUT', `/api/admin/stamps/${run.id}`, { body: { width: 60, stamps_per_line: 3 } });
    expect(layout.status, JSON.stringify(layout.body)).toBe(200);
    const pd = await call(t, 'GET', `/api/admin/stamps/print-data/${run.id}`);
    expectDocumented(t, 'GET', '/api/admin/stamps/print-data/:id', pd.body);
    expect(Object.keys(pd.body.data.entry)).toEqual(['id', 'stamp', 'product', 'packaging_date', 'product_group']);
    expect(Object.keys(pd.body.data.entry.stamp)).toEqual([
      'lines',
      'width',
      'height',
      'stamps_per_line',
      'size',
      'vertical',
      'horizontal',
      'distance',
      'space_left',
      'space_top',
      'print_product_name',
      'print_product_created_at',
      'product_name_attribute',
      'product_created_at_attribute',
      'stamp_attributes',
    ]);
    expect(pd.body.data.entry.stamp.width).toBe(60);
    expect(pd.body.data.entry.product).toEqual({ id: o.productId, name: 'Hồng treo gió Đà Lạt' });
  });

  it('prints lines of stamps on a PDF whose QR codes open the stamps’ pages; records the job and marks them printed', async () => {
    const o = await producer();
    const run = await issue({ product_id: o.productId, quantity: 20, stamps_per_line: 3, width: 50, height: 32, distance: 4, space_left: 10, space_top: 12 });
    const r = await callJob(t, 'GET', `/api/admin/print-stamp/${run.id}/2`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.job).toMatchObject({ stamp_id: run.id, serial_from: run.serial_from, serial_to: run.serial_from + 5, count: 6, lines: 2 });
    const file = await t.app.inject({ method: 'GET', url: r.body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pages = renderPdf(file.rawPayload);
    expect(pages).toHaveLength(1);
    const codes = await allCodes(run.id);
    // every stamp of the two lines: its cell holds the QR of its own page
    for (let k = 0; k < 6; k++) {
      const cell = crop(pages[0], { x: 10 + (k % 3) * 54, y: 12 + Math.floor(k / 3) * 36, w: 50, h: 32 });
      expect(decodeQr(cell)).toBe(`http://nns.test/truy-xuat/${codes[k].code}`);
    }
    expect(codes.map((c) => c.status)).toEqual([...Array(6).fill('printed'), ...Array(14).fill('issued')]);
    const [job] = await t.database.query<{ created_by: number; layout: { stamps_per_line: number } }>(
      sql`select created_by, layout from stamp_print_jobs where stamp_id = ${run.id}`,
    );
    expect(job.layout.stamps_per_line).toBe(3);
    expect(job.created_by).not.toBeNull();
    // the next sheet goes on from there; the last one takes what is left
    const next = await callJob(t, 'GET', `/api/admin/print-stamp/${run.id}/100`);
    expect(next.body.data.job).toMatchObject({ serial_from: run.serial_from + 6, serial_to: run.serial_to, count: 14 });
    const nextPdf = renderPdf((await t.app.inject({ method: 'GET', url: next.body.data.url })).rawPayload);
    expect(decodeQr(crop(nextPdf[0], { x: 10, y: 12, w: 50, h: 32 }))).toBe(`http://nns.test/truy-xuat/${codes[6].code}`);
    const read = await call(t, 'GET', `/api/admin/stamps/${run.id}`);
    expect([read.body.data.entry.status, read.body.data.entry.printed_count]).toEqual(['printed', 20]);
    const jobs = await call(t, 'GET', `/api/admin/stamps/${run.id}/print-jobs`);
    expectDocumented(t, 'GET', '/api/admin/stamps/:id/print-jobs', jobs.body);
    expect(jobs.body.data.entries.map((j: { count: number; serial_from: number }) => [j.count, j.serial_from])).toEqual([
      [14, run.serial_from + 6],
      [6, run.serial_from],
    ]);
    expect(jobs.body.data.entries[1].created_by_name).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: jobs.body.data.entries[1].url });
    expect(decodeQr(crop(renderPdf(again.rawPayload)[0], { x: 10, y: 12, w: 50, h: 32 }))).toBe(`http://nns.test/truy-xuat/${codes[0].code}`);
    const none = await callJob(t, 'GET', `/api/admin/print-stamp/${run.id}/1`);
    expect([none.status, none.body.message]).toEqual([409, 'Đợt tem không còn tem chưa in']);
    const badLine = await callJob(t, 'GET', `/api/admin/print-stamp/${run.id}/0`);
    expect(badLine.status).toBe(400);
    const unknownSheet = await t.app.inject({ method: 'GET', url: '/api/stamp-sheets/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/x.pdf' });
    expect(unknownSheet.statusCode).toBe(404);
  });

  it('prints on a label roll: one line of stamps per page, the roll as wide as the line', async () => {
    const o = await producer();
    const run = await issue({ product_id: o.productId, quantity: 10, stamps_per_line: 2, width: 40, height: 30, distance: 3, space_left: 2, space_top: 2 });
    const bad = await callJob(t, 'GET', `/api/admin/print-stamp/${run.id}/3`, { query: { paper: 'a3' } });
    expect(errorsOf(bad)).toEqual([{ field: 'paper', message: 'Khổ giấy phải là a4 hoặc roll (cuộn tem)' }]);
    const r = await callJob(t, 'GET', `/api/admin/print-stamp/${run.id}/3`, { query: { paper: 'roll' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.job.count).toBe(6);
    const pages = renderPdf((await t.app.inject({ method: 'GET', url: r.body.data.url })).rawPayload);
    expect(pages).toHaveLength(3);
    // 2 + 40 + 3 + 40 + 2 = 87 mm by 2 + 30 + 2 = 34 mm, at 150 dpi
    expect([pages[0].width, pages[0].height]).toEqual([Math.round((87 / 25.4) * 150), Math.round((34 / 25.4) * 150)]);
    const codes = await allCodes(run.id);
    expect(decodeQr(crop(pages[1], { x: 45, y: 2, w: 40, h: 30 }))).toBe(`http://nns.test/truy-xuat/${codes[3].code}`);
    const [job] = await t.database.query<{ layout: { paper: string } }>(sql`select layout from stamp_print_jobs where stamp_id = ${run.id}`);
    expect(job.layout.paper).toBe('roll');
  });

  it('voids a serial range, then the whole run (audited); a voided run prints nothing', async () => {
    const o = await producer();
    const run = await issue({ product_id: o.productId, quantity: 10 });
    const outside = await call(t, 'PUT', `/api/admin/stamps/void/${run.id}`, { body: { serial_from: run.serial_from, serial_to: run.serial_to + 1 } });
    expect(outside.status).toBe(400);
    expect(errorsOf(outside)[0].field).toBe('serial_to');
    const half = await call(t, 'PUT', `/api/admin/stamps/void/${run.id}`, {
      body: { serial_from: run.serial_from + 2, serial_to: run.serial_from + 4, reason: 'Tem in lỗi' },
    });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    expectDocumented(t, 'PUT', '/api/admin/stamps/void/:id', half.body);
    expect(half.body.data).toMatchObject({ voided: 3, status: 'issued', voided_count: 3 });
    const statuses = (await allCodes(run.id)).map((c) => c.status);
    expect(statuses).toEqual(['issued', 'issued', 'voided', 'voided', 'voided', 'issued', 'issued', 'issued', 'issued', 'issued']);
    const again = await call(t, 'PUT', `/api/admin/stamps/void/${run.id}`, { body: { serial_from: run.serial_from + 2, serial_to: run.serial_from + 4 } });
    expect(again.status).toBe(409);
    // printing skips voided stamps
    const sheet = await callJob(t, 'GET', `/api/admin/print-stamp/${run.id}/3`);
    expect(sheet.body.data.job).toMatchObject({ serial_from: run.serial_from, serial_to: run.serial_from + 5, count: 3 });
    const all = await call(t, 'PUT', `/api/admin/stamps/void/${run.id}`);
    expect(all.body.data).toMatchObject({ voided: 7, status: 'voided', voided_count: 10 });
    const logs = await t.database.query<{ action: string; after: { voided: number; reason: string | null } }>(
      sql`select action, after from audit_logs where subject = 'stamps' and record_id = ${String(run.id)} and action = 'void' order by id`,
    );
    expect(logs.map((l) => [l.after.voided, l.after.reason])).toEqual([
      [3, 'Tem in lỗi'],
      [7, null],
    ]);
    const print = await callJob(t, 'GET', `/api/admin/print-stamp/${run.id}/1`);
    expect([print.status, print.body.message]).toEqual([409, 'Đợt tem đã bị hủy, không thể in']);
    const edit = await call(t, 'PUT', `/api/admin/stamps/${run.id}`, { body: { width: 40 } });
    expect(edit.status).toBe(409);
  });
});

describe('ward scope', () => {
  it('a ward officer sees and issues only for the producers of their ward', async () => {
    const mine = await producer();
    const theirs = await producer();
    const trMine = await trace(mine);
    const trTheirs = await trace(theirs);
    const runTheirs = await issue({ product_id: theirs.productId, quantity: 2 });
    const perms = ['list:traces', 'read:traces', 'create:traces', 'update:traces', 'list:stamps', 'read:stamps', 'create:stamps', 'update:stamps'];
    const officer = await makeUser(t, { perms, wardId: mine.wardId });
    const list = await call(t, 'GET', '/api/admin/traces', { token: officer.token, query: { limit: '100' } });
    expect(list.body.data.entries.map((e: { id: number }) => e.id)).toEqual([trMine.id]);
    expect((await call(t, 'GET', `/api/admin/traces/${trTheirs.id}`, { token: officer.token })).status).toBe(404);
    const runMine = await issue({ product_id: mine.productId, trace_id: trMine.id, quantity: 2 }, officer.token);
    expect(runMine.manufacture_id).toBe(mine.manufactureId);
    const other = await call(t, 'POST', '/api/admin/stamps', { token: officer.token, body: { product_id: theirs.productId, quantity: 2 } });
    expect(other.status).toBe(400);
    expect(errorsOf(other)[0].field).toBe('product_id');
    const stamps = await call(t, 'GET', '/api/admin/stamps', { token: officer.token, query: { limit: '100' } });
    expect(stamps.body.data.entries.map((e: { id: number }) => e.id)).toEqual([runMine.id]);
    for (const url of [`/api/admin/stamps/${runTheirs.id}/codes`, `/api/admin/print-stamp/${runTheirs.id}/1`]) {
      expect((await call(t, 'GET', url, { token: officer.token })).status).toBe(404);
    }
    expect((await call(t, 'PUT', `/api/admin/stamps/void/${runTheirs.id}`, { token: officer.token })).status).toBe(404);
    // a trace of another ward's producer cannot be made
    const cross = await call(t, 'POST', '/api/admin/traces', {
      token: officer.token,
      body: { code: uniq('TX'), product_id: theirs.productId, manufacture_id: theirs.manufactureId },
    });
    expect(cross.status).toBe(400);
  });
});

describe('stamp statistics', () => {
  it('counts issued, printed, activated and scanned stamps per product over a period, with the print history; ward officers see their ward', async () => {
    const o = await producer();
    const other = await producer();
    const run = await issue({ product_id: o.productId, quantity: 12, stamps_per_line: 2 });
    await issue({ product_id: other.productId, quantity: 7 });
    const printed = await callJob(t, 'GET', `/api/admin/print-stamp/${run.id}/3`);
    expect(printed.status).toBe(200);
    // two stamps scanned (what the public page writes: part B), one of them three times
    await t.database.query(sql`update stamp_codes set status = 'activated', activated_at = now(), first_scan_at = now(), last_scan_at = now(),
      scan_count = case when serial = ${run.serial_from} then 3 else 1 end where stamp_id = ${run.id} and serial <= ${run.serial_from + 1}`);
    await call(t, 'PUT', `/api/admin/stamps/void/${run.id}`, { body: { serial_from: run.serial_to, serial_to: run.serial_to } });
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const r = await call(t, 'GET', '/api/admin/stamp-statistics', { query: { manufacture_id: String(o.manufactureId), from: today, to: today } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/stamp-statistics', r.body);
    expect(r.body.data.totals).toEqual([
      {
        product_id: o.productId,
        product_name: 'Hồng treo gió Đà Lạt',
        manufacture_name: 'Hợp tác xã Hồng treo gió Đà Lạt',
        issued: 12,
        printed: 6,
        activated: 2,
        scanned: 2,
        scans: 4,
        flagged: 0,
        voided: 1,
      },
    ]);
    expect(r.body.data.entries).toHaveLength(1);
    expect(r.body.data.entries[0]).toMatchObject({ stamp_id: run.id, count: 6, lines: 3, serial_from: run.serial_from, serial_to: run.serial_from + 5 });
    // a period before today holds nothing
    const past = await call(t, 'GET', '/api/admin/stamp-statistics', {
      query: { manufacture_id: String(o.manufactureId), from: '2020-01-01', to: '2020-12-31' },
    });
    expect([past.body.data.totals, past.body.data.entries]).toEqual([[], []]);
    const wrong = await call(t, 'GET', '/api/admin/stamp-statistics', { query: { from: '2025-02-01', to: '2025-01-01' } });
    expect(errorsOf(wrong)).toEqual([{ field: 'to', message: 'Đến ngày phải sau hoặc bằng từ ngày' }]);
    const officer = await makeUser(t, { perms: ['list:stamp_statistics', 'export:stamp_statistics'], wardId: other.wardId });
    const mine = await call(t, 'GET', '/api/admin/stamp-statistics', { token: officer.token });
    expect(mine.body.data.totals.map((x: { product_id: number }) => x.product_id)).toEqual([other.productId]);
    const ex = await callJob(t, 'GET', '/api/admin/stamp-statistics/export', { query: { product_id: String(o.productId) } });
    expect(ex.status, JSON.stringify(ex.body)).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: ex.body.data.url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Tổng theo sản phẩm', 'Lịch sử in tem']);
    expect((wb.worksheets[0].getRow(2).values as unknown[]).slice(2, 5)).toEqual(['Hồng treo gió Đà Lạt', 'Hợp tác xã Hồng treo gió Đà Lạt', 12]);
  });
});
