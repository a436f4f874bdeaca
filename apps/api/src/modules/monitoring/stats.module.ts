import { levelColor, levelsOf, type MonitoringType, parametersOf } from '@nns/shared/monitoring';
import stationsDef from '@nns/shared/resources/monitorings';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { defineModule } from '../../core/module';
import { attachRefs, exec, execPrepared, findOne, iso, present } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { scopeOf } from '../../core/scope';
import { configInForce } from './band-config';
import { exportReadings } from './export-readings';
import { insectParameters } from './insects.module';
import { seafoodChecks } from './seafood-check';

const DAY = 86_400_000;
/** the longest period each interval answers (a year of hours would be 8,760 points per parameter) */
const MAX_SPAN: Record<string, number> = { hour: 93 * DAY, day: 5 * 366 * DAY, month: 20 * 366 * DAY };

const isoDate = z
  .string({ error: 'Thời gian không hợp lệ' })
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && !Number.isNaN(Date.parse(v)), 'Thời gian phải theo ISO 8601, ví dụ 2026-11-01T00:00:00+07:00');

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
        'Tổng quan quan trắc: các trạm với mức hiện tại (bản đồ; mỗi trạm một mảng theo station_columns), số trạm theo loại và mức, các cảnh báo đang mở',
      tags: [stationsDef.label],
      raw: true,
      handler: async (ctx) => {
        const scope = scopeOf(stationsDef, ctx.user);
        const w = sql.join([sql`status = 1`, ...scope], sql` and `);
        const inScope = sql.join([sql`true`, ...scope.map((c) => sql`m.id in (select id from monitorings where ${c})`)], sql` and `);
        // one statement whose answer PostgreSQL writes as JSON text: 20,000 stations never become
        // rows and objects in this process (each station a compact array; captions and colours of
        // the bands come from the shared enums on the client)
        const [row] = await execPrepared<{ data: string }>(
          services.db,
          sql`select json_build_object(
              'station_columns', json_build_array('id', 'code', 'name', 'type', 'ward_id', 'lat', 'long', 'last_band', 'last_reading_at'),
              'stations', coalesce((select json_agg(json_build_array(id, code, name, type, ward_id, lat, long, last_band,
                  to_char(last_reading_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by id)
                from (select * from monitorings where ${w} order by id limit 20000) s), '[]'::json),
              'counts', coalesce((select json_agg(c order by c.type, c.band nulls last)
                from (select type, last_band as band, count(*)::int as n from monitorings where ${w} group by 1, 2) c), '[]'::json),
              'alerts', coalesce((select json_agg(a order by a.started_at desc) from (
                  select a.id, a.station_id, m.code as station_code, m.name as station_name, a.kind,
                    case when a.kind = 'offline' then 'Mất kết nối' else 'Cảnh báo' end as kind_label,
                    to_char(a.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as started_at, a.peak, a.peak_param
                  from monitoring_alerts a join monitorings m on m.id = a.station_id
                  where a.ended_at is null and ${inScope} order by a.started_at desc limit 100) a), '[]'::json)
            )::text as data`,
        );
        ctx.reply
          .code(200)
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(`{"code":200,"message":"Thành công","data":${row.data}}`);
      },
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
    router.add({
      method: 'GET',
      url: '/api/admin/monitorings/export-readings/:id',
      access: { action: 'export', subject: 'monitorings' },
      summary: 'Xuất Excel dữ liệu đo của một trạm trong một khoảng thời gian (tối đa 366 ngày; mặc định 7 ngày gần nhất)',
      tags: [stationsDef.label],
      params: idParams,
      query: z.object({ from: isoDate.optional(), to: isoDate.optional() }).strict(),
      handler: async (ctx) => {
        const station = await findOne(services.db, stationsDef, ctx.params.id, ctx);
        const to = ctx.query.to ? Date.parse(ctx.query.to) : Date.now();
        const from = ctx.query.from ? Date.parse(ctx.query.from) : to - 7 * DAY;
        if (from >= to) throw badRequest([{ field: 'from', message: 'Thời gian bắt đầu phải trước thời gian kết thúc' }]);
        if (to - from > 366 * DAY) throw badRequest([{ field: 'from', message: 'Mỗi lần xuất tối đa 366 ngày dữ liệu' }]);
        const extra = Number(station.type) === 6 ? await insectParameters(services.db) : {};
        const r = await exportReadings(services, ctx, station, new Date(from).toISOString(), new Date(to).toISOString(), extra);
        await ctx.audit({
          action: 'export-readings',
          subject: 'monitorings',
          recordId: ctx.params.id,
          after: { from: new Date(from).toISOString(), to: new Date(to).toISOString(), rows: r.rows },
        });
        return r;
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
      handler: async (ctx) => {
        const db = services.db;
        const station = await findOne(db, stationsDef, ctx.params.id, ctx);
        await attachRefs(db, stationsDef, [station]);
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
        const id = ctx.params.id;
        // never the raw readings: hours from the hourly roll-up, days and months from the daily one
        const rows = await exec<{ bucket: string; param: string; n: number; sum: number; min: number; max: number }>(
          db,
          interval === 'hour'
            ? sql`select bucket, param, n, sum, min, max from monitoring_hourly where station_id = ${id} and bucket >= ${f} and bucket < ${t} order by param, bucket`
            : interval === 'day'
              ? sql`select bucket, param, n, sum, min, max from monitoring_daily where station_id = ${id} and bucket >= ${f} and bucket < ${t} order by param, bucket`
              : sql`select date_trunc('month', bucket + interval '7 hours') - interval '7 hours' as bucket, param, sum(n)::int as n, sum(sum) as sum, min(min) as min, max(max) as max
                  from monitoring_daily where station_id = ${id} and bucket >= ${f} and bucket < ${t} group by 1, 2 order by 2, 1`,
        );
        const type = Number(station.type) as MonitoringType;
        const params = type === 6 ? { ...parametersOf(type), ...(await insectParameters(db)) } : parametersOf(type);
        const series: Record<string, { t: string; n: number; min: number; mean: number; max: number }[]> = {};
        for (const r of rows) {
          const n = Number(r.n);
          (series[r.param] ??= []).push({ t: iso(r.bucket) as string, n, min: Number(r.min), mean: Number(r.sum) / n, max: Number(r.max) });
        }
        const { config, source } = await configInForce(db, type, Number(station.ward_id));
        const lastValues = (typeof station.last_values === 'string' ? JSON.parse(station.last_values) : station.last_values) as Record<string, number> | null;
        return {
          // water stations: the criteria of the species farmed in the station's ward (issue 15 part 7)
          seafood: type === 2 ? await seafoodChecks(db, Number(station.ward_id), lastValues, series) : [],
          station: present(stationsDef, station, undefined, ctx),
          interval,
          from: f,
          to: t,
          parameters: Object.fromEntries(Object.keys(series).map((k) => [k, { label: params[k]?.label ?? k, unit: params[k]?.unit ?? '' }])),
          series,
          bands: config.parameters,
          band_source: source,
          levels: levelsOf(type).map((o) => ({ level: o.value, label: o.label, color: levelColor(type, Number(o.value)) })),
        };
      },
    });
  },
});
