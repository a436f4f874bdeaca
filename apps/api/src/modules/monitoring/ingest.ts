import { type BandConfig, bandOf, hourlyAqi, levelColor, levelLabel, type MonitoringType, nowcast, vnWqi } from '@nns/shared/monitoring';
import { type SQL, sql } from 'drizzle-orm';
import { exec, iso } from '../../core/resource-store';
import type { Database, Db } from '../../db/client';
import { onLatestReading } from './alerts';
import { configInForce } from './band-config';
import type { RawReading } from './ingest-validate';
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
const DAY = 24 * HOUR;
const VN_OFFSET = 7 * HOUR;
const hourOf = (t: number) => Math.floor(t / HOUR) * HOUR;
/** a day at UTC+7, as the UTC instant it starts */
const dayOf = (t: number) => Math.floor((t + VN_OFFSET) / DAY) * DAY - VN_OFFSET;
const AQI_HOURLY = ['pm25', 'pm10', 'co', 'no2', 'so2', 'o3'] as const;

type Agg = { n: number; sum: number; min: number; max: number };
const add = (m: Map<string, Agg>, key: string, v: number) => {
  const a = m.get(key);
  if (!a) m.set(key, { n: 1, sum: v, min: v, max: v });
  else {
    a.n++;
    a.sum += v;
    if (v < a.min) a.min = v;
    if (v > a.max) a.max = v;
  }
};

/**
 * Hourly VN_AQI of each reading's hour, from the hour means known once this batch is in (the
 * hourly roll-ups already stored plus the batch): SO2, CO, NO2, O3 from the hour's mean, PM10 and
 * PM2.5 from the NowCast of the 12 hours up to it.
 */
async function airIndices(db: Db, stationId: number, readings: RawReading[]) {
  const hours = readings.map((r) => hourOf(r.measured_at.getTime()));
  const from = Math.min(...hours) - 11 * HOUR;
  const to = Math.max(...hours);
  const stored = await exec<{ bucket: string; param: string; n: number; sum: number }>(
    db,
    sql`select bucket, param, n, sum from monitoring_hourly where station_id = ${stationId}
      and param in ('pm25', 'pm10', 'co', 'no2', 'so2', 'o3') and bucket between ${new Date(from).toISOString()} and ${new Date(to).toISOString()}`,
  );
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
  for (const r of readings) for (const p of AQI_HOURLY) if (r.values[p] != null) put(hourOf(r.measured_at.getTime()), p, 1, r.values[p]);
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

const values = (rows: SQL[]) => sql.join(rows, sql`, `);

/** Roll-up upsert: the new readings' count, sum, min and max added to each bucket. */
function upsertRollup(table: 'monitoring_hourly' | 'monitoring_daily', stationId: number, aggs: Map<string, Agg>): SQL | null {
  if (!aggs.size) return null;
  const rows = [...aggs].map(([k, a]) => {
    const [bucket, param] = k.split('|');
    return sql`(${stationId}, ${new Date(Number(bucket)).toISOString()}::timestamptz, ${param}, ${a.n}, ${a.sum}, ${a.min}, ${a.max})`;
  });
  return sql`insert into ${sql.identifier(table)} (station_id, bucket, param, n, sum, min, max) values ${values(rows)}
    on conflict (station_id, param, bucket) do update set n = ${sql.identifier(table)}.n + excluded.n, sum = ${sql.identifier(table)}.sum + excluded.sum,
      min = least(${sql.identifier(table)}.min, excluded.min), max = greatest(${sql.identifier(table)}.max, excluded.max)`;
}

/**
 * Stores a station's readings in one transaction: a reading already stored (same station and time)
 * is skipped, each new one gets its indices and its band from the config in force for the
 * station's ward, the hourly and daily roll-ups take the new ones, and the station keeps its latest.
 */
export async function storeReadings(
  database: Database,
  station: Station,
  readings: RawReading[],
  o: { after?(tx: Db, out: { stored: StoredReading[]; duplicates: string[] }): Promise<void> } = {},
): Promise<{ stored: StoredReading[]; duplicates: string[] }> {
  // partitions are made outside the transaction (PGlite has one connection: a second transaction would wait on the first)
  // one reading per instant: a batch that repeats one keeps the first
  const seen = new Set<number>();
  const unique = readings.filter((r) => {
    const t = r.measured_at.getTime();
    if (seen.has(t)) return false;
    seen.add(t);
    return true;
  });
  await ensurePartitions(
    database,
    unique.map((r) => r.measured_at),
  );
  const run = async (db: Db) => {
    const { config } = await configInForce(db, station.type, station.ward_id);
    const existing = await exec<{ measured_at: string }>(
      db,
      sql`select measured_at from monitoring_readings where station_id = ${station.id}
        and measured_at in (${values(unique.map((r) => sql`${r.measured_at.toISOString()}::timestamptz`))})`,
    );
    const dupTimes = new Set(existing.map((r) => Date.parse(iso(r.measured_at) as string)));
    const fresh = unique.filter((r) => !dupTimes.has(r.measured_at.getTime()));
    const duplicates = [...readings.filter((r) => !fresh.includes(r))].map((r) => r.measured_at.toISOString());
    if (!fresh.length) return { stored: [], duplicates };
    const aqiOf = station.type === 1 ? await airIndices(db, station.id, fresh) : null;
    const rows = fresh.map((r) => computed(station.type, config, r, aqiOf));
    const inserted = await exec<{ measured_at: string }>(
      db,
      sql`insert into monitoring_readings (station_id, measured_at, values, band, aqi, aqi_dominant, wqi) values ${values(
        rows.map(
          (r) =>
            sql`(${station.id}, ${r.measured_at}::timestamptz, ${JSON.stringify(r.values)}::jsonb, ${r.band}, ${r.aqi ?? null}, ${r.aqi_dominant ?? null}, ${r.wqi ?? null})`,
        ),
      )} on conflict do nothing returning measured_at`,
    );
    // another request may have stored some of them a moment ago: only what this one inserted counts
    const got = new Set(inserted.map((r) => Date.parse(iso(r.measured_at) as string)));
    const stored = rows.filter((r) => got.has(Date.parse(r.measured_at)));
    for (const r of rows) if (!got.has(Date.parse(r.measured_at))) duplicates.push(r.measured_at);
    const hourly = new Map<string, Agg>();
    const daily = new Map<string, Agg>();
    for (const r of stored) {
      const t = Date.parse(r.measured_at);
      const all: Record<string, number> = { ...r.values };
      if (r.aqi != null) all.aqi = r.aqi;
      if (r.wqi != null) all.wqi = r.wqi;
      for (const [p, v] of Object.entries(all)) {
        add(hourly, `${hourOf(t)}|${p}`, v);
        add(daily, `${dayOf(t)}|${p}`, v);
      }
    }
    for (const q of [upsertRollup('monitoring_hourly', station.id, hourly), upsertRollup('monitoring_daily', station.id, daily)]) if (q) await db.execute(q);
    const latest = stored.reduce<StoredReading | null>((a, r) => (!a || r.measured_at > a.measured_at ? r : a), null);
    if (latest && (!station.last_reading_at || Date.parse(latest.measured_at) > Date.parse(station.last_reading_at))) {
      const last = { ...latest.values, ...(latest.aqi != null ? { aqi: latest.aqi } : {}), ...(latest.wqi != null ? { wqi: latest.wqi } : {}) };
      await db.execute(
        sql`update monitorings set last_band = ${latest.band}, last_values = ${JSON.stringify(last)}::jsonb, last_reading_at = ${latest.measured_at}::timestamptz
          where id = ${station.id} and (last_reading_at is null or last_reading_at < ${latest.measured_at}::timestamptz)`,
      );
      await onLatestReading(db, station, latest);
    }
    return { stored, duplicates };
  };
  return database.db.transaction(async (t) => {
    const out = await run(t as unknown as Db);
    await o.after?.(t as unknown as Db, out);
    return out;
  });
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
