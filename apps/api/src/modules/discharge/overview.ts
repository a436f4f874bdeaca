import crypto from 'node:crypto';
import { WASTEWATER_TYPES } from '@nns/shared/discharge';
import constructsDef from '@nns/shared/resources/discharge-constructs';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type EncodedBytes, sendEncoded } from '../../core/compression';
import { badRequest } from '../../core/errors';
import { instanceId } from '../../core/instance-id';
import type { Router } from '../../core/module';
import { type ListQuery, listQuerySchema, whereOf, whereSql } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import type { Services } from '../../core/services';

/**
 * The period 'vượt giới hạn' speaks of: this month (UTC+7, the default), one chosen month, or the last
 * twelve months up to this one. Months are YYYYMM numbers, as `exceeded_months` stores them.
 */
export interface ExceedPeriod {
  kind: 'this-month' | 'month' | 'last-12-months';
  from: number;
  to: number;
}

export const PERIOD_ERROR = "Kỳ 'vượt giới hạn' chỉ nhận this-month (tháng này), last-12-months (12 tháng gần nhất) hoặc một tháng YYYY-MM không sau tháng này";
export const periodParam = z
  .string({ error: PERIOD_ERROR })
  .regex(/^(this-month|last-12-months|\d{4}-(0[1-9]|1[0-2]))$/, PERIOD_ERROR)
  .optional();
export const exceededParam = z.enum(['1', '0'], { error: "Bộ lọc 'vượt giới hạn' chỉ nhận 1 hoặc 0" }).optional();

const ym = (d: Date) => d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;

/** The period of a query's `period` (undefined → this month); null when the month is after this one. */
export function exceedPeriodOf(period: string | undefined, now = Date.now()): ExceedPeriod | null {
  const today = new Date(now + 7 * 3_600_000);
  const current = ym(today);
  if (!period || period === 'this-month') return { kind: 'this-month', from: current, to: current };
  if (period === 'last-12-months') {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1));
    return { kind: 'last-12-months', from: ym(d), to: current };
  }
  const m = Number(period.replace('-', ''));
  return m > current ? null : { kind: 'month', from: m, to: m };
}

const monthsOf = (p: ExceedPeriod) => {
  const out: number[] = [];
  for (let m = p.from; m <= p.to; m = m % 100 === 12 ? m + 89 : m + 1) out.push(m);
  return out;
};
/**
 * Whether a work broke a limit in the period, from its own row (no subquery per work): a flow over a
 * limit in the period makes its last exceedance day at least the period's first day (the
 * last_exceeded_date index narrows to those works), and its months name one of the period's.
 */
const exceededBare = (p: ExceedPeriod): SQL => {
  const since = `${String(p.from).slice(0, 4)}-${String(p.from).slice(4)}-01T00:00:00.000Z`;
  const months = sql.join(
    monthsOf(p).map((m) => sql`${`[${m}]`}::jsonb`),
    sql`, `,
  );
  return sql`last_exceeded_date >= ${since}::timestamptz and exceeded_months @> any (array[${months}])`;
};
export const exceededIn = (p: ExceedPeriod): SQL => sql`coalesce((${exceededBare(p)}), false)`;

/** Adds the 'vượt giới hạn' filter of a query to a list's conditions. */
export function pushExceeded(w: SQL[], exceeded: string | undefined, p: ExceedPeriod) {
  if (exceeded === '1') w.push(exceededBare(p));
  if (exceeded === '0') w.push(sql`not ${exceededIn(p)}`);
}

const monthText = (m: number) => `${String(m).slice(0, 4)}-${String(m).slice(4)}`;
const POINT_FIELDS = ['id', 'lat', 'long', 'wastewater_type', 'exceeded'];

/** kept with its compressed forms (made by sendEncoded on first need) */
interface Answer extends EncodedBytes {
  etag: string;
  body: Buffer;
}
/**
 * Answers already written, by their ETag. The tag is made from what the database says of the rows
 * the query sees (how many, the newest change, the sum of their ids), the user's scope, the filters
 * and the period, so a process only reuses an answer the database has just confirmed unchanged;
 * several processes each keep their own.
 */
const answers = new Map<string, Answer>();
const KEEP = 16;

export function registerOverview(router: Router, services: Services) {
  const def = constructsDef;
  const listQuery = listQuerySchema(def);
  const query = z
    .object({
      wastewater_type: listQuery.shape.wastewater_type,
      ward_id: listQuery.shape.ward_id,
      public_status: listQuery.shape.public_status,
      exceeded: exceededParam,
      period: periodParam,
    })
    .strict();
  router.add({
    method: 'GET',
    url: '/api/admin/discharge-constructs/overview',
    access: { action: 'list', subject: 'discharge_construct' },
    summary:
      "Bản đồ tổng quan: mọi công trình trong phạm vi dưới dạng mảng phẳng (id, vĩ độ, kinh độ, loại, vượt giới hạn trong kỳ), lọc theo loại, phường/xã, công khai, 'vượt giới hạn' trong kỳ (period: this-month, YYYY-MM, last-12-months); có ETag, 304 khi không đổi",
    tags: [def.label],
    query,
    response: z.object({
      fields: z.array(z.string()),
      points: z.array(z.number()).describe('mảng phẳng, mỗi công trình 5 số: id, vĩ độ, kinh độ, loại nước thải, vượt giới hạn trong kỳ (1/0)'),
      counts: z.array(z.object({ wastewater_type: z.number(), label: z.string(), color: z.string(), n: z.number() })),
      exceeded: z.number(),
      period: z.object({ kind: z.string(), from: z.string(), to: z.string() }),
    }),
    raw: true,
    handler: async (ctx) => {
      const q = ctx.query as Partial<ListQuery> & { exceeded?: string; period?: string };
      const p = exceedPeriodOf(q.period);
      if (!p) throw badRequest([{ field: 'period', message: 'Không chọn được tháng sau tháng này' }]);
      const w = whereOf(def, q, ctx.user);
      pushExceeded(w, q.exceeded, p);
      const where = whereSql(w);
      const [v] = await exec<{ n: number; u: string | null; s: string | null }>(
        services.db,
        sql`select count(*)::int as n, max(updated_at)::text as u, sum(id)::text as s from discharge_constructs${where}`,
      );
      const u = ctx.user;
      const key = JSON.stringify([u?.scope, u?.ward_id, u?.province_id, q.wastewater_type, q.ward_id, q.public_status, q.exceeded, p, v]);
      const etag = `W/"${crypto.createHash('sha1').update(key).digest('base64url').slice(0, 22)}"`;
      ctx.reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Authorization, Accept-Encoding');
      const asked = ctx.req.headers['if-none-match'];
      if (asked?.split(',').some((t) => t.trim() === etag)) return ctx.reply.code(304).send();
      const kept = `${instanceId(services.db)}|${etag}`;
      let a = answers.get(kept);
      if (!a) {
        const ex = exceededIn(p);
        // the database writes the points (one text value): this process neither parses nor serialises 50,000 numbers
        const [r] = await exec<{ points: string | null; t1: number; t2: number; t3: number; t4: number; x: number }>(
          services.db,
          sql`select string_agg(concat_ws(',', id, round(lat::numeric, 5)::float8, round(long::numeric, 5)::float8, wastewater_type, case when ${ex} then 1 else 0 end), ',' order by id) as points,
            count(*) filter (where wastewater_type = 1)::int as t1, count(*) filter (where wastewater_type = 2)::int as t2,
            count(*) filter (where wastewater_type = 3)::int as t3, count(*) filter (where wastewater_type = 4)::int as t4,
            count(*) filter (where ${ex})::int as x
            from discharge_constructs${where}`,
        );
        const n = [r.t1, r.t2, r.t3, r.t4].map(Number);
        const counts = WASTEWATER_TYPES.map((o, i) => ({ wastewater_type: o.value, label: o.label, color: o.color, n: n[i] ?? 0 }));
        const period = { kind: p.kind, from: monthText(p.from), to: monthText(p.to) };
        const text = `{"code":200,"message":"Thành công","data":{"fields":${JSON.stringify(POINT_FIELDS)},"points":[${r.points ?? ''}],"counts":${JSON.stringify(counts)},"exceeded":${Number(r.x)},"period":${JSON.stringify(period)}}}`;
        a = { etag, body: Buffer.from(text) };
        answers.set(kept, a);
        if (answers.size > KEEP) answers.delete(answers.keys().next().value as string);
      }
      ctx.reply.code(200).header('content-type', 'application/json; charset=utf-8');
      return sendEncoded(ctx.req, ctx.reply, services.config, a);
    },
  });
}
