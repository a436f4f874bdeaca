/**
 * Consumer scans (issue 14 §7, issue 28 §1): what counts as a consumer, the location a consumer
 * shares, and the month partitions. Views are recorded by scan-batch.ts: the first scan activates a
 * stamp; more than SCAN_FLAG_AFTER distinct scanners (scan-client.ts) since the last clearing mark it
 * as an anomaly ('many scans, check the seal', the producer and the ward told); an address past
 * SCAN_RATE_PER_10_MIN counted scans in ten minutes still sees the page uncounted. Bots and
 * prefetchers are not counted at all. The public 'likely counterfeit' verdict needs both signals: the
 * anomaly AND two different scanners' shared locations farther apart than travel allows. Either
 * alone is cheap to fake (fresh addresses; two made-up positions), together they are what a copied
 * stamp sold in many places produces.
 */

import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { notify } from '../../core/notify';
import { exec, iso } from '../../core/resource-store';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { SCAN_TOKEN_MINUTES } from './scan-client';

/** Link-preview fetchers, crawlers and scripted clients (Zalo's own in-app browser says "Zalo" and is a consumer: only its bot is listed). */
const BOT_UA =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|facebookcatalog|meta-externalagent|zalo-?bot|whatsapp|telegram|skypeuripreview|discord|slack|linkedin|pinterest|embedly|vkshare|quora link|headless|lighthouse|curl\/|wget|python-|node-fetch|axios\/|go-http-client|okhttp|java\/|libwww|httpclient/i;

/** Not a consumer looking at the page: a bot by its user agent, a prefetch, or a HEAD request. */
export function isAutomated(req: FastifyRequest): boolean {
  if (req.method !== 'GET') return true;
  const ua = req.headers['user-agent'];
  if (!ua || ua.length < 10 || BOT_UA.test(ua)) return true;
  const purpose =
    `${req.headers['sec-purpose'] ?? ''} ${req.headers.purpose ?? ''} ${req.headers['x-purpose'] ?? ''} ${req.headers['x-moz'] ?? ''}`.toLowerCase();
  return purpose.includes('prefetch') || purpose.includes('preview');
}

export interface ScanResult {
  scan_id: number;
  /** page views counted (statistics) */
  scan_count: number;
  /** distinct scanners */
  scanner_count: number;
  flagged: boolean;
  anomaly: boolean;
  first_scan_at: string | null;
}

export const FAR_APART_KM = 50;
/** Faster than this between two scanners' positions is not travel (a car or a train; flights aside, a stamp is on a product on a shelf). */
export const MAX_TRAVEL_KMH = 300;

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanceKm(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const dLat = r(b.lat - a.lat);
  const dLong = r(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type LocationOutcome = 'unknown' | 'recorded' | 'flagged';

/**
 * Stores the location a consumer agreed to share on the scan their page view just recorded: found by
 * the scan token's hash (not a guessable id), for the client that made it (its cookie, or without
 * one its address and browser), within SCAN_TOKEN_MINUTES, once. Flags the stamp when it already
 * shows the anomaly and another scanner's located scan since the last clearing, within a day, lies
 * more than FAR_APART_KM away at more than MAX_TRAVEL_KMH. One client's own scans never flag. One
 * transaction.
 */
export async function recordLocation(
  db: Db,
  o: { code: string; tokenHash: string; client: string | null; addr: string; lat: number; long: number },
): Promise<LocationOutcome> {
  return db.transaction(async (tx) => {
    const [scan] = await exec<{
      id: number;
      stamp_code_id: number;
      scanned_at: string;
      client: string;
      product_id: number;
      manufacture_id: number | null;
      ward_id: number | null;
    }>(
      tx,
      sql`update scans set lat = ${o.lat}, long = ${o.long}, located_at = now()
        where token_hash = ${o.tokenHash} and scanned_at > now() - make_interval(mins => ${SCAN_TOKEN_MINUTES}) and located_at is null
          and stamp_code_id = (select id from stamp_codes where code = ${o.code})
          and (client = ${o.client} or (${o.client}::text is null and addr = ${o.addr}))
        returning id::float8 as id, stamp_code_id::float8 as stamp_code_id, scanned_at, client, product_id, manufacture_id, ward_id`,
    );
    if (!scan) return 'unknown';
    const [stamp] = await exec<{ anomaly: boolean; flagged: boolean; cleared_at: string | null }>(
      tx,
      sql`select anomaly_at is not null as anomaly, flagged, cleared_at from stamp_codes where id = ${scan.stamp_code_id} for update`,
    );
    const cleared = stamp.cleared_at ? iso(stamp.cleared_at) : null;
    const others = await exec<{ lat: number; long: number; scanned_at: string }>(
      tx,
      sql`select lat, long, scanned_at from scans where stamp_code_id = ${scan.stamp_code_id} and id <> ${scan.id} and lat is not null
        and client is distinct from ${scan.client} and scanned_at > ${iso(scan.scanned_at)}::timestamptz - interval '1 day'
        and (${cleared}::timestamptz is null or scanned_at > ${cleared}::timestamptz)`,
    );
    const at = Date.parse(String(iso(scan.scanned_at)));
    const impossible = others.some((x) => {
      const km = distanceKm(x, o);
      const hours = Math.abs(at - Date.parse(String(iso(x.scanned_at)))) / 3_600_000;
      return km > FAR_APART_KM && km / Math.max(hours, 1 / 3600) > MAX_TRAVEL_KMH;
    });
    if (!impossible || !stamp.anomaly) return 'recorded';
    const newly = await exec(tx, sql`update stamp_codes set flagged = true where id = ${scan.stamp_code_id} and not flagged returning id`);
    if (newly.length) {
      await exec(
        tx,
        sql`insert into scan_daily as d (day, product_id, manufacture_id, ward_id, flagged)
          values (scan_day(now()), ${scan.product_id}, ${scan.manufacture_id ?? 0}, ${scan.ward_id ?? 0}, 1)
          on conflict (day, product_id, manufacture_id, ward_id, slot) do update set flagged = d.flagged + 1`,
      );
    }
    return 'flagged';
  });
}

/** Creates the month partitions of scans from this month to `monthsAhead` ahead (idempotent, safe with several processes). */
export async function ensureScanPartitions(db: Db, monthsAhead = 2): Promise<void> {
  for (let i = 0; i <= monthsAhead; i++) {
    await exec(db, sql`select ensure_scan_partition(now() + make_interval(months => ${i}))`);
  }
}

/** Partitions ahead now (the app is ready, before the first request is served) and daily after; the result stops it. */
export async function startScanPartitions(s: Services) {
  await ensureScanPartitions(s.db);
  const timer = setInterval(() => void ensureScanPartitions(s.db).catch((err) => s.log.warn({ err }, 'scan partitions not created')), 24 * 3600 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Tells the producer's accounts and the ward's officers (who may see stamps) that a stamp passed the
 * threshold of distinct scanners: a mark to look at, not a verdict (many addresses are cheap).
 */
export async function tellAnomaly(
  s: Services,
  stamp: { id: number; code: string; serial: number; product_id: number; manufacture_id: number | null; ward_id: number | null },
) {
  const [p] = await exec<{ name: string }>(s.db, sql`select name from products where id = ${stamp.product_id}`);
  const users = await exec<{ id: number }>(
    s.db,
    sql`select u.id from users u where u.status = 'active' and (
        u.manufacture_id = ${stamp.manufacture_id ?? 0}
        or (u.ward_id = ${stamp.ward_id ?? 0} and exists (select 1 from role_permissions rp join permissions x on x.id = rp.permission_id
          where rp.role_id = u.role_id and x.action = 'list' and x.subject = 'stamps')))`,
  );
  const title = `Tem số ${stamp.serial} được quét bất thường`;
  const content = `Mã tem ${stamp.code} (${p?.name ?? 'sản phẩm'}) đã được nhiều người ở nhiều nơi kiểm tra. Trang công khai đang nhắc người tiêu dùng kiểm tra tem niêm phong. Vui lòng kiểm tra tại màn hình Thống kê tem; nếu tem không có vấn đề, cán bộ có thể gỡ đánh dấu kèm lý do.`;
  await s.db.transaction(async (tx) => {
    for (const u of users) await notify(s, { audience: 'user', user_id: Number(u.id) }, { title, content }, tx);
  });
}
