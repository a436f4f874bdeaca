import {
  SCAN_LOCATIONS_MAX,
  SCAN_PERIOD_MAX_DAYS,
  type ScanLocation,
  type ScanStatisticsAnswer,
  type ScanStatisticsEntry,
  scanLocationSchema,
  scanStatisticsAnswerSchema,
} from '@nns/shared/scan-statistics';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadExcel } from '../../core/excel';
import { escapeCell, publishExport } from '../../core/export';
import { addJobRoute } from '../../core/jobs';
import { defineModule, type SessionUser } from '../../core/module';
import { pageQueryShape } from '../../core/resource-query';
import { exec } from '../../core/resource-store';

const DAY_MS = 86_400_000;
const id = (label: string) =>
  z.coerce
    .number({ error: `${label} không hợp lệ` })
    .int(`${label} không hợp lệ`)
    .positive(`${label} không hợp lệ`)
    .max(2147483647, `${label} không hợp lệ`)
    .optional();
/** YYYY-MM-DD or the API's date-only form YYYY-MM-DDT00:00:00Z, a day at UTC+7 */
const day = (label: string) =>
  z
    .string({ error: `${label} không hợp lệ` })
    .superRefine((v, ctx) => {
      if (!/^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/.test(v)) ctx.addIssue({ code: 'custom', message: `${label} phải có dạng YYYY-MM-DD` });
      else if (!isDay(v.slice(0, 10))) ctx.addIssue({ code: 'custom', message: `${label} không hợp lệ` });
    })
    .transform((v) => v.slice(0, 10))
    .optional();

const filterShape = {
  product_id: id('Sản phẩm'),
  manufacture_id: id('Cơ sở sản xuất'),
  ward_id: id('Phường/xã'),
  from: day('Từ ngày'),
  to: day('Đến ngày'),
};

type Filters = { product_id?: number; manufacture_id?: number; ward_id?: number; from?: string; to?: string };

const todayVn = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * DAY_MS).toISOString().slice(0, 10);

function periodOf(q: Filters) {
  const to = q.to ?? todayVn();
  const from = q.from ?? addDays(to, -29);
  return { from, to };
}

/** A real calendar day written YYYY-MM-DD (JavaScript reads 2025-02-30 as 2 March; PostgreSQL refuses it). */
function isDay(v: unknown): boolean {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || v < '1900') return false;
  const t = Date.parse(v);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}

const checkPeriod = (q: Filters, ctx: z.RefinementCtx) => {
  // zod runs this even when a field failed: a bad day has its own message already
  if ((q.from !== undefined && !isDay(q.from)) || (q.to !== undefined && !isDay(q.to))) return;
  const { from, to } = periodOf(q);
  if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Đến ngày phải sau hoặc bằng Từ ngày' });
  else if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > SCAN_PERIOD_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: `Khoảng thời gian tối đa ${SCAN_PERIOD_MAX_DAYS} ngày` });
  }
};

const listQuery = z
  .object({ ...pageQueryShape, ...filterShape })
  .strict()
  .superRefine(checkPeriod);
const filterQuery = z.object(filterShape).strict().superRefine(checkPeriod);

/** The conditions on scan_daily (alias d) or scans (alias s) for the filters and the user's scope. */
function whereOf(q: Filters, user: SessionUser | null, alias: 'd' | 's'): SQL {
  const c = (name: string) => sql.raw(`${alias}.${name}`);
  const { from, to } = periodOf(q);
  const w: SQL[] =
    alias === 'd'
      ? [sql`d.day between ${from}::date and ${to}::date`]
      : [
          sql`s.scanned_at >= ((${from}::date)::timestamp - interval '7 hours') at time zone 'UTC' and s.scanned_at < ((${to}::date)::timestamp + interval '17 hours') at time zone 'UTC'`,
        ];
  if (q.product_id) w.push(sql`${c('product_id')} = ${q.product_id}`);
  if (q.manufacture_id) w.push(sql`${c('manufacture_id')} = ${q.manufacture_id}`);
  if (q.ward_id) w.push(sql`${c('ward_id')} = ${q.ward_id}`);
  // ward officers see their ward's producers only; a province officer the wards of the province
  if (user && user.scope === 'ward') w.push(user.ward_id == null ? sql`false` : sql`${c('ward_id')} = ${user.ward_id}`);
  if (user && user.scope === 'producer') w.push(user.manufacture_id == null ? sql`false` : sql`${c('manufacture_id')} = ${user.manufacture_id}`);
  if (user && user.scope === 'province') {
    w.push(user.province_id == null ? sql`false` : sql`${c('ward_id')} in (select id from wards where province_id = ${user.province_id})`);
  }
  return sql.join(w, sql` and `);
}

const ENTRY_SELECT = sql`select d.product_id, p.name as product_name, nullif(d.manufacture_id, 0) as manufacture_id, m.name as manufacture_name,
    nullif(d.ward_id, 0) as ward_id, w.name as ward_name, sum(d.scans)::int as scans, sum(d.first_scans)::int as first_scans, sum(d.flagged)::int as flagged
  from scan_daily d join products p on p.id = d.product_id left join manufactures m on m.id = d.manufacture_id left join wards w on w.id = d.ward_id`;
const ENTRY_GROUP = sql`group by d.product_id, p.name, d.manufacture_id, m.name, d.ward_id, w.name order by scans desc, d.product_id, d.manufacture_id, d.ward_id`;

export async function scanStatistics(
  db: Parameters<typeof exec>[0],
  q: Filters & { page: number; limit: number },
  user: SessionUser | null,
): Promise<ScanStatisticsAnswer> {
  const where = whereOf(q, user, 'd');
  const { from, to } = periodOf(q);
  const [entries, [totals], daily] = await Promise.all([
    exec<ScanStatisticsEntry>(db, sql`${ENTRY_SELECT} where ${where} ${ENTRY_GROUP} limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    exec<{ scans: number; first_scans: number; flagged: number; products: number; groups: number }>(
      db,
      sql`select coalesce(sum(scans), 0)::int as scans, coalesce(sum(first_scans), 0)::int as first_scans, coalesce(sum(flagged), 0)::int as flagged,
        count(distinct product_id)::int as products, count(distinct (product_id, manufacture_id, ward_id))::int as groups from scan_daily d where ${where}`,
    ),
    exec<{ day: string; scans: number; first_scans: number; flagged: number }>(
      db,
      sql`select to_char(g.day, 'YYYY-MM-DD') as day, coalesce(sum(d.scans), 0)::int as scans, coalesce(sum(d.first_scans), 0)::int as first_scans,
          coalesce(sum(d.flagged), 0)::int as flagged
        from generate_series(${from}::date, ${to}::date, interval '1 day') g(day)
        left join scan_daily d on d.day = g.day::date and ${where}
        group by g.day order by g.day`,
    ),
  ]);
  return {
    entries,
    pagination: { page: q.page, limit: q.limit, total: totals.groups, total_pages: Math.ceil(totals.groups / q.limit) },
    totals: { scans: totals.scans, first_scans: totals.first_scans, flagged: totals.flagged, products: totals.products },
    daily,
    period: { from, to },
  };
}

export default defineModule({
  name: 'trace-scan-statistics',
  routes(router, services) {
    const tags = ['Thống kê lượt quét'];
    router.add({
      method: 'GET',
      url: '/api/admin/scan-statistics',
      access: { action: 'list', subject: 'scan_statistics' },
      summary: 'Thống kê lượt quét theo sản phẩm, cơ sở sản xuất, phường/xã trong một khoảng ngày (từ bảng tổng hợp theo ngày), kèm tổng và số lượt theo ngày',
      tags,
      query: listQuery,
      response: scanStatisticsAnswerSchema,
      handler: (ctx) => scanStatistics(services.db, ctx.query, ctx.user),
    });

    router.add({
      method: 'GET',
      url: '/api/admin/scan-statistics/locations',
      access: { action: 'list', subject: 'scan_statistics' },
      summary: `Vị trí các lượt quét người tiêu dùng đã chia sẻ trong khoảng ngày (tối đa ${SCAN_LOCATIONS_MAX}, mới nhất trước)`,
      tags,
      query: filterQuery,
      response: z.object({ entries: z.array(scanLocationSchema) }),
      async handler(ctx) {
        const entries = await exec<ScanLocation>(
          services.db,
          sql`select s.id::float8 as id, s.scanned_at, s.lat, s.long, p.name as product_name, sc.serial::float8 as serial, sc.flagged
            from scans s join products p on p.id = s.product_id join stamp_codes sc on sc.id = s.stamp_code_id
            where s.lat is not null and ${whereOf(ctx.query, ctx.user, 's')} order by s.scanned_at desc limit ${SCAN_LOCATIONS_MAX}`,
        );
        for (const e of entries) e.scanned_at = new Date(e.scanned_at).toISOString();
        return { entries };
      },
    });

    addJobRoute(router, services, {
      method: 'GET',
      url: '/api/admin/scan-statistics/export',
      access: { action: 'export', subject: 'scan_statistics' },
      summary: 'Xuất Excel thống kê lượt quét (theo sản phẩm và theo ngày) với bộ lọc đang chọn; tác vụ nền: trả về tác vụ ngay',
      tags,
      query: filterQuery,
      job: { kind: 'export-scan-statistics', title: 'Xuất Excel thống kê lượt quét' },
      async handler(ctx) {
        const where = whereOf(ctx.query, ctx.user, 'd');
        const { from, to } = periodOf(ctx.query);
        const rows = await exec<ScanStatisticsEntry>(services.db, sql`${ENTRY_SELECT} where ${where} ${ENTRY_GROUP} limit 100000`);
        const days = (await scanStatistics(services.db, { ...ctx.query, page: 1, limit: 1 }, ctx.user)).daily;
        return publishExport(services, ctx, 'scan-statistics', async (file) => {
          const ExcelJS = await loadExcel();
          const wb = new ExcelJS.Workbook();
          const ws = wb.addWorksheet('Theo sản phẩm', { views: [{ state: 'frozen', ySplit: 2 }] });
          ws.addRow([`Thống kê lượt quét từ ${from.split('-').reverse().join('/')} đến ${to.split('-').reverse().join('/')}`]).font = { bold: true };
          ws.addRow(['STT', 'Sản phẩm', 'Cơ sở sản xuất', 'Phường/xã', 'Lượt quét', 'Lượt quét đầu (kích hoạt)', 'Tem nghi giả']).font = { bold: true };
          rows.forEach((r, i) => {
            ws.addRow([
              i + 1,
              escapeCell(r.product_name),
              escapeCell(r.manufacture_name ?? ''),
              escapeCell(r.ward_name ?? ''),
              r.scans,
              r.first_scans,
              r.flagged,
            ]);
          });
          ws.columns.forEach((c, i) => {
            c.width = [6, 40, 32, 24, 12, 22, 14][i];
          });
          const wd = wb.addWorksheet('Theo ngày', { views: [{ state: 'frozen', ySplit: 1 }] });
          wd.addRow(['Ngày', 'Lượt quét', 'Lượt quét đầu (kích hoạt)', 'Tem nghi giả']).font = { bold: true };
          for (const d of days) wd.addRow([d.day.split('-').reverse().join('/'), d.scans, d.first_scans, d.flagged]);
          wd.columns.forEach((c, i) => {
            c.width = [14, 12, 22, 14][i];
          });
          await wb.xlsx.writeFile(file);
          return rows.length;
        });
      },
    });
  },
});
