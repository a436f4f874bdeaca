import type { ResourceDef } from '@nns/shared';
import productsDef from '@nns/shared/resources/products';
import stampsDef from '@nns/shared/resources/stamps';
import tracesDef from '@nns/shared/resources/traces';
import { STAMP_CODE_STATUS, STAMP_LAYOUT_DEFAULTS, SYNC_STAMPS_PER_RUN, traceUrl } from '@nns/shared/traceability';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, conflict, envelope } from '../../core/errors';
import { defineJob, jobAnswer, startJob } from '../../core/jobs';
import { type Ctx, defineModule } from '../../core/module';
import { pageQueryShape } from '../../core/resource-query';
import { resourceDocs } from '../../core/resource-schema';
import { attachRefs, exec, findOne, iso, present } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { resource } from '../../core/runtime';
import { scopeOf } from '../../core/scope';
import { writeRecord } from '../../core/write-path';
import type { Db } from '../../db/client';
import { pageSchema, printDataSchema, stampCodeRow } from './answers';
import { insertCodes } from './stamp-codes';
import { issueRunJob, nextSerial, printDataOf, refreshRun } from './stamp-runs';

const tags = [stampsDef.label];
const entryResponse = z.object({ entry: resourceDocs(stampsDef).row });
const issueAccess = { action: 'create', subject: 'stamps' } as const;
/** What an issued run may no longer change: its stamps exist with these. */
const FIXED = ['product_id', 'trace_id', 'quantity'] as const;

const inScope = (def: ResourceDef, id: number, ctx: Ctx) => sql.join([sql`id = ${id}`, ...scopeOf(def, ctx.user)], sql` and `);

/**
 * A new run's server-decided values: the producer (ward scope) from the trace or the product, the
 * packaging date from the trace when left empty, the layout's defaults, a name when left empty.
 */
async function runValues(db: Db, ctx: Ctx, body: Record<string, unknown>) {
  const data: Record<string, unknown> = { ...body };
  const [product] = await exec<{ id: number; name: string; manufacture_id: number | null }>(
    db,
    sql`select id, name, manufacture_id from products where ${inScope(productsDef, Number(data.product_id), ctx)} and deleted_at is null`,
  );
  if (!product) throw badRequest([{ field: 'product_id', message: 'Sản phẩm không tồn tại' }]);
  data.manufacture_id = product.manufacture_id;
  if (data.trace_id != null) {
    const [trace] = await exec<{ product_id: number; manufacture_id: number; packaging_date: unknown; active: boolean }>(
      db,
      sql`select product_id, manufacture_id, packaging_date, active from traces where ${inScope(tracesDef, Number(data.trace_id), ctx)}`,
    );
    if (!trace) throw badRequest([{ field: 'trace_id', message: 'Hồ sơ truy xuất không tồn tại' }]);
    if (Number(trace.product_id) !== product.id) throw badRequest([{ field: 'trace_id', message: 'Hồ sơ truy xuất không thuộc sản phẩm đã chọn' }]);
    if (!trace.active) throw badRequest([{ field: 'trace_id', message: 'Hồ sơ truy xuất đang ngừng kích hoạt' }]);
    data.manufacture_id = trace.manufacture_id;
    if (data.packaging_date == null && trace.packaging_date) data.packaging_date = `${String(iso(trace.packaging_date)).slice(0, 10)}T00:00:00Z`;
  }
  for (const k of ['product_name_attribute', 'product_created_at_attribute', 'stamp_attributes'] as const) {
    if (data[k] == null) data[k] = STAMP_LAYOUT_DEFAULTS[k];
  }
  if (!data.name) {
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    data.name = `${product.name} – ${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  }
  return data;
}

const codesQuery = z
  .object({
    ...pageQueryShape,
    status: z.enum(STAMP_CODE_STATUS.map((o) => String(o.value)) as [string, ...string[]], { error: 'Trạng thái tem không hợp lệ' }).optional(),
    serial: z.coerce.number({ error: 'Số sê-ri phải là số nguyên' }).int('Số sê-ri phải là số nguyên').min(1, 'Số sê-ri phải là số nguyên dương').optional(),
  })
  .strict();

const serialField = (label: string) =>
  z
    .number({ error: `${label} phải là số nguyên` })
    .int(`${label} phải là số nguyên`)
    .min(1, `${label} phải là số nguyên dương`)
    .max(Number.MAX_SAFE_INTEGER);
const voidBody = z
  .preprocess(
    (v) => (v === undefined || v === null || v === '' ? {} : v),
    z
      .object({
        serial_from: serialField('Số sê-ri từ').optional(),
        serial_to: serialField('Số sê-ri đến').optional(),
        reason: z.string().trim().max(500, 'Lý do tối đa 500 ký tự').optional(),
      })
      .strict(),
  )
  .superRefine((b, ctx) => {
    const v = b as { serial_from?: number; serial_to?: number };
    if ((v.serial_from == null) !== (v.serial_to == null)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.serial_from == null ? 'serial_from' : 'serial_to'],
        message: 'Nhập cả số sê-ri từ và đến, hoặc để trống cả hai để hủy cả đợt',
      });
    } else if (v.serial_from != null && v.serial_to != null && v.serial_to < v.serial_from) {
      ctx.addIssue({ code: 'custom', path: ['serial_to'], message: 'Số sê-ri đến phải lớn hơn hoặc bằng số sê-ri từ' });
    }
  });

/**
 * Stamp runs (issue 14 item 3). The run is created here, not by the generic engine: its codes are
 * written with it in one transaction. List, read, count and layout edits are the engine's.
 */
export default defineModule({
  name: 'origin-stamps',
  hooks: {
    stamps: {
      beforeUpdate(data, existing) {
        if (existing.status === 'voided') throw conflict('Đợt tem đã bị hủy, không thể chỉnh sửa');
        const errors = FIXED.filter((k) => k in data && String(data[k] ?? '') !== String(existing[k] ?? '')).map((k) => ({
          field: k,
          message: `Không thể đổi ${stampsDef.labels[k].toLowerCase()} của đợt tem đã phát hành`,
        }));
        if (errors.length) throw badRequest(errors, errors[0].message);
        return data;
      },
    },
  },
  routes(router, services) {
    defineJob(services, 'issue-stamps', issueRunJob);
    router.add({
      method: 'POST',
      url: '/api/admin/stamps',
      access: issueAccess,
      summary: `Phát hành đợt tem: mỗi tem một mã ngẫu nhiên (65 bit) và một số sê-ri. Đến ${SYNC_STAMPS_PER_RUN.toLocaleString('vi-VN')} tem: ghi trong một giao dịch, trả 200 {entry}; nhiều hơn: đợt tem được tạo (trạng thái 'issuing') và một tác vụ nền ghi các mã theo từng lô, trả 202 {job, entry}`,
      tags,
      body: stampsDef.createSchema,
      response: z.union([entryResponse, entryResponse.extend(jobAnswer.shape)]),
      // 200 or 202 by the quantity: the answer is sent here
      raw: true,
      handler: async (ctx) => {
        const n = Number(ctx.body.quantity);
        const large = n > SYNC_STAMPS_PER_RUN;
        const entry = await services.db.transaction(async (db) => {
          const data = await runValues(db, ctx, ctx.body);
          const from = await nextSerial(db);
          // a large run reserves its serial range now; the job writes its codes
          Object.assign(data, { serial_from: from, serial_to: from + n - 1, status: large ? 'issuing' : 'issued', printed_count: 0, voided_count: 0 });
          const row = await writeRecord({
            def: stampsDef,
            ctx,
            db,
            data,
            trusted: ['manufacture_id', 'serial_from', 'serial_to', 'status', 'printed_count', 'voided_count'],
            audit: 'create',
            op: 'create',
          });
          if (!large) await insertCodes(db, Number(row.id), from, n);
          await attachRefs(db, stampsDef, [row]);
          return present(stampsDef, row, ctx);
        });
        if (!large) return ctx.reply.code(200).send(envelope(200, 'Đã phát hành đợt tem', { entry }));
        let started: Awaited<ReturnType<typeof startJob>>;
        try {
          started = await startJob(ctx, {
            kind: 'issue-stamps',
            title: `Phát hành ${n.toLocaleString('vi-VN')} tem: ${entry.name}`,
            params: { stamp_id: Number(entry.id) },
            access: issueAccess,
          });
        } catch (err) {
          // no job will write the codes: the reserved run is not left 'issuing'
          await resource('stamps')
            .derive(services.db, sql`id = ${Number(entry.id)}`, { status: 'voided', updated_at: sql`now()` })
            .catch(() => {});
          throw err;
        }
        return ctx.reply.code(202).send(envelope(202, 'Đã nhận yêu cầu, đợt tem đang được phát hành trong nền', { ...started, entry }));
      },
    });

    router.add({
      method: 'GET',
      url: '/api/admin/stamps/:id/codes',
      access: { action: 'read', subject: 'stamps' },
      summary: 'Danh sách mã tem của một đợt (theo số sê-ri, có phân trang)',
      tags,
      params: idParams,
      query: codesQuery,
      response: z.object({ entries: z.array(stampCodeRow), pagination: pageSchema }),
      async handler(ctx) {
        const run = await findOne(services.db, stampsDef, ctx.params.id, ctx);
        const q = ctx.query;
        const w = [sql`stamp_id = ${run.id}`];
        if (q.status) w.push(sql`status = ${q.status}`);
        if (q.serial) w.push(sql`serial = ${q.serial}`);
        const where = sql.join(w, sql` and `);
        const [rows, [{ n }]] = await Promise.all([
          exec<Record<string, unknown>>(
            services.db,
            sql`select id, code, serial, status, printed_at, activated_at, voided_at, scan_count, flagged, first_scan_at, last_scan_at
                from stamp_codes where ${where} order by serial limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
          ),
          // the whole run without a filter: its quantity, no count
          q.status || q.serial
            ? exec<{ n: number }>(services.db, sql`select count(*)::int as n from stamp_codes where ${where}`)
            : Promise.resolve([{ n: Number(run.quantity) }]),
        ]);
        const base = services.config.publicUrl;
        const entries = rows.map((r) => ({
          ...r,
          serial: Number(r.serial),
          printed_at: r.printed_at ? iso(r.printed_at) : null,
          activated_at: r.activated_at ? iso(r.activated_at) : null,
          voided_at: r.voided_at ? iso(r.voided_at) : null,
          first_scan_at: r.first_scan_at ? iso(r.first_scan_at) : null,
          last_scan_at: r.last_scan_at ? iso(r.last_scan_at) : null,
          url: traceUrl(base, String(r.code)),
        }));
        return { entries, pagination: { page: q.page, limit: q.limit, total: n, total_pages: Math.ceil(n / q.limit), next_cursor: null } };
      },
    });

    router.add({
      method: 'PUT',
      url: '/api/admin/stamps/void/:id',
      access: { action: 'update', subject: 'stamps' },
      summary: 'Hủy tem: cả đợt, hoặc một khoảng số sê-ri {serial_from, serial_to}',
      tags,
      params: idParams,
      body: voidBody,
      response: z.object({
        voided: z.number().int().describe('số tem vừa hủy'),
        serial_from: z.number().int(),
        serial_to: z.number().int(),
        status: z.enum(['issuing', 'issued', 'printed', 'voided']).describe('trạng thái đợt tem sau khi hủy'),
        voided_count: z.number().int(),
      }),
      message: 'Đã hủy tem',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const run = await findOne(db, stampsDef, ctx.params.id, ctx, { forUpdate: true });
          const b = ctx.body;
          const issuing = run.status === 'issuing';
          // while its codes are being written, a run is voided whole (the job stops at its next batch), never a range
          if (issuing && b.serial_from != null) throw conflict('Đợt tem đang được phát hành trong nền: chỉ có thể hủy cả đợt, không hủy một khoảng số sê-ri');
          const lo = b.serial_from ?? Number(run.serial_from);
          const hi = b.serial_to ?? Number(run.serial_to);
          if (lo < Number(run.serial_from) || hi > Number(run.serial_to)) {
            const message = `Khoảng số sê-ri phải nằm trong đợt tem (${run.serial_from} – ${run.serial_to})`;
            throw badRequest([{ field: b.serial_from != null && lo < Number(run.serial_from) ? 'serial_from' : 'serial_to', message }], message);
          }
          const [{ n }] = await exec<{ n: number }>(
            db,
            sql`with v as (update stamp_codes set status = 'voided', voided_at = now()
                           where stamp_id = ${run.id} and serial between ${lo} and ${hi} and status <> 'voided' returning 1)
                select count(*)::int as n from v`,
          );
          if (n === 0 && !issuing) throw conflict('Các tem trong khoảng này đã bị hủy trước đó');
          const counts = await refreshRun(db, Number(run.id));
          if (issuing) {
            // the codes not written yet never will be: the run is voided whatever it holds so far
            await resource('stamps').derive(db, sql`id = ${run.id}`, { status: 'voided' });
            counts.status = 'voided';
          }
          await ctx.audit(
            {
              action: 'void',
              subject: 'stamps',
              recordId: Number(run.id),
              before: { status: run.status, voided_count: run.voided_count },
              after: { serial_from: lo, serial_to: hi, voided: n, reason: b.reason ?? null, status: counts.status, voided_count: counts.voided },
            },
            db,
          );
          return { voided: n, serial_from: lo, serial_to: hi, status: counts.status, voided_count: counts.voided };
        }),
    });

    router.add({
      method: 'GET',
      url: '/api/admin/stamps/print-data/:id',
      access: { action: 'read', subject: 'stamps' },
      summary: 'Dữ liệu in tem (bố cục tem, sản phẩm, ngày đóng gói, nhóm sản phẩm) theo đặc tả',
      tags,
      params: idParams,
      response: z.object({ entry: printDataSchema }),
      async handler(ctx) {
        const run = await findOne(services.db, stampsDef, ctx.params.id, ctx);
        const [p] = await exec<{ id: number; name: string; product_group_id: number | null }>(
          services.db,
          sql`select id, name, product_group_id from products where id = ${run.product_id}`,
        );
        return { entry: printDataOf(run, p) };
      },
    });
  },
});
