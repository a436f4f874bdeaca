import {
  AQI_NO_NOWCAST_REASON,
  AQI_NO_PM_REASON,
  alertLevelOf,
  type BandConfig,
  bandOf,
  dailyAqi,
  dailyAqiInputs,
  hourlyAqi,
  levelColor,
  levelLabel,
  type MonitoringType,
  nowcast,
  vnWqi,
} from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import { execPrepared, iso } from '../../core/resource-store';
import type { Database, Db } from '../../db/client';
import { configInForce } from './band-config';
import { clearChartCache } from './chart-cache';
import type { RawReading } from './ingest-validate';
import { clearOverviewCache } from './overview';
import { ensurePartitions } from './partitions';

export interface Station {
  id: number;
  code: string;
  type: MonitoringType;
  ward_id: number;
  status: number;
  last_reading_at: string | null;
}

export interface StoredReading {
  measured_at: string;
  values: Record<string, number>;
  band: number | null;
  band_label: string | null;
  band_color: string | null;
  aqi?: number | null;
  aqi_dominant?: string | null;
  /** why an air reading's hour has no VN_AQI (QĐ 1459 §2.1.b: no particulates) */
  aqi_reason?: string | null;
  wqi?: number | null;
  /** a rain reading: the rain over the 24 hours up to it, which its band classes */
  rain_24h?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const hourOf = (t: number) => Math.floor(t / HOUR) * HOUR;
/** the start (UTC ms) of the local day (UTC+7) holding t */
const localDayOf = (t: number) => Math.floor((t + 7 * HOUR) / DAY) * DAY - 7 * HOUR;

type HourAqi = { result: ReturnType<typeof hourlyAqi>; reason: string | null };
/** a local day's VN_AQI of an air station, written to the daily roll-up as 'aqi_day' */
export interface DayAqi {
  station_id: number;
  bucket: string;
  aqi: number;
}
const AQI_HOURLY = ['pm25', 'pm10', 'co', 'no2', 'so2', 'o3'] as const;

/** The readings of one air station in a flush, for its hour means, per request in the order they came. */
interface AirGroup {
  station: number;
  parts: { job: number; readings: RawReading[] }[];
}

/**
 * Hourly VN_AQI of each reading's hour, per air station of a flush, from the hour means known once
 * these readings are in (the hourly roll-ups already stored plus them): SO2, CO, NO2, O3 from the
 * hour's mean, PM10 and PM2.5 from the NowCast of the 12 hours up to it; and the daily VN_AQI of
 * each local day they fall in (its hours, and the 7 before it for the 8-hour O3). One statement for
 * every station of the flush (a lateral join per station, each an index range on its key).
 */
async function airIndices(db: Db, groups: AirGroup[]) {
  const ranges = groups.map((g) => {
    const readings = g.parts.flatMap((p) => p.readings);
    const hours = readings.map((r) => hourOf(r.measured_at.getTime()));
    const times = readings.map((r) => r.measured_at.getTime());
    const first = Math.min(...hours);
    const last = Math.max(...hours);
    return {
      station_id: g.station,
      hfrom: new Date(Math.min(first - 11 * HOUR, localDayOf(first) - 7 * HOUR)).toISOString(),
      hto: new Date(Math.max(last, localDayOf(last) + DAY - HOUR)).toISOString(),
      tfrom: new Date(Math.min(...times)).toISOString(),
      tto: new Date(Math.max(...times)).toISOString(),
    };
  });
  // the hour means stored, and (same statement) which of these readings are stored already: a resent
  // reading is not counted twice in its hour's mean
  const rows = await execPrepared<{ station_id: number; bucket: string; param: string | null; n: number; sum: number }>(
    db,
    sql`select q.station_id, x.bucket, x.param, x.n, x.sum
      from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) as q(station_id int, hfrom timestamptz, hto timestamptz, tfrom timestamptz, tto timestamptz)
      cross join lateral (
        select bucket, param, n, sum from monitoring_hourly where station_id = q.station_id
          and param in ('pm25', 'pm10', 'co', 'no2', 'so2', 'o3') and bucket between q.hfrom and q.hto
        union all
        select measured_at, null, 0, 0 from monitoring_readings where station_id = q.station_id and measured_at between q.tfrom and q.tto
      ) x`,
  );
  const byStation = new Map<number, typeof rows>();
  for (const r of rows) {
    const id = Number(r.station_id);
    const list = byStation.get(id);
    if (list) list.push(r);
    else byStation.set(id, [r]);
  }
  const out = new Map<number, (r: RawReading) => HourAqi | null>();
  const days: DayAqi[] = [];
  for (const g of groups) {
    const x = airIndicesOf(byStation.get(g.station) ?? [], g.parts);
    for (const [job, fn] of x.jobs) out.set(job, fn);
    for (const d of x.days) days.push({ station_id: g.station, ...d });
  }
  return { byJob: out, days };
}

/**
 * Per request (`job`) of one station: its readings' hour AQI from the stored means plus the readings
 * of this request and of the requests before it in the flush, as if they had come one after the other.
 */
function airIndicesOf(rows: { bucket: string; param: string | null; n: number; sum: number }[], parts: AirGroup['parts']) {
  const stored = rows.filter((r): r is typeof r & { param: string } => r.param !== null);
  const already = new Set(rows.filter((r) => r.param === null).map((r) => Date.parse(iso(r.bucket))));
  const sums = new Map<string, { n: number; sum: number }>();
  const put = (h: number, p: string, n: number, s: number) => {
    const k = `${h}|${p}`;
    const a = sums.get(k);
    if (a) {
      a.n += n;
      a.sum += s;
    } else sums.set(k, { n, sum: s });
  };
  for (const r of stored) put(Date.parse(iso(r.bucket)), r.param, Number(r.n), Number(r.sum));
  const mean = (h: number, p: string) => {
    const a = sums.get(`${h}|${p}`);
    return a ? a.sum / a.n : null;
  };
  const out: [number, (r: RawReading) => HourAqi | null][] = [];
  for (const { job, readings } of parts) {
    for (const r of readings) {
      if (already.has(r.measured_at.getTime())) continue;
      for (const p of AQI_HOURLY) if (r.values[p] != null) put(hourOf(r.measured_at.getTime()), p, 1, r.values[p]);
    }
    const byHour = new Map<number, HourAqi>();
    for (const h of new Set(readings.map((r) => hourOf(r.measured_at.getTime())))) {
      const series = (p: string) => Array.from({ length: 12 }, (_, i) => mean(h - i * HOUR, p));
      const result = hourlyAqi({
        so2: mean(h, 'so2'),
        co: mean(h, 'co'),
        no2: mean(h, 'no2'),
        o3: mean(h, 'o3'),
        pm10_nowcast: nowcast(series('pm10')),
        pm25_nowcast: nowcast(series('pm25')),
      });
      const anyPm = mean(h, 'pm10') !== null || mean(h, 'pm25') !== null;
      byHour.set(h, { result, reason: result ? null : anyPm ? AQI_NO_NOWCAST_REASON : AQI_NO_PM_REASON });
    }
    out.push([job, (r: RawReading) => byHour.get(hourOf(r.measured_at.getTime())) ?? null]);
  }
  // the daily VN_AQI of every local day the readings fall in, from the hour means with all of them in
  const hourly = new Map<number, Partial<Record<(typeof AQI_HOURLY)[number], number>>>();
  for (const k of sums.keys()) {
    const [h, p] = k.split('|');
    const v = mean(Number(h), p);
    if (v === null) continue;
    const at = Number(h);
    const row = hourly.get(at) ?? {};
    row[p as (typeof AQI_HOURLY)[number]] = v;
    hourly.set(at, row);
  }
  const days: { bucket: string; aqi: number }[] = [];
  for (const d of new Set(parts.flatMap((x) => x.readings.map((r) => localDayOf(r.measured_at.getTime()))))) {
    const a = dailyAqi(dailyAqiInputs(hourly, d));
    if (a) days.push({ bucket: new Date(d).toISOString(), aqi: a.aqi });
  }
  return { jobs: out, days };
}

/** A rain station's readings in a flush, per request in the order they came. */
interface RainGroup {
  station: number;
  readings: RawReading[];
}

/**
 * The rain over the 24 hours up to each reading, (t − 24 h, t], of the rain stations of a flush: the
 * amounts stored plus those of the flush (one statement, a lateral join per station). A rain class is
 * a 24-hour total's (DOMAIN.md 'Rain'); each reading keeps its own amount.
 */
async function rainTotals(db: Db, groups: RainGroup[]) {
  const ranges = groups.map((g) => {
    const times = g.readings.map((r) => r.measured_at.getTime());
    return { station_id: g.station, tfrom: new Date(Math.min(...times) - DAY).toISOString(), tto: new Date(Math.max(...times)).toISOString() };
  });
  const rows = await execPrepared<{ station_id: number; measured_at: string; mm: number | null }>(
    db,
    sql`select q.station_id, x.measured_at, x.mm
      from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) as q(station_id int, tfrom timestamptz, tto timestamptz)
      cross join lateral (
        select measured_at, (values ->> 'rain_mm')::float8 as mm from monitoring_readings
        where station_id = q.station_id and measured_at > q.tfrom and measured_at <= q.tto
      ) x`,
  );
  const amounts = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const id = Number(r.station_id);
    const m = amounts.get(id) ?? new Map<number, number>();
    m.set(Date.parse(iso(r.measured_at)), Number(r.mm ?? 0));
    amounts.set(id, m);
  }
  const out = new Map<number, Map<number, number>>();
  for (const g of groups) {
    const m = amounts.get(g.station) ?? new Map<number, number>();
    // a reading stored already keeps its stored amount (a resent one is not counted twice)
    for (const r of g.readings) if (!m.has(r.measured_at.getTime())) m.set(r.measured_at.getTime(), r.values.rain_mm ?? 0);
    const all = [...m.entries()];
    const totals = new Map<number, number>();
    for (const r of g.readings) {
      const t = r.measured_at.getTime();
      // summed in cents of a millimetre: 0.1 + 0.2 must class as 0.3, not 0.30000000000000004
      const cents = all.reduce((a, [at, mm]) => (at > t - DAY && at <= t ? a + Math.round(mm * 100) : a), 0);
      totals.set(t, cents / 100);
    }
    out.set(g.station, totals);
  }
  return out;
}

/** Who sent a batch, for its one audit row (written by the same statement as the readings). */
export interface IngestAudit {
  method: string | null;
  path: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** The value an alert's peak follows per type, and whether higher is worse (alerts.ts). */
export const PEAK: Partial<Record<MonitoringType, { param: string; worse: 'max' | 'min' }>> = {
  1: { param: 'aqi', worse: 'max' },
  2: { param: 'wqi', worse: 'min' },
  // a rain station's band is its 24-hour total's class: the alert's peak is the highest such total
  3: { param: 'rain_24h', worse: 'max' },
};

/**
 * Everything a flush writes, as one statement (so one round trip, atomic without a transaction, and
 * one text for every flush: a named prepared statement on PostgreSQL). A flush holds one request's
 * batch or several requests coalesced (ingest-queue.ts), of one station or many: the readings come as
 * one JSON parameter (each with its station and the index `k` of the request that owns it), the
 * stations' alert parameters as another, the requests' audit rows as a third. A reading already stored
 * (same station and time) is skipped by `on conflict do nothing`, and only what this statement
 * inserted (`ins`) reaches the hourly and daily roll-ups (UTC hours; days at UTC+7), each station's
 * latest reading and band, its alert state (the type's alert level, band 1 or rain's 6 'Mưa rất to',
 * starts or keeps the 'since' clock, anything else starts the clear clock; an open 'offline' alert
 * ends; an open band alert takes the value into its peak) and one audit row per request (its own
 * stored and duplicate counts). Each row answered says whether a station's band or open alerts
 * changed (`changed`: the overview's cache is then emptied).
 */
const STORE_SQL = (p: { rows: string; stations: string; audits: string; days: string }) => sql`with rows as (
    select * from jsonb_to_recordset(${p.rows}::jsonb) as r(k int, station_id int, measured_at timestamptz, "values" jsonb, band int, aqi int, aqi_dominant text, wqi int, extra jsonb)
  ), sts as (
    select * from jsonb_to_recordset(${p.stations}::jsonb) as s(station_id int, alert_level int, peak_param text, worse text)
  ), ins as (
    insert into monitoring_readings (station_id, measured_at, values, band, aqi, aqi_dominant, wqi)
    select station_id, measured_at, "values", band, aqi, aqi_dominant, wqi from rows order by station_id, measured_at
    on conflict do nothing returning station_id, measured_at, values, band, aqi, wqi
  ), vals as (
    select i.station_id, i.measured_at, e.key as param, (e.value)::float8 as v
    from ins i, jsonb_each(i.values || jsonb_strip_nulls(jsonb_build_object('aqi', i.aqi, 'wqi', i.wqi))) e
  ), h as (
    insert into monitoring_hourly (station_id, bucket, param, n, sum, min, max)
    select station_id, date_bin('1 hour', measured_at, timestamptz '2000-01-01T00:00:00Z'), param, count(*), sum(v), min(v), max(v) from vals
    group by 1, 2, 3 order by 1, 3, 2
    on conflict (station_id, param, bucket) do update set n = monitoring_hourly.n + excluded.n, sum = monitoring_hourly.sum + excluded.sum,
      min = least(monitoring_hourly.min, excluded.min), max = greatest(monitoring_hourly.max, excluded.max)
  ), d as (
    insert into monitoring_daily (station_id, bucket, param, n, sum, min, max)
    select station_id, date_bin('1 day', measured_at, timestamptz '2000-01-01T00:00:00+07:00'), param, count(*), sum(v), min(v), max(v) from vals
    group by 1, 2, 3 order by 1, 3, 2
    on conflict (station_id, param, bucket) do update set n = monitoring_daily.n + excluded.n, sum = monitoring_daily.sum + excluded.sum,
      min = least(monitoring_daily.min, excluded.min), max = greatest(monitoring_daily.max, excluded.max)
  ), dq as (
    insert into monitoring_daily (station_id, bucket, param, n, sum, min, max)
    select station_id, bucket, 'aqi_day', 1, aqi, aqi, aqi from jsonb_to_recordset(${p.days}::jsonb) as x(station_id int, bucket timestamptz, aqi float8)
    order by 1, 2
    on conflict (station_id, param, bucket) do update set n = 1, sum = excluded.sum, min = excluded.min, max = excluded.max
  ), latest as (
    select distinct on (i.station_id) i.station_id, i.measured_at, i.band,
      i.values || jsonb_strip_nulls(jsonb_build_object('aqi', i.aqi, 'wqi', i.wqi)) || coalesce(r.extra, '{}'::jsonb) as last
    from ins i join rows r on r.station_id = i.station_id and r.measured_at = i.measured_at order by i.station_id, i.measured_at desc
  ), st as (
    update monitorings m set last_band = l.band, last_values = l.last, last_reading_at = l.measured_at from latest l
    where m.id = l.station_id and (m.last_reading_at is null or m.last_reading_at < l.measured_at)
    returning l.station_id, l.measured_at, l.band, l.last, (select o.last_band from monitorings o where o.id = l.station_id) as old_band
  ), state as (
    insert into monitoring_station_state (station_id, band1_since, clear_since)
    select st.station_id, case when st.band = s.alert_level then st.measured_at end,
      case when st.band = s.alert_level then null else st.measured_at end from st join sts s on s.station_id = st.station_id
    on conflict (station_id) do update set
      band1_since = case when excluded.band1_since is not null then coalesce(monitoring_station_state.band1_since, excluded.band1_since) else null end,
      clear_since = case when excluded.band1_since is not null then null else coalesce(monitoring_station_state.clear_since, excluded.clear_since) end
  ), off as (
    update monitoring_alerts a set ended_at = st.measured_at from st where a.station_id = st.station_id and a.kind = 'offline' and a.ended_at is null
    returning a.id
  ), pk as (
    update monitoring_alerts a set peak_param = x.peak_param,
      peak = case when x.worse = 'max' then greatest(coalesce(a.peak, x.v), x.v) else least(coalesce(a.peak, x.v), x.v) end
    from (select st.station_id, s.peak_param, s.worse, (st.last ->> s.peak_param)::float8 as v from st join sts s on s.station_id = st.station_id) x
    where x.v is not null and a.station_id = x.station_id and a.kind = 'band' and a.ended_at is null
  ), au as (
    insert into audit_logs (action, subject, record_id, method, path, code, ip, user_agent, after)
    select 'ingest', 'monitorings', q.station_id::text, q.method, q.path, 200, q.ip, q.user_agent,
      jsonb_build_object('stored', n.c, 'duplicates', q.sent - n.c)
    from jsonb_to_recordset(${p.audits}::jsonb) as q(k int, station_id int, method text, path text, ip text, user_agent text, sent int)
    cross join lateral (select count(*) as c from ins join rows r on r.station_id = ins.station_id and r.measured_at = ins.measured_at where r.k = q.k) n
    order by q.k
  )
  select station_id, measured_at, (select count(*) from st where st.band is distinct from st.old_band) + (select count(*) from off) > 0 as changed from ins`;

/** One request's readings to store (a batch, or one reading), with who sent it for its audit row. */
export interface StoreJob {
  station: Station;
  readings: RawReading[];
  /** the band config in force for the station's ward (read when not given) */
  config?: BandConfig;
  audit?: IngestAudit | null;
}

export interface StoreResult {
  stored: StoredReading[];
  duplicates: string[];
}

/**
 * Stores a station's readings: a reading already stored (same station and time) is skipped, each
 * new one gets its indices and its band from the config in force for the station's ward, the hourly
 * and daily roll-ups take the new ones, the station keeps its latest, and (`audit`) the batch gets
 * one audit row. One statement besides the hour means an air station's AQI needs (see STORE_SQL).
 */
export async function storeReadings(
  database: Database,
  station: Station,
  readings: RawReading[],
  o: { config?: BandConfig; audit?: IngestAudit } = {},
): Promise<StoreResult> {
  const [r] = await storeMany(database, [{ station, readings, config: o.config, audit: o.audit ?? null }]);
  return r;
}

/**
 * Stores several requests' readings together (STORE_SQL), answering each its own: the readings it
 * stored (with band, AQI, WQI) and those it sent that were stored already. Within the flush the first
 * request to name a (station, time) owns it, as if they had come one after the other: a later one
 * (or a repeat inside one batch) counts it as a duplicate. The readings of one air station across the
 * requests share their hour means, as one batch would.
 */
export async function storeMany(database: Database, jobs: StoreJob[]): Promise<StoreResult[]> {
  const owned: RawReading[][] = jobs.map(() => []);
  const owner = new Map<string, number>();
  jobs.forEach((j, k) => {
    for (const r of j.readings) {
      const key = `${j.station.id}|${r.measured_at.getTime()}`;
      if (owner.has(key)) continue;
      owner.set(key, k);
      owned[k].push(r);
    }
  });
  // partitions are made outside the statement (known months are remembered: no query)
  await ensurePartitions(
    database,
    owned.flatMap((list) => list.map((r) => r.measured_at)),
  );
  const db = database.db;
  const configs = new Map<number, BandConfig>();
  const air = new Map<number, AirGroup>();
  const rain = new Map<number, RainGroup>();
  for (const [k, j] of jobs.entries()) {
    if (!configs.has(j.station.id)) configs.set(j.station.id, j.config ?? (await configInForce(db, j.station.type, j.station.ward_id)).config);
    if (j.station.type === 1 && owned[k].length) {
      const g = air.get(j.station.id);
      if (g) g.parts.push({ job: k, readings: owned[k] });
      else air.set(j.station.id, { station: j.station.id, parts: [{ job: k, readings: owned[k] }] });
    }
    if (j.station.type === 3 && owned[k].length) {
      const g = rain.get(j.station.id);
      if (g) g.readings.push(...owned[k]);
      else rain.set(j.station.id, { station: j.station.id, readings: [...owned[k]] });
    }
  }
  const airOf = air.size ? await airIndices(db, [...air.values()]) : null;
  const rainOf = rain.size ? await rainTotals(db, [...rain.values()]) : null;
  const computedRows = jobs.map((j, k) =>
    owned[k].map((r) =>
      computed(
        j.station.type,
        configs.get(j.station.id) as BandConfig,
        r,
        airOf?.byJob.get(k) ?? null,
        rainOf?.get(j.station.id)?.get(r.measured_at.getTime()),
      ),
    ),
  );
  const rows: unknown[] = [];
  computedRows.forEach((list, k) => {
    const station = jobs[k].station.id;
    for (const r of list)
      rows.push({
        k,
        station_id: station,
        measured_at: r.measured_at,
        values: r.values,
        band: r.band,
        aqi: r.aqi ?? null,
        aqi_dominant: r.aqi_dominant ?? null,
        wqi: r.wqi ?? null,
        extra: r.rain_24h === undefined ? null : { rain_24h: r.rain_24h },
      });
  });
  const stations = new Map<number, unknown>();
  for (const j of jobs) {
    const peak = PEAK[j.station.type];
    stations.set(j.station.id, {
      station_id: j.station.id,
      alert_level: alertLevelOf(j.station.type),
      peak_param: peak?.param ?? null,
      worse: peak?.worse ?? 'max',
    });
  }
  const audits = jobs.flatMap((j, k) => (j.audit ? [{ k, station_id: j.station.id, ...j.audit, sent: j.readings.length }] : []));
  const inserted = await execPrepared<{ station_id: number; measured_at: string; changed: boolean }>(
    db,
    STORE_SQL({
      rows: JSON.stringify(rows),
      stations: JSON.stringify([...stations.values()]),
      audits: JSON.stringify(audits),
      days: JSON.stringify(airOf?.days ?? []),
    }),
  );
  // the map shows the stations' bands and open alerts: when one moved, this process's overview is redone
  if (inserted[0]?.changed) clearOverviewCache();
  // and the series of a station that took readings are read again (chart-cache.ts)
  if (inserted.length) clearChartCache(db, new Set(inserted.map((r) => Number(r.station_id))));
  // another request may have stored some of them a moment ago: only what this statement inserted counts
  const got = new Set(inserted.map((r) => `${Number(r.station_id)}|${Date.parse(iso(r.measured_at))}`));
  return jobs.map((j, k) => {
    const stored = computedRows[k].filter((r) => got.has(`${j.station.id}|${Date.parse(r.measured_at)}`));
    const mine = new Set(owned[k]);
    const duplicates = j.readings.filter((r) => !mine.has(r) || !got.has(`${j.station.id}|${r.measured_at.getTime()}`)).map((r) => r.measured_at.toISOString());
    return { stored, duplicates };
  });
}

function computed(type: MonitoringType, config: BandConfig, r: RawReading, aqiOf: ((r: RawReading) => HourAqi | null) | null, rain24h?: number): StoredReading {
  const out: StoredReading = { measured_at: r.measured_at.toISOString(), values: r.values, band: null, band_label: null, band_color: null };
  const forBand: Record<string, number> = { ...r.values };
  if (type === 1) {
    const h = aqiOf?.(r) ?? null;
    const a = h?.result ?? null;
    out.aqi = a?.aqi ?? null;
    out.aqi_dominant = a?.dominant ?? null;
    out.aqi_reason = a ? null : (h?.reason ?? AQI_NO_PM_REASON);
    if (a) forBand.aqi = a.aqi;
  }
  if (type === 3 && rain24h !== undefined) {
    // the band is the class of the rain over 24 hours, not of this reading's own amount
    out.rain_24h = rain24h;
    forBand.rain_mm = rain24h;
  }
  if (type === 2) {
    const w = vnWqi(r.values);
    out.wqi = w?.wqi ?? null;
    if (w) forBand.wqi = w.wqi;
  }
  out.band = bandOf(type, config, forBand);
  if (out.band != null) {
    out.band_label = levelLabel(type, out.band);
    out.band_color = levelColor(type, out.band);
  }
  return out;
}
