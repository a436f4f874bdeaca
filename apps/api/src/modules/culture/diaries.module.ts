import { dayText, earlyHarvestMessage, vnDay } from '@nns/shared/culture';
import batchesDef from '@nns/shared/resources/batches';
import type diariesDef from '@nns/shared/resources/diaries';
import { sql } from 'drizzle-orm';
import { badRequest, type FieldError } from '../../core/errors';
import { type Ctx, defineModule, type StoredRow } from '../../core/module';
import { exec, iso } from '../../core/resource-store';
import type { WriteData } from '../../core/runtime';
import { scopeOf } from '../../core/scope';
import type { Db } from '../../db/client';
import { batchFacts, safeHarvestOf } from './rules';

/** Clocks of phones and servers differ a little: a diary a few minutes 'ahead' is not in the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The diary rules (issue 13): a closed batch takes no diaries; the stage belongs to the batch's
 * process; the labor works for the batch's producer; performed_at is neither in the future nor
 * before the planting date; a harvest waits for every pesticide's pre-harvest interval.
 */
async function checkDiary(db: Db, ctx: Ctx, data: WriteData<typeof diariesDef>, existing?: StoredRow<typeof diariesDef>) {
  const v: WriteData<typeof diariesDef> = { ...existing, ...data };
  if (existing && existing.batch_id !== v.batch_id) {
    const old = await batchFacts(db, Number(existing.batch_id));
    if (old?.status === 'closed') throw badRequest([{ field: 'batch_id', message: 'Lô sản xuất cũ đã đóng, không thể chuyển nhật ký' }]);
  }
  if (v.batch_id == null) return data;
  // outside the user's scope the reference check answers as for a missing batch
  const visible = await exec(db, sql`select 1 from batches where ${sql.join([sql`id = ${Number(v.batch_id)}`, ...scopeOf(batchesDef, ctx.user)], sql` and `)}`);
  const batch = visible.length ? await batchFacts(db, Number(v.batch_id)) : null;
  if (!batch) return data;
  if (batch.status === 'closed') throw badRequest([{ field: 'batch_id', message: 'Lô sản xuất đã đóng, không thể ghi hoặc sửa nhật ký' }]);
  const errors: FieldError[] = [];
  if (v.stage_id != null) {
    const [s] = await exec<{ process_id: number }>(db, sql`select process_id from stages where id = ${Number(v.stage_id)}`);
    if (s && s.process_id !== batch.process_id) errors.push({ field: 'stage_id', message: 'Công đoạn không thuộc quy trình của lô sản xuất' });
  }
  if (v.labor_id != null && batch.manufacture_id != null) {
    const [l] = await exec<{ manufacture_id: number | null }>(db, sql`select manufacture_id from labors where id = ${Number(v.labor_id)}`);
    if (l && l.manufacture_id !== batch.manufacture_id) errors.push({ field: 'labor_id', message: 'Người thực hiện không thuộc cơ sở sản xuất của lô' });
  }
  const at = v.performed_at ? iso(v.performed_at) : null;
  if (at) {
    if (Date.parse(at) > Date.now() + CLOCK_SKEW_MS) errors.push({ field: 'performed_at', message: 'Thời gian thực hiện không được ở tương lai' });
    else if (batch.planting_date && vnDay(at) < batch.planting_date) {
      errors.push({ field: 'performed_at', message: `Thời gian thực hiện không được trước ngày gieo trồng của lô (${dayText(batch.planting_date)})` });
    }
  }
  if (errors.length) throw badRequest(errors);
  if (at && v.activity === 'harvest') {
    const safe = await safeHarvestOf(db, batch.id, { until: at, except: existing?.id });
    if (safe.safe_date && vnDay(at) < safe.safe_date) {
      const message = earlyHarvestMessage(safe);
      throw badRequest([{ field: 'performed_at', message }], message);
    }
  }
  return data;
}

export default defineModule({
  name: 'culture-diaries',
  hooks: {
    diaries: {
      beforeCreate: (data, ctx, tx) => checkDiary(tx, ctx, data),
      beforeUpdate: (data, existing, ctx, tx) => checkDiary(tx, ctx, data, existing),
      async beforeDelete(row, _ctx, tx) {
        const batch = await batchFacts(tx, Number(row.batch_id));
        if (batch?.status === 'closed') throw badRequest([{ field: 'batch_id', message: 'Lô sản xuất đã đóng, không thể xóa nhật ký' }]);
      },
    },
  },
});
