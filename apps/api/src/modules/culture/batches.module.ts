import { MESSAGES } from '@nns/shared';
import { BATCH_STATUS, batchStatusLabel, dayText, earlyHarvestMessage, nextBatchStatus, safeHarvest, stageTimeline, vnDay } from '@nns/shared/culture';
import batchesDef from '@nns/shared/resources/batches';
import diariesDef from '@nns/shared/resources/diaries';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, conflict } from '../../core/errors';
import { defineModule, type StoredRow } from '../../core/module';
import { addRecordAction } from '../../core/record-action';
import { recordSchema, resourceDocs } from '../../core/resource-schema';
import { attachRefs, execPrepared, findOne, iso, present, selectList } from '../../core/resource-store';
import { idParams } from '../../core/router';
import type { WriteData } from '../../core/runtime';
import type { Db } from '../../db/client';
import { safeHarvestOf, todayVn } from './rules';

/**
 * The diaries a batch's detail answers (the first page of its list, oldest first); the screen reads the
 * next pages from the diaries list (`?batch_id=…&sort=performed_at&limit=20&page=n`, the same order).
 * Each diary is ~400 bytes of JSON: 200 of them made the answer 77 KB, and writing it was most of the
 * route's cost (issue 13's speed). The timeline and the total still count every diary.
 */
export const DIARIES_PAGE = 20;
type Stage = { id: number; name: string; position: number | null; duration_days: number | null };

/** Per stage: the first and last day worked and how many diaries, as stageTimeline reads them. */
async function diaryDatesOf(db: Db, batchId: number) {
  const rows = await execPrepared<{ stage_id: number | null; first: string | Date; last: string | Date; n: number }>(
    db,
    sql`select stage_id, min(performed_at) as first, max(performed_at) as last, count(*)::int as n from diaries where batch_id = ${batchId} group by stage_id`,
  );
  return rows.flatMap((d) => {
    const first = { stage_id: d.stage_id, performed_at: iso(d.first) };
    const last = { stage_id: d.stage_id, performed_at: iso(d.last) };
    return [first, ...Array.from({ length: Math.max(d.n - 1, 0) }, () => last)];
  });
}

/**
 * The detail's 200 answer, written by fast-json-stringify: the batch and its diaries keyed exactly as
 * the generic read of each (test/culture-timeline.test.ts compares them); the timeline and the safe
 * harvest are small and written as they are. Built at route registration: the records' keys include
 * what the modules' presenters add, known once the extensions are installed.
 */
const timelineSchema = () => ({
  type: 'object',
  properties: {
    code: { type: 'integer' },
    message: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        entry: recordSchema(batchesDef),
        timeline: { type: 'array', items: {} },
        safe_harvest: {},
        diaries: { type: ['array', 'null'], items: recordSchema(diariesDef) },
        diaries_total: { type: ['integer', 'null'] },
      },
      required: ['entry', 'timeline', 'safe_harvest', 'diaries', 'diaries_total'],
      additionalProperties: false,
    },
  },
  required: ['code', 'message', 'data'],
  additionalProperties: false,
});

const CLOSED_MESSAGE = 'Lô sản xuất đã đóng, không thể chỉnh sửa';

/** Planned harvest cannot come before planting. */
function checkDates(data: WriteData<typeof batchesDef>, existing?: StoredRow<typeof batchesDef>) {
  const planting = data.planting_date ?? existing?.planting_date;
  const expected = 'expected_harvest_date' in data ? data.expected_harvest_date : existing?.expected_harvest_date;
  if (planting && expected && vnDay(iso(expected)) < vnDay(iso(planting))) {
    throw badRequest([{ field: 'expected_harvest_date', message: 'Ngày thu hoạch dự kiến không được trước ngày gieo trồng' }]);
  }
  return data;
}

const statusBody = z
  .object({
    status: z
      .any()
      .refine((v) => BATCH_STATUS.some((o) => o.value === v), MESSAGES.enum('Trạng thái'))
      .meta({ type: 'string', enum: BATCH_STATUS.map((o) => o.value), 'x-enum-labels': BATCH_STATUS.map((o) => o.label) }),
    harvest_date: batchesDef.updateSchema.shape.planting_date,
    actual_yield: batchesDef.createSchema.shape.actual_yield,
  })
  .strict();

export default defineModule({
  name: 'culture-batches',
  hooks: {
    batches: {
      beforeCreate: (data) => checkDates(data),
      beforeUpdate(data, existing) {
        if (existing.status === 'closed') throw conflict(CLOSED_MESSAGE);
        return checkDates(data, existing);
      },
      beforeDelete(row) {
        if (row.status === 'closed') throw conflict('Lô sản xuất đã đóng, không thể xóa');
      },
    },
  },
  routes(router, services) {
    const tags = [batchesDef.label];
    addRecordAction(router, services, {
      resource: 'batches',
      url: '/api/admin/batches/change-status/:id',
      permission: 'update',
      summary: 'Chuyển trạng thái lô sản xuất (chỉ theo chiều tiến: kế hoạch → đang sản xuất → đã thu hoạch → đóng)',
      tags,
      body: statusBody,
      message: 'Đã chuyển trạng thái lô sản xuất',
      audit: 'change-status',
      async change(ctx, existing, db) {
        const next = nextBatchStatus(existing.status);
        const wanted: unknown = ctx.body.status;
        if (!next) throw conflict('Lô sản xuất đã đóng, không thể đổi trạng thái');
        if (wanted !== next) {
          const message = `Chỉ được chuyển lô từ "${batchStatusLabel(existing.status)}" sang "${batchStatusLabel(next)}"`;
          throw badRequest([{ field: 'status', message }], message);
        }
        const data: Record<string, unknown> = { status: wanted };
        const trusted = ['status'];
        if (wanted === 'harvested') {
          const day = ctx.body.harvest_date ? vnDay(ctx.body.harvest_date) : todayVn();
          const planting = existing.planting_date ? vnDay(iso(existing.planting_date)) : null;
          if (day > todayVn()) throw badRequest([{ field: 'harvest_date', message: 'Ngày thu hoạch không được ở tương lai' }]);
          if (planting && day < planting) {
            throw badRequest([{ field: 'harvest_date', message: `Ngày thu hoạch không được trước ngày gieo trồng (${dayText(planting)})` }]);
          }
          // the applications recorded up to the end of the harvest day (UTC+7)
          const until = new Date(Date.parse(`${day}T00:00:00+07:00`) + 86_400_000 - 1).toISOString();
          const safe = await safeHarvestOf(db, existing.id, { until });
          if (safe.safe_date && day < safe.safe_date) {
            const message = earlyHarvestMessage(safe);
            throw badRequest([{ field: 'harvest_date', message }], message);
          }
          data.harvest_date = `${day}T00:00:00Z`;
          trusted.push('harvest_date');
        }
        // the yield is the client's, an editable field
        if (ctx.body.actual_yield !== undefined) data.actual_yield = ctx.body.actual_yield;
        return { data, trusted, auditKeys: ['status', 'harvest_date', 'actual_yield'] };
      },
    });
    router.add({
      method: 'GET',
      url: '/api/admin/batches/timeline/:id',
      access: { action: 'read', subject: 'manufacturing_batches' },
      summary: 'Chi tiết lô sản xuất: dòng thời gian công đoạn, ngày thu hoạch an toàn sớm nhất và nhật ký',
      tags,
      params: idParams,
      response: z.object({
        entry: resourceDocs(batchesDef).row,
        timeline: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            position: z.number(),
            duration_days: z.number(),
            planned_start: z.string().nullable().describe('YYYY-MM-DD, theo ngày gieo trồng và thời lượng các công đoạn'),
            planned_end: z.string().nullable(),
            actual_start: z.string().nullable().describe('YYYY-MM-DD, ngày nhật ký đầu tiên của công đoạn'),
            actual_end: z.string().nullable(),
            diary_count: z.number().int(),
            state: z.enum(['done', 'in_progress', 'pending']).meta({ 'x-enum-labels': ['Đã xong', 'Đang thực hiện', 'Chưa bắt đầu'] }),
            late: z.boolean().describe('bắt đầu sau ngày kết thúc kế hoạch, hoặc còn dở quá ngày đó'),
          }),
        ),
        safe_harvest: z.object({
          safe_date: z.string().nullable().describe('ngày thu hoạch an toàn sớm nhất (YYYY-MM-DD, UTC+7); null khi không có thời gian cách ly'),
          product: z.string().nullable().describe('thuốc quyết định ngày đó'),
          phi_days: z.number().nullable(),
          applied_at: z.string().nullable(),
        }),
        diaries: z
          .array(resourceDocs(diariesDef).row)
          .nullable()
          .describe(
            `the first ${DIARIES_PAGE} diaries, oldest first (the rest: GET /api/admin/diaries?batch_id=…&sort=performed_at); null without the permission to list diaries`,
          ),
        diaries_total: z.number().int().nullable().describe('how many diaries the batch has; null without the permission to list diaries'),
      }),
      serialize: timelineSchema(),
      async handler(ctx) {
        const db = services.db;
        const batch = await findOne(db, batchesDef, ctx.params.id, ctx);
        const canList = ctx.user?.permissions.has('list:diaries') ?? false;
        // on PostgreSQL the three reads go out together on pooled connections; one diary more than the
        // first page tells whether the rows are all of the batch's diaries
        const [stages, rows] = await Promise.all([
          batch.process_id
            ? execPrepared<Stage>(db, sql`select id, name, position, duration_days from stages where process_id = ${batch.process_id}`)
            : Promise.resolve([] as Stage[]),
          canList
            ? execPrepared<StoredRow<typeof diariesDef>>(
                db,
                sql`select ${selectList(diariesDef)} from diaries where batch_id = ${batch.id} order by performed_at, id limit ${sql.raw(String(DIARIES_PAGE + 1))}`,
              )
            : Promise.resolve(null),
          attachRefs(db, batchesDef, [batch]),
        ]);
        // with every diary at hand, the timeline's dates and the safe harvest day come from those rows;
        // otherwise from the queries (same rules: tested both ways in test/culture-timeline.test.ts)
        const all = rows && rows.length <= DIARIES_PAGE;
        const [dated, safe] = all
          ? [
              rows.map((d) => ({ stage_id: d.stage_id, performed_at: iso(d.performed_at) })),
              safeHarvest(rows.filter((d) => d.inputs != null).map((d) => ({ performed_at: iso(d.performed_at), inputs: d.inputs }))),
            ]
          : await Promise.all([diaryDatesOf(db, batch.id), safeHarvestOf(db, batch.id)]);
        const finished = batch.status === 'harvested' || batch.status === 'closed';
        const timeline = stageTimeline(batch.planting_date ? iso(batch.planting_date) : null, stages, dated, { today: todayVn(), finished });
        let diaries: Record<string, unknown>[] | null = null;
        if (rows) {
          const shown = rows.slice(0, DIARIES_PAGE);
          // the diaries' batch is this one and their stages are its process's: only labors are read
          await attachRefs(db, diariesDef, shown, { batch_id: [batch], stage_id: stages });
          diaries = shown.map((r) => present(diariesDef, r, ctx));
        }
        const diaries_total = rows ? dated.length : null;
        return { entry: present(batchesDef, batch, ctx), timeline, safe_harvest: safe, diaries, diaries_total };
      },
    });
  },
});
