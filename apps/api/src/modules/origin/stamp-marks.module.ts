import stampsDef from '@nns/shared/resources/stamps';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { conflict, notFound } from '../../core/errors';
import { defineModule } from '../../core/module';
import { pageQueryShape } from '../../core/resource-query';
import { exec, findOne, iso } from '../../core/resource-store';
import { scopeOf } from '../../core/scope';
import { pageSchema } from './answers';

const tags = ['Thống kê tem'];
const id = (label: string) =>
  z.coerce
    .number({ error: `${label} không hợp lệ` })
    .int(`${label} không hợp lệ`)
    .positive(`${label} không hợp lệ`)
    .max(2147483647, `${label} không hợp lệ`)
    .optional();
const markedQuery = z.object({ ...pageQueryShape, product_id: id('Sản phẩm'), manufacture_id: id('Cơ sở sản xuất'), ward_id: id('Phường/xã') }).strict();
const clearParams = z
  .object({
    id: z.coerce.number({ error: 'Đợt tem không hợp lệ' }).int('Đợt tem không hợp lệ').positive('Đợt tem không hợp lệ').max(2147483647, 'Đợt tem không hợp lệ'),
    serial: z.coerce
      .number({ error: 'Số sê-ri phải là số nguyên' })
      .int('Số sê-ri phải là số nguyên')
      .min(1, 'Số sê-ri phải là số nguyên dương')
      .max(Number.MAX_SAFE_INTEGER, 'Số sê-ri không hợp lệ'),
  })
  .strict();
const clearBody = z
  .object({
    reason: z
      .string({ error: 'Vui lòng nhập lý do gỡ đánh dấu' })
      .trim()
      .min(3, 'Vui lòng nhập lý do gỡ đánh dấu (ít nhất 3 ký tự)')
      .max(500, 'Lý do tối đa 500 ký tự'),
  })
  .strict();

/**
 * Stamp marks (issue 28 §1): the stamps whose scans look wrong — an anomaly (more distinct scanners
 * than the threshold: the public page asks consumers to check the seal) or a counterfeit flag
 * (distinct scanners far apart) — listed beside the stamp statistics, and cleared by an officer who
 * may approve stamps, with a reason, in the system log. A cleared stamp's page is normal again and
 * its threshold counts the scanners that come after.
 */
export default defineModule({
  name: 'origin-stamp-marks',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/stamp-statistics/marked',
      access: { action: 'list', subject: 'stamp_statistics' },
      summary: 'Tem bị đánh dấu: quét bất thường (nhiều người kiểm tra) hoặc nghi giả, mới nhất trước',
      tags,
      query: markedQuery,
      response: z.object({
        entries: z.array(
          z.object({
            stamp_id: z.number().int(),
            stamp_name: z.string().nullable(),
            product_name: z.string(),
            serial: z.number().int(),
            code: z.string(),
            scan_count: z.number().int(),
            scanner_count: z.number().int().describe('số người quét khác nhau'),
            flagged: z.boolean().describe('nghi giả'),
            anomaly_at: z.string().nullable().describe('lúc bị đánh dấu quét bất thường'),
            last_scan_at: z.string().nullable(),
          }),
        ),
        pagination: pageSchema,
      }),
      async handler(ctx) {
        const q = ctx.query;
        const scope = scopeOf(stampsDef, ctx.user);
        // the runs the user may see: the scope's columns are the runs' own
        const w: SQL[] = [
          sql`(c.flagged or c.anomaly_at is not null)`,
          ...(scope.length ? [sql`c.stamp_id in (select id from stamps where ${sql.join(scope, sql` and `)})`] : []),
        ];
        if (q.product_id) w.push(sql`s.product_id = ${q.product_id}`);
        if (q.manufacture_id) w.push(sql`s.manufacture_id = ${q.manufacture_id}`);
        if (q.ward_id) w.push(sql`s.manufacture_id in (select id from manufactures where ward_id = ${q.ward_id})`);
        const where = sql.join(w, sql` and `);
        const [rows, [{ n }]] = await Promise.all([
          exec<Record<string, unknown>>(
            services.db,
            sql`select c.stamp_id, s.name as stamp_name, p.name as product_name, c.serial::float8 as serial, c.code, c.scan_count, c.scanner_count,
                c.flagged, c.anomaly_at, c.last_scan_at
              from stamp_codes c join stamps s on s.id = c.stamp_id join products p on p.id = s.product_id
              where ${where} order by coalesce(c.anomaly_at, c.last_scan_at) desc nulls last, c.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
          ),
          exec<{ n: number }>(services.db, sql`select count(*)::int as n from stamp_codes c join stamps s on s.id = c.stamp_id where ${where}`),
        ]);
        const entries = rows.map((r) => ({
          ...r,
          anomaly_at: r.anomaly_at ? iso(r.anomaly_at) : null,
          last_scan_at: r.last_scan_at ? iso(r.last_scan_at) : null,
        }));
        return { entries, pagination: { page: q.page, limit: q.limit, total: n, total_pages: Math.ceil(n / q.limit), next_cursor: null } };
      },
    });

    router.add({
      method: 'PUT',
      url: '/api/admin/stamps/:id/codes/:serial/clear-flag',
      access: { action: 'approve', subject: 'stamps' },
      summary: 'Gỡ đánh dấu quét bất thường / nghi giả của một tem, kèm lý do (ghi nhật ký hệ thống); trang công khai trở lại bình thường',
      tags,
      params: clearParams,
      body: clearBody,
      response: z.object({ serial: z.number().int(), flagged: z.literal(false), anomaly: z.literal(false), cleared_reason: z.string() }),
      message: 'Đã gỡ đánh dấu tem',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const run = await findOne(db, stampsDef, ctx.params.id, ctx, { forUpdate: true });
          const [code] = await exec<{ id: number; flagged: boolean; anomaly_at: unknown; scanner_count: number; scanner_base: number }>(
            db,
            sql`select id::float8 as id, flagged, anomaly_at, scanner_count, scanner_base from stamp_codes
              where stamp_id = ${run.id} and serial = ${ctx.params.serial} for update`,
          );
          if (!code) throw notFound('Không tìm thấy tem có số sê-ri này trong đợt tem');
          if (!code.flagged && !code.anomaly_at) throw conflict('Tem này không bị đánh dấu');
          const reason = ctx.body.reason;
          await exec(
            db,
            sql`update stamp_codes set flagged = false, anomaly_at = null, scanner_base = scanner_count, cleared_at = now(),
              cleared_by = ${ctx.user?.id ?? null}, cleared_reason = ${reason} where id = ${code.id}`,
          );
          await ctx.audit(
            {
              action: 'clear-flag',
              subject: 'stamps',
              recordId: Number(run.id),
              // the serial only after: the log keeps what differs, and it names the stamp
              before: { flagged: code.flagged, anomaly_at: code.anomaly_at ? iso(code.anomaly_at) : null },
              after: { serial: ctx.params.serial, flagged: false, anomaly_at: null, reason },
            },
            db,
          );
          return { serial: ctx.params.serial, flagged: false, anomaly: false, cleared_reason: reason };
        }),
    });
  },
});
