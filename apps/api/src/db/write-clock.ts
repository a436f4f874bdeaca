import type { PGlite, Transaction } from '@electric-sql/pglite';
import { pgliteReader } from './pglite-read';
import type { PgliteRead } from './sql';

/**
 * The write generation of an embedded database. `n` moves once a statement or transaction that wrote
 * has finished; `busy` counts those still running that may write (their outcome not yet known).
 */
export interface WriteClock {
  readonly n: number;
  readonly busy: number;
}

/**
 * The newest transaction id PostgreSQL has finished, plus one: it moves exactly when a transaction that
 * was given an id ends, and PostgreSQL gives one to every transaction that writes a row (whatever wrote
 * it: a statement, a function, a trigger) and to no read. So the engine itself says whether anything
 * was written, with no list of statements or functions to keep.
 */
const XMAX = 'select pg_snapshot_xmax(pg_current_snapshot())::text as x';

/**
 * Watches every statement the PGlite instance runs through its query, exec and transaction methods
 * (drizzle, the migrations, timers, scripts in the process) except the plain reads the app declares
 * (`read`, used by db/sql.ts for `{ shared: true }` statements). The process is the engine's only writer
 * (db/data-lock.ts): while a watched statement runs, `busy` holds (the answer cache keeps and serves
 * nothing), and when it ends, the engine's finished-transaction mark is read: if it moved, so does `n`.
 * A read that saw `n` unchanged and `busy` at 0 from start to end read the data as it still is:
 * core/answer-cache.ts keeps such answers until `n` moves. PostgreSQL has no such clock: other processes write.
 */
export async function watchWrites(client: PGlite): Promise<{ clock: WriteClock; read: PgliteRead; prepared: PgliteRead }> {
  const clock = { n: 0, busy: 0 };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  let last: string | null = null;
  /** Moves `n` when the engine finished a transaction that wrote since the last look; the first look only learns the mark. */
  const look = async () => {
    const [r] = (await exec(XMAX))[0].rows as { x: string }[];
    if (last !== null && r.x !== last) clock.n++;
    last = r.x;
  };
  /** After a watched statement: `n` moves if it wrote; a failed look counts as a write (the engine is closing). */
  const settle = async (failed: unknown) => {
    try {
      await look();
    } catch (err) {
      clock.n++;
      // the statement's own failure is the one reported; otherwise the look's
      if (failed === undefined) throw err;
    } finally {
      clock.busy--;
    }
  };
  const watched =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      clock.busy++;
      let result: R;
      try {
        result = await run(...args);
      } catch (err) {
        await settle(err ?? new Error('statement failed'));
        throw err;
      }
      await settle(undefined);
      return result;
    };
  client.query = watched(query) as PGlite['query'];
  client.exec = watched(exec) as PGlite['exec'];
  // transactions open (or waiting for the engine): a plain read waits for them to end
  let open = 0;
  let idle: { done: Promise<void>; end: () => void } | null = null;
  const watchedTransaction = watched(transaction as (cb: (tx: Transaction) => Promise<unknown>) => Promise<unknown>);
  client.transaction = (async (cb: (tx: Transaction) => Promise<unknown>) => {
    if (open++ === 0) {
      let end = () => {};
      idle = { done: new Promise<void>((r) => (end = r)), end };
    }
    try {
      return await watchedTransaction(cb);
    } finally {
      if (--open === 0) {
        idle?.end();
        idle = null;
      }
    }
  }) as PGlite['transaction'];
  const read: PgliteRead = pgliteReader(
    client,
    async (text, params, parsers) => (await query(text, params, { parsers })).rows,
    () => idle?.done ?? null,
  );
  // the mark before any watched statement, so that the first one that writes moves `n`
  await look();
  // the same named statements for texts the app has not declared plain reads: watched
  return { clock, read, prepared: watched(read) };
}
