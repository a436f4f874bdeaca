import type pg from 'pg';

/** A statement as node-postgres takes it: a name (a prepared statement) or none, its text and the type parsers. */
export interface ReadConfig {
  name?: string;
  text: string;
  types?: unknown;
}

type Rows = Record<string, unknown>[];

/** Pools whose reads are not shared (DATABASE_SHARED_READS=no, DbOptions.sharedReads false). */
const unshared = new WeakSet<pg.Pool>();

/** A read waiting for a connection (or running), and how many callers still have to take its rows. */
interface Pending {
  rows: Promise<Rows>;
  takers: number;
}
/** Per pool: the reads still waiting for a connection, by statement and parameters. */
const waiting = new WeakMap<pg.Pool, Map<string, Pending>>();

export function setSharedReads(pool: pg.Pool, on: boolean) {
  if (on) unshared.delete(pool);
  else unshared.add(pool);
}

/**
 * One plain read on the pool, run once for every identical read (same text, same parameters) that asks
 * while it still waits for a free connection: when 50 requests want page 1 of the same list at once
 * and the pool has 6 connections, PostgreSQL answers it a few times instead of 50.
 *
 * Still linearizable: a read joins only a statement that has not been sent yet (the entry leaves the
 * map the moment the pool hands out a connection, before the statement goes), so PostgreSQL takes the
 * snapshot after every joiner arrived, and each sees every write committed before it asked, as if it
 * had run alone. Only for statements whose rows depend on nothing but their text and parameters: plain
 * SELECTs without side effects or random values, on the pool (a transaction has its own connection
 * and never comes here). Each caller gets its own row objects (callers add fields to them: attachRefs;
 * the last caller to take them gets the originals, the others copies); the values inside are shared
 * and must not be changed.
 */
export async function sharedRead(pool: pg.Pool, config: ReadConfig, params: unknown[]): Promise<Rows> {
  if (unshared.has(pool)) return runRead(pool, config, params, null);
  let byKey = waiting.get(pool);
  if (!byKey) waiting.set(pool, (byKey = new Map()));
  const key = `${config.name ?? config.text}\u0000${JSON.stringify(params)}`;
  let pending = byKey.get(key);
  if (pending) pending.takers++;
  else {
    const mine: Pending = {
      rows: runRead(pool, config, params, () => {
        if (byKey.get(key) === mine) byKey.delete(key);
      }),
      takers: 1,
    };
    pending = mine;
    byKey.set(key, mine);
  }
  const rows = await pending.rows;
  // no caller joins once the statement is sent, so `takers` is final by the time the rows are here
  return --pending.takers === 0 ? rows : rows.map((r) => ({ ...r }));
}

/** Type parsers by type id and format, asked of `types` once each (node-postgres asks for every column of every answer). */
function memoTypes(types: unknown): unknown {
  const inner = types as { getTypeParser(id: number, format?: string): unknown } | undefined;
  if (!inner) return undefined;
  let memo = memos.get(inner);
  if (!memo) {
    const parsers = new Map<string, unknown>();
    memo = {
      getTypeParser(id: number, format = 'text') {
        const k = `${id}${format}`;
        let p = parsers.get(k);
        if (p === undefined) parsers.set(k, (p = inner.getTypeParser(id, format)));
        return p;
      },
    };
    memos.set(inner, memo);
  }
  return memo;
}
const memos = new WeakMap<object, { getTypeParser(id: number, format?: string): unknown }>();

/**
 * What pg.Pool#query does, with `sent()` called once the connection is ours, before the statement goes
 * out. The pool's clients keep an 'error' listener for life (db/client.ts), and a query on a client
 * that fails rejects, so none is added per read.
 */
async function runRead(pool: pg.Pool, config: ReadConfig, params: unknown[], sent: (() => void) | null): Promise<Rows> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } finally {
    sent?.();
  }
  let rows: Rows;
  try {
    rows = (await client.query({ name: config.name, text: config.text, types: memoTypes(config.types) } as pg.QueryConfig, params)).rows;
  } catch (err) {
    // as pg.Pool#query: a client whose statement failed is not given out again
    client.release(err as Error);
    throw err;
  }
  client.release();
  return rows;
}
