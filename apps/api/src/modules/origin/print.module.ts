import crypto from 'node:crypto';
import stampsDef from '@nns/shared/resources/stamps';
import { MAX_PRINT_LINES } from '@nns/shared/traceability';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { conflict, notFound } from '../../core/errors';
import { defineModule } from '../../core/module';
import { exec, findOne, iso } from '../../core/resource-store';
import type { Db } from '../../db/client';
import { layoutOf, refreshRun } from './stamp-runs';
import { drawSheet } from './stamp-sheet';

const tags = ['In tem'];
const sheetKey = (token: string) => `stamp-sheets/${token}.pdf`;
const SHEET_KEY_RE = /^stamp-sheets\/[A-Za-z0-9_-]{20,64}\.pdf$/;

const printParams = z
  .object({
    id: z.coerce
      .number({ error: 'Mã đợt tem không hợp lệ' })
      .int('Mã đợt tem không hợp lệ')
      .positive('Mã đợt tem không hợp lệ')
      .max(2147483647, 'Mã đợt tem không hợp lệ'),
    line: z.coerce
      .number({ error: 'Số dòng in phải là số nguyên' })
      .int('Số dòng in phải là số nguyên')
      .min(1, 'Số dòng in phải từ 1 trở lên')
      .max(MAX_PRINT_LINES, `Số dòng in tối đa ${MAX_PRINT_LINES}`),
  })
  .strict();

/**
 * Print sheets (issue 14 item 4): `GET /api/admin/print-stamp/{id}/{line-number}` takes the next
 * line-number × stamps_per_line stamps of the run not printed yet, in serial order, draws them on a
 * PDF with the run's layout, keeps the file, records the print job and marks the stamps printed, in
 * one transaction. The answer's `data.url` opens the PDF (the unguessable URL is the permission, as
 * for exports), so the browser can show it in a new tab.
 */
export default defineModule({
  name: 'origin-print',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/print-stamp/:id/:line',
      access: { action: 'update', subject: 'stamps' },
      summary: 'In tem: tạo tệp PDF gồm {line-number} dòng tem chưa in của đợt, ghi lại lần in và đánh dấu các tem đã in',
      tags,
      params: printParams,
      response: z.object({ url: z.string(), job: z.record(z.string(), z.unknown()) }),
      message: 'Đã tạo tệp in tem',
      handler: (ctx) =>
        services.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          const run = await findOne(db, stampsDef, ctx.params.id, ctx, { forUpdate: true });
          if (run.status === 'voided') throw conflict('Đợt tem đã bị hủy, không thể in');
          const layout = layoutOf(run);
          const want = ctx.params.line * layout.stamps_per_line;
          const codes = await exec<{ id: number; code: string; serial: string | number }>(
            db,
            sql`select id, code, serial from stamp_codes where stamp_id = ${run.id} and status = 'issued' order by serial limit ${want}`,
          );
          if (!codes.length) throw conflict('Đợt tem không còn tem chưa in');
          const [p] = await exec<{ name: string }>(db, sql`select name from products where id = ${run.product_id}`);
          const stamps = codes.map((c) => ({ code: c.code, serial: Number(c.serial) }));
          const pdf = await drawSheet({
            layout,
            productName: p?.name ?? '',
            packagingDate: run.packaging_date ? (iso(run.packaging_date) as string) : null,
            publicUrl: services.config.publicUrl,
            stamps,
          });
          const token = crypto.randomBytes(24).toString('base64url');
          const key = sheetKey(token);
          await services.storage.put(key, pdf);
          const from = stamps[0].serial;
          const to = stamps[stamps.length - 1].serial;
          try {
            await exec(
              db,
              sql`update stamp_codes set status = 'printed', printed_at = now()
                  where stamp_id = ${run.id} and status = 'issued' and serial between ${from} and ${to}`,
            );
            const [job] = await exec<Record<string, unknown>>(
              db,
              sql`insert into stamp_print_jobs (stamp_id, serial_from, serial_to, count, lines, layout, file_key, created_by)
                  values (${run.id}, ${from}, ${to}, ${stamps.length}, ${ctx.params.line}, ${JSON.stringify(layout)}::jsonb, ${key}, ${ctx.user?.id ?? null})
                  returning id, stamp_id, serial_from, serial_to, count, lines, created_at`,
            );
            await refreshRun(db, Number(run.id));
            await ctx.audit(
              {
                action: 'print',
                subject: 'stamps',
                recordId: Number(run.id),
                after: { job_id: job.id, serial_from: from, serial_to: to, count: stamps.length },
              },
              db,
            );
            const name = `tem-${run.id}-${from}-${to}.pdf`;
            return {
              url: `/api/stamp-sheets/${token}/${name}`,
              job: { ...job, serial_from: Number(job.serial_from), serial_to: Number(job.serial_to), created_at: iso(job.created_at) },
            };
          } catch (err) {
            await services.storage.remove(key).catch(() => {});
            throw err;
          }
        }),
    });

    // opened by the browser (no Authorization header): the unguessable token is the permission
    router.add({
      method: 'GET',
      url: '/api/stamp-sheets/:token/:name',
      access: 'public',
      summary: 'Tải tệp PDF in tem',
      tags,
      raw: true,
      secretParams: ['token'],
      params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Mã tệp không hợp lệ'), name: z.string().max(200) }).strict(),
      handler: async (ctx) => {
        const key = sheetKey(ctx.params.token);
        const [job] = await exec(services.db, sql`select id from stamp_print_jobs where file_key = ${key}`);
        const body = job && SHEET_KEY_RE.test(key) ? await services.storage.stream(key) : null;
        if (!body) throw notFound('Tệp in tem không tồn tại');
        return ctx.reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${ctx.params.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    });
  },
});
