import crypto from 'node:crypto';
import stationsDef from '@nns/shared/resources/monitorings';
import { sql } from 'drizzle-orm';
import { type EncodedBytes, sendEncoded } from '../../core/compression';
import { instanceId } from '../../core/instance-id';
import type { Ctx } from '../../core/module';
import { execPrepared } from '../../core/resource-store';
import { scopeOf } from '../../core/scope';
import type { Services } from '../../core/services';

/** at most this many points on the map (the counts cover every station) */
export const OVERVIEW_POINTS_MAX = 20_000;
/** what each point of the map carries, in this order (the answer's `points` is flat: six numbers a station) */
export const POINT_FIELDS = ['id', 'lat', 'long', 'type', 'band', 'alert'] as const;

/**
 * Each process keeps an overview this long per scope (a micro-cache): a room of officers watching
 * the map, or one reloading it, costs one query per few seconds. Writes of stations in this process,
 * a station's band or open alerts changing on ingest, and the alert timer empty it at once; another
 * process's change shows here within this time (the screen itself refreshes each minute).
 */
export const OVERVIEW_CACHE_MS = 5_000;
// with the body's compressed forms, made by sendEncoded on first need
const cache = new Map<string, EncodedBytes & { body: Buffer; etag: string; at: number }>();
export function clearOverviewCache() {
  cache.clear();
}

/**
 * Two statements whose answer PostgreSQL writes as JSON text, run at once on two connections (on
 * PostgreSQL; PGlite runs them one after the other): the points as one flat array of numbers
 * (string_agg of six numbers a station: 20,000 stations never become rows or objects in this
 * process, and no per-station key is repeated; ~70 % of the work), and beside it the counts per type
 * and band and the open alerts. The points are read in the primary key's order (no sort: string_agg
 * keeps its subquery's order), a station's open alert looked up in a hash of the stations with one;
 * the counts and how many stations have coordinates come from one grouped scan (a materialized set of
 * every station, sorted twice, cost ~40 % more of PostgreSQL's CPU).
 */
async function produce(s: Services, ctx: Ctx) {
  const scope = scopeOf(stationsDef, ctx.user);
  const w = sql.join([sql`m.status = 1`, ...scope.map((c) => sql`m.id in (select id from monitorings where ${c})`)], sql` and `);
  const inScope = sql.join([sql`true`, ...scope.map((c) => sql`m.id in (select id from monitorings where ${c})`)], sql` and `);
  const [[points], [rest]] = await Promise.all([
    execPrepared<{ points: string | null }>(
      s.db,
      sql`select string_agg(concat_ws(',', id, lat, long, type, coalesce(last_band::text, 'null'),
          case when id in (select station_id from monitoring_alerts where ended_at is null) then 1 else 0 end), ',') as points
        from (select m.id, m.lat, m.long, m.type, m.last_band from monitorings m
          where ${w} and m.lat is not null and m.long is not null order by m.id limit ${sql.raw(String(OVERVIEW_POINTS_MAX))}) p`,
    ),
    execPrepared<{ rest: string }>(
      s.db,
      sql`with c as (
          select m.type, m.last_band as band, count(*)::int as n, count(*) filter (where m.lat is not null and m.long is not null)::int as located
          from monitorings m where ${w} group by 1, 2
        )
        select concat('"points_total":', (select coalesce(sum(located), 0) from c),
          ',"counts":', coalesce((select json_agg(x order by x.type, x.band nulls last) from (select type, band, n from c) x), '[]'::json),
          ',"alerts":', coalesce((select json_agg(a order by a.started_at desc) from (
              select a.id, a.station_id, m.code as station_code, m.name as station_name, m.type as station_type, a.kind,
                case when a.kind = 'offline' then 'Mất kết nối' else 'Cảnh báo' end as kind_label,
                to_char(a.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as started_at, a.peak, a.peak_param
              from monitoring_alerts a join monitorings m on m.id = a.station_id
              where a.ended_at is null and ${inScope} order by a.started_at desc limit 100) a), '[]'::json)) as rest`,
    ),
  ]);
  // kept as bytes: a cached answer (~576 KB) is then written as it is, where a string was measured and
  // encoded again on every request
  const body = Buffer.from(
    `{"code":200,"message":"Thành công","data":{"point_fields":${JSON.stringify(POINT_FIELDS)},"points":[${points.points ?? ''}],${rest.rest}}}`,
  );
  return { body, etag: `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
}

/**
 * Sends the overview for the user's scope with its ETag (a hash of the body): a client sending it back
 * (If-None-Match) gets 304 and no body. Browsers may keep it but must ask again each time
 * (`private, no-cache`): an officer who has just added a station expects it on the map.
 */
export async function sendOverview(s: Services, ctx: Ctx) {
  const u = ctx.user;
  const key = `${instanceId(s.db)}|${!u || u.scope === 'all' ? 'all' : u.scope === 'ward' ? `w${u.ward_id}` : u.scope === 'producer' ? `m${u.manufacture_id}` : `p${u.province_id}`}`;
  const now = Date.now();
  let c = cache.get(key);
  if (!c || now - c.at >= OVERVIEW_CACHE_MS || now < c.at) {
    c = { ...(await produce(s, ctx)), at: now };
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, c);
  }
  ctx.reply.header('cache-control', 'private, no-cache').header('etag', c.etag).header('vary', 'Authorization, Accept-Encoding');
  const asked = ctx.req.headers['if-none-match'];
  if (asked?.split(',').some((t) => t.trim() === c.etag)) return ctx.reply.code(304).send();
  ctx.reply.code(200).header('content-type', 'application/json; charset=utf-8');
  return sendEncoded(ctx.req, ctx.reply, s.config, c);
}
