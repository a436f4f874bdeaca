import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageAnchors, pageAnchorsOf } from '../src/core/page-anchors';
import { WRITES_CHANNEL } from '../src/db/writes-notify';
import { makeWard } from './accounts-helpers';
import { call, makeApp, makeUser, type TestApp } from './helpers';

/**
 * The list's fast paths (issue 11): page 1 and cursor pages prepared once per text (execStatic), deep
 * offset pages with the offset as a parameter (one prepared statement for every page) must answer the
 * rows the plain query would, for every cursor form (by id, by a value, past the last value into the
 * nulls). On PostgreSQL each statement runs more than five times, so its generic plan is used too.
 */
let t: TestApp;
beforeAll(async () => {
  // without page anchors: the plain offset paths (anchors are compared with them below)
  t = await makeApp({ PAGE_ANCHOR_ROWS: 0 });
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

/**
 * Page anchors (core/page-anchors.ts), spaced every 20 rows here: a deep page starts after the
 * remembered row of its anchor. Every page must still be exactly the plain offset query's, after
 * writes through the API (inserts, deletes, restores, an update of the sort column), writes made past
 * the router on another connection (heard on the writes channel on PostgreSQL, seen by the write clock
 * on PGlite), with search, trashed rows and two scopes.
 */
describe('page anchors', () => {
  let u: TestApp;
  let wardA: number;
  let officer: string;
  const anchors = () => pageAnchorsOf(u.database, u.app.services.config.PAGE_ANCHOR_ROWS) as PageAnchors;

  /** A write past the router, then (PostgreSQL) a marker of ours on the writes channel: heard after the write's own notification. */
  async function elsewhere(q: SQL) {
    await u.database.query(q);
    if (u.database.kind !== 'postgres') return;
    const marker = `marker-${Math.random()}`;
    await u.database.query(sql`select pg_notify(${WRITES_CHANNEL}, ${marker})`);
    const end = Date.now() + 5000;
    while (anchors().lastHeard !== marker) {
      if (Date.now() > end) throw new Error('the write was not heard on the writes channel');
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  const ORDERS: Record<string, string> = { ...ORDER, '-created_at': 'created_at desc nulls last, id desc', '-price': 'price desc nulls last, id desc' };

  /** Pages in a jumping order, each compared with the plain query (ids and total). */
  async function check(resource: string, table: string, sort: string, o: { where?: SQL; token?: string; query?: Record<string, string> } = {}) {
    const want = (
      await u.database.query<{ id: number }>(
        sql`select id from ${sql.identifier(table)} where ${o.where ?? sql`deleted_at is null`} order by ${sql.raw(ORDERS[sort])}`,
      )
    ).map((r) => r.id);
    for (const page of [4, 3, 9, 6, 14, 2, 11, 30]) {
      const r = await call(u, 'GET', `/api/admin/${resource}`, { token: o.token, query: { sort, limit: '7', page: String(page), ...o.query } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(ids(r), `${resource} ${sort} page ${page}`).toEqual(want.slice((page - 1) * 7, page * 7));
      expect(r.body.data.pagination.total).toBe(want.length);
    }
  }

  beforeAll(async () => {
    u = await makeApp({ PAGE_ANCHOR_ROWS: 20 });
    await u.database.query(sql`insert into product_units (name, symbol, search_text, is_active)
      select 'Neo ' || lpad(g::text, 3, '0'), case when g % 3 = 0 then null else 'S' || (g % 17) end, 'neo ' || g, true from generate_series(1, 150) g`);
    await u.database.query(sql`update product_units set deleted_at = now() where name = 'Neo 005'`);
    wardA = await makeWard(u, 'Phường Neo A');
    const wardB = await makeWard(u, 'Phường Neo B');
    await u.database.query(sql`insert into distributors (code, name, ward_id, price, status, search_text)
      select 'NPP' || g, 'Nhà phân phối ' || g, case when g % 3 = 0 then ${wardB}::int when g % 3 = 1 then ${wardA}::int end,
        case when g % 5 = 0 then null else (g % 11) * 1000.5 end, 'pending', 'nha phan phoi ' || g from generate_series(1, 200) g`);
    officer = (await makeUser(u, { perms: ['list:distributors'], wardId: wardA })).token;
    // on PostgreSQL anchors are kept once the writes channel listens
    anchors();
    const end = Date.now() + 5000;
    while (!anchors().active) {
      if (Date.now() > end) throw new Error('the writes channel did not come up');
      await new Promise((r) => setTimeout(r, 10));
    }
  });
  afterAll(async () => u?.close());

  it('pages through anchors are the plain query’s, for every sort, and stay so after writes from anywhere', async () => {
    for (const sort of ['-id', 'name', 'symbol', '-symbol', '-created_at']) await check('product-units', 'product_units', sort);
    expect(anchors().size).toBeGreaterThan(0);
    // trashed rows and a search (the built path, not the prepared one)
    await check('product-units', 'product_units', '-id', { where: sql`true`, query: { trashed: 'with' } });
    await check('product-units', 'product_units', 'name', { where: sql`deleted_at is null and search_text like '%neo 1%'`, query: { search: 'neo 1' } });

    // through the API: an insert, a delete, a restore, the sort column changed
    const created = await call(u, 'POST', '/api/admin/product-units', { body: { name: 'Neo 000', symbol: 'S1', is_active: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    for (const sort of ['-id', 'name', '-created_at']) await check('product-units', 'product_units', sort);
    const [{ id: victim }] = await u.database.query<{ id: number }>(sql`select id from product_units where name = 'Neo 030'`);
    expect((await call(u, 'DELETE', `/api/admin/product-units/${victim}`)).status).toBe(200);
    await check('product-units', 'product_units', 'name');
    expect((await call(u, 'PUT', `/api/admin/product-units/restore/${victim}`)).status).toBe(200);
    await check('product-units', 'product_units', 'name');
    expect((await call(u, 'PUT', `/api/admin/product-units/${victim}`, { body: { name: 'Neo 999' } })).status).toBe(200);
    await check('product-units', 'product_units', 'name');

    // past the router, on another connection (another process, a script)
    await elsewhere(sql`insert into product_units (name, symbol, search_text, is_active) values ('Neo 001a', null, 'neo 001a', true)`);
    for (const sort of ['-id', 'name', 'symbol']) await check('product-units', 'product_units', sort);
    await elsewhere(sql`update product_units set symbol = null where name between 'Neo 010' and 'Neo 040'`);
    await check('product-units', 'product_units', '-symbol');
    await elsewhere(sql`update product_units set deleted_at = now() where name between 'Neo 020' and 'Neo 025'`);
    await check('product-units', 'product_units', 'name');
    await elsewhere(sql`update product_units set deleted_at = null where name between 'Neo 020' and 'Neo 025'`);
    await check('product-units', 'product_units', '-id');
    await elsewhere(sql`delete from product_units where name = 'Neo 060'`);
    await check('product-units', 'product_units', '-id');
  });

  it('each scope has its own anchors, and a change of which rows a scope sees is heard', async () => {
    const mine = sql`deleted_at is null and ward_id = ${wardA}`;
    for (const sort of ['-price', 'name', '-id']) {
      await check('distributors', 'distributors', sort);
      await check('distributors', 'distributors', sort, { token: officer, where: mine });
    }
    await elsewhere(sql`update distributors set ward_id = ${wardA} where ward_id is null and id % 2 = 0`);
    await check('distributors', 'distributors', '-price', { token: officer, where: mine });
    await check('distributors', 'distributors', '-price');
    await elsewhere(sql`update distributors set price = 7 where ward_id = ${wardA} and id % 4 = 1`);
    await check('distributors', 'distributors', '-price', { token: officer, where: mine });
  });
});
