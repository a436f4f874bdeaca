/**
 * Consumer scans (issue 14 §7): what counts as a consumer, the location a consumer shares, and the
 * month partitions. Views are recorded by scan-batch.ts: the first scan activates a stamp, more than
 * SCAN_FLAG_AFTER scans flag it, and an address past SCAN_RATE_PER_10_MIN counted scans in ten
 * minutes still sees the page uncounted. Bots and prefetchers are not counted at all.
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exec } from '../../core/resource-store';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';

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
  scan_count: number;
  flagged: boolean;
  first_scan_at: string | null;
}

export const FAR_APART_KM = 50;

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
 * Stores the location a consumer agreed to share on the scan the page recorded (only within 15
 * minutes of it, once), and flags the stamp when another located scan of the same stamp within a
 * day lies more than 50 km away. One transaction.
 */
export async function recordLocation(db: Db, code: string, scanId: number, lat: number, long: number): Promise<LocationOutcome> {
  return db.transaction(async (tx) => {
    const [scan] = await exec<{ stamp_code_id: number; scanned_at: string; product_id: number; manufacture_id: number | null; ward_id: number | null }>(
      tx,
      sql`update scans set lat = ${lat}, long = ${long}, located_at = now()
        where id = ${scanId} and scanned_at > now() - interval '15 minutes' and lat is null
          and stamp_code_id = (select id from stamp_codes where code = ${code})
        returning stamp_code_id::float8 as stamp_code_id, scanned_at, product_id, manufacture_id, ward_id`,
    );
    if (!scan) return 'unknown';
    const others = await exec<{ lat: number; long: number }>(
      tx,
      sql`select lat, long from scans where stamp_code_id = ${scan.stamp_code_id} and id <> ${scanId} and lat is not null
        and scanned_at > now() - interval '1 day'`,
    );
    if (!others.some((o) => distanceKm(o, { lat, long }) > FAR_APART_KM)) return 'recorded';
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

/** Partitions ahead at start (before the first request) and daily after. */
export function startScanPartitions(app: FastifyInstance, s: Services) {
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await ensureScanPartitions(s.db);
    timer = setInterval(() => void ensureScanPartitions(s.db).catch((err) => s.log.warn({ err }, 'scan partitions not created')), 24 * 3600 * 1000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}
