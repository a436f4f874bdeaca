import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client';
import { installSessionNotify } from './session-notify';
import { exec } from './sql';
import { installWritesNotify } from './writes-notify';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const LOCK_KEY = 72610001;

/** The committed migrations, in order, with the tag (file name) of each. */
export function knownMigrations(dir = MIGRATIONS_DIR) {
  const files = readMigrationFiles({ migrationsFolder: dir });
  // the journal names each migration's file, in the same order as readMigrationFiles reads them
  const journal = (JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries;
  return files.map((m, i) => ({ ...m, tag: journal[i]?.tag ?? `#${i}` }));
}

/** A database made by a newer version: this code does not know some migration it holds. */
export class DowngradeRefused extends Error {
  constructor(public readonly unknown: { hash: string; tag: string | null }[]) {
    const names = unknown.map((u) => u.tag ?? `${u.hash.slice(0, 12)}…`).join(', ');
    super(
      `Cơ sở dữ liệu này đã được nâng cấp bởi một phiên bản mới hơn của hệ thống (có ${unknown.length} lần nâng cấp mà phiên bản này không biết: ${names}). ` +
        'Không thể chạy phiên bản cũ trên cơ sở dữ liệu mới hơn: hãy chạy phiên bản mới hơn, hoặc khôi phục một bản sao lưu tạo bởi phiên bản này vào một cơ sở dữ liệu trống. ' +
        'Không có gì bị thay đổi.',
    );
  }
}

export interface MigrateOptions {
  /** apply only the known migrations whose hash is in this list (a restore loads rows made at that level first) */
  only?: Set<string>;
}

type Tx = Database['db'];

/**
 * Applies, inside the caller's transaction, the committed migrations this database has not seen (all,
 * or those of `o.only`). Takes the advisory lock first, so two processes starting together migrate
 * once. A database holding a migration this code does not know (made by a newer version) is refused
 * before anything is written.
 */
export async function migrateIn(tx: Tx, o: MigrateOptions = {}): Promise<{ applied: number; fresh: boolean }> {
  const migrations = knownMigrations();
  await exec(tx, sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
  await exec(tx, sql`create extension if not exists pg_trgm`);
  await exec(
    tx,
    sql`create table if not exists app_migrations (hash text primary key, created_at bigint not null, applied_at timestamptz not null default now())`,
  );
  await exec(tx, sql`alter table app_migrations add column if not exists tag text`);
  const done = await exec<{ hash: string; tag: string | null }>(tx, sql`select hash, tag from app_migrations`);
  const seen = new Set(done.map((r) => r.hash));
  const known = new Set(migrations.map((m) => m.hash));
  const unknown = done.filter((r) => !known.has(r.hash));
  if (unknown.length) throw new DowngradeRefused(unknown);
  const fresh = seen.size === 0;
  let applied = 0;
  for (const m of migrations) {
    if (seen.has(m.hash)) {
      await exec(tx, sql`update app_migrations set tag = ${m.tag} where hash = ${m.hash} and tag is null`);
      continue;
    }
    if (o.only && !o.only.has(m.hash)) continue;
    for (const stmt of m.sql) if (stmt.trim()) await exec(tx, sql.raw(stmt));
    await exec(tx, sql`insert into app_migrations (hash, created_at, tag) values (${m.hash}, ${m.folderMillis}, ${m.tag})`);
    applied++;
  }
  // (a restore loading rows at an older level leaves the triggers to the forward migration: they name today's columns)
  if (!o.only) {
    await installSessionNotify(tx);
    await installWritesNotify(tx);
  }
  return { applied, fresh };
}

/**
 * Brings the database to this version in one transaction (a failure leaves it as it was), then runs
 * `after` in the same transaction. Returns whether the database was empty before (then the caller
 * seeds it).
 */
export async function migrate(database: Database, after?: (tx: Tx, fresh: boolean) => Promise<void>): Promise<{ applied: number; fresh: boolean }> {
  return database.db.transaction(async (tx) => {
    const r = await migrateIn(tx as unknown as Tx);
    if (after) await after(tx as unknown as Tx, r.fresh);
    return r;
  });
}
