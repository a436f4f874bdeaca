import crypto from 'node:crypto';
import { formatDateTime } from '@nns/shared';
import stampsDef from '@nns/shared/resources/stamps';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { loadExcel } from '../../core/excel';
import { escapeCell, exportKey } from '../../core/export';
import { addJobRoute } from '../../core/jobs';
import { type Ctx, defineModule } from '../../core/module';
import { pageQueryShape } from '../../core/resource-query';
import { exec, iso } from '../../core/resource-store';
import { scopeOf } from '../../core/scope';
import type { Services } from '../../core/services';
import { exportFiles } from '../../db/schema/core';
import { pageSchema, statisticsJobRow } from './answers';

const tags = ['Thống kê tem'];
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const id = (label: string) =>
  z.coerce
    .number({ error: `${label} không hợp lệ` })
    .int(`${label} không hợp lệ`)
    .positive(`${label} không hợp lệ`)
    .max(2147483647, `${label} không hợp lệ`);
const day = (label: string) =>
  z
    .string()
    .transform((v) => v.slice(0, 10))
    .refine((v) => DAY_RE.test(v) && !Number.isNaN(Date.parse(v)), `${label} không đúng định dạng ngày (YYYY-MM-DD)`);

const filterShape = {
  product_id: id('Sản phẩm').optional(),
  manufacture_id: id('Cơ sở sản xuất').optional(),
  ward_id: id('Phường/xã').optional(),
  from: day('Từ ngày').optional(),
  to: day('Đến ngày').optional(),
};
const listQuery = z.object({ ...pageQueryShape, ...filterShape }).strict();
const exportQuery = z.object(filterShape).strict();
type Filters = z.infer<typeof exportQuery>;

/** A day (UTC+7) as the instant it starts. */
const startOf = (d: string) => `${d}T00:00:00+07:00`;
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The runs the user may see that match the filters (a subquery on stamps: the scope's columns are its own). */
function runsOf(f: Filters, ctx: Ctx): SQL {
  const w: SQL[] = [...scopeOf(stampsDef, ctx.user)];
  if (f.product_id) w.push(sql`product_id = ${f.product_id}`);
  if (f.manufacture_id) w.push(sql`manufacture_id = ${f.manufacture_id}`);
  if (f.ward_id) w.push(sql`manufacture_id in (select id from manufactures where ward_id = ${f.ward_id})`);
  return sql`select id from stamps${w.length ? sql` where ${sql.join(w, sql` and `)}` : sql``}`;
}

/** `col` inside the period [from, to] (days at UTC+7, both ends included); true without one. */
function inPeriod(col: string, f: Filters): SQL {
  // col is one of this file's constant column names (qualified where a join needs it), never input
  const c = sql.raw(col);
  const w: SQL[] = [sql`${c} is not null`];
  if (f.from) w.push(sql`${c} >= ${startOf(f.from)}::timestamptz`);
  if (f.to) w.push(sql`${c} < ${startOf(nextDay(f.to))}::timestamptz`);
  return sql.join(w, sql` and `);
}

function checkPeriod(f: Filters) {
  if (f.from && f.to && f.to < f.from) throw badRequest([{ field: 'to', message: 'Đến ngày phải sau hoặc bằng từ ngày' }]);
}

const productTotalsSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  manufacture_name: z.string().nullable(),
  issued: z.number().int().describe('tem phát hành trong kỳ'),
  printed: z.number().int(),
  activated: z.number().int(),
  scanned: z.number().int().describe('tem được quét lần đầu trong kỳ'),
  scans: z.number().int().describe('lượt quét của các tem đó'),
  flagged: z.number().int().describe('tem nghi giả'),
  voided: z.number().int(),
});
export type ProductTotals = z.infer<typeof productTotalsSchema>;

/**
 * Per product over the period: stamps issued (runs made in it), printed, activated (first scan),
 * scanned (first scanned in it, and their scans), flagged and voided: each counted by its own time.
 */
async function totalsOf(services: Services, f: Filters, ctx: Ctx): Promise<ProductTotals[]> {
  const runs = runsOf(f, ctx);
  const rows = await exec<Record<string, unknown>>(
    services.db,
    sql`with runs as (${runs}),
        issued as (select product_id, sum(quantity)::int as n from stamps where id in (select id from runs) and ${inPeriod('created_at', f)} group by product_id),
        codes as (
          select s.product_id,
                 count(*) filter (where ${inPeriod('c.printed_at', f)})::int as printed,
                 count(*) filter (where ${inPeriod('c.activated_at', f)})::int as activated,
                 count(*) filter (where ${inPeriod('c.first_scan_at', f)})::int as scanned,
                 coalesce(sum(c.scan_count) filter (where ${inPeriod('c.first_scan_at', f)}), 0)::int as scans,
                 count(*) filter (where c.flagged and ${inPeriod('c.last_scan_at', f)})::int as flagged,
                 count(*) filter (where ${inPeriod('c.voided_at', f)})::int as voided
          from stamp_codes c join stamps s on s.id = c.stamp_id
          where c.stamp_id in (select id from runs) group by s.product_id)
        select p.id as product_id, p.name as product_name, m.name as manufacture_name,
               coalesce(i.n, 0) as issued, coalesce(c.printed, 0) as printed, coalesce(c.activated, 0) as activated,
               coalesce(c.scanned, 0) as scanned, coalesce(c.scans, 0) as scans, coalesce(c.flagged, 0) as flagged, coalesce(c.voided, 0) as voided
        from products p left join manufactures m on m.id = p.manufacture_id
        left join issued i on i.product_id = p.id left join codes c on c.product_id = p.id
        where p.id in (select product_id from stamps where id in (select id from runs))
        order by p.name, p.id`,
  );
  return rows
    .map(
      (r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && k !== 'product_name' && k !== 'manufacture_name' ? Number(v) : v]),
        ) as unknown as ProductTotals,
    )
    .filter((r) => r.issued + r.printed + r.activated + r.scanned + r.voided + r.flagged > 0);
}

/** The print jobs of the period, newest first. */
async function jobsOf(services: Services, f: Filters, ctx: Ctx, page: { limit: number; offset: number }) {
  const where = sql`j.stamp_id in (${runsOf(f, ctx)}) and ${inPeriod('j.created_at', f)}`;
  const [rows, [{ n }]] = await Promise.all([
    exec<Record<string, unknown>>(
      services.db,
      sql`select j.id, j.stamp_id, s.name as stamp_name, s.product_id, p.name as product_name, j.serial_from, j.serial_to, j.count, j.lines,
                 j.layout, j.created_at, j.created_by, u.full_name as created_by_name
          from stamp_print_jobs j join stamps s on s.id = j.stamp_id join products p on p.id = s.product_id left join users u on u.id = j.created_by
          where ${where} order by j.created_at desc, j.id desc limit ${page.limit} offset ${page.offset}`,
    ),
    exec<{ n: number }>(services.db, sql`select count(*)::int as n from stamp_print_jobs j where ${where}`),
  ]);
  const entries: Record<string, unknown>[] = rows.map((r) => ({
    ...r,
    serial_from: Number(r.serial_from),
    serial_to: Number(r.serial_to),
    created_at: iso(r.created_at),
  }));
  return { entries, total: n };
}

const sum = (rows: ProductTotals[]) => {
  const keys = ['issued', 'printed', 'activated', 'scanned', 'scans', 'flagged', 'voided'] as const;
  return Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)])) as Record<(typeof keys)[number], number>;
};

/**
 * Stamp statistics (issue 14 item 8, the stamps half): the history of print jobs and, per product,
 * stamps issued, printed, activated, scanned, flagged and voided over a period; filters product,
 * producer, ward, period; ward officers see their ward's producers only (the runs' scope).
 */
export default defineModule({
  name: 'origin-stamp-statistics',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/stamp-statistics',
      access: { action: 'list', subject: 'stamp_statistics' },
      summary: 'Thống kê tem: lịch sử in tem và tổng số tem phát hành, đã in, đã kích hoạt, đã quét theo sản phẩm và thời gian',
      tags,
      query: listQuery,
      response: z.object({
        entries: z.array(statisticsJobRow).describe('lịch sử in tem trong kỳ, mới nhất trước'),
        pagination: pageSchema,
        totals: z.array(productTotalsSchema),
        summary: productTotalsSchema.pick({ issued: true, printed: true, activated: true, scanned: true, scans: true, flagged: true, voided: true }),
      }),
      async handler(ctx) {
        const q = ctx.query;
        checkPeriod(q);
        const [totals, jobs] = await Promise.all([totalsOf(services, q, ctx), jobsOf(services, q, ctx, { limit: q.limit, offset: (q.page - 1) * q.limit })]);
        return {
          entries: jobs.entries,
          pagination: { page: q.page, limit: q.limit, total: jobs.total, total_pages: Math.ceil(jobs.total / q.limit), next_cursor: null },
          totals,
          summary: sum(totals),
        };
      },
    });

    addJobRoute(router, services, {
      method: 'GET',
      url: '/api/admin/stamp-statistics/export',
      access: { action: 'export', subject: 'stamp_statistics' },
      summary: 'Xuất Excel thống kê tem (tổng theo sản phẩm và lịch sử in); tác vụ nền: trả về tác vụ ngay',
      tags,
      query: exportQuery,
      job: { kind: 'export-stamp-statistics', title: 'Xuất Excel thống kê tem', check: (ctx) => checkPeriod(ctx.query) },
      async handler(ctx) {
        const q = ctx.query;
        checkPeriod(q);
        const totals = await totalsOf(services, q, ctx);
        const jobs = await jobsOf(services, q, ctx, { limit: 100_000, offset: 0 });
        const ExcelJS = await loadExcel();
        const wb = new ExcelJS.Workbook();
        const a = wb.addWorksheet('Tổng theo sản phẩm', { views: [{ state: 'frozen', ySplit: 1 }] });
        a.columns = [
          { header: 'STT', key: 'n', width: 6 },
          { header: 'Sản phẩm', key: 'product_name', width: 32 },
          { header: 'Cơ sở sản xuất', key: 'manufacture_name', width: 32 },
          { header: 'Đã phát hành', key: 'issued', width: 14 },
          { header: 'Đã in', key: 'printed', width: 12 },
          { header: 'Đã kích hoạt', key: 'activated', width: 14 },
          { header: 'Đã quét', key: 'scanned', width: 12 },
          { header: 'Lượt quét', key: 'scans', width: 12 },
          { header: 'Nghi giả', key: 'flagged', width: 12 },
          { header: 'Đã hủy', key: 'voided', width: 12 },
        ];
        for (const [i, r] of totals.entries())
          a.addRow({ ...r, n: i + 1, product_name: escapeCell(r.product_name), manufacture_name: escapeCell(r.manufacture_name) });
        a.addRow({ product_name: 'Tổng cộng', ...sum(totals) }).font = { bold: true };
        a.getRow(1).font = { bold: true };
        const b = wb.addWorksheet('Lịch sử in tem', { views: [{ state: 'frozen', ySplit: 1 }] });
        b.columns = [
          { header: 'STT', key: 'n', width: 6 },
          { header: 'Thời gian in', key: 'at', width: 18 },
          { header: 'Đợt tem', key: 'stamp_name', width: 32 },
          { header: 'Sản phẩm', key: 'product_name', width: 28 },
          { header: 'Số sê-ri từ', key: 'serial_from', width: 14 },
          { header: 'Số sê-ri đến', key: 'serial_to', width: 14 },
          { header: 'Số tem', key: 'count', width: 10 },
          { header: 'Số dòng', key: 'lines', width: 10 },
          { header: 'Người in', key: 'created_by_name', width: 24 },
        ];
        for (const [i, r] of jobs.entries.entries()) {
          b.addRow({
            ...r,
            n: i + 1,
            at: formatDateTime(r.created_at as string),
            stamp_name: escapeCell(r.stamp_name),
            product_name: escapeCell(r.product_name),
            created_by_name: escapeCell(r.created_by_name),
          });
        }
        b.getRow(1).font = { bold: true };
        const token = crypto.randomBytes(24).toString('base64url');
        const key = exportKey(token);
        await services.storage.put(key, Buffer.from(await wb.xlsx.writeBuffer()));
        const stamp = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 16).replace(/[-:T]/g, '');
        const fileName = `thong-ke-tem-${stamp}.xlsx`;
        await services.db.insert(exportFiles).values({
          token,
          file_name: fileName,
          path: key,
          user_id: ctx.user?.id ?? null,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        });
        return { url: `/api/exports/${token}/${encodeURIComponent(fileName)}`, rows: totals.length + jobs.entries.length };
      },
    });
  },
});
