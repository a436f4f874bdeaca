import { toDateOnly } from '@nns/shared/dates';
import {
  FACTOR_OF_CLASS,
  type FactorClass,
  factorOfClass,
  inapplicableFactors,
  K_CLASSES,
  KF_CLASSES,
  KQ_CLASSES,
  kfClassOf,
  standardInForce,
} from '@nns/shared/discharge';
import constructsDef from '@nns/shared/resources/discharge-constructs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { publishExport } from '../../core/export';
import { importQuery, importResponse, isDryRun, uploadedFile } from '../../core/import';
import { defineJob, jobAnswer, startJob } from '../../core/jobs';
import { type Ctx, defineModule, type ResourceHooks } from '../../core/module';
import { addRecordAction } from '../../core/record-action';
import { type ListQuery, listQuerySchema, whereOf } from '../../core/resource-query';
import { resourceDocs } from '../../core/resource-schema';
import { attachRefs, exec, findOne, present } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { resource } from '../../core/runtime';
import { echoedKeys } from '../../core/write-path';
import type { Db } from '../../db/client';
import { complianceOf, periodOf } from './compliance';
import { writeConstructWorkbook, writeListWorkbook } from './exports';
import { constructOf, rejudgeAll, rejudgeUsing } from './judge';
import { importLimits, limitsTemplate } from './limits-import';
import { exceededParam, exceedPeriodOf, periodParam, pushExceeded, registerOverview } from './overview';
import { limitsViewSchema } from './traffic.module';

/** Fields whose change makes every flow of the work be judged again. */
const PERMIT_KEYS = ['wastewater_type', 'permitted_flow', 'standard_code', 'limit_column', 'k_class', 'kq_class', 'kf_class', 'k_factor', 'kq', 'kf'];
const rejudge = new WeakSet<Ctx>();

const FACTOR_MESSAGE: Record<string, string> = {
  k_class: 'Hệ số K chỉ áp dụng cho nước thải sinh hoạt, đô thị, y tế (QCVN 14, QCVN 28); nước thải công nghiệp dùng Kq và Kf',
  kq_class: 'Hệ số Kq chỉ áp dụng cho nước thải công nghiệp (QCVN 40)',
  kf_class: 'Hệ số Kf chỉ áp dụng cho nước thải công nghiệp (QCVN 40)',
};
const CLASSES: Record<string, FactorClass[]> = { k_class: K_CLASSES, kq_class: KQ_CLASSES, kf_class: KF_CLASSES };
const num = (n: number) => n.toLocaleString('vi-VN', { maximumFractionDigits: 3 });

/**
 * The factors of the work's type only (the judge multiplies by K, or by Kq × Kf for industrial works),
 * each chosen as a class of the regulation's table and stored as its value: a class sent for a factor
 * that does not apply is refused; one stored from before a change of type is cleared, so what the work
 * shows is what the judge uses. A Kf class must be the one of the permitted flow when there is one.
 */
function checkFactors(data: Record<string, unknown>, existing?: Record<string, unknown>) {
  const type = data.wastewater_type ?? existing?.wastewater_type;
  const wrong = inapplicableFactors(type);
  const errors = wrong.filter((k) => data[k] != null).map((field) => ({ field, message: FACTOR_MESSAGE[field] }));
  if (errors.length) throw badRequest(errors);
  for (const k of wrong) {
    if (existing?.[k] != null) data[k] = null;
    if (existing?.[FACTOR_OF_CLASS[k]] != null) data[FACTOR_OF_CLASS[k]] = null;
  }
  for (const [k, classes] of Object.entries(CLASSES)) if (k in data && !wrong.includes(k)) data[FACTOR_OF_CLASS[k]] = factorOfClass(classes, data[k]);
  const flow = (data.permitted_flow !== undefined ? data.permitted_flow : existing?.permitted_flow) as number | null | undefined;
  const kfClass = data.kf_class !== undefined ? data.kf_class : existing?.kf_class;
  const byFlow = kfClassOf(flow);
  if (kfClass && byFlow && byFlow.value !== kfClass) {
    throw badRequest([
      {
        field: 'kf_class',
        message: `Lưu lượng xả cho phép ${num(Number(flow))} m³/ngày đêm thuộc nhóm '${byFlow.label}'; chọn nhóm đó hoặc để trống`,
      },
    ]);
  }
}

/** The standards the limits table holds for a column. */
async function standardsWithLimits(db: Db, column: string) {
  const rows = await exec<{ standard_code: string }>(db, sql`select distinct standard_code from discharge_limits where "column" = ${column}`);
  return new Set(rows.map((r) => r.standard_code));
}

async function checkPermit(db: Db, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  const docs = data.documents as string[] | null | undefined;
  if (docs?.some((d) => !/\.pdf$/i.test(d))) throw badRequest([{ field: 'documents', message: 'Tài liệu chỉ nhận tệp PDF' }]);
  checkFactors(data, existing);
  const merged = { ...existing, ...data };
  const column = (merged.limit_column as string | null) ?? 'B';
  const available = await standardsWithLimits(db, column);
  // a work without a named standard (a new one, or one whose owner cleared it) takes the one in force for its type today; otherwise it keeps its own
  if (!merged.standard_code) data.standard_code = standardInForce(merged.wastewater_type, toDateOnly(new Date()), (c) => available.has(c));
  const std = (data.standard_code ?? merged.standard_code) as string | null;
  if (!std || !available.has(std)) {
    const field = data.standard_code !== undefined ? 'standard_code' : 'limit_column';
    throw badRequest([{ field, message: `Bảng giới hạn chưa có quy chuẩn '${std ?? ''}' cột ${column}; thêm giới hạn trước hoặc chọn quy chuẩn khác` }]);
  }
}

export const constructHooks: ResourceHooks = {
  derived: ['k_factor', 'kq', 'kf'],
  async beforeCreate(data, _ctx, tx) {
    await checkPermit(tx, data);
    return data;
  },
  async beforeUpdate(data, existing, ctx, tx) {
    await checkPermit(tx, data, existing);
    if (PERMIT_KEYS.some((k) => k in data && data[k] !== existing[k])) rejudge.add(ctx);
    return data;
  },
  async afterWrite(row, ctx, tx, op) {
    if (op !== 'update' || !rejudge.has(ctx)) return;
    rejudge.delete(ctx);
    const c = await constructOf(tx, Number(row.id));
    if (c) await rejudgeAll(tx, c);
  },
};

/** A row of the limits table moved (its value, or its standard or column): the works it applies to, before and after, are judged again. */
const limitBefore = new WeakMap<Ctx, { standard_code: string; column: string }>();
const limitKey = (r: Record<string, unknown>) => ({ standard_code: String(r.standard_code), column: String(r.column) });
export const limitHooks: ResourceHooks = {
  beforeUpdate(data, existing, ctx) {
    limitBefore.set(ctx, limitKey(existing));
    return data;
  },
  async afterWrite(row, ctx, tx, op) {
    if (op === 'action') return;
    const keys = [limitKey(row)];
    const before = limitBefore.get(ctx);
    if (before) {
      limitBefore.delete(ctx);
      if (before.standard_code !== keys[0].standard_code || before.column !== keys[0].column) keys.push(before);
    }
    await rejudgeUsing(tx, keys);
  },
};

const exportQueryOf = (q: z.ZodObject) => q.omit({ page: true, limit: true, cursor: true }).extend({ exceeded: exceededParam, period: periodParam });
const periodQuery = z
  .object({
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Từ ngày phải có dạng YYYY-MM-DD')
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Đến ngày phải có dạng YYYY-MM-DD')
      .optional(),
  })
  .strict();

export default defineModule({
  name: 'discharge-constructs',
  hooks: { 'discharge-constructs': constructHooks, 'discharge-limits': limitHooks },
  routes(router, services) {
    const base = '/api/admin/discharge-constructs';
    const tags = [constructsDef.label];
    const S = 'discharge_construct' as const;
    const def = constructsDef;
    const listQuery = listQuerySchema(def);
    const exportQuery = exportQueryOf(listQuery);

    router.add({
      method: 'POST',
      url: '/api/admin/discharge-limits/import',
      access: { action: 'create', subject: S },
      summary: 'Nhập Excel bảng giới hạn nước thải (thêm quy chuẩn mới như QCVN 14:2025, QCVN 40:2025; dry_run=1 để kiểm tra trước)',
      tags: ['Giới hạn nước thải (QCVN)'],
      query: importQuery,
      multipart: true,
      response: importResponse,
      message: 'Đã xử lý tệp nhập',
      handler: async (ctx) => {
        const dryRun = isDryRun(ctx.query);
        const s = await importLimits(services, ctx, await uploadedFile(ctx), dryRun);
        if (!dryRun) ctx.req.audited = true;
        return s;
      },
    });
    router.add({
      method: 'GET',
      url: '/api/admin/discharge-limits/import-template',
      access: { action: 'create', subject: S },
      summary: 'Tệp mẫu nhập Excel bảng giới hạn nước thải',
      tags: ['Giới hạn nước thải (QCVN)'],
      raw: true,
      handler: async (ctx) => {
        ctx.reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', 'attachment; filename="mau-nhap-gioi-han-nuoc-thai.xlsx"')
          .send(await limitsTemplate());
      },
    });
    router.add({
      method: 'POST',
      url: base,
      access: { action: 'create', subject: S },
      summary: 'Thêm công trình xả thải (điểm trên bản đồ trong lãnh thổ Việt Nam)',
      tags,
      body: def.createSchema,
      response: z.object({ entry: resourceDocs(def).row }),
      message: 'Thêm mới thành công',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const constructs = resource(def.name);
          return constructs.entry(db, await constructs.create(ctx, db, ctx.body), ctx);
        }),
    });
    addRecordAction(router, services, {
      resource: def.name,
      method: 'PATCH',
      url: `${base}/:id`,
      permission: 'update',
      summary: 'Cập nhật công trình xả thải (đổi giấy phép thì các số liệu đo được đánh giá lại)',
      tags,
      body: def.updateSchema,
      bodyIgnores: echoedKeys(def, constructHooks),
      message: 'Cập nhật thành công',
      audit: 'update',
      op: 'update',
      change: (ctx) => ({ data: ctx.body }),
    });
    addRecordAction(router, services, {
      resource: def.name,
      method: 'PATCH',
      url: `${base}/announce/:id`,
      permission: 'update',
      summary: 'Công bố / bỏ công bố công trình (1 Đã công bố ↔ 2 Chưa công bố)',
      tags,
      message: 'Cập nhật thành công',
      audit: 'announce',
      change: (_ctx, existing) => ({ announce: Number(existing.announce) === 1 ? 2 : 1 }),
    });
    addRecordAction(router, services, {
      resource: def.name,
      method: 'PATCH',
      url: `${base}/change-status/:status/:id`,
      permission: 'update',
      summary: 'Đổi trạng thái công khai (1 Công khai, 2 Không công khai)',
      tags,
      params: z
        .object({
          status: z.enum(['1', '2'], { error: 'Trạng thái công khai chỉ nhận 1 (Công khai) hoặc 2 (Không công khai)' }),
          id: idParams.shape.id,
        })
        .strict(),
      message: 'Cập nhật thành công',
      audit: 'change-status',
      change: (ctx) => ({ public_status: Number(ctx.params.status) }),
    });

    registerOverview(router, services);
    router.add({
      method: 'GET',
      url: `${base}/compliance/:id`,
      access: { action: 'read', subject: S },
      summary: 'Tuân thủ của công trình: lưu lượng theo ngày so với cho phép, bảng theo tháng (số lần đo, số lần vượt, chỉ tiêu vượt)',
      tags,
      params: idParams,
      query: periodQuery,
      response: limitsViewSchema.extend({
        period: z.object({ from: z.string(), to: z.string() }),
        series: z.array(z.object({ date: z.string(), flow: z.number(), status: z.number().int(), exceeded: z.array(z.string()) })),
        months: z.array(
          z.object({
            month: z.string().describe('YYYY-MM'),
            flows: z.number().int().describe('số ngày đo'),
            exceeded: z.number().int().describe('số ngày vượt'),
            max_flow: z.number().nullable(),
            avg_flow: z.number().nullable(),
            by_parameter: z.record(z.string(), z.number().int()).describe('số ngày vượt theo chỉ tiêu'),
          }),
        ),
      }),
      handler: async (ctx) => {
        await findOne(services.db, def, ctx.params.id, ctx);
        return complianceOf(services.db, ctx.params.id, periodOf(ctx.query));
      },
    });
    const exportAccess = { action: 'export', subject: S } as const;
    defineJob(services, 'export-discharge-constructs', (run) => {
      const q = run.params.query as ListQuery & { exceeded?: string; period?: string };
      const p = exceedPeriodOf(q.period) as NonNullable<ReturnType<typeof exceedPeriodOf>>;
      const w = whereOf(def, q, run.user);
      pushExceeded(w, q.exceeded, p);
      return publishExport(services, run.ctx, 'cong-trinh-xa-thai', (file) => writeListWorkbook(services, w, q, p, file));
    });
    defineJob(services, 'export-discharge-construct', async (run) => {
      const row = await findOne(services.db, def, run.params.id as number, run.ctx);
      await attachRefs(services.db, def, [row]);
      return publishExport(services, run.ctx, `cong-trinh-${String(row.code).toLowerCase()}`, (file) =>
        writeConstructWorkbook(services.db, present(def, row, run.ctx), periodOf(run.params.query as never), file),
      );
    });
    router.add({
      method: 'GET',
      url: `${base}/export-excel`,
      access: exportAccess,
      summary: "Xuất Excel danh sách công trình xả thải theo bộ lọc (ô 'vượt giới hạn' tô đỏ); tác vụ nền: trả về tác vụ ngay",
      tags,
      query: exportQuery,
      status: 202,
      response: jobAnswer,
      handler: (ctx) => {
        const q = ctx.query as ListQuery & { exceeded?: string; period?: string };
        if (!exceedPeriodOf(q.period)) throw badRequest([{ field: 'period', message: 'Không chọn được tháng sau tháng này' }]);
        return startJob(ctx, {
          kind: 'export-discharge-constructs',
          title: 'Xuất Excel danh sách công trình xả thải',
          params: { query: q },
          access: exportAccess,
        });
      },
    });
    router.add({
      method: 'GET',
      url: `${base}/export-excel/:id`,
      access: exportAccess,
      summary: 'Xuất Excel một công trình: giấy phép, số liệu đo trong kỳ (ô vượt giới hạn tô đỏ), bảng theo tháng, kiểm kê; tác vụ nền: trả về tác vụ ngay',
      tags,
      params: idParams,
      query: periodQuery,
      status: 202,
      response: jobAnswer,
      handler: async (ctx) => {
        const row = await findOne(services.db, def, ctx.params.id, ctx);
        // bad dates answer now, not in the job
        periodOf(ctx.query);
        return startJob(ctx, {
          kind: 'export-discharge-construct',
          title: `Xuất Excel công trình ${row.code}`,
          params: { id: Number(row.id), query: ctx.query },
          access: exportAccess,
        });
      },
    });
  },
});
