// Issue 16's overview map with 10,000 discharge works: `BENCH_ONLY=dischargeMap npm run bench` runs it
// alone (no product units seeded), and a full `npm run bench` runs it after the list scenarios. The
// works are spread over Viet Nam's bounding box with generate_series (four types, one in twelve over
// its limits this month, one in seven last month) in one ward, then GET /api/admin/discharge-constructs/overview (every point,
// as the map asks on opening) and its 'vượt giới hạn' filter are loaded with wrk at 4 connections (the
// route's own latency; target ≤ 100 ms) and at BENCH_CONNECTIONS.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import type { Measure, Row } from './report';
import { wrk } from './wrk';

export const DISCHARGE_KEYS = ['dischargeMap', 'dischargeMap50', 'dischargeMapExceeded', 'dischargeMapGzip', 'dischargeMap304', 'dischargeMapYear'];
export const DISCHARGE_WORKS = Number(process.env.BENCH_DISCHARGE_WORKS ?? 10_000);

/** 10,000 works in one new ward, spread over the bounding box of Viet Nam. */
export async function seedDischargeWorks(database: Database, n = DISCHARGE_WORKS) {
  await database.db.execute(sql`insert into provinces (code, name) values ('BXT', 'Tỉnh đo xả thải') on conflict do nothing`);
  await database.db.execute(
    sql`insert into wards (code, name, province_id, search_text) select 'BXT01', 'Phường đo xả thải', id, 'phuong do xa thai' from provinces where code = 'BXT' on conflict do nothing`,
  );
  const month = `${new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7)}-01T00:00:00Z`;
  const ym = Number(month.slice(0, 4)) * 100 + Number(month.slice(5, 7));
  await database.db.execute(sql`insert into discharge_constructs
      (code, name, wastewater_type, ward_id, lat, long, permitted_flow, limit_column, public_status, announce, last_flow, last_measured_date, last_exceeded_date, exceeded_months, search_text)
    select 'BXT-' || g, 'Công trình đo ' || g, 1 + g % 4, (select id from wards where code = 'BXT01'),
      8.6 + (g * 7919 % 10000) / 10000.0 * 14.8, 102.2 + (g * 104729 % 10000) / 10000.0 * 7.2,
      50 + g % 900, 'B', 1 + g % 2, 1 + g % 2, 40 + g % 800, ${month}::timestamptz,
      case when g % 12 = 0 then ${month}::timestamptz when g % 7 = 0 then ${month}::timestamptz - interval '1 month' else null end, case when g % 12 = 0 then jsonb_build_array(${ym}::int) when g % 7 = 0 then jsonb_build_array(${ym % 100 === 1 ? ym - 89 : ym - 1}::int) else null end, 'cong trinh do ' || g
    from generate_series(1, ${n}) g`);
  await database.db.execute(sql`analyze discharge_constructs`);
}

interface Ctx {
  engine: Row['engine'];
  database: Database;
  base: string;
  token: string;
  seconds: number;
  connections: number;
  say: (m: string) => void;
  drained: (base: string) => Promise<void>;
  wanted: (key: string) => boolean;
}

export async function benchDischarge(c: Ctx): Promise<Row[]> {
  const rows: Row[] = [];
  const headers = { authorization: `Bearer ${c.token}` };
  c.say(`${c.engine}: đang tạo ${DISCHARGE_WORKS.toLocaleString('vi-VN')} công trình xả thải…`);
  await seedDischargeWorks(c.database);
  const all = '/api/admin/discharge-constructs/overview';
  const exceeded = `${all}?exceeded=1`;
  const t = performance.now();
  const r = await fetch(`${c.base}${all}`, { headers });
  const body = await r.arrayBuffer();
  const points = (JSON.parse(Buffer.from(body).toString()) as { data: { points: unknown[] } }).data.points.length / 5;
  c.say(`${c.engine}: bản đồ tổng quan: ${points} điểm, ${Math.round(body.byteLength / 1024)} KB, lần đầu ${(performance.now() - t).toFixed(0)} ms`);
  await wrk(c.base, [all, exceeded], { seconds: Math.min(c.seconds, 4), connections: 4, headers }); // warm-up
  await c.drained(c.base);
  const run = async (key: string, scenario: string, path: string, connections: number) => {
    if (!c.wanted(key)) return;
    c.say(`${c.engine}: ${scenario}…`);
    const load = Math.round(os.loadavg()[0] * 10) / 10;
    const m: Measure = await wrk(c.base, [path], { seconds: c.seconds, connections, headers });
    rows.push({ key, scenario, engine: c.engine, m: { ...m, load } });
    await c.drained(c.base);
  };
  const what = `bản đồ công trình xả thải (${points.toLocaleString('en')} điểm, ${Math.round(body.byteLength / 1024)} KB)`;
  await run('dischargeMap', `${what}, 4 kết nối`, all, 4);
  await run('dischargeMap50', `${what}, ${c.connections} kết nối`, all, c.connections);
  await run('dischargeMapExceeded', "bản đồ xả thải, lọc 'vượt giới hạn' tháng này, 4 kết nối", exceeded, 4);
  await run('dischargeMapYear', "bản đồ xả thải, lọc 'vượt giới hạn' 12 tháng gần nhất, 4 kết nối", `${all}?exceeded=1&period=last-12-months`, 4);
  // what a browser asks: gzip, and with the ETag it holds (If-None-Match) once it has the map
  const etag = r.headers.get('etag') ?? '';
  if (c.wanted('dischargeMapGzip')) {
    c.say(`${c.engine}: gzip…`);
    const load = Math.round(os.loadavg()[0] * 10) / 10;
    const m = await wrk(c.base, [all], { seconds: c.seconds, connections: 4, headers: { ...headers, 'accept-encoding': 'gzip' } });
    rows.push({ key: 'dischargeMapGzip', scenario: `${what}, gzip, 4 kết nối`, engine: c.engine, m: { ...m, load } });
    await c.drained(c.base);
  }
  if (c.wanted('dischargeMap304') && etag) {
    c.say(`${c.engine}: 304…`);
    const load = Math.round(os.loadavg()[0] * 10) / 10;
    const m = await wrk(c.base, [all], { seconds: c.seconds, connections: 4, headers: { ...headers, 'if-none-match': etag } });
    rows.push({ key: 'dischargeMap304', scenario: 'bản đồ xả thải không đổi (If-None-Match → 304), 4 kết nối', engine: c.engine, m: { ...m, load } });
    await c.drained(c.base);
  }
  return rows;
}
