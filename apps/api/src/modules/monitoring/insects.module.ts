import { MAX_ID, unaccent } from '@nns/shared';
import { BAND_PRESETS, bandConfigErrors, bandRangeSchema, levelColor, levelsOf, PARAMETERS, type Parameter } from '@nns/shared/monitoring';
import insectOrdersDef, { INSECT_CODE_RE } from '@nns/shared/resources/insect-orders';
import stationsDef from '@nns/shared/resources/monitorings';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, conflict, fieldError, notFound } from '../../core/errors';
import { type Ctx, defineModule, type ResourceHooks } from '../../core/module';
import { exec, execPrepared, iso } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { scopeOf } from '../../core/scope';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { configInForce } from './band-config';
import { levelSchema, wardOf } from './configs.module';
import { clearStationKeyCache } from './device-key';

const INSECT = 6 as const;
const DAY = 86_400_000;
/** what one order's density may be, as the total's (`density`) */
const densityBounds = PARAMETERS[INSECT].density;

/** The active insect orders as parameters of an insect station's readings, keyed by their code. */
export async function insectParameters(db: Db): Promise<Record<string, Parameter>> {
  const rows = await execPrepared<{ code: string; name: string }>(db, sql`select lower(code) as code, name from insect_orders where status = 1 order by code`);
  return Object.fromEntries(rows.map((r) => [r.code, { ...densityBounds, label: `Mật độ ${r.name}` }]));
}

async function orderById(db: Db, id: number) {
  const [row] = await exec<{ id: number; code: string; name: string; scientific_name: string | null }>(
    db,
    sql`select id, lower(code) as code, name, scientific_name from insect_orders where id = ${id}`,
  );
  if (!row) throw notFound('Không tìm thấy bộ côn trùng');
  return row;
}

/** The bands of one insect order in force for a ward (spec §7 insect-wtc/{id}). */
async function orderAnswer(db: Db, order: { id: number; code: string; name: string; scientific_name: string | null }, wardId: number | null) {
  const { config, source } = await configInForce(db, INSECT, wardId);
  const own = config.parameters[order.code] ?? null;
  return {
    order,
    ward_id: wardId,
    // 'ward' or 'default' when saved there; 'preset' when the order has no bands of its own yet
    source: own ? source : 'preset',
    ranges: own ?? BAND_PRESETS[INSECT].parameters.density,
    preset: BAND_PRESETS[INSECT].parameters.density,
    levels: levelsOf(INSECT).map((o) => ({ level: o.value, label: o.label, color: levelColor(INSECT, Number(o.value)) })),
  };
}

const orderSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string(), scientific_name: z.string().nullable() });
const orderAnswerSchema = z.object({
  order: orderSchema,
  ward_id: z.number().int().nullable(),
  source: z.enum(['ward', 'default', 'preset']).describe('preset: bộ chưa có ngưỡng riêng'),
  ranges: z.array(bandRangeSchema),
  preset: z.array(bandRangeSchema),
  levels: z.array(levelSchema),
});

/**
 * An order's code: the right letters, not the total's key, and not another order's code in another
 * case ('Lepidoptera' and 'lepidoptera' would share one value key of the readings and one band
 * config). The check holds an advisory lock until the transaction ends, so two saves at once cannot
 * both pass it.
 */
async function checkCode(data: Record<string, unknown>, tx: Db, exceptId?: number) {
  if (typeof data.code !== 'string') return data;
  const c = data.code;
  if (!INSECT_CODE_RE.test(c)) throw fieldError('code', 'Mã chỉ gồm chữ không dấu, số và dấu gạch dưới, bắt đầu bằng chữ (vd. lepidoptera)');
  if (c.toLowerCase() === 'density') throw fieldError('code', "Mã 'density' dành cho mật độ tổng");
  await exec(tx, sql`select pg_advisory_xact_lock(hashtext('insect_orders.code'))`);
  const [same] = await exec<{ code: string; name: string }>(
    tx,
    sql`select code, name from insect_orders where lower(code) = ${c.toLowerCase()} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  if (same) {
    const message =
      same.code === c
        ? `Mã bộ '${c}' đã tồn tại (bộ ${same.name})`
        : `Mã bộ '${c}' trùng với mã '${same.code}' của bộ ${same.name}: mã không phân biệt chữ hoa, chữ thường (cùng khóa dữ liệu '${c.toLowerCase()}')`;
    throw conflict(message, 'code');
  }
  return data;
}
const hooks: ResourceHooks = {
  beforeCreate: (d, _ctx, tx) => checkCode(d, tx),
  beforeUpdate: (d, existing, _ctx, tx) => checkCode(d, tx, Number(existing.id)),
};

const webQuery = z
  .object({
    page: z.coerce.number({ error: 'Trang không hợp lệ' }).int('Trang không hợp lệ').min(1, 'Trang phải từ 1').max(100000).optional(),
    search: z.string().max(100, 'Từ khóa tối đa 100 ký tự').optional(),
  })
  .strict();
const PAGE = 100;

const isoDate = z
  .string({ error: 'Thời gian không hợp lệ' })
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && !Number.isNaN(Date.parse(v)), 'Thời gian phải theo ISO 8601, ví dụ 2026-11-01T00:00:00+07:00');
const dataQuery = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    interval: z.enum(['hour', 'day', 'month'], { error: 'Khoảng thống kê phải là hour, day hoặc month' }).optional(),
    station_id: z.coerce.number({ error: 'Trạm không hợp lệ' }).int('Trạm không hợp lệ').positive('Trạm không hợp lệ').max(MAX_ID).optional(),
  })
  .strict();
const MAX_SPAN: Record<string, number> = { hour: 93 * DAY, day: 5 * 366 * DAY, month: 20 * 366 * DAY };
const insectDataSchema = z.object({
  interval: z.enum(['hour', 'day', 'month']),
  from: z.string(),
  to: z.string(),
  orders: z.array(orderSchema).describe('các bộ có số liệu trong kỳ'),
  total_label: z.string(),
  unit: z.string(),
  series: z
    .record(z.string(), z.array(z.object({ t: z.string(), n: z.number().int(), mean: z.number(), min: z.number(), max: z.number() })))
    .describe('theo mã bộ (density: mật độ tổng)'),
  stations: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      ward_id: z.number().int(),
      last_band: z.number().int().nullable(),
      last_values: z.record(z.string(), z.number()).nullable().describe('số đo gần nhất theo thông số'),
      last_reading_at: z.string().nullable(),
    }),
  ),
});

/**
 * Densities by insect order over time for the insect stations the user sees (one station or all of
 * them): per bucket the mean over the readings of every station, and the highest, from the roll-ups.
 */
async function insectData(s: Services, ctx: Ctx, q: z.infer<typeof dataQuery>) {
  const interval = q.interval ?? 'day';
  const to = q.to ? Date.parse(q.to) : Date.now();
  const from = q.from ? Date.parse(q.from) : to - 30 * DAY;
  if (from >= to) throw fieldError('from', 'Thời gian bắt đầu phải trước thời gian kết thúc');
  if (to - from > MAX_SPAN[interval])
    throw fieldError('interval', `Khoảng thời gian quá dài cho thống kê theo ${interval === 'hour' ? 'giờ (tối đa 93 ngày)' : 'ngày (tối đa 5 năm)'}`);
  const scope = scopeOf(stationsDef, ctx.user);
  const w = [sql`type = ${INSECT}`, ...scope];
  if (q.station_id) w.push(sql`id = ${q.station_id}`);
  const stations = await exec<{
    id: number;
    code: string;
    name: string;
    ward_id: number;
    last_band: number | null;
    last_values: unknown;
    last_reading_at: string | null;
  }>(
    s.db,
    sql`select id, code, name, ward_id, last_band, last_values, last_reading_at from monitorings where ${sql.join(w, sql` and `)} order by code limit 1000`,
  );
  if (q.station_id && !stations.length) throw notFound('Không tìm thấy trạm côn trùng');
  const orders = await exec<{ id: number; code: string; name: string; scientific_name: string | null }>(
    s.db,
    sql`select id, lower(code) as code, name, scientific_name from insect_orders order by name`,
  );
  const f = new Date(from).toISOString();
  const t = new Date(to).toISOString();
  const ids = stations.map((x) => Number(x.id));
  const series: Record<string, { t: string; n: number; mean: number; min: number; max: number }[]> = {};
  if (ids.length) {
    const inIds = sql`station_id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`;
    const rows = await exec<{ bucket: string; param: string; n: number; sum: number; min: number; max: number }>(
      s.db,
      interval === 'hour'
        ? sql`select bucket, param, sum(n)::int as n, sum(sum) as sum, min(min) as min, max(max) as max from monitoring_hourly
            where ${inIds} and bucket >= ${f} and bucket < ${t} group by 1, 2 order by 2, 1`
        : interval === 'day'
          ? sql`select bucket, param, sum(n)::int as n, sum(sum) as sum, min(min) as min, max(max) as max from monitoring_daily
              where ${inIds} and bucket >= ${f} and bucket < ${t} group by 1, 2 order by 2, 1`
          : sql`select date_trunc('month', bucket + interval '7 hours') - interval '7 hours' as bucket, param, sum(n)::int as n, sum(sum) as sum, min(min) as min, max(max) as max
              from monitoring_daily where ${inIds} and bucket >= ${f} and bucket < ${t} group by 1, 2 order by 2, 1`,
    );
    for (const r of rows) {
      const n = Number(r.n);
      (series[r.param] ??= []).push({ t: iso(r.bucket) as string, n, mean: Number(r.sum) / n, min: Number(r.min), max: Number(r.max) });
    }
  }
  return {
    interval,
    from: f,
    to: t,
    orders: orders.filter((o) => series[o.code]),
    total_label: densityBounds.label,
    unit: densityBounds.unit,
    series,
    stations: stations.map((x) => ({
      ...x,
      last_values: typeof x.last_values === 'string' ? JSON.parse(x.last_values) : x.last_values,
      last_reading_at: x.last_reading_at == null ? null : iso(x.last_reading_at),
    })),
  };
}

export default defineModule({
  name: 'monitoring-insects',
  hooks: { 'insect-orders': hooks },
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/web/insect-order',
      // the orders are public reference data (the website's insect pages read them too)
      access: 'public',
      summary: 'Danh sách bộ côn trùng đang theo dõi (mỗi trang 100)',
      tags: [insectOrdersDef.label],
      query: webQuery,
      response: z.object({
        entries: z.array(
          z.object({
            id: z.number().int(),
            code: z.string(),
            key: z.string().describe('mã viết thường: khóa của bộ trong số liệu đo'),
            name: z.string(),
            scientific_name: z.string().nullable(),
            pests: z.string().nullable(),
          }),
        ),
        pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), total_pages: z.number().int() }),
      }),
      handler: async (ctx) => {
        const page = ctx.query.page ?? 1;
        const words = ctx.query.search ? unaccent(ctx.query.search.normalize('NFC').trim().toLowerCase()) : '';
        const where = words ? sql`status = 1 and search_text like ${`%${words.replace(/[%_\\]/g, '\\$&')}%`}` : sql`status = 1`;
        const rows = await exec<{ id: number; code: string; key: string; name: string; scientific_name: string | null; pests: string | null; total: number }>(
          services.db,
          sql`select id, code, lower(code) as key, name, scientific_name, pests, count(*) over ()::int as total from insect_orders where ${where} order by name, id limit ${PAGE} offset ${(page - 1) * PAGE}`,
        );
        const total =
          rows[0]?.total ??
          (page === 1 ? 0 : Number((await exec<{ n: number }>(services.db, sql`select count(*)::int as n from insect_orders where ${where}`))[0].n));
        return {
          entries: rows.map(({ total: _, ...r }) => r),
          pagination: { page, limit: PAGE, total, total_pages: Math.ceil(total / PAGE) },
        };
      },
    });
    const url = '/api/admin/monitoring-configs/insect-wtc/:id';
    const tags = ['Ngưỡng quan trắc'];
    router.add({
      method: 'GET',
      url,
      access: { action: 'list', subject: 'monitorings' },
      summary: 'Ngưỡng mật độ của một bộ côn trùng đang áp dụng (mặc định hoặc của phường/xã)',
      tags,
      params: idParams,
      query: z
        .object({
          ward_id: z.coerce
            .number({ error: 'Phường/xã không hợp lệ' })
            .int('Phường/xã không hợp lệ')
            .positive('Phường/xã không hợp lệ')
            .max(MAX_ID, 'Phường/xã không hợp lệ')
            .optional(),
        })
        .strict(),
      response: orderAnswerSchema,
      handler: async (ctx) => orderAnswer(services.db, await orderById(services.db, ctx.params.id), await wardOf(services.db, ctx, ctx.query.ward_id)),
    });
    router.add({
      method: 'PUT',
      url,
      access: { action: 'update', subject: 'monitorings' },
      summary: 'Lưu ngưỡng mật độ của một bộ côn trùng (các khoảng liền nhau, không chồng, không hở)',
      tags,
      params: idParams,
      body: z
        .object({
          ranges: z.array(bandRangeSchema, { error: 'Các khoảng phải là một danh sách' }).min(1, 'Cần ít nhất một khoảng').max(20, 'Tối đa 20 khoảng'),
          ward_id: z
            .number({ error: 'Phường/xã không hợp lệ' })
            .int('Phường/xã không hợp lệ')
            .positive('Phường/xã không hợp lệ')
            .max(MAX_ID, 'Phường/xã không hợp lệ')
            .nullable()
            .optional(),
        })
        .strict(),
      response: orderAnswerSchema,
      message: 'Lưu cấu hình thành công',
      handler: async (ctx) => {
        const db = services.db;
        const order = await orderById(db, ctx.params.id);
        const wardId = await wardOf(services.db, ctx, ctx.body.ward_id, true);
        const param = { ...densityBounds, label: `Mật độ ${order.name}` };
        const errors = bandConfigErrors(INSECT, { parameters: { [order.code]: ctx.body.ranges } }, { [order.code]: param }).map((e) => ({
          ...e,
          field: e.field.replace(`parameters.${order.code}`, 'ranges'),
        }));
        if (errors.length) throw badRequest(errors, errors[0].message);
        return (
          db
            .transaction(async (tx) => {
              if (wardId != null && !(await exec(tx, sql`select 1 from wards where id = ${wardId}`)).length)
                throw fieldError('ward_id', 'Phường/xã không tồn tại');
              const [before] = await exec<{ id: number; config: { parameters: Record<string, unknown> } | string }>(
                tx,
                wardId == null
                  ? sql`select id, config from monitoring_configs where type = ${INSECT} and ward_id is null for update`
                  : sql`select id, config from monitoring_configs where type = ${INSECT} and ward_id = ${wardId} for update`,
              );
              // a ward's first insect config starts from what was in force for it (the default or the preset)
              const base = before
                ? typeof before.config === 'string'
                  ? JSON.parse(before.config)
                  : before.config
                : (await configInForce(tx, INSECT, wardId)).config;
              const config = { parameters: { ...base.parameters, [order.code]: ctx.body.ranges } };
              if (before)
                await exec(
                  tx,
                  sql`update monitoring_configs set config = ${JSON.stringify(config)}::jsonb, updated_at = now(), updated_by = ${ctx.user?.id ?? null} where id = ${before.id}`,
                );
              else
                await exec(
                  tx,
                  sql`insert into monitoring_configs (type, ward_id, config, updated_by) values (${INSECT}, ${wardId}, ${JSON.stringify(config)}::jsonb, ${ctx.user?.id ?? null})`,
                );
              await ctx.audit(
                {
                  action: 'update-config',
                  subject: 'monitorings',
                  recordId: before?.id ?? null,
                  before: before ? { order: order.code, ward_id: wardId, ranges: base.parameters[order.code] ?? null } : undefined,
                  after: { order: order.code, ward_id: wardId, ranges: ctx.body.ranges },
                },
                tx,
              );
              return orderAnswer(tx, order, wardId);
            })
            // a device key's cached station carries the config in force: read again (after the commit)
            .finally(clearStationKeyCache)
        );
      },
    });
    router.add({
      method: 'GET',
      url: '/api/admin/monitorings/insect-data',
      access: { action: 'list', subject: 'monitorings' },
      summary: 'Mật độ côn trùng theo bộ theo thời gian (các trạm côn trùng trong phạm vi, hoặc một trạm)',
      tags: [stationsDef.label],
      query: dataQuery,
      response: insectDataSchema,
      handler: (ctx) => insectData(services, ctx, ctx.query),
    });
  },
});

/** Demo insect orders (the common pest orders of vegetable and flower growing around Đà Lạt). */
export const DEMO_INSECT_ORDERS = [
  { code: 'lepidoptera', name: 'Cánh vẩy', scientific_name: 'Lepidoptera', pests: 'Sâu tơ, sâu xanh, sâu khoang' },
  { code: 'hemiptera', name: 'Cánh nửa', scientific_name: 'Hemiptera', pests: 'Rệp muội, rầy xanh, bọ phấn' },
  { code: 'thysanoptera', name: 'Cánh tơ', scientific_name: 'Thysanoptera', pests: 'Bọ trĩ' },
  { code: 'coleoptera', name: 'Cánh cứng', scientific_name: 'Coleoptera', pests: 'Bọ nhảy, bọ hà' },
  { code: 'diptera', name: 'Hai cánh', scientific_name: 'Diptera', pests: 'Ruồi đục lá, ruồi đục quả' },
];
