// Issue 15's speed figures, in `npm run bench` under BENCH_ONLY names (never in a plain run: the
// seed of millions of readings alone takes minutes). The ingest runs with wrk (bodies made by a Lua
// script: ingestScript), not autocannon, whose Node load took the server's CPU in this same process:
//   ingest500  POST /api/ingest/readings, batches of 500 air readings (goal ≥ 20,000 readings/s)
//   ingest1    the same route, one reading a request (goal ≥ 2,000 readings/s)
//   chart1y    GET stat-monitoring/{id}, a year at daily interval, with BENCH_MONITORING_READINGS raw
//              readings in the table (default 5,000,000, the goal's 50,000,000 by the variable; goal p99 ≤ 50 ms)
//   overview   GET /api/admin/monitorings/overview with BENCH_MONITORING_STATIONS stations (default 20,000; goal ≤ 50 ms),
//              then the same with the cache emptied before each request (overviewCold) and a client's If-None-Match (overview304)
// Alone: `BENCH_DATABASE_URL=… BENCH_ONLY=ingest1,chart1y node --import tsx bench/monitoring.ts`; BENCH_REUSE=name
// keeps the database and its seed for the next run (the chart and overview then skip the seed).
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { chartCache } from '../apps/api/src/modules/monitoring/chart-cache';
import { coalesceStats } from '../apps/api/src/modules/monitoring/ingest-queue';
import { clearOverviewCache } from '../apps/api/src/modules/monitoring/overview';
import { ensurePartitions } from '../apps/api/src/modules/monitoring/partitions';
import { profiled } from './cpu-prof';
import type { Measure, Row } from './report';
import { ensureWrk, wrk } from './wrk';

export const MONITORING_KEYS = ['ingest500', 'ingest1', 'chart1y', 'overview'] as const;
const STATIONS = Number(process.env.BENCH_MONITORING_STATIONS ?? 20_000);
// the goal names 50,000,000 (BENCH_MONITORING_READINGS=50000000; ~10 GB); the default is 5,000,000
const READINGS = Number(process.env.BENCH_MONITORING_READINGS ?? 5_000_000);
/** stations the ingest spreads over (each request locks its station's row: one station would measure its queue) */
const INGEST_STATIONS = 200;
const say = (m: string) => process.stderr.write(`[bench] ${m}\n`);

async function post(base: string, token: string, url: string, body: object) {
  const r = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await r.json()) as { code: number; data: any };
  if (env.code !== 200) throw new Error(`${url}: ${JSON.stringify(env).slice(0, 300)}`);
  return env.data;
}

/**
 * The Lua script of an ingest run with wrk (autocannon in this process took the server's CPU): each
 * request the next of a global sequence g = n·threads + thread (per thread n = 0, 1, …), sent by station g mod K with a fresh
 * block of `size` minutes (round ⌊g / K⌋), from `start` on, so no reading is a duplicate.
 */
export function ingestScript(keys: string[], size: number, start: number, threads: number): string {
  const lua = (x: string) => JSON.stringify(x);
  return `local keys = { ${keys.map(lua).join(', ')} }
local size = ${size}
local start = ${Math.floor(start / 1000)}
local threads = {}
function setup(thread) thread:set("id", #threads) table.insert(threads, thread) end
function init(args) n = 0 non2xx = 0 end
local function reading(t, j)
  return string.format('{"measured_at":"%s","values":{"pm25":%d,"pm10":%d,"no2":%d,"o3":%d,"co":%d,"so2":8}}',
    os.date("!%Y-%m-%dT%H:%M:%SZ", t), 20 + j % 30, 40 + j % 50, 30 + j % 20, 60 + j % 40, 900 + j % 300)
end
function request()
  local g = n * ${threads} + id
  n = n + 1
  local k = (g % #keys) + 1
  local t0 = start + math.floor(g / #keys) * size * 60
  local body
  if size == 1 then body = reading(t0, g) else
    local parts = {}
    for j = 0, size - 1 do parts[j + 1] = reading(t0 + j * 60, j) end
    body = '{"readings":[' .. table.concat(parts, ',') .. ']}'
  end
  return wrk.format("POST", "/api/ingest/readings", { ["content-type"] = "application/json", ["x-device-key"] = keys[k] }, body)
end
function response(status, headers, body)
  if status < 200 or status > 299 then
    if non2xx == 0 and id == 0 then io.stderr:write("@@first refusal " .. status .. " " .. string.sub(body, 1, 300) .. "\\n") end
    non2xx = non2xx + 1
  end
end
function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(threads) do bad = bad + (t:get("non2xx") or 0) end
  local e = summary.errors
  io.write(string.format('@@wrk {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout, bad))
end
`;
}

/**
 * CPU time so far of this process and of the database's server processes (Linux /proc; the machine is
 * shared, so a rate under load says little: the CPU a reading costs says what two idle cores could do).
 */
async function cpuNow(database: Database) {
  const tick = 100; // USER_HZ on Linux
  const pids = await database.query<{ pid: number }>(sql`select pid from pg_stat_activity where datname = current_database()`);
  const pg = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      pg.set(pid, ((Number(f[11]) + Number(f[12])) * 1000) / tick);
    } catch {
      // a server process that ended meanwhile
    }
  }
  const u = process.cpuUsage();
  return { node: (u.user + u.system) / 1000, pg };
}

function cpuPer(a: Awaited<ReturnType<typeof cpuNow>>, b: Awaited<ReturnType<typeof cpuNow>>, readings: number) {
  // the server processes alive at both ends (the pool's connections) and those that started meanwhile
  let pgMs = 0;
  for (const [pid, ms] of b.pg) pgMs += ms - (a.pg.get(pid) ?? 0);
  const node = (b.node - a.node) / readings;
  const pg = pgMs / readings;
  // Node is one core; PostgreSQL spreads over its connections: the rate is bounded by Node's core and by both cores together
  const ceiling = Math.round(Math.min(1000 / node, 2000 / (node + pg)));
  return { node, pg, ceiling };
}

// each run starts 30 days after the one before, from a year ago: no run resends another's instants
let runs = 0;

/** wrk POSTs of readings, `size` a request, every instant fresh (ingestScript). */
async function ingest(base: string, keys: string[], size: number, seconds: number, connections: number): Promise<Measure & { readingsPerSec: number }> {
  const start = Date.now() - 360 * 86_400_000 + runs++ * 30 * 86_400_000;
  const threads = 2;
  const m = await wrk(base, ['/api/ingest/readings'], { seconds, connections, threads, script: ingestScript(keys, size, start, threads) });
  return { ...m, readingsPerSec: Math.round(m.rps * size) };
}

/**
 * Stations (STATIONS, a tenth with a current band) and, for the chart, a year of daily roll-ups of
 * the charted station plus READINGS raw readings spread over other stations' last six months, with
 * their daily roll-ups, all set-based (generate_series), month by month straight into each month's
 * partition in key order (station, time: the primary key's index only appends), two months at once.
 * The month partitions of the readings are made UNLOGGED here: the WAL was most of the seed's cost
 * (and a 1 GB max_wal_size checkpointed every few seconds); nothing a chart reads is in them (it reads
 * monitoring_daily: EXPLAIN shows its key's index, never the readings). Hourly roll-ups are not
 * seeded (25,000,000 rows for 50,000,000 readings; no scenario reads them).
 */
/**
 * Alerts as a day of a province might have them: one station in 50 has had one (one in 200 of them
 * 'offline'), two in three still open (~270 open: the overview flags their points and lists the 100
 * latest). Only when the stations have none yet (a reused database may have them).
 */
async function seedAlerts(database: Database) {
  await database.db.execute(sql`insert into monitoring_alerts (station_id, kind, started_at, ended_at, peak, peak_param)
    select id, case when id % 200 = 0 then 'offline' else 'band' end, now() - make_interval(mins => id % 997), case when id % 3 = 0 then now() end,
      case when id % 200 <> 0 then 150 + id % 50 end, case when id % 200 <> 0 then 'aqi' end
    from monitorings where code like 'B-%' and id % 50 = 0
      and not exists (select 1 from monitoring_alerts a join monitorings m on m.id = a.station_id where m.code like 'B-%')`);
}

async function seed(database: Database, wardId: number) {
  const t0 = Date.now();
  if (process.env.BENCH_REUSE) {
    // a database kept from an earlier run (BENCH_REUSE): its stations and readings are there already
    const [had] = await database.query<{ id: number | null }>(sql`select min(id)::int as id from monitorings where code like 'B-%'`);
    if (had?.id) {
      await seedAlerts(database);
      say(`monitoring: dùng lại dữ liệu đã có trong cơ sở dữ liệu (BENCH_REUSE), trạm biểu đồ ${had.id}`);
      return had.id;
    }
  }
  await database.db.execute(sql`insert into monitorings (code, name, type, ward_id, status, expected_interval_minutes, lat, long, last_band, last_reading_at, search_text)
    select 'B-' || g, 'Trạm đo ' || g, 1 + g % 6, ${wardId}, 1, 10, 8.6 + (g % 1400) / 100.0, 102.2 + (g % 700) / 100.0,
      case when g % 10 = 0 then 1 + g % 5 end, case when g % 10 = 0 then now() end, 'tram do ' || g
    from generate_series(1, ${STATIONS}) g`);
  const [first] = await database.query<{ id: number }>(sql`select min(id)::int as id from monitorings where code like 'B-%'`);
  const chartId = first.id;
  await seedAlerts(database);
  // the charted station's year of days, written day after day among 200 other stations' days as the
  // ingest writes them (a day's row is made by its first reading): its rows lie on ~hundreds of pages,
  // not side by side
  const filler = Math.min(200, STATIONS - 1);
  await database.db.execute(sql`insert into monitoring_daily (station_id, bucket, param, n, sum, min, max)
    select st, date_bin('1 day', now() - make_interval(days => d), timestamptz '2000-01-01T00:00:00+07:00'), p, 144, 144 * (30 + (d + st) % 20), 10, 90
    from generate_series(365, 0, -1) d, unnest(array[${chartId}::int] || array(select ${chartId + STATIONS - filler}::int + i from generate_series(0, ${filler - 1}) i)) st,
      unnest(array['pm25', 'pm10', 'no2', 'o3', 'co', 'so2', 'aqi']) p
    order by d desc, st, p
    on conflict do nothing`);
  say(`monitoring: ${STATIONS.toLocaleString('vi-VN')} trạm trong ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (READINGS > 0) {
    const t1 = Date.now();
    // one reading every 10 minutes per station over the last 180 days (25,920 a station), as many
    // stations as it takes: reading k of station s (k = 1 … 25,920 back from now) is at now − 10k min
    const perStation = 180 * 144;
    const stations = Math.max(1, Math.ceil(READINGS / perStation));
    const lastFull = READINGS - (stations - 1) * perStation; // the last station's share
    const [{ endMs }] = await database.query<{ endMs: number }>(
      sql`select (extract(epoch from date_bin('10 minutes', now(), timestamptz '2000-01-01')) * 1000)::float8 as "endMs"`,
    );
    const end = new Date(Number(endMs)).toISOString();
    const startMs = Number(endMs) - perStation * 600_000;
    const months: Date[] = [];
    for (
      let d = new Date(Date.UTC(new Date(startMs).getUTCFullYear(), new Date(startMs).getUTCMonth(), 1));
      d.getTime() <= Number(endMs);
      d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
    )
      months.push(d);
    const keyOf = (m: Date) => `${m.getUTCFullYear()}${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const m of months) {
      const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
      await database.db.execute(
        sql.raw(
          `create unlogged table if not exists monitoring_readings_p${keyOf(m)} partition of monitoring_readings for values from ('${m.toISOString()}') to ('${next.toISOString()}')`,
        ),
      );
    }
    await ensurePartitions(database, months);
    const s0 = chartId + 1;
    const lanes = async (list: Date[], work: (m: Date) => Promise<void>) => {
      const queue = [...list];
      await Promise.all(
        [0, 1].map(async () => {
          for (let m = queue.shift(); m; m = queue.shift()) await work(m);
        }),
      );
    };
    // the readings: station-major, time-minor (the primary key's order); values a function of the slot
    // sl (0 = the latest); two months at once (two connections of the pool: two cores)
    await lanes(months, async (m) => {
      const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
      const lo = new Date(Math.max(m.getTime(), startMs + 600_000)).toISOString();
      const hi = new Date(Math.min(next.getTime() - 600_000, Number(endMs))).toISOString();
      const t = Date.now();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.execute(
          sql.raw(`insert into monitoring_readings_p${keyOf(m)} (station_id, measured_at, values, band, aqi, aqi_dominant)
          select st, ts, jsonb_build_object('pm25', 20 + sl % 30, 'pm10', 40 + sl % 50, 'no2', 30 + sl % 20), 4, 60 + sl % 40, 'pm25'
          from generate_series(${s0}, ${s0 + stations - 1}) st,
            lateral generate_series(timestamptz '${lo}', timestamptz '${hi}', interval '10 minutes') ts,
            lateral (select (extract(epoch from timestamptz '${end}' - ts) / 600)::int as sl) x
          where st < ${s0 + stations - 1} or sl < ${lastFull}
          order by st, ts`),
        );
      });
      say(`monitoring: bản ghi đo tháng ${keyOf(m)} trong ${((Date.now() - t) / 1000).toFixed(0)} s`);
    });
    // their daily roll-ups (days at UTC+7), computed by PostgreSQL from each month's partition; a day
    // spans two months at a month's edge, so neighbouring months never run at once (even, then odd)
    const daily = async (m: Date) => {
      const t = Date.now();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.execute(
          sql.raw(`insert into monitoring_daily (station_id, bucket, param, n, sum, min, max)
          select r.station_id, date_bin('1 day', r.measured_at, timestamptz '2000-01-01T00:00:00+07:00'), e.key, count(*), sum(e.value::float8), min(e.value::float8), max(e.value::float8)
          from monitoring_readings_p${keyOf(m)} r, jsonb_each(r.values || jsonb_build_object('aqi', r.aqi)) e
          where r.station_id >= ${s0}
          group by 1, 2, 3
          on conflict (station_id, param, bucket) do update set n = monitoring_daily.n + excluded.n, sum = monitoring_daily.sum + excluded.sum,
            min = least(monitoring_daily.min, excluded.min), max = greatest(monitoring_daily.max, excluded.max)`),
        );
      });
      say(`monitoring: tổng hợp ngày tháng ${keyOf(m)} trong ${((Date.now() - t) / 1000).toFixed(0)} s`);
    };
    await lanes(
      months.filter((_, i) => i % 2 === 0),
      daily,
    );
    await lanes(
      months.filter((_, i) => i % 2 === 1),
      daily,
    );
    const [{ n }] = await database.query<{ n: number }>(sql`select count(*)::int as n from monitoring_readings where station_id >= ${s0}`);
    say(`monitoring: ${n.toLocaleString('vi-VN')} bản ghi đo (và tổng hợp ngày của chúng) trong ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  }
  // VACUUM ANALYZE, as autovacuum does in production after so many inserts (autovacuum_vacuum_insert_threshold,
  // PostgreSQL 13+): the statistics, and the visibility map an index-only scan relies on
  const t2 = Date.now();
  for (const table of ['monitorings', 'monitoring_alerts', 'monitoring_daily', ...(READINGS > 0 ? ['monitoring_readings'] : [])])
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  say(`monitoring: vacuum analyze trong ${((Date.now() - t2) / 1000).toFixed(1)} s`);
  return chartId;
}

/** The four scenarios on a running app (run.ts hands its own); answers the report's rows. */
export async function benchMonitoring(
  o: { base: string; token: string; database: Database; engine: 'pglite' | 'postgres'; seconds: number; connections: number },
  wanted: (key: string) => boolean,
): Promise<Row[]> {
  const { base, token, database, engine, seconds, connections } = o;
  const rows: Row[] = [];
  const province = (await post(base, token, '/api/admin/provinces', { code: `BM${process.pid}`.slice(0, 10), name: 'Tỉnh đo quan trắc' })).entry;
  const ward = (await post(base, token, '/api/admin/wards', { code: `BW${process.pid}`.slice(0, 10), name: 'Phường đo quan trắc', province_id: province.id }))
    .entry;
  const load = () => Math.round(os.loadavg()[0] * 10) / 10;
  if (wanted('ingest500') || wanted('ingest1')) {
    const keys: string[] = [];
    for (let i = 0; i < INGEST_STATIONS; i++)
      keys.push(
        (await post(base, token, '/api/admin/monitorings', { code: `BI${process.pid}-${i}`, name: `Trạm nhận ${i}`, type: 1, ward_id: ward.id, status: 1 }))
          .device_key,
      );
    // the months the ingest writes into exist before it starts, as the server keeps them ahead
    await ensurePartitions(
      database,
      Array.from({ length: 14 }, (_, i) => new Date(Date.now() - (13 - i) * 30 * 86_400_000)),
    );
    await ingest(base, keys, 50, 3, connections); // warm-up
    for (const [key, size] of [
      ['ingest500', 500],
      ['ingest1', 1],
    ] as const) {
      if (!wanted(key)) continue;
      say(`${engine}: nhận dữ liệu, ${size} bản ghi mỗi yêu cầu (${seconds} s, ${connections} kết nối)…`);
      const l = load();
      const before = { ...coalesceStats };
      const cpu0 = await cpuNow(database);
      const m = await profiled(key, () => ingest(base, keys, size, seconds, connections));
      const cpu = cpuPer(cpu0, await cpuNow(database), m.total * size);
      const flushes = coalesceStats.flushes - before.flushes;
      const together = flushes
        ? ` (${flushes} lần ghi gộp, trung bình ${((coalesceStats.requests - before.requests) / flushes).toFixed(1)} yêu cầu mỗi lần, ${((coalesceStats.ms - before.ms) / flushes).toFixed(1)} ms mỗi lần)`
        : '';
      say(`${engine}: ${m.readingsPerSec.toLocaleString('vi-VN')} bản ghi/s${together}`);
      say(
        `${engine}: CPU mỗi bản ghi: Node ${cpu.node.toFixed(3)} ms, PostgreSQL ${cpu.pg.toFixed(3)} ms → trần trên 2 lõi rảnh ≈ ${cpu.ceiling.toLocaleString('en')} bản ghi/s`,
      );
      rows.push({
        key,
        scenario: `nhận dữ liệu trạm không khí, ${size} bản ghi/yêu cầu: ${m.readingsPerSec.toLocaleString('en')} bản ghi/s`,
        engine,
        m: { ...m, load: l },
      });
    }
  }
  if (wanted('chart1y') || wanted('overview')) {
    const chartId = await seed(database, ward.id);
    const headers = { authorization: `Bearer ${token}` };
    const to = new Date().toISOString();
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const chart = `/api/admin/monitorings/stat-monitoring/${chartId}?interval=day&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    // the chart twice: its query path (the series cache off) and as served (each process keeps a
    // station's series 5 s: chart-cache.ts)
    const chartLabel = `biểu đồ 1 năm theo ngày của một trạm (${READINGS.toLocaleString('en')} bản ghi đo trong bảng)`;
    for (const [key, label, path] of [
      ['chart1y', `${chartLabel}, không bộ đệm`, chart],
      ['chart1yCached', `${chartLabel}, bộ đệm chuỗi số 5 s`, chart],
      ['overview', `tổng quan quan trắc (${STATIONS.toLocaleString('en')} trạm)`, '/api/admin/monitorings/overview'],
    ] as const) {
      if (!wanted(key === 'chart1yCached' ? 'chart1y' : key)) continue;
      chartCache.ms = key === 'chart1y' ? 0 : 5_000;
      await wrk(base, [path], { seconds: Math.min(seconds, 3), connections: 4, headers }); // warm-up
      say(`${engine}: ${label} (${seconds} s, 4 kết nối)…`);
      const l = load();
      const cpu0 = await cpuNow(database);
      const m = await profiled(key, () => wrk(base, [path], { seconds, connections: 4, headers }));
      const cpu = cpuPer(cpu0, await cpuNow(database), m.total);
      say(
        `${engine}: ${m.rps} yêu cầu/s, p50 ${m.p50} ms, p99 ${m.p99} ms; CPU mỗi yêu cầu: Node ${cpu.node.toFixed(2)} ms, PostgreSQL ${cpu.pg.toFixed(2)} ms`,
      );
      rows.push({ key, scenario: `${label}, 4 kết nối`, engine, m: { ...m, load: l } });
    }
    if (wanted('overview')) {
      // the answer above comes from each process's 5 s cache: what a request costs when the cache is
      // empty (a station or band just changed), one at a time; and a client holding it (If-None-Match → 304)
      const path = '/api/admin/monitorings/overview';
      const times: number[] = [];
      let etag = '';
      const l = load();
      const cpu0 = await cpuNow(database);
      await profiled('overviewCold', async () => {
        for (let i = 0; i < 40; i++) {
          clearOverviewCache();
          const t0 = performance.now();
          const r = await fetch(`${base}${path}`, { headers });
          etag = r.headers.get('etag') ?? '';
          await r.arrayBuffer();
          times.push(performance.now() - t0);
        }
      });
      // Node's share includes the client (fetch) in this same process
      const cpu = cpuPer(cpu0, await cpuNow(database), times.length);
      say(`${engine}: tổng quan, bộ đệm vừa xóa: CPU mỗi yêu cầu: Node ${cpu.node.toFixed(2)} ms (cả phía khách), PostgreSQL ${cpu.pg.toFixed(2)} ms`);
      times.sort((a, b) => a - b);
      const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
      rows.push({
        key: 'overviewCold',
        scenario: `tổng quan quan trắc (${STATIONS.toLocaleString('en')} trạm), bộ đệm vừa xóa, từng yêu cầu một`,
        engine,
        m: {
          rps: Math.round((1000 / (times.reduce((a, b) => a + b, 0) / times.length)) * 10) / 10,
          p50: at(0.5),
          p99: at(0.99),
          total: times.length,
          non2xx: 0,
          errors: 0,
          load: l,
        },
      });
      const l304 = load();
      const m304 = await wrk(base, [path], { seconds, connections: 4, headers: { ...headers, 'if-none-match': etag } });
      rows.push({
        key: 'overview304',
        scenario: `tổng quan quan trắc, trình duyệt đã có (If-None-Match → 304), 4 kết nối`,
        engine,
        m: { ...m304, load: l304 },
      });
    }
  }
  return rows;
}

async function main() {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : new Set<string>(MONITORING_KEYS);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // BENCH_REUSE=name keeps the database (and its seed of millions of readings) for the next run with
  // the same name; drop it by hand when done (`drop database name`)
  const reuse = process.env.BENCH_REUSE;
  if (reuse && !/^[a-z_][a-z0-9_]*$/.test(reuse)) throw new Error('BENCH_REUSE: a database name in lower case');
  const name = reuse || `bench_monitoring_${process.pid}`;
  const exists = reuse && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  ensureWrk();
  const database = await openDatabase({ url: url.toString() });
  try {
    const dataDir = os.tmpdir();
    const { app } = await buildApp({
      database,
      env: {},
      config: { ADMIN_PASSWORD: 'Bench@12345', DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'no', MONITORING_ALERT_CHECK_SECONDS: 0 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const r = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Bench@12345' }),
    });
    const token = ((await r.json()) as { data: { token: string } }).data.token;
    const rows = await benchMonitoring(
      { base, token, database, engine: 'postgres', seconds: Number(process.env.BENCH_SECONDS ?? 10), connections: Number(process.env.BENCH_CONNECTIONS ?? 50) },
      (k) => only.has(k),
    );
    for (const row of rows) console.log(`${row.scenario}: ${JSON.stringify(row.m)}`);
    await new Promise((res) => setTimeout(res, 2000));
    await app.close();
  } finally {
    await database.close();
    if (!reuse) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  process.exit(0);
}

if (process.argv[1]?.endsWith('monitoring.ts')) void main();
