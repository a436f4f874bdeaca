import { paginationSchema } from '@nns/shared';
import { compareFlow, DISCHARGE_PARAMETERS, factorOf, KQ_CLASSES, notInStandard, VERDICT_LABELS } from '@nns/shared/discharge';
import constructsDef from '@nns/shared/resources/discharge-constructs';
import trafficDef from '@nns/shared/resources/discharge-traffic';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { importQuery, importResponse, isDryRun, uploadedFile } from '../../core/import';
import { defineModule, type ResourceHooks } from '../../core/module';
import { addRecordAction } from '../../core/record-action';
import { listRows } from '../../core/resource-engine';
import { type ListQuery, listQuerySchema } from '../../core/resource-query';
import { resourceDocs } from '../../core/resource-schema';
import { findOne, presentRow } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { resource } from '../../core/runtime';
import { echoedKeys } from '../../core/write-path';
import type { Db } from '../../db/client';
import { type Construct, constructOf, judge, limitsOf, notifyExceedance, refreshSummary, standardOf, valuesOf } from './judge';
import { flowTemplate, importFlows } from './traffic-import';

const JUDGED = ['status', 'exceeded'];

/** Each write judges the flow against its work's permit and standard; the work's summary follows. */
export const trafficHooks: ResourceHooks = {
  async beforeCreate(data, _ctx, tx) {
    const c = await constructOf(tx, Number(data.construct_id));
    if (!c) return data;
    const j = judge(data, c, await limitsOf(tx, c));
    return { ...data, status: j.status, exceeded: j.exceeded };
  },
  async beforeUpdate(data, existing, _ctx, tx) {
    if (data.construct_id !== undefined && Number(data.construct_id) !== Number(existing.construct_id)) {
      throw badRequest([{ field: 'construct_id', message: 'Không thể chuyển số liệu đo sang công trình khác' }]);
    }
    const c = await constructOf(tx, Number(existing.construct_id));
    if (!c) return data;
    const j = judge({ ...existing, ...data }, c, await limitsOf(tx, c));
    return { ...data, status: j.status, exceeded: j.exceeded };
  },
  async afterWrite(row, _ctx, tx) {
    await refreshSummary(tx, Number(row.construct_id));
  },
};

const listBody = z
  .object({
    construct_id: z.coerce.number({ error: 'Công trình xả thải bắt buộc' }).int().positive('Công trình xả thải không hợp lệ'),
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}/, 'Từ ngày không hợp lệ')
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}/, 'Đến ngày không hợp lệ')
      .optional(),
    status: z
      .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Kết quả chỉ nhận 1 (Đạt), 2 (Vượt giới hạn) hoặc 3 (Thiếu lưu lượng xả cho phép)' })
      .optional(),
  })
  .strict();
const listQuery = z
  .object({
    page: z.coerce.number({ error: 'Trang không hợp lệ' }).int('Trang không hợp lệ').min(1, 'Trang không hợp lệ').max(100000, 'Trang không hợp lệ').default(1),
    limit: z.coerce
      .number({ error: 'Số dòng không hợp lệ' })
      .int('Số dòng không hợp lệ')
      .min(1, 'Số dòng không hợp lệ')
      .max(100, 'Tối đa 100 dòng mỗi trang')
      .default(10),
    sort: z.enum(['measured_date', '-measured_date'], { error: 'Chỉ sắp xếp theo ngày đo' }).optional(),
  })
  .strict();

/** What limitsView answers (the flows list and the compliance of a work carry it). */
export const limitsViewSchema = z.object({
  standard_code: z.string().describe('quy chuẩn áp dụng'),
  column: z.string().describe('cột giới hạn (A, B)'),
  factor: z.number().nullable().describe('hệ số nhân (K, hoặc Kq × Kf); null khi chưa xác định được Kf'),
  missing: z.string().nullable().describe('vì sao hệ số chưa xác định'),
  receiving_water_class: z.string().nullable(),
  permitted_flow: z.number().nullable().describe('lưu lượng xả cho phép (m³/ngày đêm)'),
  limits: z.array(
    z.object({
      parameter: z.string(),
      label: z.string(),
      unit: z.string(),
      min: z.number().nullable(),
      max: z.number().nullable().describe('giới hạn sau hệ số; null khi hệ số nhân chưa xác định'),
      k_applies: z.boolean(),
    }),
  ),
});

/**
 * The effective limits of a work (after its factors) that its flow screens mark cells by. Without Kf
 * (an industrial work with no permitted flow nor Kf class) the limits the factors multiply have no
 * value (`max` null) and `missing` says why.
 */
export async function limitsView(db: Db, constructId: number) {
  const c = await constructOf(db, constructId);
  if (!c) return null;
  const rows = await limitsOf(db, c);
  const factor = factorOf(c);
  const clean = (n: number) => Math.round(n * 1e9) / 1e9;
  return {
    standard_code: standardOf(c),
    column: c.limit_column,
    factor: factor == null ? null : clean(factor),
    missing: factor == null ? VERDICT_LABELS.missing_flow : null,
    receiving_water_class: KQ_CLASSES.find((k) => k.value === c.kq_class)?.label ?? null,
    permitted_flow: c.permitted_flow,
    limits: rows.map((r) => ({
      parameter: r.parameter,
      label: DISCHARGE_PARAMETERS.find((p) => p.code === r.parameter)?.label ?? r.parameter,
      unit: r.unit,
      min: r.limit_min,
      max: r.limit_max == null || (r.k_applies && factor == null) ? null : clean(r.limit_max * (r.k_applies ? (factor ?? 1) : 1)),
      k_applies: r.k_applies,
    })),
  };
}

/** Each flow with what its values are: `verdicts` by code ('not_in_standard' for a parameter the work's standard does not list). */
export function withVerdicts(entries: Record<string, unknown>[], c: Construct | null, limits: Awaited<ReturnType<typeof limitsOf>>) {
  if (!c) return entries;
  return entries.map((e) => {
    const checks = compareFlow(valuesOf(e), c, limits);
    return { ...e, verdicts: Object.fromEntries(checks.map((x) => [x.code, x.verdict])), not_in_standard: notInStandard(checks) };
  });
}

export default defineModule({
  name: 'discharge-traffic',
  hooks: { 'discharge-traffic': trafficHooks },
  routes(router, services) {
    const base = '/api/admin/discharge-traffic';
    const tags = [trafficDef.label];
    const S = 'discharge_traffic' as const;
    const rowQuery = listQuerySchema(trafficDef);
    router.add({
      method: 'POST',
      url: `${base}/list/:id`,
      access: { action: 'list', subject: S },
      summary: 'Danh sách lưu lượng xả của một công trình (construct_id trong thân yêu cầu), kèm giới hạn áp dụng',
      tags,
      params: idParams,
      query: listQuery,
      body: listBody,
      response: z
        .object({
          entries: z.array(
            resourceDocs(trafficDef).row.extend({
              verdicts: z
                .record(z.string(), z.enum(['pass', 'exceeded', 'not_in_standard', 'missing_flow', 'not_applicable']))
                .optional()
                .describe('kết luận theo chỉ tiêu (có khi công trình còn tồn tại)'),
              not_in_standard: z.array(z.string()).optional().describe('chỉ tiêu đo được nhưng không có trong quy chuẩn'),
            }),
          ),
          pagination: paginationSchema,
        })
        .extend(limitsViewSchema.shape),
      handler: async (ctx) => {
        const body = ctx.body;
        if (body.construct_id !== ctx.params.id) {
          throw badRequest([{ field: 'construct_id', message: 'Mã công trình trong đường dẫn và trong thân yêu cầu không khớp' }]);
        }
        // the work is read inside the user's scope: another ward's work answers 404
        await findOne(services.db, constructsDef, body.construct_id, ctx);
        const q = rowQuery.parse({
          page: String(ctx.query.page),
          limit: String(ctx.query.limit),
          sort: ctx.query.sort ?? '-measured_date',
          construct_id: String(body.construct_id),
          ...(body.from ? { measured_date_from: body.from.slice(0, 10) } : {}),
          ...(body.to ? { measured_date_to: body.to.slice(0, 10) } : {}),
          ...(body.status ? { status: String(body.status) } : {}),
        }) as ListQuery;
        const list = await listRows(services, trafficDef, q, ctx);
        const c = await constructOf(services.db, body.construct_id);
        const entries = withVerdicts(list.entries as Record<string, unknown>[], c, c ? await limitsOf(services.db, c) : []);
        return { ...list, entries, ...(await limitsView(services.db, body.construct_id)) };
      },
    });
    router.add({
      method: 'POST',
      url: base,
      access: { action: 'create', subject: S },
      summary: 'Thêm số liệu lưu lượng xả (so sánh với giấy phép và quy chuẩn, báo cán bộ phường khi vượt)',
      tags,
      body: trafficDef.createSchema,
      response: z.object({ entry: resourceDocs(trafficDef).row }),
      message: 'Thêm mới thành công',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const row = await resource('discharge-traffic').create(ctx, db, ctx.body, { trusted: JUDGED });
          const c = await constructOf(db, Number(row.construct_id));
          if (c && Number(row.status) === 2) {
            const j = judge(row, c, await limitsOf(db, c));
            await notifyExceedance(services, db, c, [{ date: String(ctx.body.measured_date), checks: j.checks }]);
          }
          return resource('discharge-traffic').entry(db, row, ctx);
        }),
    });
    addRecordAction(router, services, {
      resource: 'discharge-traffic',
      method: 'PATCH',
      url: `${base}/:id`,
      permission: 'update',
      summary: 'Cập nhật số liệu lưu lượng xả',
      tags,
      body: trafficDef.updateSchema,
      bodyIgnores: echoedKeys(trafficDef, trafficHooks),
      message: 'Cập nhật thành công',
      audit: 'update',
      op: 'update',
      // the verdict is the hooks' (JUDGED); the answer compares it with the one before
      change: (ctx, existing) => ({ data: ctx.body, trusted: JUDGED, reply: JSON.stringify(existing.exceeded ?? []) }),
      async answer(db, row, ctx, before) {
        if (Number(row.status) === 2 && JSON.stringify(row.exceeded ?? []) !== before) {
          const c = await constructOf(db, Number(row.construct_id));
          if (c) {
            const j = judge(row, c, await limitsOf(db, c));
            const day = presentRow(trafficDef, row).measured_date as string;
            await notifyExceedance(services, db, c, [{ date: day, checks: j.checks }]);
          }
        }
        return resource('discharge-traffic').entry(db, row, ctx);
      },
    });
    router.add({
      method: 'POST',
      url: `${base}/import/:id`,
      access: { action: 'create', subject: S },
      summary: 'Nhập Excel lưu lượng xả của một công trình (dry_run=1 để kiểm tra trước; trùng ngày đo thì cập nhật)',
      tags,
      params: idParams,
      query: importQuery,
      multipart: true,
      response: importResponse,
      message: 'Đã xử lý tệp nhập',
      handler: async (ctx) => {
        const dryRun = isDryRun(ctx.query);
        const s = await importFlows(services, ctx, ctx.params.id, await uploadedFile(ctx), dryRun);
        if (!dryRun) ctx.req.audited = true;
        return s;
      },
    });
    router.add({
      method: 'GET',
      url: `${base}/import-template`,
      access: { action: 'create', subject: S },
      summary: 'Tệp mẫu nhập Excel lưu lượng xả',
      tags,
      raw: true,
      handler: async (ctx) => {
        ctx.reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', 'attachment; filename="mau-nhap-luu-luong-xa-thai.xlsx"')
          .send(await flowTemplate());
      },
    });
  },
});
