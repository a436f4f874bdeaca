import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type ReadConfig, sharedRead } from './shared-read';

/**
 * The one way the API runs SQL: `exec` (and its faster forms `execPrepared`, `execStatic`) on a `Db`,
 * which is the database opened by db/client.ts or a transaction of it (`db.transaction(async (tx) => …)`
 * gives a `Db`). Statements are drizzle's `sql` templates: values are always parameters.
 */
export type Db = PgDatabase<RowsResult, Record<string, never>>;

/** What both drivers answer for a statement (node-postgres' QueryResult, PGlite's Results): its rows. */
export interface RowsResult extends PgQueryResultHKT {
  type: Rows<this['row']>;
}
interface Rows<R> {
  rows: R[];
}

/**
 * `shared`: the statement is a plain read whose rows depend only on its text and parameters (no side
 * effect, no random value). On the PostgreSQL pool, identical reads still waiting for a connection run
 * once (db/shared-read.ts); on PGlite it is run without the write watch (db/write-clock.ts). Ignored in
 * a transaction.
 */
export interface ReadOptions {
  shared?: boolean;
}

export const SHARED: ReadOptions = { shared: true };

/** A statement run as a named prepared statement on PGlite, with the parsers the caller gives. */
export type PgliteRead = (text: string, params: unknown[], parsers: Record<number, (v: string) => unknown>) => Promise<unknown[]>;

/** What runs the statements of a database handle that is not a transaction. */
type Engine = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite; read: PgliteRead; prepared: PgliteRead };

const engines = new WeakMap<Db, Engine>();
const dialect = new PgDialect();

/** drizzle's node-postgres parsers: timestamps, dates, intervals and their arrays (and numeric[]) stay PostgreSQL's text. */
const asText = (v: string) => v;
const PG_TEXT_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const PG_TYPES = {
  getTypeParser: (id: number, format?: 'text' | 'binary') => (PG_TEXT_TYPES.has(id) ? asText : pg.types.getTypeParser(id, format)),
};
/** The same for PGlite (drizzle-orm/pglite's own parsers). */
const PGLITE_PARSERS: Record<number, (v: string) => unknown> = Object.fromEntries([...PG_TEXT_TYPES].map((id) => [id, asText]));

/** A database handle on a PostgreSQL pool. */
export function dbOnPool(pool: pg.Pool): Db {
  const db: Db = drizzlePg(pool);
  engines.set(db, { kind: 'postgres', pool });
  return db;
}

/**
 * A database handle on a PGlite instance, its statements watched for writes (db/write-clock.ts): `read`
 * runs declared plain reads past the watch, `prepared` the other fixed texts, both as named statements.
 */
export async function dbOnPglite(client: PGlite, watch: { read: PgliteRead; prepared: PgliteRead }): Promise<Db> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db: Db = drizzle(client);
  engines.set(db, { kind: 'pglite', client, read: watch.read, prepared: watch.prepared });
  return db;
}

/** The rows of one statement. */
export async function exec<T = Record<string, unknown>>(db: Db, q: SQL, o?: ReadOptions): Promise<T[]> {
  const e = engines.get(db);
  if (!e) return runInTransaction<T>(db, q);
  const query = dialect.sqlToQuery(q);
  return run<T>(e, { text: query.sql }, query.params, o, false);
}

/** A transaction's statement: drizzle runs it on the transaction's connection; both drivers answer `{ rows }`. */
async function runInTransaction<T>(db: Db, q: SQL): Promise<T[]> {
  return (await db.execute<T & Record<string, unknown>>(q)).rows;
}

/** `fixed`: a text of a bounded set (execPrepared, execStatic), named on PGlite too. */
async function run<T>(e: Engine, config: ReadConfig, params: unknown[], o: ReadOptions | undefined, fixed: boolean): Promise<T[]> {
  if (e.kind === 'pglite') {
    if (o?.shared) return (await e.read(config.text, params, PGLITE_PARSERS)) as T[];
    if (fixed) return (await e.prepared(config.text, params, PGLITE_PARSERS)) as T[];
    return (await e.client.query<T>(config.text, params, { parsers: PGLITE_PARSERS })).rows;
  }
  if (o?.shared) return (await sharedRead(e.pool, { ...config, types: PG_TYPES }, params)) as T[];
  return (await e.pool.query({ name: config.name, text: config.text, values: params, types: PG_TYPES } as pg.QueryConfig)).rows as T[];
}

/**
 * A statement's name is a digest of its text, the same in every pool and process: one name never
 * stands for two texts on a connection (node-postgres refuses that). A name already taken by another
 * text (a digest collision) leaves the text unnamed.
 */
const nameOfText = new Map<string, string>();
const textOfName = new Map<string, string>();
/**
 * The texts each pool runs named. Beyond MAX_STATEMENTS per pool, queries run unnamed: a named
 * statement lives on each of its connections. Per pool, not per process: a process with several apps
 * (the API test files share worker processes) gives each its own budget.
 */
const namedIn = new WeakMap<pg.Pool, Set<string>>();
export const MAX_STATEMENTS = 500;

function statementNameOf(pool: pg.Pool, text: string): string | undefined {
  let named = namedIn.get(pool);
  if (!named) namedIn.set(pool, (named = new Set()));
  if (!named.has(text)) {
    if (named.size >= MAX_STATEMENTS) return undefined;
    named.add(text);
  }
  let name = nameOfText.get(text);
  if (!name) {
    // 60 bits of SHA-1, written in decimal: nns_<digits>, under PostgreSQL's 63-byte identifiers
    name = `nns_${BigInt(`0x${createHash('sha1').update(text).digest('hex').slice(0, 15)}`)}`;
    const other = textOfName.get(name);
    if (other !== undefined && other !== text) return undefined;
    textOfName.set(name, text);
    nameOfText.set(text, name);
  }
  return name;
}

/**
 * Runs a query as a named prepared statement on the PostgreSQL pool: the server parses and plans its
 * text once per connection instead of per request. Only for queries of a bounded set of texts (the hot
 * list, cursor, read and reference queries: values as parameters, never embedded). In a transaction
 * and on PGlite it runs as `exec` does.
 */
export async function execPrepared<T = Record<string, unknown>>(db: Db, q: SQL, o?: ReadOptions): Promise<T[]> {
  const e = engines.get(db);
  if (!e) return runInTransaction<T>(db, q);
  const query = dialect.sqlToQuery(q);
  const name = e.kind === 'postgres' ? statementNameOf(e.pool, query.sql) : undefined;
  return run<T>(e, { name, text: query.sql }, query.params, o, true);
}

/** True for a pooled PostgreSQL handle (not a transaction): independent statements may run at once. PGlite runs one at a time. */
export function runsInParallel(db: Db): boolean {
  return engines.get(db)?.kind === 'postgres';
}

/** Statements whose whole text is fixed (values only as placeholders), per database handle and key. */
const staticQueries = new WeakMap<Db, Map<string, { config: ReadConfig; params: unknown[] }>>();

/**
 * A query whose text never changes for `key` (a resource's page 1 or read by id of a user who sees
 * every row): its text is built once per database handle and key (`v(name)` is a placeholder) and
 * each call only binds `values`; no SQL is assembled per call. Named (prepared) on PostgreSQL. In a
 * transaction it is built and run as `exec` runs it, `v(name)` being the value itself.
 */
export async function execStatic<T = Record<string, unknown>>(
  db: Db,
  key: string,
  build: (v: (name: string) => unknown) => SQL,
  values: Record<string, unknown> = {},
  o?: ReadOptions,
): Promise<T[]> {
  const e = engines.get(db);
  if (!e)
    return runInTransaction<T>(
      db,
      build((n) => values[n]),
    );
  let byKey = staticQueries.get(db);
  if (!byKey) staticQueries.set(db, (byKey = new Map()));
  let s = byKey.get(key);
  if (!s) {
    const query = dialect.sqlToQuery(build((n) => sql.placeholder(n)));
    s = { config: { name: e.kind === 'postgres' ? statementNameOf(e.pool, query.sql) : undefined, text: query.sql }, params: query.params };
    byKey.set(key, s);
  }
  return run<T>(e, s.config, fillPlaceholders(s.params, values), o, true);
}
