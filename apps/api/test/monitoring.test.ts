import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceKey } from '../src/modules/monitoring/device-key';
import { makeWard } from './accounts-helpers';
import { call, makeApp, makeUser, type TestApp } from './helpers';

let t: TestApp;
let wardA: number;
let wardB: number;
beforeAll(async () => {
  t = await makeApp();
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
    expect(r2.body.data.readings[0]).toMatchObject({ measured_at: '2026-10-31T16:50:00.000Z', band: 4, band_label: 'Mưa vừa' });
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
    // the station keeps its latest reading, not the late one
    const g = await call(t, 'GET', `/api/admin/monitorings/${s.entry.id}`);
    expect(g.body.data.entry).toMatchObject({ last_band: 2, last_band_label: 'Mưa nhỏ', last_values: { rain_mm: 4 } });
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
