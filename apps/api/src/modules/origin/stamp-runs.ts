import stampsDef from '@nns/shared/resources/stamps';
import { STAMP_LAYOUT_DEFAULTS, type StampLayout, type StampPrintData } from '@nns/shared/traceability';
import { sql } from 'drizzle-orm';
import { AppError } from '../../core/errors';
import { type JobResult, type JobRun, yieldToLoop } from '../../core/jobs';
import { exec, findOne, iso } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Db } from '../../db/client';
import { insertCodes } from './stamp-codes';

/**
 * Codes written per transaction by a background issue: each batch is one short transaction, so
 * PGlite (one thread for every statement) answers other requests between two batches.
 */
export const ISSUE_BATCH = 1000;
export const RUN_ISSUING = 'Đợt tem đang được phát hành trong nền, vui lòng chờ phát hành xong rồi in';
export const ISSUE_STOPPED = 'Đợt tem đã bị hủy trong khi phát hành; các tem đã tạo của đợt đều đã bị hủy';
export const ISSUE_FAILED = 'Phát hành đợt tem không hoàn thành; các tem đã tạo của đợt đã được hủy, vui lòng phát hành lại';

/**
 * Serials are unique over every run: a new run takes the next range after the highest one. The
 * table lock (EXCLUSIVE still lets plain reads through) makes two runs issued at once take turns
 * until the first commits, on PostgreSQL and PGlite alike.
 */
export async function nextSerial(db: Db): Promise<number> {
  await exec(db, sql`lock table stamps in exclusive mode`);
  const [r] = await exec<{ last: string | number | null }>(db, sql`select max(serial_to) as last from stamps`);
  return Number(r?.last ?? 0) + 1;
}

/** The run's counters and status from its codes: voided when every stamp is, printed when none is left to print. */
export async function refreshRun(db: Db, stampId: number) {
  const [c] = await exec<{ issued: number; printed: number; voided: number; total: number }>(
    db,
    sql`select count(*) filter (where status = 'issued')::int as issued, count(*) filter (where printed_at is not null)::int as printed,
               count(*) filter (where status = 'voided')::int as voided, count(*)::int as total
        from stamp_codes where stamp_id = ${stampId}`,
  );
  const status = c.total > 0 && c.voided === c.total ? 'voided' : c.issued === 0 && c.printed > 0 ? 'printed' : 'issued';
  await resource('stamps').derive(db, sql`id = ${stampId}`, { printed_count: c.printed, voided_count: c.voided, status, updated_at: sql`now()` });
  return { ...c, status };
}

/** A run's layout with the spec's defaults where a value is missing. */
export function layoutOf(row: Record<string, unknown>): StampLayout {
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(STAMP_LAYOUT_DEFAULTS)) out[k] = row[k] ?? d;
  return out as StampLayout;
}

/** The stamp print data of spec §3, exactly. */
export function printDataOf(row: Record<string, unknown>, product: { id: number; name: string; product_group_id: number | null }): StampPrintData {
  return {
    id: Number(row.id),
    stamp: layoutOf(row),
    product: { id: product.id, name: product.name },
    packaging_date: row.packaging_date ? (iso(row.packaging_date) as string) : null,
    product_group: { id: product.product_group_id },
  };
}

/**
 * The job of a large run (kind 'issue-stamps'): the run row exists, status 'issuing', with its serial
 * range reserved by the request; the codes are written in batches of ISSUE_BATCH serials, each in
 * its own short transaction that first re-reads the run under its row lock (a run voided meanwhile
 * stops the job). A job taken again after its process stopped goes on after the last batch written
 * (batches commit in serial order). A job that fails voids what it wrote, so no half run stays usable.
 */
export async function issueRunJob(run: JobRun): Promise<JobResult> {
  const s = run.services;
  const id = Number(run.params.stamp_id);
  // the run as the owner may see it now (their scope is reloaded when the job starts)
  const stamp = await findOne(s.db, stampsDef, id, run.ctx);
  const page = `/admin/general/stamps/${id}/detail`;
  const done = (): JobResult => ({
    url: page,
    page: true,
    label: 'Xem đợt tem',
    stamp_id: id,
    quantity: Number(stamp.quantity),
    notice: `${stamp.name}: đã phát hành xong ${Number(stamp.quantity).toLocaleString('vi-VN')} tem, xem trong mục Đợt tem.`,
  });
  if (stamp.status === 'voided') throw new AppError(409, ISSUE_STOPPED);
  if (stamp.status !== 'issuing') return done();
  const from = Number(stamp.serial_from);
  const to = Number(stamp.serial_to);
  const total = to - from + 1;
  const [{ last }] = await exec<{ last: string | number | null }>(s.db, sql`select max(serial) as last from stamp_codes where stamp_id = ${id}`);
  let next = last == null ? from : Number(last) + 1;
  const stillIssuing = async (db: Db) => {
    const [r] = await exec<{ status: string }>(db, sql`select status from stamps where id = ${id} for update`);
    if (r?.status !== 'issuing') throw new AppError(409, ISSUE_STOPPED);
  };
  try {
    while (next <= to) {
      const n = Math.min(ISSUE_BATCH, to - next + 1);
      await s.db.transaction(async (db) => {
        await stillIssuing(db);
        await insertCodes(db, id, next, n);
      });
      next += n;
      await run.progress(next - from, total);
      await yieldToLoop();
    }
    await s.db.transaction(async (db) => {
      await stillIssuing(db);
      await refreshRun(db, id);
    });
    return done();
  } catch (err) {
    // the codes written so far are not a run anyone asked for: voided, and the run with them
    await s.db
      .transaction(async (db) => {
        await exec(db, sql`select id from stamps where id = ${id} for update`);
        await exec(db, sql`update stamp_codes set status = 'voided', voided_at = now() where stamp_id = ${id} and status <> 'voided'`);
        await refreshRun(db, id);
        await resource('stamps').derive(db, sql`id = ${id}`, { status: 'voided', updated_at: sql`now()` });
      })
      .catch((e) => s.log.error({ err: e, stamp: id }, 'stamp run not voided after a failed issue'));
    if (err instanceof AppError) throw err;
    s.log.error({ err, stamp: id }, 'stamp issue failed');
    throw new AppError(500, ISSUE_FAILED);
  }
}
