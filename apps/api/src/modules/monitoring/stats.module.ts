import {
  bandConfigSchema,
  DAILY_SERIES_PARAMETERS,
  levelColor,
  levelLabel,
  levelsOf,
  type MonitoringType,
  type Parameter,
  parametersOf,
  rainClassOf,
} from '@nns/shared/monitoring';
import { CRITERIA_RANGES, type WaterParameter } from '@nns/shared/resources/criteria-seafoods';
import stationsDef from '@nns/shared/resources/monitorings';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { defineJob, jobAnswer, startJob } from '../../core/jobs';
import { defineModule } from '../../core/module';
import { resourceDocs } from '../../core/resource-schema';
import { attachRefs, exec, execPrepared, findOne, iso, present } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { scopeOf } from '../../core/scope';
import type { Db } from '../../db/client';
import { configInForce } from './band-config';
import { cachedSeries, type Series } from './chart-cache';
import { levelSchema } from './configs.module';
import { exportReadings } from './export-readings';
import { insectParameters } from './insects.module';
import { POINT_FIELDS, sendOverview } from './overview';
import { seafoodChecks } from './seafood-check';

const DAY = 86_400_000;
const CLOSE = Buffer.from('}}');
/** the longest period each interval answers (a year of hours would be 8,760 points per parameter) */
const MAX_SPAN: Record<string, number> = { hour: 93 * DAY, day: 5 * 366 * DAY, month: 20 * 366 * DAY };

const isoDate = z
  .string({ error: 'Thời gian không hợp lệ' })
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && !Number.isNaN(Date.parse(v)), 'Thời gian phải theo ISO 8601, ví dụ 2026-11-01T00:00:00+07:00');

/**
 * A point as JSON text, written with `||` and casts (concat() looks up each argument's output function
 * on every call, and json_build_object / json_agg per point cost about twice as much; the keys and
 * their order are the same): `t` the bucket in UTC ISO 8601 (to_json of a timestamp writes it in ISO
 * form whatever the session's DateStyle, ~30 % cheaper than to_char; buckets are whole hours, so the
 * milliseconds are always .000), then n, min, mean, max as PostgreSQL's shortest exact float text,
 * which JSON reads as the same numbers (bounded readings and n ≥ 1: never NaN or infinite).
 */
const POINT = sql`'{"t":' || left(to_json(bucket at time zone 'UTC')::text, -1) || '.000Z","n":' || n::text || ',"min":' || min::text || ',"mean":' || (sum / n)::text || ',"max":' || max::text || '}'`;

/**
 * A station's series over a period, never from the raw readings: hours from the hourly roll-up, days
 * and months from the daily one (its primary key's index: station, parameter, bucket). One prepared
 * statement per interval writes `{param: [{t, n, min, mean, max}]}` as JSON text (a year of days is
 * ~2,500 points: they never become rows or objects in this process), and beside it each parameter's
 * lowest and highest over the period (`spans`, what the seafood criteria are checked against). The
 * points of a parameter are aggregated in the order of the subquery (param, bucket: the key's order),
 * so no aggregate sorts its input again. Days and months leave out 'aqi' (the mean of the hourly
 * indices): the day's VN_AQI is its own index, 'aqi_day', written by the ingest (ingest.ts).
 */
async function statSeries(db: Db, id: number, interval: string, f: string, t: string): Promise<Series> {
  const rows =
    interval === 'month'
      ? sql`select date_trunc('month', bucket + interval '7 hours') - interval '7 hours' as bucket, param, sum(n)::int as n, sum(sum) as sum, min(min) as min, max(max) as max
          from monitoring_daily where station_id = ${id} and bucket >= ${f}::timestamptz and bucket < ${t}::timestamptz and param <> 'aqi' group by 1, 2`
      : interval === 'day'
        ? sql`select bucket, param, n, sum, min, max from monitoring_daily
          where station_id = ${id} and bucket >= ${f}::timestamptz and bucket < ${t}::timestamptz and param <> 'aqi'`
        : sql`select bucket, param, n, sum, min, max from monitoring_hourly
          where station_id = ${id} and bucket >= ${f}::timestamptz and bucket < ${t}::timestamptz`;
  const [r] = await execPrepared<{ series: string; spans: Record<string, { min: number; max: number }[]> | string | null }>(
    db,
    sql`with p as (
        select param, string_agg(${POINT}, ',') as pts, min(min) as lo, max(max) as hi from (${rows} order by param, bucket) b group by param
      )
      select concat('{', (select string_agg(to_json(param)::text || ':[' || pts || ']', ',' order by param) from p), '}') as series,
        (select json_object_agg(param, json_build_array(json_build_object('min', lo, 'max', hi)) order by param) from p) as spans`,
  );
  const spans = typeof r.spans === 'string' ? JSON.parse(r.spans) : (r.spans ?? {});
  return { series: r.series, spans: spans as Record<string, { min: number; max: number }[]> };
}

const waterParameter = z.enum(CRITERIA_RANGES.map((r) => r[0]) as [WaterParameter, ...WaterParameter[]]);
const criteriaLine = { parameter: waterParameter, label: z.string(), min: z.number().nullable(), max: z.number().nullable() };
const statAnswer = z.object({
  seafood: z
    .array(
      z.object({
        seafood_id: z.number().int(),
        seafood_name: z.string(),
        criteria_id: z.number().int(),
        criteria_name: z.string(),
        stage: z.string().nullable(),
        latest: z.array(z.object({ ...criteriaLine, value: z.number(), result: z.enum(['ok', 'low', 'high']) })),
        period: z.array(z.object({ ...criteriaLine, low: z.number(), high: z.number(), result: z.enum(['ok', 'low', 'high', 'both']) })),
        out_of_range: z.array(waterParameter),
      }),
    )
    .describe('trạm nước: tiêu chí các loài thủy sản nuôi tại phường/xã'),
  station: resourceDocs(stationsDef).row,
  interval: z.enum(['hour', 'day', 'month']),
  from: z.string(),
  to: z.string(),
  parameters: z.record(z.string(), z.object({ label: z.string(), unit: z.string() })),
  bands: bandConfigSchema.shape.parameters,
  band_source: z.enum(['ward', 'default', 'preset']),
  rain_days: z
    .array(z.object({ t: z.string(), total: z.number(), level: z.number().int(), label: z.string(), color: z.string() }))
    .optional()
    .describe('trạm mưa theo ngày: tổng lượng mưa và cấp mưa của từng ngày'),
  levels: z.array(levelSchema),
  series: z
    .record(z.string(), z.array(z.object({ t: z.string(), n: z.number().int(), min: z.number(), mean: z.number(), max: z.number() })))
    .describe('theo thông số: các điểm (thời điểm, số lần đo, nhỏ nhất, trung bình, lớn nhất)'),
});

/** An alert of a station (the map's open alerts, the alerts list). */
const alertSchema = z.object({
  id: z.number().int(),
  station_id: z.number().int(),
  station_code: z.string(),
  station_name: z.string(),
  station_type: z.number().int(),
  kind: z.enum(['band', 'offline']).describe('band: vượt mức cảnh báo; offline: mất kết nối'),
  kind_label: z.string(),
  started_at: z.string(),
  peak: z.number().nullable().describe('giá trị xấu nhất trong thời gian cảnh báo'),
  peak_param: z.string().nullable(),
});

const overviewAnswer = z.object({
  point_fields: z.array(z.enum(POINT_FIELDS)).describe('thứ tự sáu số của mỗi trạm trong points'),
  points: z.array(z.number().nullable()).describe('mảng phẳng: mỗi trạm sáu số theo point_fields (mức hiện tại null khi chưa có số đo)'),
  points_total: z.number().int().describe('số trạm có tọa độ'),
  counts: z.array(z.object({ type: z.number().int(), band: z.number().int().nullable(), n: z.number().int() })),
  alerts: z.array(alertSchema),
});

const statQuery = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    interval: z.enum(['hour', 'day', 'month'], { error: 'Khoảng thống kê phải là hour, day hoặc month' }).optional(),
  })
  .strict();

export default defineModule({
  name: 'monitoring-stats',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/monitorings/overview',
      access: { action: 'list', subject: 'monitorings' },
      summary:
        'Tổng quan quan trắc: các điểm trên bản đồ (một mảng phẳng, mỗi trạm sáu số theo point_fields: id, vĩ độ, kinh độ, loại, mức hiện tại, có cảnh báo), số trạm theo loại và mức, các cảnh báo đang mở; có ETag (304 khi không đổi)',
      tags: [stationsDef.label],
      raw: true,
      response: overviewAnswer,
      // the points compact (overview.ts), with an ETag: 304 when the client holds the answer
      handler: (ctx) => sendOverview(services, ctx),
    });
    router.add({
      method: 'GET',
      url: '/api/admin/monitorings/alerts',
      access: { action: 'list', subject: 'monitorings' },
      summary: 'Cảnh báo của các trạm quan trắc (bắt đầu, kết thúc, giá trị đỉnh), đang mở trước',
      tags: [stationsDef.label],
      query: z
        .object({ active: z.enum(['0', '1'], { error: 'active phải là 0 hoặc 1' }).optional(), station_id: z.coerce.number().int().positive().optional() })
        .strict(),
      response: z.object({
        entries: z.array(alertSchema.extend({ ward_id: z.number().int(), ended_at: z.string().nullable().describe('null: cảnh báo đang mở') })),
      }),
      handler: async (ctx) => {
        const scope = scopeOf(stationsDef, ctx.user).map((c) => sql`m.id in (select id from monitorings where ${c})`);
        const w = [...scope];
        if (ctx.query.active === '1') w.push(sql`a.ended_at is null`);
        if (ctx.query.active === '0') w.push(sql`a.ended_at is not null`);
        if (ctx.query.station_id) w.push(sql`a.station_id = ${ctx.query.station_id}`);
        const rows = await exec(
          services.db,
          sql`select a.id, a.station_id, m.code as station_code, m.name as station_name, m.type as station_type, m.ward_id, a.kind, a.started_at, a.ended_at, a.peak, a.peak_param
            from monitoring_alerts a join monitorings m on m.id = a.station_id ${w.length ? sql`where ${sql.join(w, sql` and `)}` : sql``}
            order by (a.ended_at is null) desc, a.started_at desc limit 200`,
        );
        return {
          entries: rows.map((r) => ({
            ...r,
            kind_label: r.kind === 'offline' ? 'Mất kết nối' : 'Cảnh báo',
            started_at: iso(r.started_at),
            ended_at: r.ended_at == null ? null : iso(r.ended_at),
          })),
        };
      },
    });
    const readingsAccess = { action: 'export', subject: 'monitorings' } as const;
    defineJob(services, 'export-readings', async (run) => {
      const { id, from, to } = run.params as { id: number; from: string; to: string };
      // the scope as it is when the job starts
      const station = await findOne(services.db, stationsDef, id, run.ctx);
      const extra = Number(station.type) === 6 ? await insectParameters(services.db) : {};
      const r = await exportReadings(services, run.ctx, station, from, to, extra, run.progress);
      await run.ctx.audit({ action: 'export-readings', subject: 'monitorings', recordId: id, after: { from, to, rows: r.rows } });
      return r;
    });
    router.add({
      method: 'GET',
      url: '/api/admin/monitorings/export-readings/:id',
      access: readingsAccess,
      summary:
        'Xuất Excel dữ liệu đo của một trạm trong một khoảng thời gian (tối đa 366 ngày; mặc định 7 ngày gần nhất); tác vụ nền: trả về tác vụ ngay, tệp tải trong mục Tác vụ khi xong',
      tags: [stationsDef.label],
      params: idParams,
      query: z.object({ from: isoDate.optional(), to: isoDate.optional() }).strict(),
      status: 202,
      response: jobAnswer,
      handler: async (ctx) => {
        const station = await findOne(services.db, stationsDef, ctx.params.id, ctx);
        const to = ctx.query.to ? Date.parse(ctx.query.to) : Date.now();
        const from = ctx.query.from ? Date.parse(ctx.query.from) : to - 7 * DAY;
        if (from >= to) throw badRequest([{ field: 'from', message: 'Thời gian bắt đầu phải trước thời gian kết thúc' }]);
        if (to - from > 366 * DAY) throw badRequest([{ field: 'from', message: 'Mỗi lần xuất tối đa 366 ngày dữ liệu' }]);
        return startJob(ctx, {
          kind: 'export-readings',
          title: `Xuất Excel dữ liệu đo trạm ${station.code}`,
          params: { id: Number(station.id), from: new Date(from).toISOString(), to: new Date(to).toISOString() },
          access: readingsAccess,
        });
      },
    });
    router.add({
      method: 'GET',
      url: '/api/admin/monitorings/stat-monitoring/:id',
      access: { action: 'read', subject: 'monitorings' },
      summary: 'Thống kê một trạm quan trắc theo giờ, ngày hoặc tháng (nhỏ nhất, trung bình, lớn nhất) từ bảng tổng hợp',
      tags: [stationsDef.label],
      params: idParams,
      query: statQuery,
      // written by hand (the series as PostgreSQL's JSON text), documented by this schema
      response: statAnswer,
      raw: true,
      handler: async (ctx) => {
        const db = services.db;
        const interval = ctx.query.interval ?? 'hour';
        const to = ctx.query.to ? Date.parse(ctx.query.to) : Date.now();
        const from = ctx.query.from ? Date.parse(ctx.query.from) : to - 7 * DAY;
        if (from >= to) throw badRequest([{ field: 'from', message: 'Thời gian bắt đầu phải trước thời gian kết thúc' }]);
        if (to - from > MAX_SPAN[interval])
          throw badRequest([
            {
              field: 'interval',
              message: `Khoảng thời gian quá dài cho thống kê theo ${interval === 'hour' ? 'giờ (tối đa 93 ngày)' : 'ngày (tối đa 5 năm)'}`,
            },
          ]);
        const f = new Date(from).toISOString();
        const t = new Date(to).toISOString();
        // the series in the statement PostgreSQL writes as JSON text (statSeries) is asked for beside the
        // station (so two round trips, not three): it is sent only when the station is in the user's
        // scope (findOne answers 404 otherwise, and the series is dropped)
        const series = cachedSeries(db, ctx.params.id, `${interval}|${f}|${t}`, () => statSeries(db, ctx.params.id, interval, f, t));
        series.catch(() => {});
        const station = await findOne(db, stationsDef, ctx.params.id, ctx);
        const type = Number(station.type) as MonitoringType;
        // then the ward's name, the bands and an insect station's orders, all at once
        const lastValues = (typeof station.last_values === 'string' ? JSON.parse(station.last_values) : station.last_values) as Record<string, number> | null;
        const [, stat, { config, source }, insects, seafood] = await Promise.all([
          attachRefs(db, stationsDef, [station]),
          series,
          configInForce(db, type, Number(station.ward_id)),
          type === 6 ? insectParameters(db) : Promise.resolve({} as Record<string, Parameter>),
          // water stations: the criteria of the species farmed in the station's ward (issue 15 part 7)
          type === 2
            ? seafoodChecks(
                db,
                Number(station.ward_id),
                lastValues,
                series.then((x) => x.spans),
              )
            : Promise.resolve([]),
        ]);
        const params = { ...parametersOf(type), ...(DAILY_SERIES_PARAMETERS[type] ?? {}), ...insects };
        // a rain station's days are classed by their total over the local day (DOMAIN.md 'Rain')
        const rainDays =
          type === 3 && interval === 'day'
            ? ((JSON.parse(stat.series).rain_mm ?? []) as { t: string; n: number; mean: number }[]).map((p) => {
                const total = Math.round(p.mean * p.n * 100) / 100;
                const level = rainClassOf(total) ?? 1;
                return { t: p.t, total, level, label: levelLabel(3, level), color: levelColor(3, level) };
              })
            : undefined;
        const head = JSON.stringify({
          seafood,
          station: present(stationsDef, station, ctx),
          interval,
          from: f,
          to: t,
          parameters: Object.fromEntries(Object.keys(stat.spans).map((k) => [k, { label: params[k]?.label ?? k, unit: params[k]?.unit ?? '' }])),
          bands: config.parameters,
          band_source: source,
          rain_days: rainDays,
          levels: levelsOf(type).map((o) => ({ level: o.value, label: o.label, color: levelColor(type, Number(o.value)) })),
        });
        // sent as bytes: the series (~180 KB for a year of days, ASCII) is encoded once and kept with
        // it in the cache, where one string with the Vietnamese head was measured, encoded and written
        // again on every request (half of Node's time on this route)
        stat.bytes ??= Buffer.from(stat.series);
        ctx.reply
          .code(200)
          .header('content-type', 'application/json; charset=utf-8')
          .send(Buffer.concat([Buffer.from(`{"code":200,"message":"Thành công","data":${head.slice(0, -1)},"series":`), stat.bytes, CLOSE]));
      },
    });
  },
});
