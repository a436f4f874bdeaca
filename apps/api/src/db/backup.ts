import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { isTransientKey, localStorage, type Storage } from '../lib/storage';
import type { Database, Db } from './client';
import { knownMigrations, migrateIn } from './migrate';
import { exec } from './sql';

/**
 * Backup and restore made by the app itself, the same on PGlite and PostgreSQL (no pg_dump): one
 * .tar.gz holding manifest.json (format, migrations applied, tables with their columns and row
 * counts), db/<table>.jsonl (each row as row_to_json, read in one snapshot) and uploads/<key> (the
 * files of the configured store, local or S3, but the short-lived exports). Rows travel as the
 * server's own JSON text and are turned back into rows by the server (json_populate_recordset), so
 * no value passes through JavaScript numbers or dates.
 */
export const BACKUP_FORMAT = 'nns-backup';
const FETCH = 5000;
const INSERT_BATCH = 2000;

export interface TableInfo {
  name: string;
  columns: string[];
  rows: number;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  created_at: string;
  engine: Database['kind'];
  migrations: string[];
  tables: TableInfo[];
  /** partitions of partitioned tables (monitoring readings by month): made again before the rows load; their rows travel with the parent */
  partitions?: { name: string; parent: string; bound: string }[];
  files: number;
}

const ident = (n: string) => sql.identifier(n);

/** Tables of the public schema, parents before children (foreign keys), with their writable columns. */
async function tablesOf(db: Db): Promise<{ name: string; columns: string[] }[]> {
  const cols = await exec<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      -- a partition's rows are read (and loaded) through its partitioned table (scans by month)
      and not exists (select 1 from pg_class pc join pg_namespace pn on pn.oid = pc.relnamespace
        where pn.nspname = 'public' and pc.relname = c.table_name and pc.relispartition)
    order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of cols) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const fks = await exec<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unq = (s: string) => s.replace(/^"|"$/g, '');
  const parents = new Map<string, Set<string>>();
  for (const f of fks) if (unq(f.child) !== unq(f.parent)) parents.set(unq(f.child), new Set([...(parents.get(unq(f.child)) ?? []), unq(f.parent)]));
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    for (const p of parents.get(t) ?? []) if (byTable.has(p)) visit(p);
    order.push(t);
  };
  for (const t of [...byTable.keys()].sort()) visit(t);
  return order.map((name) => ({ name, columns: byTable.get(name) as string[] }));
}

/** Partitions of the public schema's partitioned tables, with their bounds as SQL. */
async function partitionsOf(db: Db) {
  return exec<{ name: string; parent: string; bound: string }>(
    db,
    sql`select c.relname as name, p.relname as parent, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_class c join pg_inherits i on i.inhrelid = c.oid join pg_class p on p.oid = i.inhparent
    where c.relispartition and c.relkind = 'r' and c.relnamespace = 'public'::regnamespace order by 1`,
  );
}

function listFiles(root: string, rel = ''): string[] {
  const dir = path.join(root, rel);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const r = path.join(rel, e.name);
    if (e.isDirectory()) return listFiles(root, r);
    return e.isFile() ? [r.split(path.sep).join('/')] : [];
  });
}

/** A store, or a folder taken as a local store (the uploads folder of a DATA_DIR). */
type Store = Storage | string;
const storeOf = (s: Store): Storage => (typeof s === 'string' ? localStorage(s) : s);

/** The store's lasting files (exports live an hour and are left out). */
async function* storedFiles(storage: Storage): AsyncGenerator<string> {
  for await (const key of storage.list('')) if (!isTransientKey(key)) yield key;
}

/** Writes one .tar.gz holding every table's rows (one consistent snapshot) and the store's files. */
export async function backupTo(database: Database, store: Store, file: string): Promise<Manifest> {
  const storage = storeOf(store);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const stage = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.nns-backup-'));
  try {
    fs.mkdirSync(path.join(stage, 'db'));
    const manifest = await database.db.transaction(async (db) => {
      // one snapshot for all tables; read only
      await exec(db, sql`set transaction isolation level repeatable read, read only`);
      const migrations = (await exec<{ hash: string }>(db, sql`select hash from app_migrations order by created_at, hash`)).map((r) => r.hash);
      const tables: TableInfo[] = [];
      for (const t of await tablesOf(db)) {
        if (t.name === 'app_migrations') continue; // the migration state is in the manifest
        const fd = fs.openSync(path.join(stage, 'db', `${t.name}.jsonl`), 'w');
        let rows = 0;
        try {
          await exec(db, sql`declare nns_backup no scroll cursor for select row_to_json(t)::text as j from ${ident(t.name)} t`);
          for (;;) {
            const batch = await exec<{ j: string }>(db, sql.raw(`fetch ${FETCH} from nns_backup`));
            if (!batch.length) break;
            fs.writeSync(fd, `${batch.map((r) => r.j).join('\n')}\n`);
            rows += batch.length;
          }
          await exec(db, sql`close nns_backup`);
        } finally {
          fs.closeSync(fd);
        }
        tables.push({ ...t, rows });
      }
      const partitions = await partitionsOf(db);
      return {
        format: BACKUP_FORMAT,
        version: 1,
        created_at: new Date().toISOString(),
        engine: database.kind,
        migrations,
        tables,
        partitions,
        files: 0,
      } as Manifest;
    });
    // the store's files (after the rows: a file uploaded meanwhile is extra, never missing): from a
    // local store hard links into the staging folder (no copy), from S3 downloads
    let files = 0;
    for await (const key of storedFiles(storage)) {
      if (await storage.getFile(key, path.join(stage, 'uploads', ...key.split('/')))) files++;
    }
    manifest.files = files;
    fs.writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', 'db', ...(files ? ['uploads'] : [])];
    const tmp = `${file}.partial`;
    // a backup holds every password hash and session: readable by its owner only, from its first byte
    fs.closeSync(fs.openSync(tmp, 'w', 0o600));
    fs.chmodSync(tmp, 0o600);
    await tar.c({ gzip: true, file: tmp, cwd: stage, portable: true }, entries);
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, file);
    return manifest;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {}

/** Why this target cannot take a restore (it must be empty), or null. */
export async function notEmptyReason(database: Database, store: Store): Promise<string | null> {
  const storage = storeOf(store);
  const [{ n }] = await exec<{ n: number }>(database.db, sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
  if (n > 0) {
    return database.kind === 'postgres'
      ? `cơ sở dữ liệu PostgreSQL đích không trống (đã có ${n} bảng). Hãy tạo một cơ sở dữ liệu mới (createdb) và đặt DATABASE_URL tới nó.`
      : `cơ sở dữ liệu nhúng trong DATA_DIR không trống (đã có ${n} bảng). Hãy dùng một DATA_DIR trống.`;
  }
  for await (const _ of storedFiles(storage)) {
    return storage.kind === 'file'
      ? `${storage.description} không trống. Hãy dùng một DATA_DIR trống.`
      : `nơi lưu tệp ${storage.description} không trống. Hãy dùng một bucket hoặc tiền tố (STORAGE_URL) trống.`;
  }
  return null;
}

export interface RestoreResult {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
}

/**
 * Brings a backup back into an EMPTY database and file store (local or S3): runs the migrations, loads every
 * table's rows (parents first), ends every session and reset link, and resets sequences and identity
 * columns, all in the migration's one transaction (a failure leaves the database empty), then restores
 * the files.
 */
export async function restoreFrom(database: Database, store: Store, file: string, o: { forward?: boolean; tmp?: string } = {}): Promise<RestoreResult> {
  const storage = storeOf(store);
  if (!fs.existsSync(file)) throw new RestoreRefused(`không tìm thấy tệp sao lưu ${file}`);
  const reason = await notEmptyReason(database, storage);
  if (reason) throw new RestoreRefused(reason);
  const tmp = o.tmp ?? os.tmpdir();
  fs.mkdirSync(tmp, { recursive: true });
  const stage = fs.mkdtempSync(path.join(tmp, '.nns-restore-'));
  try {
    await tar.x({ file, cwd: stage, strict: true });
    const mf = path.join(stage, 'manifest.json');
    const manifest = fs.existsSync(mf) ? (JSON.parse(fs.readFileSync(mf, 'utf8')) as Manifest) : null;
    if (manifest?.format !== BACKUP_FORMAT) throw new RestoreRefused(`${file} không phải là bản sao lưu của hệ thống này`);
    const known = new Set(knownMigrations().map((m) => m.hash));
    if (manifest.migrations.some((h) => !known.has(h))) {
      throw new RestoreRefused(
        'bản sao lưu được tạo bởi một phiên bản mới hơn của hệ thống (có lần nâng cấp cơ sở dữ liệu mà phiên bản này không biết). Hãy cập nhật phần mềm rồi khôi phục lại.',
      );
    }
    let rows = 0;
    // rows are loaded into the schema they were made with, then migrated forward with the database,
    // so a migration that moves data (a backfill, a repair) also moves the restored rows
    await database.db.transaction(async (tx) => {
      await migrateIn(tx, { only: new Set(manifest.migrations) });
      // references cross in both directions (created_by → users, users → roles → users) and within a
      // table: the foreign keys are set aside while the rows load and put back (and so checked) after
      const fks = await exec<{ tbl: string; name: string; def: string }>(
        tx,
        sql`select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = current_schema() and c.conparentid = 0`,
      );
      for (const f of fks) await exec(tx, sql`alter table ${sql.raw(f.tbl)} drop constraint ${ident(f.name)}`);
      // triggers that keep roll-ups (scans → scan_daily) stand aside: the roll-ups are restored as they were
      await exec(tx, sql`select set_config('nns.restoring', 'on', true)`);
      // the partitions the rows were in (their foreign keys come with the parent's, put back below)
      for (const p of manifest.partitions ?? []) {
        // the bound is SQL text from the file: only DEFAULT or a plain range of quoted constants passes
        if (!/^(DEFAULT|FOR VALUES FROM \('[^';]*'\) TO \('[^';]*'\))$/.test(p.bound))
          throw new RestoreRefused(`phân vùng ${p.name} trong bản sao lưu không hợp lệ`);
        await exec(tx, sql`create table if not exists ${ident(p.name)} partition of ${ident(p.parent)} ${sql.raw(p.bound)}`);
      }
      const current = new Map((await tablesOf(tx)).map((t) => [t.name, new Set(t.columns)]));
      for (const t of manifest.tables) {
        const have = current.get(t.name);
        if (!have) throw new RestoreRefused(`bảng ${t.name} trong bản sao lưu không có trong phiên bản này`);
        const cols = t.columns.filter((c) => have.has(c));
        const list = sql.join(cols.map(ident), sql`, `);
        const insert = (json: string) =>
          exec(
            tx,
            sql`insert into ${ident(t.name)} (${list}) overriding system value
          select ${list} from json_populate_recordset(null::${ident(t.name)}, ${json}::json)`,
          );
        // rows a migration seeded (the national wastewater limits of 0012) are in the backup as the users left them
        await exec(tx, sql`delete from ${ident(t.name)}`);
        const lines = readline.createInterface({ input: fs.createReadStream(path.join(stage, 'db', `${t.name}.jsonl`)), crlfDelay: Infinity });
        let batch: string[] = [];
        for await (const line of lines) {
          if (!line) continue;
          batch.push(line);
          if (batch.length >= INSERT_BATCH) {
            await insert(`[${batch.join(',')}]`);
            rows += batch.length;
            batch = [];
          }
        }
        if (batch.length) await insert(`[${batch.join(',')}]`);
        rows += batch.length;
      }
      for (const f of fks) await exec(tx, sql`alter table ${sql.raw(f.tbl)} add constraint ${ident(f.name)} ${sql.raw(f.def)}`);
      // the backup's sessions and reset links were handed out by the server it came from (which may still
      // run, or have leaked them): a restored system starts with none, everyone signs in again
      await exec(tx, sql`update sessions set revoked_at = now() where revoked_at is null`);
      await exec(tx, sql`update password_resets set used_at = now() where used_at is null`);
      // serial and identity columns continue after the restored rows
      const seqs = await exec<{ t: string; c: string; seq: string }>(
        tx,
        sql`select table_name as t, column_name as c,
          pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
        from information_schema.columns where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`,
      );
      for (const s of seqs) {
        if (!s.seq) continue;
        await exec(tx, sql`select setval(${s.seq}::regclass, coalesce((select max(${ident(s.c)}) from ${ident(s.t)}), 0) + 1, false)`);
      }
      // (forward: false leaves the database as the backup's version made it: the upgrade test starts there)
      if (o.forward !== false) await migrateIn(tx);
    });
    const src = path.join(stage, 'uploads');
    const files = listFiles(src);
    for (const key of files) await storage.putFile(key, path.join(src, ...key.split('/')));
    return { manifest, tables: manifest.tables.length, rows, files: files.length };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
