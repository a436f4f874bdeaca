/**
 * Look-ups of the public trace page: a stamp by its code (one row), and the page's content by trace
 * (or, for a stamp of a run without a trace, by product) in one statement. Both go through
 * execStatic: fixed texts, values bound, no session.
 */
import { thumbnailUrlOf } from '@nns/shared';
import { activityLabel } from '@nns/shared/culture';
import { certificationsText } from '@nns/shared/producers';
import { sql } from 'drizzle-orm';
import { execStatic, iso } from '../../core/resource-store';
import type { Db } from '../../db/client';
import type { PageDiary, PageView } from './page-view';

export interface StampRow {
  id: number;
  code: string;
  serial: number;
  status: string;
  scan_count: number;
  /** distinct scanners (scan-client.ts) */
  scanner_count: number;
  /** reported as a likely counterfeit (distinct scanners far apart), until an officer clears it */
  flagged: boolean;
  /** more distinct scanners than the threshold: 'many scans, check the seal', until cleared */
  anomaly: boolean;
  first_scan_at: string | null;
  stamp_id: number;
  product_id: number;
  trace_id: number | null;
  manufacture_id: number | null;
  ward_id: number | null;
}

export async function stampByCode(db: Db, code: string): Promise<StampRow | null> {
  const [row] = await execStatic<StampRow>(
    db,
    'trace-public:stamp-by-code',
    (
      v,
    ) => sql`select sc.id, sc.code, sc.serial::float8 as serial, sc.status, sc.scan_count, sc.scanner_count, sc.flagged, sc.anomaly_at is not null as anomaly, sc.first_scan_at,
        s.id as stamp_id, s.product_id, s.trace_id, p.manufacture_id, m.ward_id
      from stamp_codes sc join stamps s on s.id = sc.stamp_id join products p on p.id = s.product_id
      left join manufactures m on m.id = p.manufacture_id
      where sc.code = ${v('code')}`,
    { code },
  );
  return row ?? null;
}

export async function traceIdByCode(db: Db, code: string): Promise<number | null> {
  const [row] = await execStatic<{ id: number }>(db, 'trace-public:trace-by-code', (v) => sql`select id from traces where code = ${v('code')}`, { code });
  return row?.id ?? null;
}

export interface PageRow {
  active: boolean | null;
  product_deleted: boolean;
  product_name: string;
  product_images: unknown;
  gtin: string | null;
  product_description: string | null;
  m_name: string | null;
  m_address: string | null;
  m_phone: string | null;
  m_certifications: unknown;
  ward_name: string | null;
  province_name: string | null;
  trace_code: string | null;
  planting_date: unknown;
  harvest_date: unknown;
  packaging_date: unknown;
  expired_date: unknown;
  quantity: number | null;
  trace_description: string | null;
  distributors: unknown;
  certificates: unknown;
  batch_code: string | null;
  a_name: string | null;
  a_address: string | null;
  acreage: number | null;
  a_lat: number | null;
  a_long: number | null;
  diaries: unknown;
}

const PAGE_COLUMNS = sql`p.deleted_at is not null as product_deleted, p.name as product_name, p.images as product_images, p.gtin,
  m.name as m_name, m.address as m_address, m.phone as m_phone, m.certifications as m_certifications, w.name as ward_name, pv.name as province_name`;

/** The page of a trace: product, producer, area, batch, dates and its traceable diaries in order. */
export async function pageByTrace(db: Db, traceId: number): Promise<PageRow | null> {
  const [row] = await execStatic<PageRow>(
    db,
    'trace-public:page-by-trace',
    (v) => sql`select t.active, ${PAGE_COLUMNS}, null as product_description,
        t.code as trace_code, t.planting_date, t.harvest_date, t.packaging_date, t.expired_date, t.quantity,
        t.description as trace_description, t.distributors, t.certificates, b.code as batch_code,
        a.name as a_name, a.address as a_address, a.acreage, a.lat as a_lat, a.long as a_long,
        (select coalesce(json_agg(json_build_object('at', d.performed_at, 'activity', d.activity, 'stage', st.name, 'note', d.note) order by d.performed_at, d.id), '[]'::json)
           from diaries d left join stages st on st.id = d.stage_id where d.batch_id = t.batch_id and d.is_traceable) as diaries
      from traces t join products p on p.id = t.product_id
      left join manufactures m on m.id = t.manufacture_id left join wards w on w.id = m.ward_id left join provinces pv on pv.id = w.province_id
      left join batches b on b.id = t.batch_id left join material_areas a on a.id = t.material_area_id and a.deleted_at is null
      where t.id = ${v('id')}`,
    { id: traceId },
  );
  return row ?? null;
}

/** The page of a stamp whose run names no trace: the product and its producer. */
export async function pageByProduct(db: Db, productId: number): Promise<PageRow | null> {
  const [row] = await execStatic<PageRow>(
    db,
    'trace-public:page-by-product',
    (v) => sql`select true as active, ${PAGE_COLUMNS}, null as product_description, null as trace_code, null as planting_date, null as harvest_date,
        null as packaging_date, null as expired_date, null as quantity, null as trace_description, '[]'::jsonb as distributors, '[]'::jsonb as certificates,
        null as batch_code, null as a_name, null as a_address, null as acreage, null as a_lat, null as a_long, '[]'::json as diaries
      from products p left join manufactures m on m.id = p.manufacture_id left join wards w on w.id = m.ward_id left join provinces pv on pv.id = w.province_id
      where p.id = ${v('id')}`,
    { id: productId },
  );
  return row ?? null;
}

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : typeof v === 'string' ? (JSON.parse(v) as unknown[]) : []);
const certs = (v: unknown) => certificationsText(arr(v)).split('; ').filter(Boolean);
const dateOf = (v: unknown) => (v == null ? null : (iso(v) as string));

/** The view model of a page row (no stamp part). */
export function viewOf(row: PageRow, url: string, publicUrl: string): PageView {
  const images = arr(row.product_images) as string[];
  const image = typeof images[0] === 'string' ? images[0] : null;
  const address = [row.m_address, row.ward_name, row.province_name].filter(Boolean).join(', ') || null;
  const lat = row.a_lat;
  const long = row.a_long;
  return {
    kind: 'trace',
    url,
    ogImage: image ? (image.startsWith('/') ? publicUrl + image : image) : null,
    product: { name: row.product_name, image: image ? thumbnailUrlOf(image) : null, gtin: row.gtin, description: row.product_description },
    producer: row.m_name ? { name: row.m_name, address, phone: row.m_phone, certificates: certs(row.m_certifications) } : null,
    area: row.a_name
      ? {
          name: row.a_name,
          address: row.a_address,
          acreage: row.acreage == null ? null : Number(row.acreage),
          mapUrl: lat != null && long != null ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=15/${lat}/${long}` : null,
        }
      : null,
    batch: row.batch_code,
    trace: row.trace_code
      ? {
          code: row.trace_code,
          planting: dateOf(row.planting_date),
          harvest: dateOf(row.harvest_date),
          packaging: dateOf(row.packaging_date),
          expired: dateOf(row.expired_date),
          quantity: row.quantity == null ? null : Number(row.quantity),
          description: row.trace_description,
          certificates: certs(row.certificates),
        }
      : null,
    diaries: (arr(row.diaries) as { at: string; activity: string; stage: string | null; note: string | null }[]).map(
      (d): PageDiary => ({ at: dateOf(d.at) ?? '', activity: activityLabel(d.activity), stage: d.stage, note: d.note }),
    ),
    distributors: (arr(row.distributors) as { name: string; address?: string | null; phone?: string | null }[]).map((d) => ({
      name: d.name,
      address: d.address ?? null,
      phone: d.phone ?? null,
    })),
  };
}

/**
 * The page content of a trace (or product) kept 5 s in this process: a stamp's page is read on every
 * scan, and the content is the same for all the stamps of a run. What must be exact is read per
 * request from the stamp's own row (voided, scan count, flag); a trace turned inactive or edited
 * shows within these 5 s on every process.
 */
export const PAGE_CACHE_MS = 5000;
const PAGE_CACHE_MAX = 5000;
const pageCaches = new WeakMap<Db, Map<string, { until: number; row: Promise<PageRow | null> }>>();

/** One read per trace and 5 s however many views arrive: views arriving while it runs wait for the same read. */
export async function cachedPage(db: Db, kind: 'trace' | 'product', id: number): Promise<PageRow | null> {
  let cache = pageCaches.get(db);
  if (!cache) pageCaches.set(db, (cache = new Map()));
  const key = `${kind}:${id}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.row;
  const row = kind === 'trace' ? pageByTrace(db, id) : pageByProduct(db, id);
  if (cache.size >= PAGE_CACHE_MAX) cache.clear();
  const entry = { until: now + PAGE_CACHE_MS, row };
  cache.set(key, entry);
  // a failed read is not kept
  row.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return row;
}
