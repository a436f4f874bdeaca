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
/** Per pool: the reads still waiting for a connection, by statement and parameters. */
const waiting = new WeakMap<pg.Pool, Map<string, Promise<Rows>>>();

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
 * and never comes here). Each caller gets its own copy of the rows (callers add fields to them:
 * attachRefs); the values inside are shared and must not be changed.
 */
export async function sharedRead(pool: pg.Pool, config: ReadConfig, params: unknown[]): Promise<Rows> {
  if (unshared.has(pool)) return runRead(pool, config, params, null);
  let byKey = waiting.get(pool);
  if (!byKey) waiting.set(pool, (byKey = new Map()));
  const key = `${config.name ?? config.text}\u0000${JSON.stringify(params)}`;
  let pending = byKey.get(key);
  if (!pending) {
    pending = runRead(pool, config, params, () => {
      if (byKey.get(key) === pending) byKey.delete(key);
    });
    byKey.set(key, pending);
  }
  const rows = await pending;
  return rows.map((r) => ({ ...r }));
}

/** What pg.Pool#query does, with `sent()` called once the connection is ours, before the statement goes out. */
async function runRead(pool: pg.Pool, config: ReadConfig, params: unknown[], sent: (() => void) | null): Promise<Rows> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } finally {
    sent?.();
  }
  let released = false;
  const onError = (err: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  client.once('error', onError);
  try {
    const r = await client.query(config as pg.QueryConfig, params);
    return r.rows;
  } catch (err) {
    // as pg.Pool#query: a client whose statement failed is not given out again
    if (!released) {
      released = true;
      client.release(err as Error);
    }
    throw err;
  } finally {
    client.removeListener('error', onError);
    if (!released) {
      released = true;
      client.release();
    }
  }
}
