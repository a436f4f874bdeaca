import { alertLevelOf, type BandConfig, bandOf, hourlyAqi, levelColor, levelLabel, type MonitoringType, nowcast, vnWqi } from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import { execPrepared, iso } from '../../core/resource-store';
import type { Database, Db } from '../../db/client';
import { configInForce } from './band-config';
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
  wqi?: number | null;
}

const HOUR = 3_600_000;
const hourOf = (t: number) => Math.floor(t / HOUR) * HOUR;
const AQI_HOURLY = ['pm25', 'pm10', 'co', 'no2', 'so2', 'o3'] as const;

/**
 * Hourly VN_AQI of each reading's hour, from the hour means known once this batch is in (the
 * hourly roll-ups already stored plus the batch): SO2, CO, NO2, O3 from the hour's mean, PM10 and
 * PM2.5 from the NowCast of the 12 hours up to it.
 */
async function airIndices(db: Db, stationId: number, readings: RawReading[]) {
  const hours = readings.map((r) => hourOf(r.measured_at.getTime()));
  const from = Math.min(...hours) - 11 * HOUR;
  const to = Math.max(...hours);
  const times = readings.map((r) => r.measured_at.getTime());
  // the hour means stored, and (same statement) which of these readings are stored already: a resent
  // reading is not counted twice in its hour's mean
  const rows = await execPrepared<{ bucket: string; param: string | null; n: number; sum: number }>(
    db,
    sql`select bucket, param, n, sum from monitoring_hourly where station_id = ${stationId}
      and param in ('pm25', 'pm10', 'co', 'no2', 'so2', 'o3') and bucket between ${new Date(from).toISOString()} and ${new Date(to).toISOString()}
      union all
      select measured_at, null, 0, 0 from monitoring_readings where station_id = ${stationId}
        and measured_at between ${new Date(Math.min(...times)).toISOString()} and ${new Date(Math.max(...times)).toISOString()}`,
  );
  const stored = rows.filter((r): r is typeof r & { param: string } => r.param !== null);
  const already = new Set(rows.filter((r) => r.param === null).map((r) => Date.parse(iso(r.bucket) as string)));
  const sums = new Map<string, { n: number; sum: number }>();
  const put = (h: number, p: string, n: number, s: number) => {
    const k = `${h}|${p}`;
    const a = sums.get(k);
    if (a) {
      a.n += n;
      a.sum += s;
    } else sums.set(k, { n, sum: s });
  };
  for (const r of stored) put(Date.parse(iso(r.bucket) as string), r.param, Number(r.n), Number(r.sum));
  for (const r of readings) {
    if (already.has(r.measured_at.getTime())) continue;
    for (const p of AQI_HOURLY) if (r.values[p] != null) put(hourOf(r.measured_at.getTime()), p, 1, r.values[p]);
  }
  const mean = (h: number, p: string) => {
    const a = sums.get(`${h}|${p}`);
    return a ? a.sum / a.n : null;
  };
  const byHour = new Map<number, ReturnType<typeof hourlyAqi>>();
  for (const h of new Set(hours)) {
    const series = (p: string) => Array.from({ length: 12 }, (_, i) => mean(h - i * HOUR, p));
    byHour.set(
      h,
      hourlyAqi({
        so2: mean(h, 'so2'),
        co: mean(h, 'co'),
        no2: mean(h, 'no2'),
        o3: mean(h, 'o3'),
        pm10_nowcast: nowcast(series('pm10')),
        pm25_nowcast: nowcast(series('pm25')),
      }),
    );
  }
  return (r: RawReading) => byHour.get(hourOf(r.measured_at.getTime())) ?? null;
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
  3: { param: 'rain_mm', worse: 'max' },
};

/**
 * Everything a batch writes, as one statement (so one round trip, atomic without a transaction, and
 * one text for every batch: a named prepared statement on PostgreSQL). The readings come as one JSON
 * parameter; a reading already stored (same station and time) is skipped by `on conflict do nothing`,
 * and only what this statement inserted (`ins`) reaches the hourly and daily roll-ups (UTC hours; days
 * at UTC+7), the station's latest reading and band, its alert state (the type's alert level, band 1 or
 * rain's 6 'Mưa rất to', starts or keeps the 'since' clock, anything else starts the clear clock; an open 'offline' alert ends; an open band
 * alert takes the value into its peak) and the batch's audit row. Each row answered says whether the
 * station's band or its open alerts changed (`changed`: the overview's cache is then emptied).
 */
const STORE_SQL = (p: {
  station: number;
  rows: string;
  alertLevel: number;
  peakParam: string | null;
  worse: string;
  sent: number;
  audit: IngestAudit | null;
}) => sql`with rows as (
    select * from jsonb_to_recordset(${p.rows}::jsonb) as r(measured_at timestamptz, "values" jsonb, band int, aqi int, aqi_dominant text, wqi int)
  ), ins as (
    insert into monitoring_readings (station_id, measured_at, values, band, aqi, aqi_dominant, wqi)
    select ${p.station}::int, measured_at, "values", band, aqi, aqi_dominant, wqi from rows
    on conflict do nothing returning measured_at, values, band, aqi, wqi
  ), vals as (
    select i.measured_at, e.key as param, (e.value)::float8 as v
    from ins i, jsonb_each(i.values || jsonb_strip_nulls(jsonb_build_object('aqi', i.aqi, 'wqi', i.wqi))) e
  ), h as (
    insert into monitoring_hourly (station_id, bucket, param, n, sum, min, max)
    select ${p.station}::int, date_bin('1 hour', measured_at, timestamptz '2000-01-01T00:00:00Z'), param, count(*), sum(v), min(v), max(v) from vals group by 2, 3
    on conflict (station_id, param, bucket) do update set n = monitoring_hourly.n + excluded.n, sum = monitoring_hourly.sum + excluded.sum,
      min = least(monitoring_hourly.min, excluded.min), max = greatest(monitoring_hourly.max, excluded.max)
  ), d as (
    insert into monitoring_daily (station_id, bucket, param, n, sum, min, max)
    select ${p.station}::int, date_bin('1 day', measured_at, timestamptz '2000-01-01T00:00:00+07:00'), param, count(*), sum(v), min(v), max(v) from vals group by 2, 3
    on conflict (station_id, param, bucket) do update set n = monitoring_daily.n + excluded.n, sum = monitoring_daily.sum + excluded.sum,
      min = least(monitoring_daily.min, excluded.min), max = greatest(monitoring_daily.max, excluded.max)
  ), latest as (
    select measured_at, band, values || jsonb_strip_nulls(jsonb_build_object('aqi', aqi, 'wqi', wqi)) as last from ins order by measured_at desc limit 1
  ), st as (
    update monitorings m set last_band = l.band, last_values = l.last, last_reading_at = l.measured_at from latest l
    where m.id = ${p.station}::int and (m.last_reading_at is null or m.last_reading_at < l.measured_at)
    returning l.measured_at, l.band, l.last, (select o.last_band from monitorings o where o.id = ${p.station}::int) as old_band
  ), state as (
    insert into monitoring_station_state (station_id, band1_since, clear_since)
    select ${p.station}::int, case when st.band = ${p.alertLevel}::int then st.measured_at end,
      case when st.band = ${p.alertLevel}::int then null else st.measured_at end from st
    on conflict (station_id) do update set
      band1_since = case when excluded.band1_since is not null then coalesce(monitoring_station_state.band1_since, excluded.band1_since) else null end,
      clear_since = case when excluded.band1_since is not null then null else coalesce(monitoring_station_state.clear_since, excluded.clear_since) end
  ), off as (
    update monitoring_alerts a set ended_at = st.measured_at from st where a.station_id = ${p.station}::int and a.kind = 'offline' and a.ended_at is null
    returning a.id
  ), pk as (
    update monitoring_alerts a set peak_param = ${p.peakParam}::text,
      peak = case when ${p.worse}::text = 'max' then greatest(coalesce(a.peak, x.v), x.v) else least(coalesce(a.peak, x.v), x.v) end
    from (select (st.last ->> ${p.peakParam}::text)::float8 as v from st) x
    where x.v is not null and a.station_id = ${p.station}::int and a.kind = 'band' and a.ended_at is null
  ), au as (
    insert into audit_logs (action, subject, record_id, method, path, code, ip, user_agent, after)
    select 'ingest', 'monitorings', ${String(p.station)}::text, ${p.audit?.method ?? null}::text, ${p.audit?.path ?? null}::text, 200,
      ${p.audit?.ip ?? null}::text, ${p.audit?.user_agent ?? null}::text,
      jsonb_build_object('stored', (select count(*) from ins), 'duplicates', ${p.sent}::int - (select count(*) from ins))
    where ${p.audit !== null}::boolean
  )
  select measured_at, (select count(*) from st where st.band is distinct from st.old_band) + (select count(*) from off) > 0 as changed from ins`;

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
): Promise<{ stored: StoredReading[]; duplicates: string[] }> {
  // one reading per instant: a batch that repeats one keeps the first
  const seen = new Set<number>();
  const unique = readings.filter((r) => {
    const t = r.measured_at.getTime();
    if (seen.has(t)) return false;
    seen.add(t);
    return true;
  });
  // partitions are made outside the statement (known months are remembered: no query)
  await ensurePartitions(
    database,
    unique.map((r) => r.measured_at),
  );
  const db = database.db;
  const config = o.config ?? (await configInForce(db, station.type, station.ward_id)).config;
  const aqiOf = station.type === 1 ? await airIndices(db, station.id, unique) : null;
  const rows = unique.map((r) => computed(station.type, config, r, aqiOf));
  const peak = PEAK[station.type];
  const inserted = await execPrepared<{ measured_at: string; changed: boolean }>(
    db,
    STORE_SQL({
      station: station.id,
      rows: JSON.stringify(
        rows.map((r) => ({
          measured_at: r.measured_at,
          values: r.values,
          band: r.band,
          aqi: r.aqi ?? null,
          aqi_dominant: r.aqi_dominant ?? null,
          wqi: r.wqi ?? null,
        })),
      ),
      alertLevel: alertLevelOf(station.type),
      peakParam: peak?.param ?? null,
      worse: peak?.worse ?? 'max',
      sent: readings.length,
      audit: o.audit ?? null,
    }),
  );
  // the map shows the station's band and open alerts: when either moved, this process's overview is redone
  if (inserted[0]?.changed) clearOverviewCache();
  // another request may have stored some of them a moment ago: only what this one inserted counts
  const got = new Set(inserted.map((r) => Date.parse(iso(r.measured_at) as string)));
  const stored = rows.filter((r) => got.has(Date.parse(r.measured_at)));
  const kept = new Set(unique);
  const duplicates = readings.filter((r) => !kept.has(r) || !got.has(r.measured_at.getTime())).map((r) => r.measured_at.toISOString());
  return { stored, duplicates };
}

function computed(type: MonitoringType, config: BandConfig, r: RawReading, aqiOf: ((r: RawReading) => ReturnType<typeof hourlyAqi>) | null): StoredReading {
  const out: StoredReading = { measured_at: r.measured_at.toISOString(), values: r.values, band: null, band_label: null, band_color: null };
  const forBand: Record<string, number> = { ...r.values };
  if (type === 1) {
    const a = aqiOf?.(r) ?? null;
    out.aqi = a?.aqi ?? null;
    out.aqi_dominant = a?.dominant ?? null;
    if (a) forBand.aqi = a.aqi;
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
