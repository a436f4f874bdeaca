import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, type TestApp } from './helpers';

/**
 * The list's fast paths (issue 11): page 1 and cursor pages prepared once per text (execStatic), deep
 * offset pages with the offset as a parameter (one prepared statement for every page) must answer the
 * rows the plain query would, for every cursor form (by id, by a value, past the last value into the
 * nulls). On PostgreSQL each statement runs more than five times, so its generic plan is used too.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  // 1,250 rows: pages past offset 1,000 take the deep path; every third symbol is null
  await t.database.query(sql`insert into product_units (name, symbol, search_text, is_active)
    select 'Lối đi ' || lpad(g::text, 4, '0'), case when g % 3 = 0 then null else 'S' || (g % 50) end, 'loi di ' || g, true
    from generate_series(1, 1250) g`);
  // a soft-deleted row never shows
  await t.database.query(sql`update product_units set deleted_at = now() where name = 'Lối đi 0007'`);
});
afterAll(async () => t?.close());

const LIST = '/api/admin/product-units';
const ORDER: Record<string, string> = {
  '-id': 'id desc',
  name: 'name asc nulls last, id asc',
  symbol: 'symbol asc nulls last, id asc',
  '-symbol': 'symbol desc nulls last, id desc',
};

async function expected(sort: string): Promise<number[]> {
  const rows = await t.database.query<{ id: number }>(sql`select id from product_units where deleted_at is null order by ${sql.raw(ORDER[sort])}`);
  return rows.map((r) => r.id);
}

const ids = (r: { body: { data: { entries: { id: number }[] } } }) => r.body.data.entries.map((e) => e.id);

describe('list paths: cursor pages and deep offset pages', () => {
  for (const sort of Object.keys(ORDER)) {
    it(`walks every row by cursor and by page, sorted by ${sort}, as the plain query orders them`, async () => {
      const want = await expected(sort);
      expect(want.length).toBeGreaterThan(1200);
      const byCursor: number[] = [];
      let r = await call(t, 'GET', LIST, { query: { sort, limit: '100' } });
      byCursor.push(...ids(r));
      while (r.body.data.pagination.next_cursor) {
        r = await call(t, 'GET', LIST, { query: { sort, limit: '100', cursor: r.body.data.pagination.next_cursor } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        byCursor.push(...ids(r));
      }
      expect(byCursor).toEqual(want);
      const byPage: number[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 100); page++) {
        const p = await call(t, 'GET', LIST, { query: { sort, limit: '100', page: String(page) } });
        expect(p.status, JSON.stringify(p.body)).toBe(200);
        byPage.push(...ids(p));
      }
      expect(byPage).toEqual(want);
      // a deep page alone (offset 1,100) and a shallow one (offset 30) with another limit
      expect(ids(await call(t, 'GET', LIST, { query: { sort, limit: '10', page: '111' } }))).toEqual(want.slice(1100, 1110));
      expect(ids(await call(t, 'GET', LIST, { query: { sort, limit: '10', page: '4' } }))).toEqual(want.slice(30, 40));
    });
  }
});
