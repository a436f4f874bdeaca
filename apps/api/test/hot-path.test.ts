import { resources } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { col } from '../src/core/resource-query';
import { iso, selectColumns, selectList } from '../src/core/resource-store';
import { dbOnPglite, dbOnPool, exec, execPrepared, execStatic, MAX_STATEMENTS } from '../src/db/sql';
import { watchWrites } from '../src/db/write-clock';

// issue 11: work moved out of the hot path must give the same answers as the work it replaced

describe('selectList: built once per resource', () => {
  it('is the same SQL as the identifiers joined one by one, for every resource', () => {
    const dialect = new PgDialect();
    for (const def of resources) {
      const joined = sql.join(
        selectColumns(def).map((n) => col(n)),
        sql`, `,
      );
      const a = dialect.sqlToQuery(sql`select ${selectList(def)} from ${col(def.table)} where id = ${1}`);
      const b = dialect.sqlToQuery(sql`select ${joined} from ${col(def.table)} where id = ${1}`);
      expect(a).toEqual(b);
      expect(selectList(def)).toBe(selectList(def));
      expect(a.sql).not.toContain('search_text');
    }
  });
});

describe('iso: timestamps as ISO 8601 UTC', () => {
  it("rewrites PostgreSQL's UTC text form exactly as a Date would", () => {
    const samples = [
      '2026-11-22 03:28:58+00',
      '2026-11-22 03:28:58.1+00',
      '2026-11-22 03:28:58.12+00',
      '2026-11-22 03:28:58.123+00',
      '2026-11-22 03:28:58.123456+00',
      '2026-11-22 03:28:58.999999+00',
      '2000-02-29 23:59:59.5+00',
      '1970-01-01 00:00:00+00',
    ];
    for (const s of samples) expect(iso(s)).toBe(new Date(`${s.replace(' ', 'T')}:00`).toISOString());
    expect(iso('2026-11-22 03:28:58.123456+00')).toBe('2026-11-22T03:28:58.123Z');
  });

  it('other offsets, Dates and other values still go through Date or pass unchanged', () => {
    expect(iso('2026-11-22 10:28:58+07')).toBe('2026-11-22T03:28:58.000Z');
    expect(iso('2026-11-22T03:28:58Z')).toBe('2026-11-22T03:28:58.000Z');
    expect(iso(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(iso('not a date')).toBe('not a date');
    expect(iso(null)).toBe(null);
    expect(iso('0099-01-01 00:00:00+00 BC')).toBe('0099-01-01 00:00:00+00 BC');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('execPrepared: named prepared statements on PostgreSQL', () => {
  it('prepares a text once per connection and answers the rows exec answers (same type parsers)', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    try {
      const db = dbOnPool(pool);
      const q = (n: number) => sql`select ${n}::int as n, ${'2026-11-22 03:28:58.5+00'}::timestamptz as t, ${'{1,2}'}::int[] as a, ${'x'}::text as s`;
      const a = await execPrepared(db, q(1));
      const b = await execPrepared(db, q(2));
      expect(a).toEqual(await exec(db, q(1)));
      expect(b).toEqual(await exec(db, q(2)));
      expect(a[0]).toMatchObject({ n: 1, a: [1, 2], s: 'x' });
      expect(typeof a[0].t).toBe('string');
      const text = new PgDialect().sqlToQuery(q(0)).sql;
      const prepared = (await pool.query('select name, statement from pg_prepared_statements')).rows;
      const mine = prepared.filter((r) => r.statement === text);
      expect(mine).toHaveLength(1);
      expect(mine[0].name).toMatch(/^nns_\d+$/);
    } finally {
      await pool.end();
    }
  });

  it('execStatic builds a fixed text once per key and binds only its values', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    try {
      const db = dbOnPool(pool);
      let built = 0;
      const build = (v: (name: string) => unknown) => {
        built++;
        return sql`select ${v('n')}::int * 2 as n, ${v('s')}::text as s`;
      };
      expect(await execStatic(db, 'test|double', build, { n: 2, s: 'a' })).toEqual([{ n: 4, s: 'a' }]);
      expect(await execStatic(db, 'test|double', build, { n: 21, s: 'b' })).toEqual([{ n: 42, s: 'b' }]);
      expect(built).toBe(1);
      expect(
        await exec(
          db,
          build((n) => ({ n: 21, s: 'b' })[n]),
        ),
      ).toEqual([{ n: 42, s: 'b' }]);
    } finally {
      await pool.end();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('statement names on PostgreSQL: a budget per pool, a name per text', () => {
  const named = async (pool: pg.Pool) => Number((await pool.query(`select count(*) from pg_prepared_statements where name like 'nns\\_%'`)).rows[0].count);

  it('a pool past MAX_STATEMENTS texts runs the next ones unnamed, and another pool still names its own', async () => {
    // two apps in one process (the API test files share worker processes): one filling its budget
    // must not leave the other unprepared, as a process-wide count once did
    const full = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    const fresh = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    try {
      const db = dbOnPool(full);
      const tag = Date.now().toString(36);
      for (let i = 0; i <= MAX_STATEMENTS; i++) await execPrepared(db, sql.raw(`select ${i} as n, '${tag}' as t`));
      expect(await named(full)).toBe(MAX_STATEMENTS);
      const [past] = await execPrepared<{ n: number }>(db, sql`select ${7}::int as n`);
      expect(past.n).toBe(7);
      expect(await named(full)).toBe(MAX_STATEMENTS);

      const q = sql`select ${'x'}::text || ${tag}::text as s`;
      await execPrepared(dbOnPool(fresh), q);
      expect(await named(fresh)).toBe(1);
      // the same text has the same name in both pools, so a connection never sees one name for two texts
      await execPrepared(db, q);
      const text = new PgDialect().sqlToQuery(q).sql;
      const a = (await fresh.query('select name from pg_prepared_statements where statement = $1', [text])).rows;
      expect(a).toHaveLength(1);
      expect(a[0].name).toMatch(/^nns_\d+$/);
    } finally {
      await full.end();
      await fresh.end();
    }
  });
});

describe('execStatic on PGlite: a named prepared statement through its wire protocol, values as parameters', () => {
  it('answers the rows exec answers, with values as parameters (quotes, backslashes, SQL in a value), timestamps as text', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pl = await PGlite.create('memory://', { parsers: { 20: (v: string) => Number(v) } });
    try {
      const db = await dbOnPglite(pl, await watchWrites(pl));
      let built = 0;
      const build = (v: (name: string) => unknown) => {
        built++;
        return sql`select ${v('n')}::int * 2 as n, ${v('s')}::text as s, ${'2026-11-22 03:28:58.5+00'}::timestamptz as t, 5::bigint as b, ${'{2026-11-22 03:28:58+00}'}::timestamptz[] as ts`;
      };
      const values = [
        { n: 2, s: "O'Brien; -- x" },
        { n: 21, s: "a\\b \\' c" },
        { n: -3, s: 'Đường phèn' },
      ];
      for (const v of values) {
        const a = await execStatic(db, 'test|pglite', build, v);
        expect(a).toEqual(
          await exec(
            db,
            build((n) => v[n as 'n' | 's']),
          ),
        );
        expect(a[0]).toMatchObject({ n: v.n * 2, s: v.s, b: 5 });
        expect(typeof a[0].t).toBe('string');
        expect(typeof a[0].ts).toBe('string');
      }
      const prepared = (await pl.query<{ name: string }>(`select name from pg_prepared_statements where name like 'nns_r%'`)).rows;
      expect(prepared).toHaveLength(1);
      // text values cast in the statement (an int[], a jsonb): one prepared text each
      const odd = (v: (name: string) => unknown) => sql`select cardinality(${v('xs')}::int[]) as n`;
      expect(await execStatic(db, 'test|pglite-array', odd, { xs: '{1,2,3}' })).toEqual([{ n: 3 }]);
      const obj = (v: (name: string) => unknown) => sql`select ${v('o')}::jsonb ->> 'k' as k`;
      expect(await execStatic(db, 'test|pglite-object', obj, { o: JSON.stringify({ k: 'v' }) })).toEqual([{ k: 'v' }]);
      expect((await pl.query(`select name from pg_prepared_statements where name like 'nns_r%'`)).rows).toHaveLength(3);
      // inside a transaction the engine is held by it: the ordinary path, no wait on ourselves
      await db.transaction(async (tx) => {
        expect(await execStatic(tx, 'test|pglite', build, values[0])).toEqual(
          await exec(
            tx,
            build((n) => values[0][n as 'n' | 's']),
          ),
        );
      });
      expect(built).toBeGreaterThan(0);
    } finally {
      await pl.close();
    }
  });
});
