import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDischargeDemo } from '../src/modules/discharge/demo.module';
import { makeWard } from './accounts-helpers';
import { expectDocumented } from './documented';
import { auth, call, callJob, makeApp, makeUser, multipart, type TestApp, upload } from './helpers';

let t: TestApp;
let wardA: number;
let wardB: number;
beforeAll(async () => {
  t = await makeApp();
  wardA = await makeWard(t, 'Phường Xả Thải A');
  wardB = await makeWard(t, 'Xã Xả Thải B');
});
afterAll(async () => t?.close());

const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const day = (offset: number) => `${new Date(Date.parse(`${today}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`;
let seq = 0;

async function work(body: Record<string, unknown> = {}, token?: string) {
  seq++;
  const r = await call(t, 'POST', '/api/admin/discharge-constructs', {
    token,
    body: { code: `CT-${seq}`, name: `Công trình ${seq}`, wastewater_type: 1, ward_id: wardA, lat: 11.94, long: 108.44, permitted_flow: 100, ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expectDocumented(t, 'POST', '/api/admin/discharge-constructs', r.body);
  return r.body.data.entry as Record<string, any>;
}

async function flow(body: Record<string, unknown>, token?: string) {
  const r = await call(t, 'POST', '/api/admin/discharge-traffic', { body, token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expectDocumented(t, 'POST', '/api/admin/discharge-traffic', r.body);
  return r.body.data.entry as Record<string, any>;
}

async function workbook(url: string, token?: string) {
  const e = await callJob(t, 'GET', url, { token });
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
  expect(file.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return wb;
}
/** The overview's flat points as [id, lat, long, type, exceeded] tuples. */
const pointsOf = (body: any): number[][] => {
  const flat = body.data.points as number[];
  return Array.from({ length: flat.length / 5 }, (_, i) => flat.slice(i * 5, i * 5 + 5));
};
const isRed = (c: ExcelJS.Cell) => (c.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb === 'FFFFC7CE';

describe('works', () => {
  it('creates by the map point, refuses points outside Vietnam, moves the point with PATCH', async () => {
    const w = await work({ lat: 21.0285, long: 105.8542, permit_number: '12/GP', permitted_flow: 250.5 });
    expect(w).toMatchObject({ lat: 21.0285, long: 105.8542, announce: 2, public_status: 2, limit_column: 'B' });
    const out = await call(t, 'POST', '/api/admin/discharge-constructs', {
      body: { code: 'CT-OUT', name: 'Ngoài biên', wastewater_type: 1, ward_id: wardA, lat: 35.68, long: 139.69, permitted_flow: 10 },
    });
    expect(out.status).toBe(400);
    const fields = Object.fromEntries(out.body.data.errors.map((e: any) => [e.field, e.message]));
    expect(fields.lat).toMatch(/Vĩ độ/);
    expect(fields.long).toMatch(/Kinh độ/);
    const moved = await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { lat: 10.7769, long: 106.7009 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.entry).toMatchObject({ lat: 10.7769, long: 106.7009 });
    const bad = await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { long: 95 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].field).toBe('long');
    // the spec's edit is PATCH; there is no generic PUT
    expect((await call(t, 'PUT', `/api/admin/discharge-constructs/${w.id}`, { body: { name: 'x' } })).status).toBe(404);
  });

  it('toggles announce and sets the public status from the path', async () => {
    const w = await work();
    const a = await call(t, 'PATCH', `/api/admin/discharge-constructs/announce/${w.id}`);
    expect(a.status).toBe(200);
    expect(a.body.data.entry.announce).toBe(1);
    expect((await call(t, 'PATCH', `/api/admin/discharge-constructs/announce/${w.id}`)).body.data.entry.announce).toBe(2);
    const s1 = await call(t, 'PATCH', `/api/admin/discharge-constructs/change-status/1/${w.id}`);
    expect(s1.body.data.entry.public_status).toBe(1);
    const s2 = await call(t, 'PATCH', `/api/admin/discharge-constructs/change-status/2/${w.id}`);
    expect(s2.body.data.entry.public_status).toBe(2);
    const bad = await call(t, 'PATCH', `/api/admin/discharge-constructs/change-status/3/${w.id}`);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].message).toMatch(/Trạng thái công khai/);
  });

  it('takes PDF documents checked by content, refuses other files and unknown standards', async () => {
    const pdf = await upload(t, 'giay-phep.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'application/pdf');
    expect(pdf.status).toBe(200);
    const fake = await upload(t, 'giay-phep.pdf', Buffer.from('MZ not a pdf at all'), 'application/pdf');
    expect(fake.status).toBe(415);
    const w = await work({ documents: [pdf.body.data.url] });
    expect(w.documents).toEqual([pdf.body.data.url]);
    const ExcelJSw = new ExcelJS.Workbook();
    ExcelJSw.addWorksheet('a').addRow(['x']);
    const xlsx = await upload(t, 'bang.xlsx', Buffer.from(await ExcelJSw.xlsx.writeBuffer()));
    const r = await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { documents: [xlsx.body.data.url] } });
    expect(r.status).toBe(400);
    expect(r.body.data.errors[0]).toMatchObject({ field: 'documents', message: 'Tài liệu chỉ nhận tệp PDF' });
    const std = await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { standard_code: 'QCVN 99:2030' } });
    expect(std.status).toBe(400);
    expect(std.body.data.errors[0].field).toBe('standard_code');
  });

  it('ward scope: an officer sees, changes and lists flows only of works in their ward', async () => {
    const perms = ['list', 'read', 'create', 'update', 'export'].flatMap((a) => [
      `${a}:discharge_construct`,
      `${a}:discharge_traffic`,
      `${a}:discharge_inventory`,
    ]);
    const officer = await makeUser(t, { perms, wardId: wardB });
    const mine = await work({ ward_id: wardB, code: 'CT-B-1' });
    const theirs = await work({ ward_id: wardA, code: 'CT-A-1' });
    const list = await call(t, 'GET', '/api/admin/discharge-constructs', { token: officer.token, query: { limit: '100' } });
    expect(list.body.data.entries.map((e: any) => e.id)).toEqual([mine.id]);
    expect((await call(t, 'GET', `/api/admin/discharge-constructs/${theirs.id}`, { token: officer.token })).status).toBe(404);
    expect((await call(t, 'PATCH', `/api/admin/discharge-constructs/announce/${theirs.id}`, { token: officer.token })).status).toBe(404);
    const create = await call(t, 'POST', '/api/admin/discharge-constructs', {
      token: officer.token,
      body: { code: 'CT-B-X', name: 'Sang phường khác', wastewater_type: 1, ward_id: wardA, lat: 11, long: 108, permitted_flow: 5 },
    });
    expect(create.status).toBe(400);
    const fl = await call(t, 'POST', `/api/admin/discharge-traffic/list/${theirs.id}`, { token: officer.token, body: { construct_id: theirs.id } });
    expect(fl.status).toBe(404);
    const add = await call(t, 'POST', '/api/admin/discharge-traffic', {
      token: officer.token,
      body: { construct_id: theirs.id, measured_date: day(1), flow: 3 },
    });
    expect(add.status).toBe(400);
    const inv = await call(t, 'POST', '/api/admin/discharge-inventory/detail', { token: officer.token, body: { construct_id: theirs.id } });
    expect(inv.status).toBe(404);
    const map = await call(t, 'GET', '/api/admin/discharge-constructs/overview', { token: officer.token });
    expect(pointsOf(map.body).map((p) => p[0])).toEqual([mine.id]);
    const noPerm = await makeUser(t, { perms: ['list:discharge_construct'], wardId: wardB });
    expect(
      (await call(t, 'POST', '/api/admin/discharge-traffic', { token: noPerm.token, body: { construct_id: mine.id, measured_date: day(1), flow: 3 } })).status,
    ).toBe(403);
  });
});

describe('flows against the limits', () => {
  it('industrial: Cmax = C × Kq × Kf; equal to the limit passes, just above fails', async () => {
    // QCVN 40 column B: BOD5 50, COD 150; Kq 0.9 (no data), permitted 40 m³/day → Kf 1.2 → factor 1.08
    const w = await work({ wastewater_type: 4, permitted_flow: 40 });
    const at = await flow({ construct_id: w.id, measured_date: day(20), flow: 40, bod5: 54, cod: 162, ph: 5.5, coliform: 5000 });
    expect(at).toMatchObject({ status: 1, exceeded: [] });
    const above = await flow({ construct_id: w.id, measured_date: day(19), flow: 40.01, bod5: 54.01, cod: 162, ph: 5.49, coliform: 5001 });
    expect(above.status).toBe(2);
    expect(above.exceeded.sort()).toEqual(['bod5', 'coliform', 'flow', 'ph'].sort());
    // Kq chosen on the permit (river, 200 < Q ≤ 500 m³/s: 1.1), Kf from F = 6,000 m³/day (0.9): 0.99 → COD 148.5
    const p = await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { kq_class: 'river_500', permitted_flow: 6000 } });
    expect(p.status).toBe(200);
    const list = await call(t, 'POST', `/api/admin/discharge-traffic/list/${w.id}`, { body: { construct_id: w.id }, query: { page: '1', limit: '10' } });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expectDocumented(t, 'POST', '/api/admin/discharge-traffic/list/:id', list.body);
    expect(list.body.data).toMatchObject({ standard_code: 'QCVN 40:2011/BTNMT', column: 'B', factor: 0.99, permitted_flow: 6000 });
    expect(list.body.data.limits.find((l: any) => l.parameter === 'cod')).toMatchObject({ max: 148.5 });
    expect(list.body.data.limits.find((l: any) => l.parameter === 'ph')).toMatchObject({ min: 5.5, max: 9 });
    // the permit changed: both flows judged again (BOD5 54 > 49.5, COD 162 > 148.5 now; the flow is within 100)
    const byDate = Object.fromEntries(list.body.data.entries.map((e: any) => [e.measured_date.slice(0, 10), e]));
    expect(byDate[day(20).slice(0, 10)].exceeded).toEqual(['bod5', 'cod']);
    expect(byDate[day(19).slice(0, 10)].exceeded.sort()).toEqual(['bod5', 'cod', 'coliform', 'ph']);
    const cod = await flow({ construct_id: w.id, measured_date: day(18), flow: 10, cod: 148.5 });
    expect(cod.status).toBe(1);
  });

  it('domestic: Cmax = C × K, not for pH and coliform; column A', async () => {
    const w = await work({ wastewater_type: 1, limit_column: 'A', k_class: 'hotel_small', permitted_flow: 50 });
    // QCVN 14 A: BOD5 30 → 36; coliform 3000 (no K)
    expect((await flow({ construct_id: w.id, measured_date: day(3), flow: 50, bod5: 36, coliform: 3000 })).status).toBe(1);
    const f = await flow({ construct_id: w.id, measured_date: day(2), flow: 49, bod5: 36.001, coliform: 3001 });
    expect(f.exceeded).toEqual(['bod5', 'coliform']);
  });

  it('medical: judged by QCVN 28:2010 (its own limits, COD and pH 6.5–8.5 that QCVN 14 lacks), Cmax = C × K', async () => {
    const w = await work({ wastewater_type: 3, limit_column: 'A', k_class: 'hospital_small', permitted_flow: 80 });
    const list = async () =>
      (await call(t, 'POST', `/api/admin/discharge-traffic/list/${w.id}`, { body: { construct_id: w.id }, query: { page: '1', limit: '10' } })).body.data;
    const l = await list();
    expect(l).toMatchObject({ standard_code: 'QCVN 28:2010/BTNMT', column: 'A', factor: 1.2 });
    expect(l.limits.find((x: any) => x.parameter === 'cod')).toMatchObject({ max: 60 });
    expect(l.limits.find((x: any) => x.parameter === 'ph')).toMatchObject({ min: 6.5, max: 8.5 });
    // COD 50 × 1.2 = 60 and pH 6.5 pass at the boundary; coliform 3000 without K
    expect((await flow({ construct_id: w.id, measured_date: day(4), flow: 80, cod: 60, ph: 6.5, coliform: 3000 })).status).toBe(1);
    // pH 6.4 and COD 60.01 pass QCVN 14 A (pH 5–9, no COD) but not QCVN 28 A
    const f = await flow({ construct_id: w.id, measured_date: day(3), flow: 80, cod: 60.01, ph: 6.4, coliform: 3000 });
    expect(f.exceeded.sort()).toEqual(['cod', 'ph']);
    // an urban work keeps QCVN 14:2008 (DOMAIN.md gives no other table for it)
    const urban = await work({ wastewater_type: 2, limit_column: 'A' });
    const u = await call(t, 'POST', `/api/admin/discharge-traffic/list/${urban.id}`, { body: { construct_id: urban.id }, query: { page: '1', limit: '10' } });
    expect(u.body.data.standard_code).toBe('QCVN 14:2008/BTNMT');
    expect((await call(t, 'DELETE', `/api/admin/discharge-constructs/${urban.id}`)).status).toBe(200);
  });

  it('K only for domestic, urban and medical works, Kq and Kf only for industrial ones: others refused, cleared on a change of type', async () => {
    const wrongK = await call(t, 'POST', '/api/admin/discharge-constructs', {
      body: { code: 'CT-K1', name: 'Công nghiệp có K', wastewater_type: 4, ward_id: wardA, lat: 11.9, long: 108.4, permitted_flow: 10, k_class: 'hotel_small' },
    });
    expect(wrongK.status).toBe(400);
    expect(wrongK.body.data.errors).toEqual([{ field: 'k_class', message: expect.stringMatching(/Hệ số K chỉ áp dụng/) }]);
    const wrongKq = await call(t, 'POST', '/api/admin/discharge-constructs', {
      body: {
        code: 'CT-K2',
        name: 'Sinh hoạt có Kq',
        wastewater_type: 1,
        ward_id: wardA,
        lat: 11.9,
        long: 108.4,
        permitted_flow: 10,
        kq_class: 'river_200',
        kf_class: 'f_50',
      },
    });
    expect(wrongKq.status).toBe(400);
    expect(wrongKq.body.data.errors.map((e: any) => e.field).sort()).toEqual(['kf_class', 'kq_class']);
    const w = await work({ wastewater_type: 4, kq_class: 'river_500', kf_class: 'f_500' });
    expect(w).toMatchObject({ kq: 1.1, kf: 1.1 });
    expect((await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { k_class: 'hotel_large' } })).status).toBe(400);
    // a factor is a class of the regulation's table, never a typed number: a typed Kq is not taken
    const typed = await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { kq: 1.15 } });
    expect(typed.body.data?.entry?.kq ?? 1.1).toBe(1.1);
    expect((await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { kq_class: 'river_1000' } })).status).toBe(400);
    // industrial → medical: Kq and Kf no longer apply and are cleared; K may now be given
    const p = await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { wastewater_type: 3, k_class: 'hospital_small' } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data.entry).toMatchObject({
      wastewater_type: 3,
      k_class: 'hospital_small',
      k_factor: 1.2,
      kq: null,
      kf: null,
      kq_class: null,
      kf_class: null,
    });
  });

  it('a limit edited in the limits table judges the flows of the works it applies to again', async () => {
    const std = `QCĐP ${seq + 100}:2026/LĐ`;
    const made = await call(t, 'POST', '/api/admin/discharge-limits', {
      body: { standard_code: std, column: 'B', parameter: 'bod5', limit_max: 40, unit: 'mg/L', k_applies: false },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const limit = made.body.data.entry;
    const w = await work({ wastewater_type: 1, standard_code: std, limit_column: 'B' });
    const other = await work({ wastewater_type: 1, limit_column: 'B' });
    expect((await flow({ construct_id: w.id, measured_date: day(5), flow: 10, bod5: 35 })).status).toBe(1);
    expect((await flow({ construct_id: other.id, measured_date: day(5), flow: 10, bod5: 35 })).status).toBe(1);
    const tighter = await call(t, 'PUT', `/api/admin/discharge-limits/${limit.id}`, { body: { ...limit, limit_max: 30 } });
    expect(tighter.status, JSON.stringify(tighter.body)).toBe(200);
    const listOf = async (id: number) =>
      (await call(t, 'POST', `/api/admin/discharge-traffic/list/${id}`, { body: { construct_id: id }, query: { page: '1', limit: '10' } })).body.data.entries;
    expect((await listOf(w.id))[0]).toMatchObject({ status: 2, exceeded: ['bod5'] });
    // a work on another standard is untouched
    expect((await listOf(other.id))[0]).toMatchObject({ status: 1, exceeded: [] });
    const c = (await call(t, 'GET', `/api/admin/discharge-constructs/${w.id}`)).body.data.entry;
    expect(c.last_exceeded_date?.slice(0, 10)).toBe(day(5).slice(0, 10));
  });

  it('the list is a POST with construct_id in the body; GET, PATCH and DELETE by id; bad bodies answer 400 in Vietnamese', async () => {
    const w = await work();
    const f = await flow({ construct_id: w.id, measured_date: day(5), flow: 20, ph: 7 });
    const g = await call(t, 'GET', `/api/admin/discharge-traffic/${f.id}`);
    expect(g.body.data.entry).toMatchObject({ id: f.id, flow: 20, status: 1 });
    const p = await call(t, 'PATCH', `/api/admin/discharge-traffic/${f.id}`, { body: { ...g.body.data.entry, id: undefined, flow: 120 } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data.entry).toMatchObject({ flow: 120, status: 2, exceeded: ['flow'] });
    const noBody = await call(t, 'POST', `/api/admin/discharge-traffic/list/${w.id}`, { body: {} });
    expect(noBody.status).toBe(400);
    expect(noBody.body.data.errors[0].field).toBe('construct_id');
    const mismatch = await call(t, 'POST', `/api/admin/discharge-traffic/list/${w.id}`, { body: { construct_id: w.id + 1000 } });
    expect(mismatch.status).toBe(400);
    const dup = await call(t, 'POST', '/api/admin/discharge-traffic', { body: { construct_id: w.id, measured_date: day(5), flow: 1 } });
    expect(dup.status).toBe(409);
    const bad = await call(t, 'POST', '/api/admin/discharge-traffic', { body: { construct_id: w.id, measured_date: 'hôm qua', flow: -1, ph: 15 } });
    const fields = Object.fromEntries(bad.body.data.errors.map((e: any) => [e.field, e.message]));
    expect(Object.keys(fields).sort()).toEqual(['flow', 'measured_date', 'ph']);
    expect(fields.measured_date).toMatch(/Ngày đo/);
    const before = await t.database.query<{ last_flow: number }>(sql`select last_flow from discharge_constructs where id = ${w.id}`);
    expect(before[0].last_flow).toBe(120);
    expect((await call(t, 'DELETE', `/api/admin/discharge-traffic/${f.id}`)).status).toBe(200);
    const after = await t.database.query<{ last_flow: number | null }>(sql`select last_flow from discharge_constructs where id = ${w.id}`);
    expect(after[0].last_flow).toBeNull();
  });

  it('an exceeding flow notifies the officers of the ward only; the map filter and monthly counts see it', async () => {
    const officer = await makeUser(t, { perms: ['list:discharge_construct'], wardId: wardA });
    const elsewhere = await makeUser(t, { perms: ['list:discharge_construct'], wardId: wardB });
    const w = await work({ name: 'Nhà máy giấy An Bình', wastewater_type: 4, permitted_flow: 600 });
    await flow({ construct_id: w.id, measured_date: day(0), flow: 500, cod: 200, tss: 30 });
    const inbox = async (token: string) => (await call(t, 'GET', '/api/admin/profile/notifications', { token })).body.data.entries;
    const mine = await inbox(officer.token);
    expect(mine.map((e: any) => e.title)).toContain('Vượt giới hạn xả thải: Nhà máy giấy An Bình');
    expect(mine.find((e: any) => e.title.includes('An Bình')).content).toMatch(/COD = 200 \(giới hạn 135\)/);
    expect((await inbox(elsewhere.token)).map((e: any) => e.title)).not.toContain('Vượt giới hạn xả thải: Nhà máy giấy An Bình');
    const map = await call(t, 'GET', '/api/admin/discharge-constructs/overview', { query: { exceeded: '1', wastewater_type: '4' } });
    expect(map.status, JSON.stringify(map.body)).toBe(200);
    const pt = pointsOf(map.body).find((p) => p[0] === w.id);
    expect(pt).toEqual([w.id, 11.94, 108.44, 4, 1]);
    const calm = await call(t, 'GET', '/api/admin/discharge-constructs/overview', { query: { exceeded: '0' } });
    expect(pointsOf(calm.body).map((p) => p[0])).not.toContain(w.id);
    const comp = await call(t, 'GET', `/api/admin/discharge-constructs/compliance/${w.id}`);
    expectDocumented(t, 'GET', '/api/admin/discharge-constructs/compliance/:id', comp.body);
    const month = comp.body.data.months.find((m: any) => m.month === today.slice(0, 7));
    expect(month).toMatchObject({ flows: 1, exceeded: 1, by_parameter: { cod: 1 } });
    expect(comp.body.data.series[0]).toMatchObject({ flow: 500, status: 2, exceeded: ['cod'] });
  });

  it("the map's 'vượt giới hạn' has a period: this month by default, a chosen month or the last 12 months; ETag and 304", async () => {
    const w = await work({ wastewater_type: 1, ward_id: wardB, permitted_flow: 10 });
    const old = new Date(Date.parse(`${today.slice(0, 7)}-15T00:00:00Z`) - 61 * 86_400_000).toISOString();
    const oldMonth = old.slice(0, 7);
    await flow({ construct_id: w.id, measured_date: `${old.slice(0, 10)}T00:00:00Z`, flow: 20 });
    const ids = async (query: Record<string, string>) => {
      const r = await call(t, 'GET', '/api/admin/discharge-constructs/overview', { query: { exceeded: '1', ward_id: String(wardB), ...query } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { ids: pointsOf(r.body).map((p) => p[0]), period: r.body.data.period };
    };
    const now = await ids({});
    expect(now.ids).not.toContain(w.id);
    expect(now.period).toEqual({ kind: 'this-month', from: today.slice(0, 7), to: today.slice(0, 7) });
    expect((await ids({ period: oldMonth })).ids).toContain(w.id);
    const year = await ids({ period: 'last-12-months' });
    expect(year.ids).toContain(w.id);
    expect(year.period.to).toBe(today.slice(0, 7));
    const bad = await call(t, 'GET', '/api/admin/discharge-constructs/overview', { query: { period: 'hôm qua' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toMatchObject({ field: 'period', message: expect.stringMatching(/tháng này/) });
    const future = await call(t, 'GET', '/api/admin/discharge-constructs/overview', { query: { period: `${Number(today.slice(0, 4)) + 1}-01` } });
    expect(future.status).toBe(400);
    // the list's export follows the same period
    const wb = await workbook(`/api/admin/discharge-constructs/export-excel?ward_id=${wardB}&exceeded=1&period=${oldMonth}`);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).map(String)).toContain(`Vượt giới hạn tháng ${oldMonth.slice(5)}/${oldMonth.slice(0, 4)}`);
    expect(sheet.getColumn(3).values.map(String)).toContain(w.name);
    // ETag: the same map again is 304 without a body; a new flow changes it
    const url = `/api/admin/discharge-constructs/overview?ward_id=${wardB}`;
    const first = await t.app.inject({ method: 'GET', url, headers: auth(t.adminToken) });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...auth(t.adminToken), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await flow({ construct_id: w.id, measured_date: day(0), flow: 30 });
    const changed = await t.app.inject({ method: 'GET', url, headers: { ...auth(t.adminToken), 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(pointsOf(changed.json()).find((p) => p[0] === w.id)?.[4]).toBe(1);
  });

  it('imports flows from .xlsx: a dry run writes nothing, per-row errors, then the real run upserts by day', async () => {
    const w = await work({ wastewater_type: 4, permitted_flow: 100 });
    const tpl = await t.app.inject({ method: 'GET', url: '/api/admin/discharge-traffic/import-template', headers: auth(t.adminToken) });
    expect(tpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Lưu lượng');
    ws.addRow(['Ngày đo', 'Lưu lượng (m³/ngày)', 'pH', 'COD (mg/L)']);
    ws.addRow([`${day(10).slice(8, 10)}/${day(10).slice(5, 7)}/${day(10).slice(0, 4)}`, 80, 7.1, 90]);
    ws.addRow(['32/13/2026', -5, 7, 10]);
    ws.addRow([`${day(9).slice(8, 10)}/${day(9).slice(5, 7)}/${day(9).slice(0, 4)}`, 90, 7.2, 200]);
    const send = async (buf: Buffer, dry: string) => {
      const m = multipart('luu-luong.xlsx', buf);
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/admin/discharge-traffic/import/${w.id}?dry_run=${dry}`,
        payload: m.payload,
        headers: { ...m.headers, ...auth(t.adminToken) },
      });
      return { status: r.statusCode, body: r.json() };
    };
    const dry = await send(Buffer.from(await wb.xlsx.writeBuffer()), '1');
    expect(dry.status).toBe(200);
    expect(dry.body.data.written).toBe(false);
    const errs = dry.body.data.errors;
    expect(errs.map((e: any) => [e.row, e.field])).toEqual([
      [3, 'measured_date'],
      [3, 'flow'],
    ]);
    expect(errs[0].column).toBe('Ngày đo');
    const refused = await send(Buffer.from(await wb.xlsx.writeBuffer()), '0');
    expect(refused.status).toBe(400);
    ws.spliceRows(3, 1);
    const ok = await send(Buffer.from(await wb.xlsx.writeBuffer()), '0');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ written: true, created: 2, errors: [] });
    const rows = await t.database.query<{ status: number; cod: number }>(
      sql`select status, cod from discharge_traffic where construct_id = ${w.id} order by measured_date`,
    );
    expect(rows).toEqual([
      { status: 1, cod: 90 },
      { status: 2, cod: 200 },
    ]);
    const again = await send(Buffer.from(await wb.xlsx.writeBuffer()), '0');
    expect(again.body.data).toMatchObject({ created: 0, updated: 2 });
  });
});

describe('inventory', () => {
  it('creates, reads with POST detail + construct_id, edits with PATCH and the payload minus id', async () => {
    const w = await work();
    const none = await call(t, 'POST', '/api/admin/discharge-inventory/detail', { body: { construct_id: w.id } });
    expectDocumented(t, 'POST', '/api/admin/discharge-inventory/detail', none.body);
    expect(none.body.data).toEqual({ entry: null, years: [] });
    const c = await call(t, 'POST', '/api/admin/discharge-inventory', { body: { construct_id: w.id, survey_year: 2025, inspector: 'Trần Văn Bình' } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    await call(t, 'POST', '/api/admin/discharge-inventory', { body: { construct_id: w.id, survey_year: 2026, inspector: 'Lê Thị Cúc' } });
    const latest = await call(t, 'POST', '/api/admin/discharge-inventory/detail', { body: { construct_id: w.id } });
    expectDocumented(t, 'POST', '/api/admin/discharge-inventory/detail', latest.body);
    expect(latest.body.data.entry).toMatchObject({ survey_year: 2026, inspector: 'Lê Thị Cúc' });
    expect(latest.body.data.years).toEqual([2026, 2025]);
    const y = await call(t, 'POST', '/api/admin/discharge-inventory/detail', { body: { construct_id: w.id, survey_year: 2025 } });
    const { id, ...payload } = y.body.data.entry;
    const p = await call(t, 'PATCH', `/api/admin/discharge-inventory/${id}`, { body: { ...payload, compliance_findings: 'Đạt yêu cầu' } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data.entry).toMatchObject({ survey_year: 2025, compliance_findings: 'Đạt yêu cầu' });
    const dup = await call(t, 'PATCH', `/api/admin/discharge-inventory/${id}`, { body: { survey_year: 2026 } });
    expect(dup.status).toBe(409);
  });
});

describe('exports', () => {
  it('one work: permit, flows of the period with the exceeding cells red, months, inventory', async () => {
    const w = await work({ name: 'Bệnh viện Hòa Bình', code: 'CT-EXP-1', wastewater_type: 3, permitted_flow: 60, permit_number: '45/GP-UBND' });
    await flow({ construct_id: w.id, measured_date: day(40), flow: 50, bod5: 20, coliform: 1000 });
    await flow({ construct_id: w.id, measured_date: day(30), flow: 70, bod5: 80, coliform: 1000 });
    await call(t, 'POST', '/api/admin/discharge-inventory', { body: { construct_id: w.id, survey_year: 2026, inspector: 'Phạm Minh' } });
    const wb = await workbook(`/api/admin/discharge-constructs/export-excel/${w.id}`);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Công trình', 'Số liệu đo', 'Theo tháng', 'Kiểm kê']);
    const info = wb.getWorksheet('Công trình') as ExcelJS.Worksheet;
    const infoMap = new Map<string, unknown>();
    info.eachRow((r) => infoMap.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(infoMap.get('Số giấy phép xả thải')).toBe('45/GP-UBND');
    expect(infoMap.get('Quy chuẩn áp dụng')).toMatch(/^QCVN 28:2010\/BTNMT, Cột B/);
    const fs = wb.getWorksheet('Số liệu đo') as ExcelJS.Worksheet;
    const head = (fs.getRow(1).values as unknown[]).map(String);
    const col = (h: string) => head.indexOf(h);
    expect(col('BOD5 (mg/L)')).toBeGreaterThan(0);
    expect(fs.getRow(2).getCell(col('BOD5 (mg/L)')).value).toBe(50);
    const ok = fs.getRow(3);
    const bad = fs.getRow(4);
    expect(ok.getCell(col('Lưu lượng (m³/ngày)')).value).toBe(50);
    expect(isRed(ok.getCell(col('BOD5 (mg/L)')))).toBe(false);
    expect(bad.getCell(col('BOD5 (mg/L)')).value).toBe(80);
    expect(isRed(bad.getCell(col('BOD5 (mg/L)')))).toBe(true);
    expect(isRed(bad.getCell(col('Lưu lượng (m³/ngày)')))).toBe(true);
    expect(isRed(bad.getCell(col('Coliform (MPN/100 mL)')))).toBe(false);
    expect(bad.getCell(col('Kết quả')).value).toBe('Vượt giới hạn');
    expect(bad.getCell(col('Lưu lượng (m³/ngày)')).numFmt).toBe('#,##0.###');
    expect((wb.getWorksheet('Kiểm kê') as ExcelJS.Worksheet).getRow(2).getCell(2).value).toBe(2026);
    // a period that leaves the bad day out
    const from = day(45).slice(0, 10);
    const to = day(35).slice(0, 10);
    const short = await workbook(`/api/admin/discharge-constructs/export-excel/${w.id}?from=${from}&to=${to}`);
    expect((short.getWorksheet('Số liệu đo') as ExcelJS.Worksheet).rowCount).toBe(3);
  });

  it('the list under its filters, the exceeded cell red', async () => {
    const calm = await work({ code: 'CT-LIST-1', wastewater_type: 2, permitted_flow: 1000 });
    const loud = await work({ code: 'CT-LIST-2', wastewater_type: 2, permitted_flow: 10 });
    await flow({ construct_id: loud.id, measured_date: day(0), flow: 11 });
    const wb = await workbook('/api/admin/discharge-constructs/export-excel?wastewater_type=2&sort=code');
    const ws = wb.worksheets[0];
    const head = (ws.getRow(1).values as unknown[]).map(String);
    const codes: unknown[] = [];
    ws.eachRow((r, i) => i > 1 && codes.push(r.getCell(head.indexOf('Mã công trình')).value));
    expect(codes).toEqual([calm.code, loud.code]);
    const ex = head.indexOf('Vượt giới hạn tháng này');
    expect(ws.getRow(2).getCell(ex).value).toBe('Không');
    expect(isRed(ws.getRow(2).getCell(ex))).toBe(false);
    expect(ws.getRow(3).getCell(ex).value).toBe('Có');
    expect(isRed(ws.getRow(3).getCell(ex))).toBe(true);
    expect(ws.getRow(3).getCell(head.indexOf('Loại nước thải')).value).toBe('Nước thải đô thị');
    const only = await workbook('/api/admin/discharge-constructs/export-excel?wastewater_type=2&exceeded=1');
    expect(only.worksheets[0].rowCount).toBe(2);
  });
});

describe('demo data', () => {
  it('a dozen works of the four types with a year of flows, some exceeding', async () => {
    const [ward] = await t.database.query<{ id: number }>(
      sql`insert into wards (code, name, province_id, search_text) values ('24781', 'Phường Xuân Hương - Đà Lạt', (select min(id) from provinces), 'xuan huong') on conflict do nothing returning id`,
    );
    expect(ward).toBeTruthy();
    await seedDischargeDemo(t.app.services);
    const [c] = await t.database.query<{ n: number; types: number; ex: number }>(
      sql`select count(*)::int as n, count(distinct wastewater_type)::int as types, count(*) filter (where last_exceeded_date is not null)::int as ex from discharge_constructs where code like 'XT-%'`,
    );
    expect(c).toEqual({ n: 12, types: 4, ex: 3 });
    const [f] = await t.database.query<{ n: number; bad: number }>(
      sql`select count(*)::int as n, count(*) filter (where status = 2)::int as bad from discharge_traffic where construct_id in (select id from discharge_constructs where code like 'XT-%')`,
    );
    expect(f.n).toBe(12 * 52);
    expect(f.bad).toBeGreaterThan(3);
    const map = await call(t, 'GET', '/api/admin/discharge-constructs/overview', { query: { exceeded: '1' } });
    const [sh02] = await t.database.query<{ id: number }>(sql`select id from discharge_constructs where code = 'XT-SH-02'`);
    expect(pointsOf(map.body).map((p) => p[0])).toContain(Number(sh02.id));
    // the demo's medical works name their own standard (a work keeps the standard it was issued under)
    const [med] = await t.database.query<{ n: number }>(
      sql`select count(*)::int as n from discharge_constructs where code like 'XT-%' and wastewater_type = 3 and standard_code = 'QCVN 28:2010/BTNMT'`,
    );
    expect(med.n).toBeGreaterThan(0);
  });
});

describe('migration 0015 over rows a backup brought back', () => {
  // a restore loads a 0012–0014 backup's rows (the limits as the users left them) and then runs 0015
  it('adds the QCVN 28 rows missing, keeps one an officer entered, backfills the months and keeps old medical works on QCVN 14', async () => {
    const file = fs.readFileSync(path.join(import.meta.dirname, '../drizzle/0015_discharge_medical_limits_exceeded_months.sql'), 'utf8');
    const [, ...statements] = file.split('--> statement-breakpoint'); // the column is already there
    const w = await work({ wastewater_type: 3, limit_column: 'B' });
    await flow({ construct_id: w.id, measured_date: day(0), flow: 500 });
    const month = Number(today.slice(0, 4)) * 100 + Number(today.slice(5, 7));
    // as the backup had them: no QCVN 28 rows but the officer's own COD, no months, the medical work without a standard
    await t.database.db.execute(sql`delete from discharge_limits where standard_code = 'QCVN 28:2010/BTNMT'`);
    await t.database.db.execute(
      sql`insert into discharge_limits (standard_code, "column", parameter, limit_max, unit, k_applies) values ('QCVN 28:2010/BTNMT', 'A', 'cod', 45, 'mg/L', true)`,
    );
    await t.database.db.execute(sql`update discharge_constructs set exceeded_months = null, standard_code = null where id = ${w.id}`);
    for (const s of statements) await t.database.db.execute(sql.raw(s));
    const rows = await t.database.query<{ column: string; parameter: string; limit_max: number }>(
      sql`select "column", parameter, limit_max from discharge_limits where standard_code = 'QCVN 28:2010/BTNMT'`,
    );
    expect(rows).toHaveLength(20);
    expect(rows.find((r) => r.column === 'A' && r.parameter === 'cod')?.limit_max).toBe(45);
    const [c] = await t.database.query<{ standard_code: string; exceeded_months: number[] | string }>(
      sql`select standard_code, exceeded_months from discharge_constructs where id = ${w.id}`,
    );
    expect(c.standard_code).toBe('QCVN 14:2008/BTNMT');
    expect(typeof c.exceeded_months === 'string' ? JSON.parse(c.exceeded_months) : c.exceeded_months).toEqual([month]);
  });
});

describe('issue 29: every parameter of the standard, factors from the regulation, 2025 standards as data', () => {
  const listOf = async (id: number) =>
    (await call(t, 'POST', `/api/admin/discharge-traffic/list/${id}`, { body: { construct_id: id }, query: { page: '1', limit: '10' } })).body.data;

  it("an industrial flow with sulfide 5 mg/L under column A is 'Vượt'; a parameter the standard does not list is 'not_in_standard'", async () => {
    const w = await work({ wastewater_type: 4, limit_column: 'A', permitted_flow: 100, kq_class: 'sea_other' });
    expect(w).toMatchObject({ kq: 1.3, standard_code: 'QCVN 40:2011/BTNMT' });
    const f = await flow({ construct_id: w.id, measured_date: day(40), flow: 90, sulfide: 5, temperature: 40, gross_alpha: 0.1 });
    expect(f).toMatchObject({ status: 2, exceeded: ['sulfide'] });
    // A: 0.2 × 1.3 × 1.1 = 0.286 passes at the edge
    expect(await flow({ construct_id: w.id, measured_date: day(41), flow: 90, sulfide: 0.286 })).toMatchObject({ status: 1 });
    const l = await listOf(w.id);
    expect(l.limits).toHaveLength(33);
    expect(l.limits.find((x: any) => x.parameter === 'sulfide')).toMatchObject({ max: 0.286 });
    expect(l.limits.find((x: any) => x.parameter === 'temperature')).toMatchObject({ max: 40, k_applies: false });
    // a domestic work measured for COD and lead, which QCVN 14 does not list
    const d = await work({ wastewater_type: 1, limit_column: 'B', k_class: 'office_small' });
    const g = await flow({ construct_id: d.id, measured_date: day(40), flow: 10, bod5: 20, cod: 999, pb: 3 });
    expect(g).toMatchObject({ status: 1, exceeded: [] });
    const e = (await listOf(d.id)).entries[0];
    expect(e.not_in_standard.sort()).toEqual(['cod', 'pb']);
    expect(e.verdicts).toMatchObject({ bod5: 'pass', cod: 'not_in_standard', pb: 'not_in_standard', flow: 'pass' });
  });

  it('no permitted flow: Kf is not assumed, the judgement says the flow is missing; a Kf class must match the permitted flow', async () => {
    const w = await work({ wastewater_type: 4, limit_column: 'A', permitted_flow: null });
    const f = await flow({ construct_id: w.id, measured_date: day(42), flow: 90, sulfide: 0.2 });
    expect(f).toMatchObject({ status: 3, exceeded: [] });
    const l = await listOf(w.id);
    expect(l).toMatchObject({ factor: null, missing: expect.stringMatching(/Thiếu lưu lượng xả cho phép/), permitted_flow: null });
    expect(l.limits.find((x: any) => x.parameter === 'sulfide').max).toBeNull();
    expect(l.entries[0].verdicts.sulfide).toBe('missing_flow');
    // over every Kf: exceeded even without it
    expect(await flow({ construct_id: w.id, measured_date: day(43), flow: 90, sulfide: 5 })).toMatchObject({ status: 2 });
    const bad = await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { permitted_flow: 100, kf_class: 'f_50' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([{ field: 'kf_class', message: expect.stringMatching(/50 < F ≤ 500/) }]);
    // the permitted flow entered: the flows are judged again (0.2 × 0.9 × 1.1 = 0.198 < 0.2)
    expect((await call(t, 'PATCH', `/api/admin/discharge-constructs/${w.id}`, { body: { permitted_flow: 100 } })).status).toBe(200);
    expect((await listOf(w.id)).entries.find((x: any) => x.measured_date.startsWith(day(42).slice(0, 10)))).toMatchObject({ status: 2, exceeded: ['sulfide'] });
  });

  it('QCVN 40:2025 added by an Excel import of limits (read back); a new medical work takes it, an existing one keeps QCVN 28:2010', async () => {
    const old = await work({ wastewater_type: 3, limit_column: 'A' });
    expect(old.standard_code).toBe('QCVN 28:2010/BTNMT');
    const tpl = await t.app.inject({ method: 'GET', url: '/api/admin/discharge-limits/import-template', headers: auth(t.adminToken) });
    expect(tpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const heads = (ws.getRow(1).values as unknown[]).slice(1);
    expect(heads).toEqual(['Quy chuẩn', 'Cột', 'Thông số', 'Giới hạn dưới', 'Giới hạn trên (C)', 'Đơn vị', 'Áp dụng hệ số K / Kq × Kf']);
    const std = 'QCVN 40:2025/BTNMT';
    ws.addRow([std, 'A', 'pH', 6, 9, '', 'Không']);
    ws.addRow([std, 'A', 'COD', null, 50, 'mg/L', 'Có']);
    ws.addRow([std, 'A', 'Sunfua (tính theo H2S)', null, 0.2, 'mg/L', 'Có']);
    ws.addRow([std, 'A', 'Thông số lạ', null, 1, 'mg/L', 'Có']);
    const send = async (url: string, buf: Buffer) => {
      const m = multipart('gioi-han.xlsx', buf);
      const r = await t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...auth(t.adminToken) } });
      return { status: r.statusCode, body: r.json() };
    };
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const dry = await send('/api/admin/discharge-limits/import?dry_run=1', file);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.errors).toEqual([expect.objectContaining({ row: 6, field: 'parameter' })]);
    ws.spliceRows(6, 1);
    const fixed = Buffer.from(await wb.xlsx.writeBuffer());
    const real = await send('/api/admin/discharge-limits/import?dry_run=0', fixed);
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.data).toMatchObject({ created: 3, errors: [] });
    const back = await call(t, 'GET', '/api/admin/discharge-limits', { query: { search: '2025', limit: '50' } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const rows = back.body.data.entries.filter((r: any) => r.standard_code === std);
    expect(rows.map((r: any) => [r.parameter, r.limit_min, r.limit_max, r.k_applies]).sort()).toEqual([
      ['cod', null, 50, true],
      ['ph', 6, 9, false],
      ['sulfide', null, 0.2, true],
    ]);
    // the same file again changes nothing
    const again = await send('/api/admin/discharge-limits/import?dry_run=0', fixed);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    const fresh = await work({ wastewater_type: 3, limit_column: 'A' });
    expect(fresh.standard_code).toBe(std);
    expect((await call(t, 'GET', `/api/admin/discharge-constructs/${old.id}`)).body.data.entry.standard_code).toBe('QCVN 28:2010/BTNMT');
    // a new domestic work: QCVN 14:2025 has no limits in the table yet, so QCVN 14:2008 stays in force for it
    expect((await work({ wastewater_type: 1, limit_column: 'A' })).standard_code).toBe('QCVN 14:2008/BTNMT');
  });
});
