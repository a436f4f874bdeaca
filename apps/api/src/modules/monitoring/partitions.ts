import { sql } from 'drizzle-orm';
import { exec } from '../../core/resource-store';
import type { Database } from '../../db/client';

/**
 * Month partitions of monitoring_readings (declarative partitioning, migration 0007). Each month's
 * table is made ahead by the server (this month and the next two, at start and daily) and on demand
 * for a late reading of an older month; those wholly older than the retention are dropped.
 */
const made = new WeakMap<Database, Set<string>>();

export const monthKey = (d: Date) => `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m, 1)).toISOString();

export async function ensurePartitions(database: Database, dates: Iterable<Date>) {
  let seen = made.get(database);
  if (!seen) made.set(database, (seen = new Set()));
  const todo = new Map<string, Date>();
  for (const d of dates) {
    const k = monthKey(d);
    if (!seen.has(k)) todo.set(k, d);
  }
  for (const [k, d] of todo) {
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    // several processes may make the same month at once: one at a time, under a transaction lock
    await database.db.transaction(async (tx) => {
      await exec(tx, sql`select pg_advisory_xact_lock(hashtext('monitoring_readings_partitions'))`);
      await exec(
        tx,
        sql.raw(
          `create table if not exists monitoring_readings_p${k} partition of monitoring_readings for values from ('${monthStart(y, m)}') to ('${monthStart(y, m + 1)}')`,
        ),
      );
    });
    seen.add(k);
  }
}

/** This month and the next two. */
export function ensureAhead(database: Database, now = new Date()) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return ensurePartitions(
    database,
    [0, 1, 2].map((i) => new Date(Date.UTC(y, m + i, 1))),
  );
}

/** Drops the month partitions that end before `months` months ago; answers their names. */
export async function dropExpired(database: Database, months: number, now = new Date()): Promise<string[]> {
  const limit = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)));
  const rows = await exec<{ name: string }>(
    database.db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'monitoring_readings'::regclass`,
  );
  const dropped: string[] = [];
  for (const { name } of rows) {
    const k = /^monitoring_readings_p(\d{6})$/.exec(name)?.[1];
    if (!k || k >= limit) continue;
    await exec(database.db, sql.raw(`drop table if exists ${name}`));
    made.get(database)?.delete(k);
    dropped.push(name);
  }
  return dropped;
}
