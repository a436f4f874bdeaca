import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec, execPrepared, execStatic } from '../src/core/resource-store';
import { openDatabase } from '../src/db/client';
import { setSharedReads, sharedRead } from '../src/db/shared-read';
import { dbOnPool } from '../src/db/sql';
import { tempPgDatabase } from './pg-temp';

// issue 11: identical reads waiting for a pooled connection run once (db/shared-read.ts), and never at
// the cost of a stale answer. A sequence stands in for "how many times PostgreSQL ran it": a read that
// moves one is not one the app would share, which is exactly why it shows each run here.

const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('shared reads on the PostgreSQL pool', () => {
  let temp: Awaited<ReturnType<typeof tempPgDatabase>>;
  let admin: pg.Client;
  beforeAll(async () => {
    temp = await tempPgDatabase(PG, 'shared');
    admin = new pg.Client({ connectionString: temp.url });
    await admin.connect();
    await admin.query('create sequence runs; create table t (id int primary key, v int not null); insert into t values (1, 1)');
  });
  afterAll(async () => {
    await admin?.end();
    await temp?.drop();
  });

  /** A pool of one connection, held by the test until `free()`: every read meanwhile waits for it. */
  async function heldPool() {
    const pool = new pg.Pool({ connectionString: temp.url, max: 1 });
    const held = await pool.connect();
    return { pool, db: dbOnPool(pool), free: () => held.release() };
  }

  const counted = sql`select nextval('runs')::int as run, v from t where id = 1`;

  it('identical reads that wait for a connection run once, and each caller gets its own rows', async () => {
    const { pool, db, free } = await heldPool();
    try {
      const reads = Array.from({ length: 5 }, () => execPrepared<{ run: number; v: number }>(db, counted, { shared: true }));
      const other = execPrepared<{ run: number; v: number }>(db, sql`select nextval('runs')::int as run, v + ${1} as v from t where id = 1`, { shared: true });
      free();
      const rows = await Promise.all(reads);
      expect(new Set(rows.map((r) => r[0].run)).size).toBe(1);
      expect(rows.every((r) => r[0].v === 1)).toBe(true);
      // each its own objects: one caller adding a field (attachRefs does) changes nobody else's
      (rows[0][0] as Record<string, unknown>).extra = 'mine';
      expect(rows[1][0]).not.toHaveProperty('extra');
      expect(rows[0][0]).not.toBe(rows[1][0]);
      // another text (or other parameters) is another statement
      const [o] = await other;
      expect(o.run).not.toBe(rows[0][0].run);
      expect(o.v).toBe(2);
    } finally {
      await pool.end();
    }
  });

  it('a read never joins a statement already sent: it sees what was committed before it asked', async () => {
    const pool = new pg.Pool({ connectionString: temp.url, max: 1 });
    try {
      const db = dbOnPool(pool);
      const slow = sql`select nextval('runs')::int as run, v, pg_sleep(0.4) is not null as slept from t where id = ${1}`;
      const first = execPrepared<{ run: number; v: number }>(db, slow, { shared: true });
      await new Promise((r) => setTimeout(r, 100)); // the first has its connection: sent
      await admin.query('update t set v = 2 where id = 1');
      const second = execPrepared<{ run: number; v: number }>(db, slow, { shared: true });
      const [[a], [b]] = await Promise.all([first, second]);
      expect(a.v).toBe(1);
      expect(b.v).toBe(2);
      expect(b.run).not.toBe(a.run);
    } finally {
      await admin.query('update t set v = 1 where id = 1');
      await pool.end();
    }
  });

  it('exec and execStatic share the same way, with the rows exec answers (same type parsers)', async () => {
    const { pool, db, free } = await heldPool();
    try {
      const q = sql`select nextval('runs')::int as run, ${'2026-11-22 03:28:58.5+00'}::timestamptz as t, ${'{1,2}'}::int[] as a`;
      const build = (v: (name: string) => unknown) => sql`select nextval('runs')::int as run, ${v('n')}::int * 2 as n`;
      const plain = [
        exec<{ run: number; t: string; a: number[] }>(db, q, { shared: true }),
        exec<{ run: number; t: string; a: number[] }>(db, q, { shared: true }),
      ];
      const fixed = [
        execStatic<{ run: number; n: number }>(db, 'shared|double', build, { n: 2 }, { shared: true }),
        execStatic<{ run: number; n: number }>(db, 'shared|double', build, { n: 2 }, { shared: true }),
      ];
      const otherValue = execStatic<{ run: number; n: number }>(db, 'shared|double', build, { n: 3 }, { shared: true });
      free();
      const [[p1], [p2]] = await Promise.all(plain);
      expect(p1.run).toBe(p2.run);
      const [unshared] = await exec<Record<string, unknown>>(db, q);
      expect(Object.keys(p1)).toEqual(Object.keys(unshared));
      expect(p1).toMatchObject({ t: unshared.t, a: [1, 2] });
      expect(typeof p1.t).toBe('string');
      const [[f1], [f2]] = await Promise.all(fixed);
      expect(f1).toEqual(f2);
      expect(f1.n).toBe(4);
      const [o] = await otherValue;
      expect(o.n).toBe(6);
      expect(o.run).not.toBe(f1.run);
    } finally {
      await pool.end();
    }
  });

  it('without { shared }, in a transaction, or with sharing off, each read runs on its own', async () => {
    const { pool, db, free } = await heldPool();
    try {
      const unasked = [execPrepared<{ run: number }>(db, counted), execPrepared<{ run: number }>(db, counted)];
      setSharedReads(pool, false);
      const off = [execPrepared<{ run: number }>(db, counted, { shared: true }), execPrepared<{ run: number }>(db, counted, { shared: true })];
      free();
      const runs = (await Promise.all([...unasked, ...off])).map((r) => r[0].run);
      expect(new Set(runs).size).toBe(4);
      setSharedReads(pool, true);
      const inTx = await db.transaction(async (tx) => {
        const [a, b] = await Promise.all([
          execPrepared<{ run: number }>(tx, counted, { shared: true }),
          execPrepared<{ run: number }>(tx, counted, { shared: true }),
        ]);
        return [a[0].run, b[0].run];
      });
      expect(inTx[0]).not.toBe(inTx[1]);
    } finally {
      await pool.end();
    }
  });

  it('a failed read fails every caller that shared it, and the pool goes on', async () => {
    const { pool, free } = await heldPool();
    try {
      const bad = { text: 'select 1 / (v - 1) as n from t where id = $1' };
      const reads = [sharedRead(pool, bad, [1]), sharedRead(pool, bad, [1])];
      free();
      const results = await Promise.allSettled(reads);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
      expect(await sharedRead(pool, { text: 'select v from t where id = $1' }, [1])).toEqual([{ v: 1 }]);
      expect(pool.totalCount).toBeLessThanOrEqual(1);
    } finally {
      await pool.end();
    }
  });

  it("a connection ended under a shared read fails that read only; the app's pool goes on", async () => {
    const database = await openDatabase({ url: temp.url, poolSize: 1 });
    try {
      const pool = database.pool as pg.Pool;
      // its outcome is taken at once: the read may fail before pg_terminate_backend itself answers, and a
      // rejection nobody has taken yet is an unhandled one
      const slow = sharedRead(pool, { text: 'select pg_sleep(5) is not null as slept, $1::int as n' }, [7]).then(
        () => null,
        (err: unknown) => err,
      );
      let pid: number | undefined;
      for (let i = 0; i < 50 && !pid; i++) {
        await new Promise((r) => setTimeout(r, 50));
        pid = (await admin.query("select pid from pg_stat_activity where query like 'select pg_sleep(5)%' and state = 'active'")).rows[0]?.pid;
      }
      expect(pid).toBeTruthy();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const failure = await slow;
      expect(failure).toBeInstanceOf(Error);
      expect((failure as { code?: string }).code).toBe('57P01');
      expect(await sharedRead(pool, { text: 'select v from t where id = $1' }, [1])).toEqual([{ v: 1 }]);
    } finally {
      await database.close();
    }
  });
});
