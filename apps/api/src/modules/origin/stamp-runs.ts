import { STAMP_LAYOUT_DEFAULTS, type StampLayout, type StampPrintData } from '@nns/shared/traceability';
import { sql } from 'drizzle-orm';
import { exec, iso } from '../../core/resource-store';
import type { Db } from '../../db/client';

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
  await exec(db, sql`update stamps set printed_count = ${c.printed}, voided_count = ${c.voided}, status = ${status}, updated_at = now() where id = ${stampId}`);
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
