import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client';
import { installSessionNotify } from './session-notify';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const LOCK_KEY = 72610001;

/**
 * Applies the committed drizzle-kit migrations that this database has not seen, all in one
 * transaction under an advisory lock, so two processes starting together migrate once.
 * Returns whether the database was empty before (then the caller seeds it).
 */
export async function migrate(database: Database, after?: (tx: Database['db'], fresh: boolean) => Promise<void>): Promise<{ applied: number; fresh: boolean }> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(sql`create extension if not exists pg_trgm`);
    await tx.execute(
      sql`create table if not exists app_migrations (hash text primary key, created_at bigint not null, applied_at timestamptz not null default now())`,
    );
    const done = await tx.execute(sql`select hash from app_migrations`);
    const seen = new Set((done as unknown as { rows: { hash: string }[] }).rows.map((r) => r.hash));
    const fresh = seen.size === 0;
    let applied = 0;
    for (const m of migrations) {
      if (seen.has(m.hash)) continue;
      for (const stmt of m.sql) if (stmt.trim()) await tx.execute(sql.raw(stmt));
      await tx.execute(sql`insert into app_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`);
      applied++;
    }
    await installSessionNotify(tx as unknown as Database['db']);
    if (after) await after(tx as unknown as Database['db'], fresh);
    return { applied, fresh };
  });
}
