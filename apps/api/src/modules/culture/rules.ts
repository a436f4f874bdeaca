import { type SafeHarvest, safeHarvest, vnDay } from '@nns/shared/culture';
import { sql } from 'drizzle-orm';
import { exec, execPrepared, iso } from '../../core/resource-store';
import type { Db } from '../../db/client';

/** The batch fields the diary and status rules read. */
export interface BatchFacts {
  id: number;
  process_id: number | null;
  manufacture_id: number | null;
  planting_date: string | null;
  status: string;
}

export async function batchFacts(db: Db, id: number): Promise<BatchFacts | null> {
  const [b] = await exec<Omit<BatchFacts, 'planting_date'> & { planting_date: string | Date | null }>(
    db,
    sql`select id, process_id, manufacture_id, planting_date, status from batches where id = ${id}`,
  );
  if (!b) return null;
  return { ...b, planting_date: b.planting_date ? vnDay(iso(b.planting_date)) : null };
}

/**
 * The earliest safe harvest day of a batch: the latest application day + pre-harvest interval among
 * the inputs of its diaries recorded up to `until` (all of them without it), leaving out one diary
 * (the one being changed).
 */
export async function safeHarvestOf(db: Db, batchId: number, o: { until?: string; except?: number } = {}): Promise<SafeHarvest> {
  const w = [sql`batch_id = ${batchId}`, sql`inputs is not null`];
  if (o.until) w.push(sql`performed_at <= ${o.until}`);
  if (o.except) w.push(sql`id <> ${o.except}`);
  // at most four texts (with or without until and except), values as parameters: prepared on PostgreSQL
  const rows = await execPrepared<{ performed_at: string | Date; inputs: unknown }>(
    db,
    sql`select performed_at, inputs from diaries where ${sql.join(w, sql` and `)}`,
  );
  return safeHarvest(rows.map((r) => ({ performed_at: iso(r.performed_at), inputs: r.inputs })));
}

/** Today at UTC+7 as 'YYYY-MM-DD'. */
export const todayVn = () => vnDay(new Date());
