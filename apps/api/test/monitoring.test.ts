import { AQI_NO_NOWCAST_REASON, AQI_NO_PM_REASON, aqiSubIndex, hourlyAqi } from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateAlerts } from '../src/modules/monitoring/alerts';
import { chartCache } from '../src/modules/monitoring/chart-cache';
import { DEFAULT_ALL_ONLY, PROVINCE_WARDS_ONLY } from '../src/modules/monitoring/configs.module';
import { seedMonitoringDemo } from '../src/modules/monitoring/demo.module';
import { hashDeviceKey } from '../src/modules/monitoring/device-key';
import { stationByKey } from '../src/modules/monitoring/ingest.module';
import { coalesceStats, storeCoalesced } from '../src/modules/monitoring/ingest-queue';
import { makeWard } from './accounts-helpers';
import { expectDocumented } from './documented';
import { call, makeApp, makeUser, type TestApp } from './helpers';

let t: TestApp;
let wardA: number;
let wardB: number;
beforeAll(async () => {
  // the alert timer is driven by the tests with their own clock
  t = await makeApp({ MONITORING_ALERT_CHECK_SECONDS: 0 });
  wardA = await makeWard(t, 'Phường Tân Lập');
  wardB = await makeWard(t, 'Xã Hòa Thắng');
});
afterAll(async () => t?.close());

async function station(body: Record<string, unknown>, token?: string) {
  const r = await call(t, 'POST', '/api/admin/monitorings', { body: { status: 1, expected_interval_minutes: 10, ...body }, token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { entry: Record<string, any>; device_key: string };
}

async function ingest(key: string | null, body: unknown) {
  const r = await t.app.inject({ method: 'POST', url: '/api/ingest/readings', payload: body as object, headers: key ? { 'x-device-key': key } : {} });
  return { status: r.statusCode, body: r.json() };
}

describe('stations', () => {
  it('creates a station and shows its device key once, stored hashed', async () => {
    const { entry, device_key } = await station({ code: 'KK-01', name: 'Trạm không khí Tân Lập', type: 1, ward_id: wardA, lat: 12.68, long: 108.04 });
    expect(device_key).toMatch(/^nns_[A-Za-z0-9_-]{43}$/);
    expect(entry).not.toHaveProperty('device_key_hash');
    expect(entry.type).toBe(1);
    const [row] = await t.database.query<{ device_key_hash: string }>(sql`select device_key_hash from monitorings where id = ${entry.id}`);
    expect(row.device_key_hash).toBe(hashDeviceKey(device_key));
    expect(row.device_key_hash).not.toContain(device_key);
    const g = await call(t, 'GET', `/api/admin/monitorings/${entry.id}`);
    expect(JSON.stringify(g.body)).not.toContain(device_key);
    expect(JSON.stringify(g.body)).not.toContain(row.device_key_hash);
    const list = await call(t, 'GET', '/api/admin/monitorings', { query: { type: '1' } });
    expect(list.body.data.entries.map((e: any) => e.code)).toContain('KK-01');
  });

  it('refuses a bad type, coordinates outside Vietnam and a duplicate code, per field in Vietnamese', async () => {
    const r = await call(t, 'POST', '/api/admin/monitorings', { body: { code: 'X-1', name: 'Trạm', type: 9, ward_id: wardA, lat: 50 } });
    expect(r.status).toBe(400);
    const fields = Object.fromEntries(r.body.data.errors.map((e: any) => [e.field, e.message]));
    expect(fields.type).toMatch(/Loại trạm/);
    expect(fields.lat).toMatch(/Vĩ độ/);
    await station({ code: 'DUP-1', name: 'Trạm 1', type: 3, ward_id: wardA });
    const d = await call(t, 'POST', '/api/admin/monitorings', { body: { code: 'DUP-1', name: 'Trạm 2', type: 3, ward_id: wardA } });
    expect(d.status).toBe(409);
  });

  it('PATCH edits; rotating the key makes the old one useless', async () => {
    const { entry, device_key } = await station({ code: 'MUA-01', name: 'Trạm mưa', type: 3, ward_id: wardA });
    const p = await call(t, 'PATCH', `/api/admin/monitorings/${entry.id}`, { body: { name: 'Trạm đo mưa Tân Lập' } });
    expect(p.status).toBe(200);
    expect(p.body.data.entry.name).toBe('Trạm đo mưa Tân Lập');
    const ok = await ingest(device_key, { measured_at: '2026-11-20T01:00:00Z', values: { rain_mm: 3 } });
    expect(ok.status).toBe(200);
    const rot = await call(t, 'PUT', `/api/admin/monitorings/rotate-key/${entry.id}`);
    expect(rot.status).toBe(200);
    const fresh = rot.body.data.device_key;
    expect(fresh).not.toBe(device_key);
    expect((await ingest(device_key, { measured_at: '2026-11-20T02:00:00Z', values: { rain_mm: 3 } })).status).toBe(401);
    expect((await ingest(fresh, { measured_at: '2026-11-20T02:00:00Z', values: { rain_mm: 3 } })).status).toBe(200);
  });

  it('a ward officer sees and creates only stations of their ward', async () => {
    const perms = ['list:monitorings', 'read:monitorings', 'create:monitorings', 'update:monitorings'];
    const officer = await makeUser(t, { perms, wardId: wardB });
    const other = await station({ code: 'NUOC-B1', name: 'Trạm nước Hòa Thắng', type: 2, ward_id: wardB });
    const list = await call(t, 'GET', '/api/admin/monitorings', { token: officer.token, query: { limit: '100' } });
    const wards = new Set(list.body.data.entries.map((e: any) => e.ward_id));
    expect([...wards]).toEqual([wardB]);
    expect(list.body.data.entries.map((e: any) => e.id)).toContain(other.entry.id);
    const refused = await call(t, 'POST', '/api/admin/monitorings', { token: officer.token, body: { code: 'KK-X', name: 'Trạm', type: 1, ward_id: wardA } });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors[0].field).toBe('ward_id');
    const mine = await station({ code: 'KK-B2', name: 'Trạm không khí Hòa Thắng', type: 1, ward_id: wardB }, officer.token);
    expect(mine.entry.ward_id).toBe(wardB);
    // moving a station to another ward is refused on the field (the form shows it under 'Phường/xã')
    for (const [method, url] of [
      ['PATCH', `/api/admin/monitorings/${mine.entry.id}`],
      ['PUT', `/api/admin/monitorings/${mine.entry.id}`],
    ] as const) {
      const moved = await call(t, method, url, { token: officer.token, body: { ward_id: wardA } });
      expect(moved.status, `${method} ${JSON.stringify(moved.body)}`).toBe(400);
      expect(moved.body.data.errors).toEqual([{ field: 'ward_id', message: 'Bạn chỉ được thao tác trên dữ liệu thuộc phường/xã của mình' }]);
    }
    const [row] = await t.database.query<{ ward_id: number }>(sql`select ward_id from monitorings where id = ${mine.entry.id}`);
    expect(row.ward_id).toBe(wardB);
  });
});

describe('ingest', () => {
  it('refuses a missing or wrong key (401) and another station’s key (403)', async () => {
    const a = await station({ code: 'KK-401', name: 'Trạm A', type: 1, ward_id: wardA });
    const body = { measured_at: '2026-11-20T01:00:00Z', values: { pm25: 10 } };
    expect((await ingest(null, body)).status).toBe(401);
    const wrong = await ingest('nns_khong-co-that', body);
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Khóa thiết bị không hợp lệ');
    const other = await ingest(a.device_key, { ...body, station_code: 'KK-01' });
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/KK-01/);
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from monitoring_readings where station_id = ${a.entry.id}`);
    expect(n).toBe(0);
    // a station switched off takes nothing
    await call(t, 'PUT', `/api/admin/monitorings/change-status/${a.entry.id}`);
    expect((await ingest(a.device_key, body)).status).toBe(403);
  });

  it('refuses out-of-range and unknown values per field, and nothing of the batch is stored', async () => {
    const s = await station({ code: 'KK-RANGE', name: 'Trạm B', type: 1, ward_id: wardA });
    const r = await ingest(s.device_key, {
      readings: [
        { measured_at: '2026-11-20T01:00:00Z', values: { pm25: 12 } },
        { measured_at: '2026-11-20T01:05:00Z', values: { pm25: -3, ph: 7, o3: 'nhiều' } },
        { measured_at: 'hôm qua', values: {} },
      ],
    });
    expect(r.status).toBe(400);
    const errs = Object.fromEntries(r.body.data.errors.map((e: any) => [e.field, e.message]));
    expect(errs['readings.1.values.pm25']).toBe('PM2.5 phải từ 0 µg/m³ đến 1.000 µg/m³ (nhận được -3 µg/m³)');
    expect(errs['readings.1.values.ph']).toBe("Thông số 'ph' không thuộc loại trạm này");
    expect(errs['readings.1.values.o3']).toBe('O3 phải là một số');
    expect(errs['readings.2.measured_at']).toMatch(/ISO 8601/);
    expect(errs['readings.2.values']).toMatch(/bắt buộc/);
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from monitoring_readings where station_id = ${s.entry.id}`);
    expect(n).toBe(0);
  });

  it('limits a batch to 1,000 readings', async () => {
    const s = await station({ code: 'MUA-LIM', name: 'Trạm mưa', type: 3, ward_id: wardA });
    const base = Date.parse('2026-10-01T00:00:00Z');
    const batch = (n: number) => ({
      readings: Array.from({ length: n }, (_, i) => ({ measured_at: new Date(base + i * 60_000).toISOString(), values: { rain_mm: 0.2 } })),
    });
    const big = await ingest(s.device_key, batch(1001));
    expect(big.status).toBe(400);
    expect(big.body.data.errors[0]).toEqual({ field: 'readings', message: 'Mỗi lần gửi tối đa 1.000 bản ghi đo (đã gửi 1.001)' });
    const ok = await ingest(s.device_key, batch(1000));
    expect(ok.status).toBe(200);
    expect(ok.body.data.stored).toBe(1000);
    expect((await ingest(s.device_key, { readings: [] })).status).toBe(400);
  });

  it('is idempotent on (station, time), takes late readings, and keeps roll-ups exact', async () => {
    const s = await station({ code: 'MUA-IDEM', name: 'Trạm mưa', type: 3, ward_id: wardA });
    const r1 = await ingest(s.device_key, {
      readings: [
        { measured_at: '2026-11-20T01:00:00Z', values: { rain_mm: 2 } },
        { measured_at: '2026-11-20T01:30:00Z', values: { rain_mm: 4 } },
      ],
    });
    expect(r1.body.data.stored).toBe(2);
    // resent, with one late reading of the previous month
    const r2 = await ingest(s.device_key, {
      readings: [
        { measured_at: '2026-11-20T01:30:00Z', values: { rain_mm: 4 } },
        { measured_at: '2026-10-31T23:50:00+07:00', values: { rain_mm: 20 } },
      ],
    });
    expect(r2.status).toBe(200);
    expect(r2.body.data.stored).toBe(1);
    expect(r2.body.data.duplicates).toEqual(['2026-11-20T01:30:00.000Z']);
    expect(r2.body.data.readings[0]).toMatchObject({ measured_at: '2026-10-31T16:50:00.000Z', band: 4, band_label: 'Mưa vừa', rain_24h: 20 });
    const rows = await t.database.query<{ n: number }>(sql`select count(*)::int as n from monitoring_readings where station_id = ${s.entry.id}`);
    expect(rows[0].n).toBe(3);
    const [h] = await t.database.query<{ n: number; sum: number; min: number; max: number }>(
      sql`select n, sum, min, max from monitoring_hourly where station_id = ${s.entry.id} and param = 'rain_mm' and bucket = '2026-11-20T01:00:00Z'`,
    );
    expect(h).toMatchObject({ n: 2, sum: 6, min: 2, max: 4 });
    // the late reading lies in its own month's partition, and in the day of 31/10 at UTC+7
    const parts = await t.database.query<{ relname: string }>(
      sql`select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'monitoring_readings'::regclass order by 1`,
    );
    expect(parts.map((p) => p.relname)).toEqual(expect.arrayContaining(['monitoring_readings_p202610', 'monitoring_readings_p202611']));
    const [d] = await t.database.query<{ n: number }>(
      sql`select n from monitoring_daily where station_id = ${s.entry.id} and param = 'rain_mm' and bucket = '2026-10-30T17:00:00Z'`,
    );
    expect(d.n).toBe(1);
    // the station keeps its latest reading, not the late one; its level is its 24 hours' rain (2 + 4 mm)
    const g = await call(t, 'GET', `/api/admin/monitorings/${s.entry.id}`);
    expect(g.body.data.entry).toMatchObject({ last_band: 3, last_band_label: 'Mưa', last_values: { rain_mm: 4, rain_24h: 6 } });
  });

  it('air readings carry their hourly VN_AQI and its dominant pollutant, and the band from it', async () => {
    const s = await station({ code: 'KK-AQI', name: 'Trạm không khí', type: 1, ward_id: wardA });
    // the decision's example: PM2.5 hourly means 09:00 … 20:00, then O3 and NO2 at 20:00
    const pm = [26.9, 24.7, 20.5, 23.5, 19.5, 16.5, 19.0, 16.5, 20.3, 22.4, 19.6];
    const hour = (h: number) => `2026-11-19T${String(h).padStart(2, '0')}:10:00Z`;
    const first = await ingest(s.device_key, { readings: pm.map((v, i) => ({ measured_at: hour(9 + i), values: { pm25: v } })) });
    expect(first.status).toBe(200);
    const last = await ingest(s.device_key, { measured_at: hour(20), values: { pm25: 20.6, o3: 136.1, no2: 118.7 } });
    expect(last.body.data.readings[0]).toMatchObject({ aqi: 59, aqi_dominant: 'no2', band: 4, band_label: 'Trung bình' });
    // a heavy hour: PM2.5 NowCast climbs, and the band turns to 'Cảnh báo' above AQI 200
    const bad = await ingest(s.device_key, { readings: [{ measured_at: '2026-11-19T21:10:00Z', values: { pm25: 400, no2: 2400 } }] });
    expect(bad.body.data.readings[0]).toMatchObject({ aqi_dominant: 'no2', band: 1, band_label: 'Cảnh báo' });
    expect(bad.body.data.readings[0].aqi).toBe(Math.round(300 + (100 * (2400 - 2350)) / (3100 - 2350)));
  });

  it('water readings carry their VN_WQI', async () => {
    const s = await station({ code: 'NUOC-01', name: 'Trạm nước', type: 2, ward_id: wardA });
    const r = await ingest(s.device_key, { measured_at: '2026-11-20T03:00:00Z', values: { ph: 7.2, bod5: 5, cod: 8, nh4: 0.45, coliform: 5000 } });
    const iv = (87.5 + 100 + 62.5) / 3;
    expect(r.body.data.readings[0]).toMatchObject({ wqi: Math.round(Math.cbrt(iv * iv * 75)), band: 5 });
  });
});

describe('national indices through the ingest (issue 29)', () => {
  it('an air station that reports only gases has no VN_AQI for the hour, with the reason; never one from O3 alone', async () => {
    const s = await station({ code: 'KK-GAS', name: 'Trạm khí', type: 1, ward_id: wardA });
    const r = await ingest(s.device_key, { measured_at: '2026-11-18T03:10:00Z', values: { o3: 500, no2: 150 } });
    expect(r.status).toBe(200);
    expect(r.body.data.readings[0]).toMatchObject({ aqi: null, aqi_dominant: null, aqi_reason: AQI_NO_PM_REASON, band: null });
    const [row] = await t.database.query<{ aqi: number | null }>(sql`select aqi from monitoring_readings where station_id = ${s.entry.id}`);
    expect(row.aqi).toBeNull();
    // PM in one hour only: the NowCast is not valid yet, and the reason says so
    const pm = await ingest(s.device_key, { measured_at: '2026-11-18T04:10:00Z', values: { pm10: 30, o3: 500 } });
    expect(pm.body.data.readings[0]).toMatchObject({ aqi: null, aqi_reason: AQI_NO_NOWCAST_REASON });
    const next = await ingest(s.device_key, { measured_at: '2026-11-18T05:10:00Z', values: { pm10: 30, o3: 500 } });
    expect(next.body.data.readings[0]).toMatchObject({ aqi: Math.round(aqiSubIndex('o3_1h', 500)), aqi_dominant: 'o3_1h', aqi_reason: null });
  });

  it("the day's VN_AQI is the decision's daily index (the worked example: 110), shown as 'VN_AQI (ngày)' by day and month", async () => {
    const s = await station({ code: 'KK-DAY', name: 'Trạm không khí ngày', type: 1, ward_id: wardA });
    const day = Date.parse('2026-11-15T17:00:00Z'); // 16/11 at UTC+7
    const o3 = (i: number) => (i >= 8 && i < 16 ? (i === 12 ? 114.6 : (89.3 * 8 - 114.6) / 7) : 20);
    const readings = Array.from({ length: 24 }, (_, i) => ({
      measured_at: new Date(day + i * 3_600_000 + 600_000).toISOString(),
      values: { pm25: i % 2 ? 65.7 : 45.7, no2: i === 13 ? 130.8 : 40, o3: o3(i) },
    }));
    // sent in two requests, the second completing the day
    expect((await ingest(s.device_key, { readings: readings.slice(0, 12) })).status).toBe(200);
    expect((await ingest(s.device_key, { readings: readings.slice(12) })).status).toBe(200);
    const q = (interval: string) =>
      call(t, 'GET', `/api/admin/monitorings/stat-monitoring/${s.entry.id}`, { query: { from: '2026-11-01T00:00:00Z', to: '2026-11-30T00:00:00Z', interval } });
    const d = await q('day');
    expect(d.status).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/monitorings/stat-monitoring/:id', d.body);
    expect(d.body.data.series.aqi_day).toEqual([{ t: '2026-11-15T17:00:00.000Z', n: 1, min: 110, mean: 110, max: 110 }]);
    expect(d.body.data.parameters.aqi_day).toEqual({ label: 'VN_AQI (ngày)', unit: '' });
    // not the mean of the hourly indices
    expect(d.body.data.series.aqi).toBeUndefined();
    const m = await q('month');
    expect(m.body.data.series.aqi_day.map((p: any) => [p.n, p.mean])).toEqual([[1, 110]]);
    // the hours keep their hourly index
    expect((await q('hour')).body.data.series.aqi.length).toBeGreaterThan(0);
  });

  it('a rain reading is classed by the rain of the 24 hours up to it; each reading keeps its own amount', async () => {
    const s = await station({ code: 'MUA-24H', name: 'Trạm mưa 24 giờ', type: 3, ward_id: wardA });
    // running totals 0, 5.9, 6, 15.9, 16, 50, 50.5, 100, 100.5 mm
    const amounts = [0, 5.9, 0.1, 9.9, 0.1, 34, 0.5, 49.5, 0.5];
    const levels = [1, 2, 3, 3, 4, 4, 5, 5, 6];
    const base = Date.parse('2026-11-12T00:00:00Z');
    for (const [i, mm] of amounts.entries()) {
      const r = await ingest(s.device_key, { measured_at: new Date(base + i * 3_600_000).toISOString(), values: { rain_mm: mm } });
      expect([i, r.body.data.readings[0].band, r.body.data.readings[0].values.rain_mm]).toEqual([i, levels[i], mm]);
    }
    const g = await call(t, 'GET', `/api/admin/monitorings/${s.entry.id}`);
    expect(g.body.data.entry).toMatchObject({ last_band: 6, last_band_label: 'Mưa rất to', last_values: { rain_mm: 0.5, rain_24h: 100.5 } });
    // 24 h after the 5.9 mm, the window holds 94.6 mm: 'Mưa to'
    const later = await ingest(s.device_key, { measured_at: new Date(base + 25 * 3_600_000).toISOString(), values: { rain_mm: 0 } });
    expect(later.body.data.readings[0]).toMatchObject({ rain_24h: 94.6, band: 5, band_label: 'Mưa to' });
    // the local day (12/11 at UTC+7 holds the first 17 hours) is classed from its total
    const days = await call(t, 'GET', `/api/admin/monitorings/stat-monitoring/${s.entry.id}`, {
      query: { from: '2026-11-10T17:00:00Z', to: '2026-11-14T17:00:00Z', interval: 'day' },
    });
    expectDocumented(t, 'GET', '/api/admin/monitorings/stat-monitoring/:id', days.body);
    expect(days.body.data.rain_days).toEqual([
      { t: '2026-11-11T17:00:00.000Z', total: 100.5, level: 6, label: 'Mưa rất to', color: expect.any(String) },
      { t: '2026-11-12T17:00:00.000Z', total: 0, level: 1, label: 'Không mưa', color: expect.any(String) },
    ]);
  });
});

describe('ingest, small requests stored together (group commit)', () => {
  const count = async (id: number) =>
    (await t.database.query<{ n: number }>(sql`select count(*)::int as n from monitoring_readings where station_id = ${id}`))[0].n;
  const audits = async (id: number) =>
    t.database.query<{ after: any }>(sql`select after from audit_logs where action = 'ingest' and record_id = ${String(id)} order by id`);

  it('answers concurrent single readings of several stations each their own, stored once, with one audit row each', async () => {
    const air = await station({ code: 'GC-KK', name: 'Trạm không khí GC', type: 1, ward_id: wardA });
    const water = await station({ code: 'GC-NUOC', name: 'Trạm nước GC', type: 2, ward_id: wardA });
    const rain = await station({ code: 'GC-MUA', name: 'Trạm mưa GC', type: 3, ward_id: wardA });
    const at = (i: number) => new Date(Date.parse('2026-11-21T02:00:00Z') + i * 60_000).toISOString();
    // PM2.5 in the two hours before: the NowCast needs 2 of the 3 latest hours, and without a PM
    // sub-index there is no VN_AQI at all (QĐ 1459 §2.1.b)
    await ingest(air.device_key, { readings: [0, 1].map((h) => ({ measured_at: `2026-11-21T0${h}:30:00Z`, values: { pm25: 10 } })) });
    const before = { ...coalesceStats };
    const sent = [
      ...Array.from({ length: 6 }, (_, i) => [air, { measured_at: at(i), values: { pm25: 10 + i, no2: 100 + 20 * i } }] as const),
      ...Array.from({ length: 4 }, (_, i) => [water, { measured_at: at(i), values: { ph: 7.2, bod5: 5, cod: 8, nh4: 0.45, coliform: 5000 } }] as const),
      ...Array.from({ length: 4 }, (_, i) => [rain, { measured_at: at(i), values: { rain_mm: i === 3 ? 120 : 1 } }] as const),
    ];
    const answers = await Promise.all(sent.map(([s, body]) => ingest(s.device_key, body)));
    // they did share flushes (fewer flushes than requests), and none was retried alone
    expect(coalesceStats.flushes - before.flushes).toBeLessThan(sent.length);
    expect(coalesceStats.retried).toBe(before.retried);
    answers.forEach((a, i) => {
      const [s, body] = sent[i];
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.data).toMatchObject({ station_id: s.entry.id, stored: 1, duplicates: [] });
      expect(a.body.data.readings).toHaveLength(1);
      expect(a.body.data.readings[0]).toMatchObject({ measured_at: body.measured_at, values: body.values });
    });
    // each station's own computations: AQI from the air station's hour as if the requests came one after
    // the other (each sees the NO2 mean of the readings taken so far), WQI, the rain level
    const aqis = answers.slice(0, 6).map((a) => a.body.data.readings[0]);
    expect(aqis.every((r) => r.aqi_dominant === 'no2')).toBe(true);
    // the order the flush took them in is not necessarily the order sent: the one taken last saw the
    // whole hour (NO2 mean 150), the others a part of it
    expect(aqis.map((r) => r.aqi)).toContain(hourlyAqi({ no2: 150, pm25_nowcast: 12.5 })?.aqi);
    expect(answers[6].body.data.readings[0].wqi).toBe(Math.round(Math.cbrt(((87.5 + 100 + 62.5) / 3) ** 2 * 75)));
    expect(answers[13].body.data.readings[0]).toMatchObject({ band: 6, band_label: 'Mưa rất to' });
    expect(await count(air.entry.id)).toBe(8);
    expect(await count(water.entry.id)).toBe(4);
    expect(await count(rain.entry.id)).toBe(4);
    const [h] = await t.database.query<{ n: number; sum: number }>(
      sql`select n, sum from monitoring_hourly where station_id = ${air.entry.id} and param = 'pm25' and bucket = '2026-11-21T02:00:00Z'`,
    );
    expect(h).toMatchObject({ n: 6, sum: 10 + 11 + 12 + 13 + 14 + 15 });
    // the rain station's level is its 24 hours' total (1 + 1 + 1 + 120)
    expect(answers[13].body.data.readings[0].rain_24h).toBe(123);
    // the answer is what was stored
    const [last] = await t.database.query<{ aqi: number }>(
      sql`select aqi from monitoring_readings where station_id = ${air.entry.id} and measured_at = ${at(5)}`,
    );
    expect(last.aqi).toBe(aqis[5].aqi);
    expect((await audits(rain.entry.id)).map((a) => a.after)).toEqual(Array.from({ length: 4 }, () => ({ stored: 1, duplicates: 0 })));
    const g = await call(t, 'GET', `/api/admin/monitorings/${rain.entry.id}`);
    expect(g.body.data.entry).toMatchObject({ last_band: 6, last_values: { rain_mm: 120, rain_24h: 123 } });
  });

  it('a bad request among good ones gets its own 400/401/403 and stores nothing; the good ones are stored', async () => {
    const a = await station({ code: 'GC-A', name: 'Trạm A GC', type: 3, ward_id: wardA });
    const b = await station({ code: 'GC-B', name: 'Trạm B GC', type: 3, ward_id: wardA });
    const body = (m: number, v: unknown = 1) => ({ measured_at: `2026-11-21T03:0${m}:00Z`, values: { rain_mm: v } });
    const [ok1, bad, noKey, other, ok2] = await Promise.all([
      ingest(a.device_key, body(1)),
      ingest(a.device_key, body(2, -5)),
      ingest('nns_khong-co-that', body(3)),
      ingest(b.device_key, { ...body(4), station_code: 'GC-A' }),
      ingest(b.device_key, body(5)),
    ]);
    expect([ok1.status, bad.status, noKey.status, other.status, ok2.status]).toEqual([200, 400, 401, 403, 200]);
    expect(bad.body.data.errors[0].field).toBe('values.rain_mm');
    expect(ok1.body.data.stored).toBe(1);
    expect(ok2.body.data.stored).toBe(1);
    expect(await count(a.entry.id)).toBe(1);
    expect(await count(b.entry.id)).toBe(1);
  });

  it('a reading sent twice at once is stored once: one request stores it, the other answers it as a duplicate', async () => {
    const s = await station({ code: 'GC-DUP', name: 'Trạm trùng GC', type: 1, ward_id: wardA });
    const body = { measured_at: '2026-11-21T04:00:00Z', values: { pm25: 30 } };
    const [x, y] = await Promise.all([ingest(s.device_key, body), ingest(s.device_key, body)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect([x.body.data.stored, y.body.data.stored].sort()).toEqual([0, 1]);
    expect([...x.body.data.duplicates, ...y.body.data.duplicates]).toEqual(['2026-11-21T04:00:00.000Z']);
    expect(await count(s.entry.id)).toBe(1);
    const [h] = await t.database.query<{ n: number }>(
      sql`select n from monitoring_hourly where station_id = ${s.entry.id} and param = 'pm25' and bucket = '2026-11-21T04:00:00Z'`,
    );
    expect(h.n).toBe(1);
    expect((await audits(s.entry.id)).map((a) => a.after).sort((p, q) => p.stored - q.stored)).toEqual([
      { stored: 0, duplicates: 1 },
      { stored: 1, duplicates: 0 },
    ]);
  });

  it('a flush that fails is retried one request at a time: only the failing one fails', async () => {
    const s = await station({ code: 'GC-RETRY', name: 'Trạm thử lại GC', type: 3, ward_id: wardA });
    const found = await stationByKey(t.database, s.device_key);
    if (!found) throw new Error('station not found');
    const job = (station: typeof found, m: number) => ({
      station,
      readings: [{ measured_at: new Date(`2026-11-21T05:0${m}:00Z`), values: { rain_mm: 1 } }],
      config: found.config,
      audit: null,
    });
    const before = coalesceStats.retried;
    // a station deleted meanwhile (no such id): its roll-up breaks the foreign key, and the whole flush with it
    const results = await Promise.allSettled([
      storeCoalesced(t.database, job(found, 1)),
      storeCoalesced(t.database, job({ ...found, id: 2_000_000_000 }, 2)),
      storeCoalesced(t.database, job(found, 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(coalesceStats.retried).toBe(before + 1);
    expect(await count(s.entry.id)).toBe(2);
  });
});

describe('band configs', () => {
  const aqi = (cut: number) => ({
    parameters: {
      aqi: [
        { level: 5, from: 0, to: 51 },
        { level: 4, from: 51, to: 101 },
        { level: 3, from: 101, to: 151 },
        { level: 2, from: 151, to: cut },
        { level: 1, from: cut, to: null },
      ],
    },
  });

  it('answers the national preset until one is saved, refuses an overlap and a gap naming the band', async () => {
    const g = await call(t, 'GET', '/api/admin/monitoring-configs/rain-wtc');
    expect(g.status).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/monitoring-configs/rain-wtc', g.body);
    expect(g.body.data.source).toBe('preset');
    expect(g.body.data.config.parameters.rain_mm).toHaveLength(6);
    expect(g.body.data.levels.map((l: any) => l.label)).toEqual(['Không mưa', 'Mưa nhỏ', 'Mưa', 'Mưa vừa', 'Mưa to', 'Mưa rất to']);
    const bad = aqi(180);
    bad.parameters.aqi[3] = { level: 2, from: 140, to: 180 };
    const r = await call(t, 'PUT', '/api/admin/monitoring-configs/air-wtc', { body: bad });
    expect(r.status).toBe(400);
    expect(r.body.data.errors).toEqual([
      { field: 'parameters.aqi.3', message: "Khoảng 'Khá thấp' (140–180) của VN_AQI (giờ) chồng lên khoảng 'Khá cao' (101–151)" },
    ]);
    const gap = aqi(180);
    gap.parameters.aqi[4] = { level: 1, from: 190, to: null };
    const r2 = await call(t, 'POST', '/api/admin/monitoring-configs/air-wtc', { body: gap });
    expect(r2.body.data.errors[0].message).toBe("Giữa khoảng 'Khá thấp' (151–180) và khoảng 'Cảnh báo' (190–+∞) của VN_AQI (giờ) còn trống 180–190");
  });

  it("'admin' sets a ward's override; an officer reads their ward's and may not name another; readings take the ward's bands", async () => {
    const ward = await makeWard(t, 'Phường Ngưỡng Riêng');
    // the ward is stricter: 'Cảnh báo' from AQI 101
    const strict = {
      parameters: {
        aqi: [
          { level: 5, from: 0, to: 51 },
          { level: 3, from: 51, to: 101 },
          { level: 1, from: 101, to: null },
        ],
      },
    };
    const put = await call(t, 'PUT', '/api/admin/monitoring-configs/air-wtc', { body: { ...strict, ward_id: ward } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expectDocumented(t, 'PUT', '/api/admin/monitoring-configs/air-wtc', put.body);
    expect(put.body.data).toMatchObject({ ward_id: ward, source: 'ward' });
    const def = await call(t, 'GET', '/api/admin/monitoring-configs/air-wtc');
    expect(def.body.data.source).not.toBe('ward');
    const asAdmin = await call(t, 'GET', '/api/admin/monitoring-configs/air-wtc', { query: { ward_id: String(ward) } });
    expect(asAdmin.body.data.config).toEqual(strict);

    const officer = await makeUser(t, { perms: ['list:monitorings', 'update:monitorings'], wardId: ward });
    const own = await call(t, 'GET', '/api/admin/monitoring-configs/air-wtc', { token: officer.token });
    expect(own.body.data).toMatchObject({ ward_id: ward, source: 'ward', config: strict });
    const other = await call(t, 'GET', '/api/admin/monitoring-configs/air-wtc', { token: officer.token, query: { ward_id: String(wardA) } });
    expect(other.status).toBe(400);
    expect(other.body.data.errors[0].field).toBe('ward_id');
    const otherWrite = await call(t, 'PUT', '/api/admin/monitoring-configs/air-wtc', { token: officer.token, body: { ...strict, ward_id: wardA } });
    expect(otherWrite.status).toBe(400);

    // a reading at AQI ≈ 110 is 'Khá cao' (3) by the national preset, 'Cảnh báo' in this ward
    const here = await station({ code: 'KK-WARD', name: 'Trạm phường ngưỡng riêng', type: 1, ward_id: ward });
    const there = await station({ code: 'KK-DEF', name: 'Trạm mặc định', type: 1, ward_id: wardA });
    // (PM2.5 in two hours: an AQI needs a particulate sub-index)
    const body = {
      readings: [
        { measured_at: '2026-11-21T01:30:00Z', values: { pm25: 10 } },
        { measured_at: '2026-11-21T02:00:00Z', values: { no2: 300, pm25: 10 } },
      ],
    };
    const a = await ingest(here.device_key, body);
    const b = await ingest(there.device_key, body);
    expect(a.body.data.readings[1]).toMatchObject({ aqi: 110, band: 1 });
    expect(b.body.data.readings[1]).toMatchObject({ aqi: 110, band: 3 });
    // the band is kept with the reading: a later change of config does not rewrite it
    await call(t, 'PUT', '/api/admin/monitoring-configs/air-wtc', { body: { ...aqi(201), ward_id: ward } });
    const [kept] = await t.database.query<{ band: number }>(
      sql`select band from monitoring_readings where station_id = ${here.entry.id} order by measured_at desc limit 1`,
    );
    expect(kept.band).toBe(1);
  });
});

describe('band configs by scope (issue 28 §3b)', () => {
  it("a province officer edits their province's wards only, never the national default; the system log names the ward and the bands before and after", async () => {
    const [mine] = await t.database.query<{ id: number }>(sql`select province_id as id from wards where id = ${wardB}`);
    const [other] = await t.database.query<{ id: number }>(sql`insert into provinces (code, name) values ('PX-28', 'Tỉnh khác') returning id`);
    const [far] = await t.database.query<{ id: number }>(
      sql`insert into wards (code, name, province_id, search_text) values ('WX-28', 'Xã Ngoài Tỉnh', ${other.id}, 'xa ngoai tinh') returning id`,
    );
    const officer = await makeUser(t, { perms: ['list:monitorings', 'update:monitorings'], provinceId: mine.id });
    const url = '/api/admin/monitoring-configs/rain-wtc';
    const national = (await call(t, 'GET', url)).body.data;
    const body = {
      parameters: {
        rain_mm: [
          { level: 1, from: 0, to: 0, to_inclusive: true },
          { level: 2, from: 0, to: 10, to_inclusive: true },
          { level: 6, from: 10, to: null },
        ],
      },
    };
    // the default every ward falls back to: refused, named or not
    for (const b of [body, { ...body, ward_id: null }]) {
      const r = await call(t, 'PUT', url, { token: officer.token, body: b });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.data.errors).toEqual([{ field: 'ward_id', message: DEFAULT_ALL_ONLY }]);
    }
    // a ward of another province: neither read nor written
    const farPut = await call(t, 'PUT', url, { token: officer.token, body: { ...body, ward_id: far.id } });
    expect(farPut.body.data.errors).toEqual([{ field: 'ward_id', message: PROVINCE_WARDS_ONLY }]);
    expect((await call(t, 'GET', url, { token: officer.token, query: { ward_id: String(far.id) } })).status).toBe(400);
    // a ward of their province: saved as that ward's own, and named
    const ok = await call(t, 'PUT', url, { token: officer.token, body: { ...body, ward_id: wardB } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ ward_id: wardB, source: 'ward', ward: { id: wardB, name: 'Xã Hòa Thắng' }, config: body });
    // nothing changed for the rest of the country
    const after = (await call(t, 'GET', url)).body.data;
    expect({ ward_id: after.ward_id, source: after.source, config: after.config }).toEqual({ ward_id: null, source: national.source, config: national.config });
    const [log] = await t.database.query<{ before: any; after: any }>(
      sql`select before, after from audit_logs where action = 'update-config' order by id desc limit 1`,
    );
    expect(log.before.bands).toEqual({ ward_id: wardB, ward_name: 'Xã Hòa Thắng', source: national.source, config: national.config });
    expect(log.after.bands).toEqual({ ward_id: wardB, ward_name: 'Xã Hòa Thắng', source: 'ward', config: body });
    // a rain reading of that ward takes the ward's edges: 10 mm in 24 h is the end of its level 2
    const s = await station({ code: 'MUA-28', name: 'Trạm mưa tỉnh', type: 3, ward_id: wardB });
    const r = await ingest(s.device_key, { measured_at: '2026-11-22T01:00:00Z', values: { rain_mm: 10 } });
    expect(r.body.data.readings[0]).toMatchObject({ band: 2, rain_24h: 10 });
  });
});

describe('statistics of a station', () => {
  it('answers min/mean/max per hour, day and month from the roll-ups, inside the ward scope', async () => {
    const s = await station({ code: 'NUOC-STAT', name: 'Trạm nước thống kê', type: 2, ward_id: wardB });
    const readings = [
      ['2026-10-01T01:00:00Z', 6.5],
      ['2026-10-01T01:30:00Z', 7.5],
      ['2026-10-01T18:00:00Z', 8.0], // 02/10 at UTC+7
      ['2026-11-03T03:00:00Z', 7.0],
    ].map(([at, ph]) => ({ measured_at: at, values: { ph, do: 7, temperature: 25 } }));
    expect((await ingest(s.device_key, { readings })).status).toBe(200);
    const q = (interval: string) =>
      call(t, 'GET', `/api/admin/monitorings/stat-monitoring/${s.entry.id}`, { query: { from: '2026-09-30T17:00:00Z', to: '2026-11-30T17:00:00Z', interval } });
    const day = await q('day');
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    expect(day.body.data.series.ph).toEqual([
      { t: '2026-09-30T17:00:00.000Z', n: 2, min: 6.5, mean: 7, max: 7.5 },
      { t: '2026-10-01T17:00:00.000Z', n: 1, min: 8, mean: 8, max: 8 },
      { t: '2026-11-02T17:00:00.000Z', n: 1, min: 7, mean: 7, max: 7 },
    ]);
    const month = await q('month');
    expect(month.body.data.series.ph.map((p: any) => [p.t, p.n, p.min, p.max])).toEqual([
      ['2026-09-30T17:00:00.000Z', 3, 6.5, 8],
      ['2026-10-31T17:00:00.000Z', 1, 7, 7],
    ]);
    expect(month.body.data.parameters.ph).toEqual({ label: 'pH', unit: '' });
    const tooLong = await call(t, 'GET', `/api/admin/monitorings/stat-monitoring/${s.entry.id}`, {
      query: { from: '2026-01-01T00:00:00Z', to: '2026-11-01T00:00:00Z', interval: 'hour' },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data.errors[0]).toEqual({ field: 'interval', message: 'Khoảng thời gian quá dài cho thống kê theo giờ (tối đa 93 ngày)' });
    const hours = await q('hour');
    expect(hours.body.data.series.ph[0]).toEqual({ t: '2026-10-01T01:00:00.000Z', n: 2, min: 6.5, mean: 7, max: 7.5 });
    expect(hours.body.data.series.wqi).toBeUndefined();
    const officerA = await makeUser(t, { perms: ['read:monitorings'], wardId: wardA });
    expect((await call(t, 'GET', `/api/admin/monitorings/stat-monitoring/${s.entry.id}`, { token: officerA.token })).status).toBe(404);
    // the series kept a few seconds by this process (chart-cache.ts) is read again once the station takes a reading
    expect((await q('day')).body.data.series.ph).toHaveLength(3);
    await ingest(s.device_key, { measured_at: '2026-11-10T03:00:00Z', values: { ph: 7.4 } });
    const after = await q('day');
    expect(after.body.data.series.ph).toHaveLength(4);
    expect(after.body.data.series.ph[3]).toEqual({ t: '2026-11-09T17:00:00.000Z', n: 1, min: 7.4, mean: 7.4, max: 7.4 });
    // and the same answer as without the cache
    chartCache.ms = 0;
    try {
      expect((await q('day')).body).toEqual(after.body);
    } finally {
      chartCache.ms = 5_000;
    }
  });
});

describe('alerts', () => {
  it("raises a band alert once after the enter time, clears only after the clear time out of band 1, and tells the ward's officers only", async () => {
    const ward = await makeWard(t, 'Phường Cảnh Báo');
    const perms = ['list:monitorings', 'read:monitorings'];
    const officer = await makeUser(t, { perms, wardId: ward });
    const elsewhere = await makeUser(t, { perms, wardId: wardA });
    const noPerm = await makeUser(t, { perms: ['list:users'], wardId: ward });
    const s = await station({ code: 'DAT-ALERT', name: 'Trạm đất chợ', type: 5, ward_id: ward, expected_interval_minutes: 10 });
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 3 * 3_600_000;
    const at = (min: number) => new Date(t0 + min * 60_000);
    const send = async (min: number, ph: number) => {
      const r = await ingest(s.device_key, { measured_at: at(min).toISOString(), values: { ph } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.readings[0];
    };
    const run = (min: number) => evaluateAlerts(t.app.services, at(min), { enterMinutes: 15, clearMinutes: 30 });
    const mine = (r: { station_id: number; kind: string }[]) => r.filter((x) => x.station_id === s.entry.id);
    const open = async () => {
      const r = await call(t, 'GET', '/api/admin/monitorings/alerts', { query: { station_id: String(s.entry.id) } });
      expectDocumented(t, 'GET', '/api/admin/monitorings/alerts', r.body);
      return r.body.data.entries;
    };
    const inbox = async (token: string) => (await call(t, 'GET', '/api/admin/profile/notifications', { token })).body.data.entries.map((e: any) => e.title);

    expect((await send(0, 4)).band).toBe(1);
    expect(mine(await run(10))).toEqual([]); // 10 min in band 1: not yet
    await send(5, 3.8); // still band 1
    expect(mine(await run(16))).toEqual([{ station_id: s.entry.id, kind: 'band' }]);
    expect(mine(await run(17))).toEqual([]); // once
    expect(await inbox(officer.token)).toContain('Cảnh báo quan trắc: Trạm đất chợ');
    expect(await inbox(elsewhere.token)).not.toContain('Cảnh báo quan trắc: Trạm đất chợ');
    expect(await inbox(noPerm.token)).toEqual([]);

    // hovering at the limit: out for 15 min, back in, out again — the alert stays open, nobody is told again
    expect((await send(20, 6.5)).band).toBe(5);
    await run(45);
    await send(35, 4);
    await send(40, 6.5);
    expect(mine(await run(65))).toEqual([]);
    let alerts = await open();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'band', kind_label: 'Cảnh báo', started_at: at(0).toISOString(), ended_at: null });
    // 30 min out of band 1 since minute 40: cleared, ended at the first reading out of it
    expect(mine(await run(70))).toEqual([]);
    alerts = await open();
    expect(alerts.find((x: any) => x.kind === 'band').ended_at).toBe(at(40).toISOString());
    expect((await inbox(officer.token)).filter((x: string) => x.startsWith('Cảnh báo quan trắc'))).toHaveLength(1);

    // silence: past 3 intervals (30 min) after the last reading → 'mất kết nối', once; a reading ends it
    expect(mine(await run(70))).toEqual([]);
    expect(mine(await run(71))).toEqual([{ station_id: s.entry.id, kind: 'offline' }]);
    expect(mine(await run(90))).toEqual([]);
    expect(await inbox(officer.token)).toContain('Mất kết nối: Trạm đất chợ');
    await send(95, 6.5);
    alerts = await open();
    expect(alerts.find((a: any) => a.kind === 'offline')).toMatchObject({ kind_label: 'Mất kết nối', ended_at: at(95).toISOString() });
    // the officer of another ward does not see this station's alerts
    const theirs = await call(t, 'GET', '/api/admin/monitorings/alerts', { token: elsewhere.token });
    expect(theirs.body.data.entries.every((a: any) => a.ward_id === wardA)).toBe(true);
  });

  it("a rain station raises in its worst level, 6 'Mưa rất to', after the enter time and clears with the same hysteresis", async () => {
    const ward = await makeWard(t, 'Phường Mưa Lớn');
    const officer = await makeUser(t, { perms: ['list:monitorings', 'read:monitorings'], wardId: ward });
    const s = await station({ code: 'MUA-ALERT', name: 'Trạm mưa đầu nguồn', type: 3, ward_id: ward, expected_interval_minutes: 60 });
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 27 * 3_600_000;
    const at = (min: number) => new Date(t0 + min * 60_000);
    const send = async (min: number, rain_mm: number) => {
      const r = await ingest(s.device_key, { measured_at: at(min).toISOString(), values: { rain_mm } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.readings[0].band;
    };
    const run = (min: number) => evaluateAlerts(t.app.services, at(min), { enterMinutes: 15, clearMinutes: 30 });
    const mine = (r: { station_id: number; kind: string }[]) => r.filter((x) => x.station_id === s.entry.id);
    const alerts = async () => (await call(t, 'GET', '/api/admin/monitorings/alerts', { query: { station_id: String(s.entry.id) } })).body.data.entries;

    // the level is the class of the rain over 24 hours, not of one reading's amount. 'Không mưa' is
    // level 1 of rain, and 'Mưa to' (5) is not the worst: neither starts the clock
    expect(await send(0, 0)).toBe(1);
    expect(await send(5, 60)).toBe(5);
    expect(mine(await run(25))).toEqual([]);
    expect(await send(10, 45)).toBe(6); // 105 mm in 24 h, from a 45 mm reading
    expect(mine(await run(24))).toEqual([]); // 14 min in 'Mưa rất to'
    expect(await send(20, 1)).toBe(6); // 1 mm, still 106 mm in 24 h
    expect(mine(await run(26))).toEqual([{ station_id: s.entry.id, kind: 'band' }]);
    expect(mine(await run(27))).toEqual([]); // once
    const inbox = (await call(t, 'GET', '/api/admin/profile/notifications', { token: officer.token })).body.data.entries;
    expect(inbox.map((e: any) => e.title)).toContain('Cảnh báo quan trắc: Trạm mưa đầu nguồn');
    expect(inbox.find((e: any) => e.title === 'Cảnh báo quan trắc: Trạm mưa đầu nguồn').content).toContain("'Mưa rất to'");
    let open = await alerts();
    expect(open).toEqual([expect.objectContaining({ kind: 'band', started_at: at(10).toISOString(), ended_at: null, peak: 106, peak_param: 'rain_24h' })]);
    expect(await send(30, 4)).toBe(6);
    expect((await alerts())[0]).toMatchObject({ ended_at: null, peak: 110 });

    // a day later the 60 mm have left the window (45 + 1 + 4 + 0 = 50 mm, 'Mưa vừa'); 30 min after, it clears
    expect(await send(5 + 24 * 60, 0)).toBe(4);
    expect(mine(await run(5 + 24 * 60 + 29))).toEqual([]);
    expect((await alerts())[0]).toMatchObject({ ended_at: null });
    await run(5 + 24 * 60 + 30);
    open = await alerts();
    expect(open[0]).toMatchObject({ kind: 'band', ended_at: at(5 + 24 * 60).toISOString() });
  });
});

describe('overview', () => {
  it('answers the map points compactly (six numbers a station), counts per type and band, open alerts, inside the scope, with an ETag', async () => {
    const ward = await makeWard(t, 'Phường Tổng Quan');
    const s = await station({ code: 'MUA-OV', name: 'Trạm mưa tổng quan', type: 3, ward_id: ward, lat: 12.7, long: 108.05 });
    const noMap = await station({ code: 'DAT-OV', name: 'Trạm đất không tọa độ', type: 5, ward_id: ward });
    await ingest(s.device_key, { measured_at: new Date(Date.now() - 60_000).toISOString(), values: { rain_mm: 60 } });
    const officer = await makeUser(t, { perms: ['list:monitorings'], wardId: ward });
    const r = await call(t, 'GET', '/api/admin/monitorings/overview', { token: officer.token });
    expect(r.status).toBe(200);
    expect(r.body.data.point_fields).toEqual(['id', 'lat', 'long', 'type', 'band', 'alert']);
    // the station without coordinates is counted but not on the map
    expect(r.body.data.points).toEqual([s.entry.id, 12.7, 108.05, 3, 5, 0]);
    expect(r.body.data.points_total).toBe(1);
    expect(r.body.data.counts).toEqual([
      { type: 3, band: 5, n: 1 },
      { type: 5, band: null, n: 1 },
    ]);
    expect(r.body.data.alerts).toEqual([]);
    expect(JSON.stringify(r.body)).not.toContain('Trạm mưa tổng quan'); // names come with a picked station
    const all = await call(t, 'GET', '/api/admin/monitorings/overview');
    expect(all.body.data.points.filter((_: unknown, i: number) => i % 6 === 0)).toContain(s.entry.id);
    expect(all.body.data.points.filter((_: unknown, i: number) => i % 6 === 0)).not.toContain(noMap.entry.id);

    // an ETag: the same answer again is 304 without a body; browsers must ask each time
    const first = await t.app.inject({ method: 'GET', url: '/api/admin/monitorings/overview', headers: { authorization: `Bearer ${officer.token}` } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/admin/monitorings/overview',
      headers: { authorization: `Bearer ${officer.token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // a band change, a new station and an alert show at once (this process's cache is emptied), with a new tag
    await ingest(s.device_key, { measured_at: new Date(Date.now() - 30_000).toISOString(), values: { rain_mm: 130 } });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/monitorings/overview',
      headers: { authorization: `Bearer ${officer.token}`, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.points).toEqual([s.entry.id, 12.7, 108.05, 3, 6, 0]);
    await evaluateAlerts(t.app.services, new Date(Date.now() + 20 * 60_000), { enterMinutes: 15, clearMinutes: 30 });
    const alertedAnswer = await call(t, 'GET', '/api/admin/monitorings/overview', { token: officer.token });
    expectDocumented(t, 'GET', '/api/admin/monitorings/overview', alertedAnswer.body);
    const alerted = alertedAnswer.body.data;
    expect(alerted.points).toEqual([s.entry.id, 12.7, 108.05, 3, 6, 1]);
    expect(alerted.alerts).toEqual([
      // the peak of a rain alert is the highest 24-hour total (60 + 130 mm)
      expect.objectContaining({ station_id: s.entry.id, station_code: 'MUA-OV', station_type: 3, kind: 'band', kind_label: 'Cảnh báo', peak: 190 }),
    ]);
    const moved = await call(t, 'PATCH', `/api/admin/monitorings/${noMap.entry.id}`, { body: { lat: 12.71, long: 108.06 } });
    expect(moved.status).toBe(200);
    const withBoth = (await call(t, 'GET', '/api/admin/monitorings/overview', { token: officer.token })).body.data;
    expect(withBoth.points).toEqual([s.entry.id, 12.7, 108.05, 3, 6, 1, noMap.entry.id, 12.71, 108.06, 5, null, 0]);
  });
});

describe('demo data', () => {
  it('seeds a station of each type with four weeks of hourly readings, one air episode in band 1, one silent station', async () => {
    await t.database.query(
      sql`insert into wards (code, name, province_id, search_text) values ('24781', 'Phường Xuân Hương - Đà Lạt', (select min(id) from provinces), 'phuong xuan huong')`,
    );
    const now = Date.parse('2026-11-24T10:30:00Z');
    await seedMonitoringDemo(t.app.services, now);
    await seedMonitoringDemo(t.app.services, now); // once
    const rows = await t.database.query<{ code: string; type: number; n: number; band1: number; last: string }>(
      sql`select m.code, m.type, count(r.*)::int as n, count(*) filter (where r.band = 1)::int as band1, max(r.measured_at)::text as last
        from monitorings m join monitoring_readings r on r.station_id = m.id where m.code like 'QT-%' group by 1, 2 order by 2`,
    );
    expect(rows.map((r) => [r.code, r.n])).toEqual([
      ['QT-KK-01', 672],
      ['QT-NUOC-01', 672],
      ['QT-MUA-01', 672],
      ['QT-TT-01', 624],
      ['QT-DAT-01', 672],
      ['QT-CT-01', 672],
    ]);
    expect(rows[0].band1).toBeGreaterThan(0);
    expect(rows.slice(1).every((r) => r.type === 3 || r.band1 === 0)).toBe(true);
    const raised = await evaluateAlerts(t.app.services, new Date(now), { enterMinutes: 15, clearMinutes: 30 });
    const [tt] = await t.database.query<{ id: number }>(sql`select id from monitorings where code = 'QT-TT-01'`);
    expect(raised).toContainEqual({ station_id: tt.id, kind: 'offline' });
  });
});
