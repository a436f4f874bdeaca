import batchesDef from '@nns/shared/resources/batches';
import { sql } from 'drizzle-orm';
import { badRequest, type FieldError } from '../../core/errors';
import { type Ctx, defineModule } from '../../core/module';
import { exec, iso } from '../../core/resource-store';
import { scopeOf } from '../../core/scope';
import type { Db } from '../../db/client';

const DAY_TEXT = (v: string) => `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;
const dayOf = (v: unknown) => (v ? (iso(v) as string).slice(0, 10) : null);

/**
 * A trace chosen from a batch takes the batch's product, producer and material area (issue 14 item 1),
 * and its planting and harvest dates when the body leaves them empty. A batch outside the user's scope
 * is left to the reference check, which answers as for a missing one.
 */
async function fromBatch(db: Db, ctx: Ctx, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  const batchId = 'batch_id' in data ? data.batch_id : undefined;
  if (batchId == null || (existing && Number(existing.batch_id) === Number(batchId))) return data;
  const where = sql.join([sql`id = ${Number(batchId)}`, ...scopeOf(batchesDef, ctx.user)], sql` and `);
  const [b] = await exec<Record<string, unknown>>(
    db,
    sql`select product_id, manufacture_id, material_area_id, planting_date, harvest_date from batches where ${where}`,
  );
  if (!b) return data;
  const out: Record<string, unknown> = {
    ...data,
    product_id: b.product_id,
    manufacture_id: b.manufacture_id,
    material_area_id: b.material_area_id ?? data.material_area_id ?? null,
  };
  if (out.planting_date == null && b.planting_date) out.planting_date = `${dayOf(b.planting_date)}T00:00:00Z`;
  if (out.harvest_date == null && b.harvest_date) out.harvest_date = `${dayOf(b.harvest_date)}T00:00:00Z`;
  return out;
}

/** Planting ≤ harvest ≤ packaging < expiry (each only when both are known). */
export function traceDateErrors(v: Record<string, unknown>): FieldError[] {
  const planting = dayOf(v.planting_date);
  const harvest = dayOf(v.harvest_date);
  const packaging = dayOf(v.packaging_date);
  const expired = dayOf(v.expired_date);
  const errors: FieldError[] = [];
  if (planting && harvest && harvest < planting) {
    errors.push({ field: 'harvest_date', message: `Ngày thu hoạch không được trước ngày gieo trồng (${DAY_TEXT(planting)})` });
  }
  if (harvest && packaging && packaging < harvest) {
    errors.push({ field: 'packaging_date', message: `Ngày đóng gói không được trước ngày thu hoạch (${DAY_TEXT(harvest)})` });
  }
  const after = [
    harvest && { d: harvest, what: 'ngày thu hoạch' },
    packaging && { d: packaging, what: 'ngày đóng gói' },
    planting && { d: planting, what: 'ngày gieo trồng' },
  ];
  const first = after.find((x): x is { d: string; what: string } => !!x && !!expired && expired <= x.d);
  if (expired && first) errors.push({ field: 'expired_date', message: `Hạn sử dụng phải sau ${first.what} (${DAY_TEXT(first.d)})` });
  return errors;
}

async function checkTrace(db: Db, ctx: Ctx, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  const out = await fromBatch(db, ctx, data, existing);
  const errors = traceDateErrors({ ...existing, ...out });
  if (errors.length) throw badRequest(errors, errors[0].message);
  return out;
}

/** Traces (issue 14): the generic engine does the CRUD, change-active, count and export; here the batch and date rules. */
export default defineModule({
  name: 'origin-traces',
  hooks: {
    traces: {
      beforeCreate: (data, ctx, tx) => checkTrace(tx, ctx, data),
      beforeUpdate: (data, existing, ctx, tx) => checkTrace(tx, ctx, data, existing),
    },
  },
});
