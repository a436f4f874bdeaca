import crypto from 'node:crypto';
import { addDays, vnDay } from '@nns/shared/culture';
import { STAMP_LAYOUT_DEFAULTS } from '@nns/shared/traceability';
import { sql } from 'drizzle-orm';
import { defineModule } from '../../core/module';
import { exec, iso } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { insertCodes } from './stamp-codes';
import { layoutOf, nextSerial, refreshRun } from './stamp-runs';
import { drawSheet } from './stamp-sheet';

const DISTRIBUTORS: Record<string, { name: string; address: string; phone: string }[]> = {
  'SP-HONG-TREOGIO': [
    { name: 'Cửa hàng Đặc sản Đà Lạt Xanh', address: '12 Nguyễn Thị Minh Khai, Phường Xuân Hương – Đà Lạt, Lâm Đồng', phone: '02633822123' },
    { name: 'Siêu thị Nông sản sạch Phú Mỹ Hưng', address: '88 Nguyễn Văn Linh, Phường Tân Mỹ, TP. Hồ Chí Minh', phone: '0909123456' },
  ],
  'SP-CF-NHAN-1KG': [{ name: 'Đại lý Cà phê Cầu Đất', address: 'Xã Xuân Trường, Lâm Đồng', phone: '0912345678' }],
};

/** a demo row, through the runtime (search text filled, no hooks, no audit) */
const insert = (db: Db, name: string, data: Record<string, unknown>) => resource(name).seed(db, data);

/**
 * Demo traceability (SEED_DEMO): a trace on each harvested demo batch (coffee, ST25 rice) with
 * its dates and distributors, and a run of 60 stamps on the coffee trace (the persimmon batch is still
 * growing), half of them printed and scanned (printAndScan).
 */
export default defineModule({
  name: 'traceability-demo',
  // traces stand on the demo seasons' harvested batches
  after: ['seasons-demo'],
  async seedDemo(services: Services) {
    if ((await exec(services.db, sql`select 1 from traces limit 1`)).length) return;
    const batches = await exec<Record<string, unknown>>(
      services.db,
      sql`select b.id, b.code, b.product_id, b.manufacture_id, b.material_area_id, b.planting_date, b.harvest_date, p.code as product_code, p.name as product_name,
                 p.shelf_life_days, a.certifications
          from batches b join products p on p.id = b.product_id left join material_areas a on a.id = b.material_area_id
          where b.status = 'harvested' and b.harvest_date is not null order by b.id`,
    );
    if (!batches.length) return;
    await services.db.transaction(async (db) => {
      let coffee: { id: number; product_id: number; manufacture_id: number; packaging: string } | null = null;
      for (const b of batches) {
        const harvest = vnDay(iso(b.harvest_date) as string);
        const packaging = addDays(harvest, 2);
        const expiry = addDays(packaging, Number(b.shelf_life_days ?? 0) || 365);
        const id = await insert(db, 'traces', {
          code: `TX-${String(b.code).replace(/^LO-/, '')}`,
          product_id: b.product_id,
          batch_id: b.id,
          manufacture_id: b.manufacture_id,
          material_area_id: b.material_area_id,
          planting_date: `${vnDay(iso(b.planting_date) as string)}T00:00:00Z`,
          harvest_date: `${harvest}T00:00:00Z`,
          packaging_date: `${packaging}T00:00:00Z`,
          expired_date: `${expiry}T00:00:00Z`,
          quantity: null,
          distributors: DISTRIBUTORS[String(b.product_code)] ?? [],
          certificates: b.certifications ?? null,
          description: `Hồ sơ truy xuất của lô ${b.code}: ${b.product_name}, thu hoạch ngày ${harvest.split('-').reverse().join('/')}.`,
          active: true,
        });
        if (!coffee || b.product_code === 'SP-CF-NHAN-1KG') {
          coffee = { id, product_id: Number(b.product_id), manufacture_id: Number(b.manufacture_id), packaging };
        }
      }
      if (!coffee) return;
      const from = await nextSerial(db);
      const n = 60;
      const [p] = await exec<{ name: string }>(db, sql`select name from products where id = ${coffee.product_id}`);
      const runId = await insert(db, 'stamps', {
        name: `${p?.name ?? 'Sản phẩm'} – đợt tem mẫu`,
        product_id: coffee.product_id,
        trace_id: coffee.id,
        manufacture_id: coffee.manufacture_id,
        quantity: n,
        serial_from: from,
        serial_to: from + n - 1,
        packaging_date: `${coffee.packaging}T00:00:00Z`,
        ...STAMP_LAYOUT_DEFAULTS,
        stamps_per_line: 3,

        stamp_attributes: [{ text: 'Arabica Cầu Đất', font_size: 6, horizontal: 31, vertical: 20 }],
        status: 'issued',
        printed_count: 0,
        voided_count: 0,
      });
      await insertCodes(db, runId, from, n);
      await printAndScan(services, db, runId);
    });
  },
});

/** Places consumers scanned the demo stamps from: Đà Lạt mostly, a shop in Ho Chi Minh City, and one far away (Hà Nội). */
const PLACES = [
  { lat: 11.9404, long: 108.4583 },
  { lat: 11.9465, long: 108.4419 },
  { lat: 10.7295, long: 106.7218 },
  { lat: 21.0285, long: 105.8542 },
];
const PHONES = [
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Zalo iOS/470',
  'Mozilla/5.0 (Linux; Android 12; Redmi Note 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
];

/**
 * The first 30 demo stamps printed (a real sheet, kept like any print job) and 18 of them scanned by
 * consumers over the last four weeks (1–3 scans each, some located), one of them scanned from Đà Lạt
 * and Hà Nội on the same day, seven times: flagged. Scans are inserted as the page records them, so
 * the roll-up trigger fills scan_daily and the statistics screens are alive.
 */
async function printAndScan(services: Services, db: Db, runId: number) {
  const [run] = await exec<Record<string, unknown>>(db, sql`select * from stamps where id = ${runId}`);
  const [p] = await exec<{ name: string }>(db, sql`select name from products where id = ${run.product_id}`);
  const codes = await exec<{ id: number; code: string; serial: string | number }>(
    db,
    sql`select id::float8 as id, code, serial from stamp_codes where stamp_id = ${runId} order by serial limit 30`,
  );
  const layout = layoutOf(run);
  const stamps = codes.map((c) => ({ code: c.code, serial: Number(c.serial) }));
  const pdf = await drawSheet({
    layout,
    productName: p?.name ?? '',
    packagingDate: iso(run.packaging_date) as string | null,
    publicUrl: services.config.publicUrl,
    stamps,
    paper: 'a4',
  });
  const key = `stamp-sheets/${crypto.randomBytes(24).toString('base64url')}.pdf`;
  await services.storage.put(key, pdf);
  const [admin] = await exec<{ id: number }>(db, sql`select id from users where username = 'admin'`);
  await exec(
    db,
    sql`insert into stamp_print_jobs (stamp_id, serial_from, serial_to, count, lines, layout, file_key, created_by, created_at)
        values (${runId}, ${stamps[0].serial}, ${stamps[stamps.length - 1].serial}, ${stamps.length}, ${stamps.length / layout.stamps_per_line},
          ${JSON.stringify({ ...layout, paper: 'a4' })}::jsonb, ${key}, ${admin?.id ?? null}, now() - interval '30 days')`,
  );
  await exec(
    db,
    sql`update stamp_codes set status = 'printed', printed_at = now() - interval '30 days' where stamp_id = ${runId} and id in (select id from stamp_codes where stamp_id = ${runId} order by serial limit 30)`,
  );
  // one scan each: { stamp index, days ago, hour (UTC+7), place or none }
  const scans: { i: number; ago: number; hour: number; place: number | null }[] = [];
  for (let i = 0; i < 18; i++) {
    const times = 1 + (i % 3);
    for (let k = 0; k < times; k++)
      scans.push({
        i,
        ago: Math.max(27 - i - k * 2, 0),
        hour: 8 + ((i * 5 + k * 3) % 12),
        place: (i + k) % 3 === 0 ? (i % 5 === 4 ? 2 : i % 2) : null,
      });
  }
  // the flagged one: seven scans within two days, Đà Lạt and Hà Nội on the same day
  for (let k = 0; k < 7; k++) scans.push({ i: 18, ago: k < 4 ? 2 : 1, hour: 9 + k, place: k === 5 ? 3 : k % 2 === 0 ? 0 : null });
  await exec(db, sql`select ensure_scan_partition(now() - interval '1 month')`);
  const flagAfter = services.config.SCAN_FLAG_AFTER;
  const perStamp = new Map<number, number>();
  const rows = scans
    .sort((a, b) => b.ago - a.ago || a.hour - b.hour)
    .map((s, n) => {
      const count = (perStamp.get(s.i) ?? 0) + 1;
      perStamp.set(s.i, count);
      const place = s.place === null ? null : PLACES[s.place];
      return {
        stamp_code_id: codes[s.i].id,
        // UTC+7 hour of that day, as an ISO instant
        scanned_at:
          new Date(Date.now() - s.ago * 86_400_000).toISOString().slice(0, 10) +
          `T${String(s.hour - 7 + (s.hour < 7 ? 24 : 0)).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}:00Z`,
        first_scan: count === 1,
        flagged: count === flagAfter + 1,
        user_agent: PHONES[n % PHONES.length],
        ip: `113.161.${(s.i * 7) % 250}.${(n * 13) % 250}`,
        lat: place?.lat ?? null,
        long: place?.long ?? null,
      };
    })
    // never in the future (the hours of today)
    .filter((r) => Date.parse(r.scanned_at) < Date.now());
  await exec(
    db,
    sql`insert into scans (scanned_at, stamp_code_id, stamp_id, trace_id, product_id, manufacture_id, ward_id, first_scan, flagged, user_agent, ip, lat, long, located_at)
        select r.scanned_at, r.stamp_code_id, s.id, s.trace_id, s.product_id, s.manufacture_id, m.ward_id, r.first_scan, r.flagged, r.user_agent, r.ip, r.lat, r.long,
          case when r.lat is null then null else r.scanned_at end
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(scanned_at timestamptz, stamp_code_id bigint, first_scan boolean, flagged boolean,
          user_agent text, ip text, lat float8, long float8)
        join stamps s on s.id = ${runId} left join manufactures m on m.id = s.manufacture_id
        order by r.scanned_at`,
  );
  await exec(
    db,
    sql`update stamp_codes sc set status = 'activated', scan_count = x.n, activated_at = x.first, first_scan_at = x.first, last_scan_at = x.last,
          flagged = x.n > ${flagAfter}
        from (select stamp_code_id, count(*)::int as n, min(scanned_at) as first, max(scanned_at) as last from scans where stamp_id = ${runId} group by stamp_code_id) x
        where sc.id = x.stamp_code_id`,
  );
  await refreshRun(db, runId);
}
