import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWard } from './accounts-helpers';
import { expectDocumented } from './documented';
import { call, callJob, makeApp, makeUser, type TestApp } from './helpers';
import { loadWorkbook } from './import-helpers';

/** Issue 15, second part: insect orders and their bands, insect data, a station's readings as .xlsx, seafood criteria. */
let t: TestApp;
let wardA: number;
let wardB: number;
beforeAll(async () => {
  t = await makeApp({ MONITORING_ALERT_CHECK_SECONDS: 0 });
  wardA = await makeWard(t, 'Phường Tân Lập');
  wardB = await makeWard(t, 'Xã Hòa Thắng');
});
afterAll(async () => t?.close());

async function station(body: Record<string, unknown>) {
  const r = await call(t, 'POST', '/api/admin/monitorings', { body: { status: 1, expected_interval_minutes: 10, ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { entry: Record<string, any>; device_key: string };
}
async function ingest(key: string, body: unknown) {
  const r = await t.app.inject({ method: 'POST', url: '/api/ingest/readings', payload: body as object, headers: { 'x-device-key': key } });
  return { status: r.statusCode, body: r.json() };
}
async function order(code: string, name: string) {
  const r = await call(t, 'POST', '/api/admin/insect-orders', { body: { code, name, scientific_name: code[0].toUpperCase() + code.slice(1), status: 1 } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry as { id: number; code: string };
}
const at = (h: number) => new Date(Date.UTC(2026, 10, 20, h)).toISOString();

describe('insect orders', () => {
  let thrips: { id: number; code: string };
  let key: string;
  let stationId: number;

  it('declares orders with a data key; GET /api/web/insect-order lists the active ones, 100 a page, without a session', async () => {
    const bad = await call(t, 'POST', '/api/admin/insect-orders', { body: { code: 'Cánh vẩy', name: 'Cánh vẩy', status: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toMatchObject({ field: 'code', message: expect.stringMatching(/chữ không dấu/) });
    expect((await call(t, 'POST', '/api/admin/insect-orders', { body: { code: 'density', name: 'Tổng', status: 1 } })).status).toBe(400);
    // the value key is the code in lower case
    thrips = { ...(await order('Thysanoptera', 'Cánh tơ')), code: 'thysanoptera' };
    await order('lepidoptera', 'Cánh vẩy');
    const off = await order('odonata', 'Chuồn chuồn');
    expect((await call(t, 'PUT', `/api/admin/insect-orders/change-status/${off.id}`)).status).toBe(200);
    const web = await t.app.inject({ method: 'GET', url: '/api/web/insect-order' });
    expect(web.statusCode).toBe(200);
    expectDocumented(t, 'GET', '/api/web/insect-order', web.json());
    const d = web.json().data;
    // by name: 'Cánh tơ' before 'Cánh vẩy'
    expect(d.entries.map((e: any) => e.key)).toEqual(['thysanoptera', 'lepidoptera']);
    expect(d.pagination).toEqual({ page: 1, limit: 100, total: 2, total_pages: 1 });
    const found = await t.app.inject({ method: 'GET', url: `/api/web/insect-order?search=${encodeURIComponent('cánh tơ')}` });
    expect(found.json().data.entries.map((e: any) => e.code)).toEqual(['Thysanoptera']);
    expect((await t.app.inject({ method: 'GET', url: '/api/web/insect-order?limit=5' })).statusCode).toBe(400);
  });

  it('refuses a code that differs from another order’s only in case, on create and update, naming the field', async () => {
    const upper = await call(t, 'POST', '/api/admin/insect-orders', { body: { code: 'LEPIDOPTERA', name: 'Cánh vẩy (lặp)', status: 1 } });
    expect(upper.status).toBe(409);
    expect(upper.body.data.errors).toEqual([
      {
        field: 'code',
        message: "Mã bộ 'LEPIDOPTERA' trùng với mã 'lepidoptera' của bộ Cánh vẩy: mã không phân biệt chữ hoa, chữ thường (cùng khóa dữ liệu 'lepidoptera')",
      },
    ]);
    const same = await call(t, 'POST', '/api/admin/insect-orders', { body: { code: 'lepidoptera', name: 'Cánh vẩy 2', status: 1 } });
    expect(same.status).toBe(409);
    expect(same.body.data.errors[0]).toMatchObject({ field: 'code' });
    const moved = await call(t, 'PUT', `/api/admin/insect-orders/${thrips.id}`, { body: { code: 'Lepidoptera' } });
    expect(moved.status).toBe(409);
    expect(moved.body.data.errors[0]).toMatchObject({ field: 'code', message: expect.stringMatching(/không phân biệt chữ hoa/) });
    // its own code in another case keeps its value key: allowed
    const own = await call(t, 'PUT', `/api/admin/insect-orders/${thrips.id}`, { body: { code: 'THYSANOPTERA' } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const back = await call(t, 'PUT', `/api/admin/insect-orders/${thrips.id}`, { body: { code: 'Thysanoptera' } });
    expect(back.status).toBe(200);
    const [n] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from insect_orders where lower(code) = 'lepidoptera'`);
    expect(n.n).toBe(1);
  });

  it('an insect station sends densities per order; an unknown order is refused by name', async () => {
    const s = await station({ code: 'CT-01', name: 'Trạm côn trùng Tân Lập', type: 6, ward_id: wardA });
    key = s.device_key;
    stationId = s.entry.id;
    const bad = await ingest(key, { measured_at: at(1), values: { density: 10, hymenoptera: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([{ field: 'values.hymenoptera', message: "Thông số 'hymenoptera' không thuộc loại trạm này" }]);
    const off = await ingest(key, { measured_at: at(1), values: { odonata: 2 } });
    expect(off.status).toBe(400);
    const neg = await ingest(key, { measured_at: at(1), values: { thysanoptera: -1 } });
    expect(neg.body.data.errors[0]).toMatchObject({ field: 'values.thysanoptera', message: expect.stringMatching(/^Mật độ Cánh tơ phải từ 0/) });
    const ok = await ingest(key, { readings: [1, 2, 3].map((h) => ({ measured_at: at(h), values: { density: 12, thysanoptera: 8, lepidoptera: 4 } })) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // the preset's total bands: 5–20 con/m² is 'Trung bình'
    expect(ok.body.data.readings.map((r: any) => r.band)).toEqual([4, 4, 4]);
  });

  it('insect-wtc/{id}: the bands of one order, gaps refused, only admin names a ward; the band follows them', async () => {
    const url = `/api/admin/monitoring-configs/insect-wtc/${thrips.id}`;
    const g = await call(t, 'GET', url);
    expect(g.status).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/monitoring-configs/insect-wtc/:id', g.body);
    expect(g.body.data).toMatchObject({ source: 'preset', ward_id: null, order: { code: 'thysanoptera' } });
    const gap = await call(t, 'PUT', url, {
      body: {
        ward_id: wardA,
        ranges: [
          { level: 5, from: 0, to: 3 },
          { level: 1, from: 6, to: null },
        ],
      },
    });
    expect(gap.status).toBe(400);
    expect(gap.body.data.errors[0]).toMatchObject({ field: 'ranges.1', message: expect.stringMatching(/Mật độ Cánh tơ còn trống 3–6/) });
    const ranges = [
      { level: 5, from: 0, to: 3 },
      { level: 3, from: 3, to: 6 },
      { level: 1, from: 6, to: null },
    ];
    const put = await call(t, 'PUT', url, { body: { ward_id: wardA, ranges } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expectDocumented(t, 'PUT', '/api/admin/monitoring-configs/insect-wtc/:id', put.body);
    expect(put.body.data).toMatchObject({ source: 'ward', ward_id: wardA, ranges });
    // the ward's config keeps the total's bands it had (the preset) beside the order's
    const [cfg] = await t.database.query<{ config: any }>(sql`select config from monitoring_configs where type = 6 and ward_id = ${wardA}`);
    const saved = typeof cfg.config === 'string' ? JSON.parse(cfg.config) : cfg.config;
    expect(Object.keys(saved.parameters).sort()).toEqual(['density', 'thysanoptera']);
    // ward B still sees the preset; an officer of ward A sees A's without naming it and may not name B
    expect((await call(t, 'GET', url, { query: { ward_id: String(wardB) } })).body.data.source).toBe('preset');
    const officer = await makeUser(t, { perms: ['list:monitorings', 'update:monitorings'], wardId: wardA });
    expect((await call(t, 'GET', url, { token: officer.token })).body.data).toMatchObject({ ward_id: wardA, source: 'ward' });
    expect((await call(t, 'GET', url, { token: officer.token, query: { ward_id: String(wardB) } })).status).toBe(400);
    expect((await call(t, 'PUT', '/api/admin/monitoring-configs/insect-wtc/999999', { body: { ranges } })).status).toBe(404);
    const r = await ingest(key, { measured_at: at(4), values: { density: 14, thysanoptera: 7, lepidoptera: 4 } });
    expect(r.body.data.readings[0]).toMatchObject({ band: 1, band_label: 'Cảnh báo' });
  });

  it('insect-data: densities by order over time for the stations in scope; stat-monitoring names the orders', async () => {
    const other = await station({ code: 'CT-02', name: 'Trạm côn trùng Hòa Thắng', type: 6, ward_id: wardB });
    await ingest(other.device_key, { measured_at: at(1), values: { thysanoptera: 2, density: 2 } });
    const q = { from: at(0), to: at(12), interval: 'hour' };
    const all = await call(t, 'GET', '/api/admin/monitorings/insect-data', { query: q });
    expect(all.status).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/monitorings/insect-data', all.body);
    expect(all.body.data.orders.map((o: any) => o.code)).toEqual(['thysanoptera', 'lepidoptera']);
    // hour 1: (8 + 2) / 2 stations
    expect(all.body.data.series.thysanoptera[0]).toMatchObject({ t: at(1), n: 2, mean: 5, min: 2, max: 8 });
    const officer = await makeUser(t, { perms: ['list:monitorings'], wardId: wardB });
    const mine = await call(t, 'GET', '/api/admin/monitorings/insect-data', { token: officer.token, query: q });
    expect(mine.body.data.stations.map((s: any) => s.code)).toEqual(['CT-02']);
    expect(mine.body.data.series.thysanoptera).toEqual([expect.objectContaining({ mean: 2 })]);
    expect((await call(t, 'GET', '/api/admin/monitorings/insect-data', { token: officer.token, query: { ...q, station_id: String(stationId) } })).status).toBe(
      404,
    );
    const stat = await call(t, 'GET', `/api/admin/monitorings/stat-monitoring/${stationId}`, { query: q });
    expectDocumented(t, 'GET', '/api/admin/monitorings/stat-monitoring/:id', stat.body);
    expect(stat.body.data.parameters.thysanoptera).toEqual({ label: 'Mật độ Cánh tơ', unit: 'con/m²' });
    expect(stat.body.data.bands.thysanoptera).toHaveLength(3);
  });
});

describe('readings export', () => {
  it('writes a period of a station as .xlsx: Vietnamese headers, dates at UTC+7, numbers, band cells in their colour', async () => {
    const s = await station({ code: 'KK-X1', name: 'Trạm không khí xuất Excel', type: 1, ward_id: wardA });
    const readings = [0, 1, 2, 3].map((h) => ({ measured_at: at(h), values: { pm25: h === 3 ? 400 : 20.456, no2: 30, co: 1200 } }));
    expect((await ingest(s.device_key, { readings })).status).toBe(200);
    const officer = await makeUser(t, { perms: ['export:monitorings'], wardId: wardB });
    expect((await callJob(t, 'GET', `/api/admin/monitorings/export-readings/${s.entry.id}`, { token: officer.token })).status).toBe(404);
    const noPerm = await makeUser(t, { perms: ['read:monitorings'], wardId: wardA });
    expect((await callJob(t, 'GET', `/api/admin/monitorings/export-readings/${s.entry.id}`, { token: noPerm.token })).status).toBe(403);
    const long = await callJob(t, 'GET', `/api/admin/monitorings/export-readings/${s.entry.id}`, { query: { from: '2025-01-01T00:00:00Z', to: at(3) } });
    expect(long.body.data.errors[0]).toMatchObject({ field: 'from', message: 'Mỗi lần xuất tối đa 366 ngày dữ liệu' });
    // to is exclusive: hours 1 and 2 … and 3
    const e = await callJob(t, 'GET', `/api/admin/monitorings/export-readings/${s.entry.id}`, { query: { from: at(1), to: at(4) } });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    expect(e.body.data.rows).toBe(3);
    const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
    expect(file.statusCode).toBe(200);
    const wb = await loadWorkbook(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(ws.name).toBe('KK-X1 Trạm không khí xuất Excel');
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(['Thời điểm đo (UTC+7)', 'PM2.5 (µg/m³)', 'CO (µg/m³)', 'NO2 (µg/m³)', 'VN_AQI (giờ)', 'Chất ô nhiễm chính', 'Mức']);
    const first = ws.getRow(2);
    // 01:00 UTC is 08:00 at UTC+7, stored as the wall clock
    expect((first.getCell(1).value as Date).toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(first.getCell(2).value).toBe(20.456);
    expect(first.getCell(2).numFmt).toBe('#,##0.00');
    expect(typeof first.getCell(5).value).toBe('number');
    const last = ws.getRow(4);
    expect(last.getCell(2).value).toBe(400);
    expect(last.getCell(6).value).toBe('PM2.5');
    const band = last.getCell(7);
    expect(band.value).toBe('Cảnh báo');
    expect((band.fill as ExcelJS.FillPattern).fgColor?.argb).toMatch(/^FF[0-9A-F]{6}$/);
    expect((band.fill as ExcelJS.FillPattern).fgColor?.argb).not.toBe((first.getCell(7).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb);
    expect(ws.rowCount).toBe(4);
  });
});

describe('seafood criteria', () => {
  it("checks a water station's readings against the criteria of the species farmed in its ward", async () => {
    const sp = await call(t, 'POST', '/api/admin/seafoods', {
      body: { code: 'TOM-T', name: 'Tôm thẻ thử', seafood_type: 'tom', water_type: 'lo', ward_ids: [wardA], is_active: true },
    });
    expect(sp.status, JSON.stringify(sp.body)).toBe(200);
    const spId = sp.body.data.entry.id;
    const c = await call(t, 'POST', '/api/admin/criteria-seafoods', {
      body: {
        code: 'TC-T',
        name: 'Tôm thẻ nuôi thương phẩm',
        seafood_id: spId,
        stage: 'Thương phẩm',
        salinity_min: 10,
        salinity_max: 25,
        ph_min: 7.5,
        ph_max: 8.5,
        temperature_min: 26,
        temperature_max: 32,
        dissolved_oxygen_min: 4,
        is_active: true,
      },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const s = await station({ code: 'NUOC-T', name: 'Trạm nước đầm tôm', type: 2, ward_id: wardA });
    const other = await station({ code: 'NUOC-B', name: 'Trạm nước Hòa Thắng', type: 2, ward_id: wardB });
    await ingest(s.device_key, { measured_at: at(1), values: { salinity: 8, ph: 7.9, temperature: 29, do: 5 } });
    await ingest(s.device_key, { measured_at: at(2), values: { salinity: 15, ph: 7.9, temperature: 33.5, do: 3.2 } });
    await ingest(other.device_key, { measured_at: at(2), values: { salinity: 15, ph: 7.9, temperature: 33.5, do: 3.2 } });
    const r = await call(t, 'GET', `/api/admin/monitorings/stat-monitoring/${s.entry.id}`, { query: { from: at(0), to: at(12) } });
    expect(r.status).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/monitorings/stat-monitoring/:id', r.body);
    const [check] = r.body.data.seafood;
    expect(check).toMatchObject({ seafood_name: 'Tôm thẻ thử', criteria_name: 'Tôm thẻ nuôi thương phẩm', stage: 'Thương phẩm' });
    const latest = Object.fromEntries(check.latest.map((x: any) => [x.parameter, x.result]));
    expect(latest).toEqual({ salinity: 'ok', ph: 'ok', temperature: 'high', dissolved_oxygen: 'low' });
    const period = Object.fromEntries(check.period.map((x: any) => [x.parameter, [x.result, x.low, x.high]]));
    expect(period.salinity).toEqual(['low', 8, 15]);
    expect(check.out_of_range.sort()).toEqual(['dissolved_oxygen', 'salinity', 'temperature']);
    const b = await call(t, 'GET', `/api/admin/monitorings/stat-monitoring/${other.entry.id}`, { query: { from: at(0), to: at(12) } });
    expect(b.body.data.seafood).toEqual([]);
  });
});

describe('ingest statement', () => {
  it('one audit row per request with what was stored and resent; the offline alert ends and a band alert keeps its peak', async () => {
    const s = await station({ code: 'KK-A1', name: 'Trạm không khí kiểm tra', type: 1, ward_id: wardA });
    const id = s.entry.id;
    await t.database.query(sql`insert into monitoring_alerts (station_id, kind, started_at) values (${id}, 'offline', ${at(0)}), (${id}, 'band', ${at(0)})`);
    const body = { readings: [1, 2].map((h) => ({ measured_at: at(h), values: { pm25: 300, pm10: 400 } })) };
    expect((await ingest(s.device_key, body)).body.data.stored).toBe(2);
    const again = await ingest(s.device_key, { readings: [...body.readings, { measured_at: at(3), values: { pm25: 30 } }] });
    expect(again.body.data).toMatchObject({ stored: 1, duplicates: [at(1), at(2)] });
    // a resent reading is not counted twice in its hour's mean: the same AQI as a station that did not resend
    const half = new Date(Date.UTC(2026, 10, 20, 2, 30)).toISOString();
    const first = {
      readings: [
        { measured_at: at(2), values: { pm25: 300 } },
        { measured_at: half, values: { pm25: 100 } },
      ],
    };
    const aqiOf = async (code: string, resend: boolean) => {
      const k = (await station({ code, name: `Trạm không khí ${code}`, type: 1, ward_id: wardA })).device_key;
      await ingest(k, first);
      const next = [...(resend ? [first.readings[0]] : []), { measured_at: at(3), values: { pm25: 30 } }];
      const r = await ingest(k, { readings: next });
      return r.body.data.readings.map((x: any) => x.aqi);
    };
    const [resent, alone] = [await aqiOf('KK-A2', true), await aqiOf('KK-A3', false)];
    expect(resent).toEqual(alone);
    const audits = await t.database.query<{ after: any; path: string }>(
      sql`select after, path from audit_logs where action = 'ingest' and record_id = ${String(id)} order by id`,
    );
    expect(audits.map((a) => (typeof a.after === 'string' ? JSON.parse(a.after) : a.after))).toEqual([
      { stored: 2, duplicates: 0 },
      { stored: 1, duplicates: 2 },
    ]);
    expect(audits[0].path).toBe('/api/ingest/readings');
    const alerts = await t.database.query<{ kind: string; ended_at: string | null; peak: number | null; peak_param: string | null }>(
      sql`select kind, ended_at::text, peak, peak_param from monitoring_alerts where station_id = ${id} order by kind`,
    );
    expect(alerts[0]).toMatchObject({ kind: 'band', ended_at: null, peak_param: 'aqi' });
    expect(Number(alerts[0].peak)).toBeGreaterThan(300);
    expect(alerts[1].kind).toBe('offline');
    expect(alerts[1].ended_at).not.toBeNull();
    // the NowCast keeps hour 3 in band 1: the clock started at the first batch's latest reading (hour 2) runs on
    const [st] = await t.database.query<{ band1_since: string; clear_since: string | null }>(
      sql`select band1_since, clear_since from monitoring_station_state where station_id = ${id}`,
    );
    expect(new Date(st.band1_since).toISOString()).toBe(at(2));
    expect(st.clear_since).toBeNull();
    const [h] = await t.database.query<{ n: number; sum: number }>(
      sql`select n, sum from monitoring_hourly where station_id = ${id} and param = 'pm25' and bucket = ${at(1)}::timestamptz`,
    );
    expect([Number(h.n), Number(h.sum)]).toEqual([1, 300]);
  });
});
