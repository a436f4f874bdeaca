import crypto from 'node:crypto';
import stampsDef from '@nns/shared/resources/stamps';
import { MAX_PRINT_LINES } from '@nns/shared/traceability';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, conflict, notFound } from '../../core/errors';
import { addJobRoute } from '../../core/jobs';
import { defineModule } from '../../core/module';
import { exec, findOne, iso } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { printJobRow } from './answers';
import { layoutOf, RUN_ISSUING, refreshRun } from './stamp-runs';
import { drawSheet } from './stamp-sheet';

const tags = ['In tem'];
const sheetKey = (token: string) => `stamp-sheets/${token}.pdf`;
const SHEET_KEY_RE = /^stamp-sheets\/[A-Za-z0-9_-]{20,64}\.pdf$/;
/** How long a sheet's download link lives, as an export's does; the print history asks for a fresh one. */
export const SHEET_LINK_SECONDS = 3600;
export const SHEET_LINK_EXPIRED =
  'Đường dẫn tệp in tem đã hết hạn (chỉ dùng được trong 1 giờ). Hãy mở lại tệp từ lịch sử in của đợt tem để nhận đường dẫn mới.';
const newLinkToken = () => crypto.randomBytes(24).toString('base64url');
const sheetUrl = (linkToken: string, runId: number, from: unknown, to: unknown) => `/api/stamp-sheets/${linkToken}/tem-${runId}-${from}-${to}.pdf`;

export const SHEET_OVERTAKEN = 'Trong lúc tạo tệp in, một số tem của đợt đã bị hủy hoặc đã được in ở nơi khác; tệp này không được dùng, vui lòng in lại';

/** A voided run prints nothing; a run still being issued in the background waits for its codes. */
function refuseUnprintable(run: Record<string, unknown>, voided = 'Đợt tem đã bị hủy, không thể in') {
  if (run.status === 'voided') throw conflict(voided);
  if (run.status === 'issuing') throw conflict(RUN_ISSUING);
}

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
 * PDF with the run's layout and keeps the file (outside any transaction: drawing a large sheet takes
 * seconds), then records the print job and marks exactly those stamps printed in one short
 * transaction that refuses if any was voided or printed meanwhile. The answer's `data.url` opens the PDF (the unguessable URL is the permission, as
 * for exports), so the browser can show it in a new tab.
 */
export default defineModule({
  name: 'origin-print',
  routes(router, services) {
    addJobRoute(router, services, {
      method: 'GET',
      url: '/api/admin/print-stamp/:id/:line',
      access: { action: 'update', subject: 'stamps' },
      // a large sheet takes seconds to draw: it runs as a job; a run out of scope or voided answers now
      job: {
        kind: 'print-stamp',
        title: 'In tem',
        async check(ctx) {
          refuseUnprintable(await findOne(services.db, stampsDef, ctx.params.id, ctx));
        },
      },
      summary:
        'In tem: tạo tệp PDF gồm {line-number} dòng tem chưa in của đợt (khổ A4, hoặc cuộn tem với paper=roll), ghi lại lần in và đánh dấu các tem đã in',
      tags,
      params: printParams,
      query: z.object({ paper: z.enum(['a4', 'roll'], { error: 'Khổ giấy phải là a4 hoặc roll (cuộn tem)' }).optional() }).strict(),
      message: 'Đã tạo tệp in tem',
      handler: async (ctx) => {
        // 1. a short read of what to print (no transaction, no lock)
        const run = await findOne(services.db, stampsDef, ctx.params.id, ctx);
        refuseUnprintable(run);
        const layout = layoutOf(run);
        const want = ctx.params.line * layout.stamps_per_line;
        const codes = await exec<{ id: number | string; code: string; serial: string | number }>(
          services.db,
          sql`select id, code, serial from stamp_codes where stamp_id = ${run.id} and status = 'issued' order by serial limit ${want}`,
        );
        if (!codes.length) throw conflict('Đợt tem không còn tem chưa in');
        const [p] = await exec<{ name: string }>(services.db, sql`select name from products where id = ${run.product_id}`);
        const stamps = codes.map((c) => ({ code: c.code, serial: Number(c.serial) }));
        // 2. the sheet is drawn and stored outside any transaction (seconds for a large one)
        const pdf = await drawSheet({
          layout,
          productName: p?.name ?? '',
          packagingDate: run.packaging_date ? (iso(run.packaging_date) as string) : null,
          publicUrl: services.config.publicUrl,
          stamps,
          paper: ctx.query.paper ?? 'a4',
        });
        const key = sheetKey(crypto.randomBytes(24).toString('base64url'));
        const linkToken = newLinkToken();
        await services.storage.put(key, pdf);
        const from = stamps[0].serial;
        const to = stamps[stamps.length - 1].serial;
        const ids = `{${codes.map((c) => Number(c.id)).join(',')}}`;
        try {
          // 3. a short transaction marks exactly the stamps drawn, if each is still unprinted and the run still printable
          return await services.db.transaction(async (db) => {
            const fresh = await findOne(db, stampsDef, Number(run.id), ctx, { forUpdate: true });
            refuseUnprintable(fresh, 'Đợt tem đã bị hủy trong lúc tạo tệp in, tệp này không được dùng');
            const [{ n }] = await exec<{ n: number }>(
              db,
              sql`with m as (update stamp_codes set status = 'printed', printed_at = now()
                             where stamp_id = ${run.id} and id = any(${ids}::bigint[]) and status = 'issued' returning 1)
                  select count(*)::int as n from m`,
            );
            // one drawn stamp voided or printed by someone else meanwhile: the sheet would carry it, so none is marked
            if (n !== codes.length) throw conflict(SHEET_OVERTAKEN);
            const [job] = await exec<Record<string, unknown>>(
              db,
              sql`insert into stamp_print_jobs (stamp_id, serial_from, serial_to, count, lines, layout, file_key, link_token, link_expires_at, created_by)
                  values (${run.id}, ${from}, ${to}, ${stamps.length}, ${ctx.params.line}, ${JSON.stringify({ ...layout, paper: ctx.query.paper ?? 'a4' })}::jsonb, ${key},
                    ${linkToken}, now() + make_interval(secs => ${SHEET_LINK_SECONDS}), ${ctx.user?.id ?? null})
                  returning id, stamp_id, serial_from, serial_to, count, lines, created_at, link_expires_at`,
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
            return {
              url: sheetUrl(linkToken, Number(run.id), from, to),
              job: {
                ...job,
                serial_from: Number(job.serial_from),
                serial_to: Number(job.serial_to),
                created_at: iso(job.created_at),
                link_expires_at: iso(job.link_expires_at),
              },
            };
          });
        } catch (err) {
          await services.storage.remove(key).catch(() => {});
          throw err;
        }
      },
    });

    router.add({
      method: 'GET',
      url: '/api/admin/stamps/:id/print-jobs',
      access: { action: 'read', subject: 'stamps' },
      summary: 'Lịch sử in của một đợt tem (người in, thời gian, số sê-ri, bố cục) kèm đường dẫn mở lại tệp PDF',
      tags,
      params: idParams,
      response: z.object({ entries: z.array(printJobRow) }),
      async handler(ctx) {
        const run = await findOne(services.db, stampsDef, ctx.params.id, ctx);
        const rows = await exec<Record<string, unknown>>(
          services.db,
          sql`select j.id, j.serial_from, j.serial_to, j.count, j.lines, j.layout, j.file_key is not null as has_file, j.created_at, j.created_by, u.full_name as created_by_name,
                case when j.link_expires_at > now() then j.link_token end as link_token, j.link_expires_at
              from stamp_print_jobs j left join users u on u.id = j.created_by where j.stamp_id = ${run.id} order by j.created_at desc, j.id desc limit 500`,
        );
        // a live link is offered as it is; an expired one (or none) is renewed through POST …/print-jobs/{id}/link
        const entries = rows.map(({ link_token, link_expires_at, ...r }) => ({
          ...r,
          serial_from: Number(r.serial_from),
          serial_to: Number(r.serial_to),
          created_at: iso(r.created_at),
          url: link_token ? sheetUrl(String(link_token), Number(run.id), r.serial_from, r.serial_to) : null,
          link_expires_at: link_token ? iso(link_expires_at) : null,
        }));
        return { entries };
      },
    });

    router.add({
      method: 'POST',
      url: '/api/admin/stamps/print-jobs/:id/link',
      access: { action: 'update', subject: 'stamps' },
      summary: `Đường dẫn mới (dùng trong ${SHEET_LINK_SECONDS / 3600} giờ) để mở lại tệp PDF của một lần in; đường dẫn cũ hết hiệu lực`,
      tags,
      params: idParams,
      response: z.object({ url: z.string().describe('đường dẫn mở tệp PDF'), expires_at: z.string() }),
      message: 'Đã tạo đường dẫn mới',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const [job] = await exec<{ id: number; stamp_id: number; serial_from: unknown; serial_to: unknown; file_key: string | null }>(
            db,
            sql`select id, stamp_id, serial_from, serial_to, file_key from stamp_print_jobs where id = ${ctx.params.id} for update`,
          );
          if (!job) throw notFound('Lần in không tồn tại');
          // the run's own scope and permission decide (another ward's job answers as one that does not exist)
          const run = await findOne(db, stampsDef, job.stamp_id, ctx);
          if (!job.file_key || !SHEET_KEY_RE.test(job.file_key)) throw notFound('Tệp in tem không tồn tại');
          const linkToken = newLinkToken();
          const [row] = await exec<{ link_expires_at: unknown }>(
            db,
            sql`update stamp_print_jobs set link_token = ${linkToken}, link_expires_at = now() + make_interval(secs => ${SHEET_LINK_SECONDS})
                where id = ${job.id} returning link_expires_at`,
          );
          await ctx.audit({ action: 'print', subject: 'stamps', recordId: Number(run.id), after: { job_id: job.id, link: 'renewed' } }, db);
          return { url: sheetUrl(linkToken, Number(run.id), job.serial_from, job.serial_to), expires_at: iso(row.link_expires_at) };
        }),
    });

    // opened by the browser (no Authorization header): the unguessable, short-lived link is the permission
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
        const [job] = await exec<{ file_key: string | null; live: boolean }>(
          services.db,
          sql`select file_key, link_expires_at > now() as live from stamp_print_jobs where link_token = ${ctx.params.token}`,
        );
        if (job && !job.live) throw new AppError(410, SHEET_LINK_EXPIRED);
        const key = job?.file_key ?? '';
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
