import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCacheOf } from '../src/core/answer-cache';
import { exec } from '../src/db/sql';
import { makeWard } from './accounts-helpers';
import { call, makeApp, makeUser, type TestApp } from './helpers';
import { postImport, workbook } from './import-helpers';

/**
 * The embedded engine keeps list and read answers while nothing is written (core/answer-cache.ts):
 * every write path, a statement from anywhere in the process and a transaction make the next answer
 * a fresh one, and callers of different scopes never share one. On PostgreSQL nothing is kept, and
 * the same assertions hold.
 */
let t: TestApp;
let wardA: number;
let wardB: number;
const UNITS = '/api/admin/product-units';
const PRODUCER_PERMS = ['list', 'read', 'create', 'update', 'delete'].flatMap((a) => [`${a}:manufactures`]);

beforeAll(async () => {
  t = await makeApp();
  wardA = await makeWard(t, 'Phường Bộ Nhớ A');
  wardB = await makeWard(t, 'Phường Bộ Nhớ B');
});
afterAll(async () => t?.close());

const names = async (url: string, query: Record<string, string> = {}, token?: string) => {
  const r = await call(t, 'GET', url, { query: { limit: '100', ...query }, token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entries.map((e: { name: string }) => e.name).sort() as string[];
};

describe('answers kept on the embedded engine', () => {
  it('is on for PGlite only: a change the watch cannot see is not shown while the answer is kept', async () => {
    const cache = answerCacheOf(t.database, t.app.services.config.ANSWER_CACHE_SECONDS);
    expect(cache !== null).toBe(t.database.kind === 'pglite');
    const c = await call(t, 'POST', UNITS, { body: { name: 'Kho lạnh thử' } });
    const id = c.body.data.entry.id;
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.symbol).toBeNull();
    const pl = t.database.pglite;
    if (!pl) return;
    // PGlite's own method, past the watch of db/write-clock.ts (nothing in the app does this): not seen
    // until the next watched statement
    await Object.getPrototypeOf(pl).query.call(pl, `update product_units set symbol = 'AN' where id = ${Number(id)}`);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.symbol).toBeNull();
    // the next watched statement, a read, asks the engine, which tells the write made past the watch
    const clock = t.database.writes;
    await exec(t.database.db, sql`select 1`);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.symbol).toBe('AN');
    // a read does not move the generation
    const n = clock?.n;
    await exec(t.database.db, sql`select 1`);
    expect(clock?.n).toBe(n);
    await exec(t.database.db, sql`update product_units set updated_at = updated_at where id = ${id}`);
    expect(clock?.n).toBeGreaterThan(n ?? 0);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.symbol).toBe('AN');
  });

  it('a second identical request is answered the same; create, update, record action, delete, restore and bulk each show at once', async () => {
    const q = { search: 'bo nho' };
    expect(await names(UNITS, q)).toEqual([]);
    const c = await call(t, 'POST', UNITS, { body: { name: 'Bộ nhớ một' } });
    expect(c.status).toBe(200);
    const id = c.body.data.entry.id;
    expect(await names(UNITS, q)).toEqual(['Bộ nhớ một']);
    expect(await names(UNITS, q)).toEqual(['Bộ nhớ một']);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.name).toBe('Bộ nhớ một');

    expect((await call(t, 'PUT', `${UNITS}/${id}`, { body: { name: 'Bộ nhớ hai' } })).status).toBe(200);
    expect(await names(UNITS, q)).toEqual(['Bộ nhớ hai']);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.name).toBe('Bộ nhớ hai');

    expect((await call(t, 'PUT', `${UNITS}/change-status/${id}`)).status).toBe(200);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.is_active).toBe(false);
    expect(await names(UNITS, { ...q, is_active: 'true' })).toEqual([]);

    expect((await call(t, 'POST', `${UNITS}/bulk`, { body: { action: 'change-status', ids: [id], value: true } })).status).toBe(200);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.is_active).toBe(true);
    expect(await names(UNITS, { ...q, is_active: 'true' })).toEqual(['Bộ nhớ hai']);

    expect((await call(t, 'DELETE', `${UNITS}/${id}`)).status).toBe(200);
    expect(await names(UNITS, q)).toEqual([]);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).status).toBe(404);
    expect(await names(UNITS, { ...q, trashed: 'only' })).toEqual(['Bộ nhớ hai']);

    expect((await call(t, 'POST', `${UNITS}/bulk`, { body: { action: 'restore', ids: [id] } })).status).toBe(200);
    expect(await names(UNITS, q)).toEqual(['Bộ nhớ hai']);
    expect(await names(UNITS, { ...q, trashed: 'only' })).toEqual([]);
  });

  it('a statement from anywhere in the process (a timer, a script) and a transaction show at once', async () => {
    const c = await call(t, 'POST', UNITS, { body: { name: 'Bộ nhớ ba' } });
    const id = c.body.data.entry.id;
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.symbol).toBeNull();
    await exec(t.database.db, sql`update product_units set symbol = 'BN3' where id = ${id}`);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.symbol).toBe('BN3');
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update product_units set symbol = 'BN3-TX' where id = ${id}`);
    });
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.symbol).toBe('BN3-TX');
    // a write hidden behind a SELECT (a CTE) is a write too
    await exec(t.database.db, sql`with u as (update product_units set symbol = 'BN3-CTE' where id = ${id} returning id) select id from u`);
    expect((await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.symbol).toBe('BN3-CTE');
  });

  it('a writing function named nowhere in the app: the engine tells that it wrote, the next answer is fresh', async () => {
    const c = await call(t, 'POST', UNITS, { body: { name: 'Bộ nhớ bốn' } });
    const id = c.body.data.entry.id;
    const symbol = async () => (await call(t, 'GET', `${UNITS}/${id}`)).body.data.entry.symbol;
    expect(await symbol()).toBeNull();
    // a new name each run, so no list of names anywhere could know it
    const fn = `nns_test_${Math.random().toString(36).slice(2, 10)}`;
    await exec(
      t.database.db,
      sql.raw(
        `create function ${fn}(i int, s text) returns int language plpgsql as $$ begin update product_units set symbol = s where id = i; return i; end $$`,
      ),
    );
    try {
      expect(await symbol()).toBeNull();
      // a plain SELECT of it, through the app's one way of running SQL
      await exec(t.database.db, sql`select ${sql.raw(fn)}(${id}::int, 'BN4') as id`);
      expect(await symbol()).toBe('BN4');
      // and in a transaction
      await t.database.db.transaction(async (tx) => {
        await exec(tx, sql`select ${sql.raw(fn)}(${id}::int, 'BN4-TX') as id`);
      });
      expect(await symbol()).toBe('BN4-TX');
    } finally {
      await exec(t.database.db, sql.raw(`drop function ${fn}(int, text)`));
    }
  });

  it('callers of different scopes never share an answer; an import and a scope change show at once', async () => {
    const a = await makeUser(t, { perms: PRODUCER_PERMS, wardId: wardA });
    const b = await makeUser(t, { perms: PRODUCER_PERMS, wardId: wardB });
    await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'BN-A', name: 'Cơ sở bộ nhớ A', ward_id: wardA } });
    await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'BN-B', name: 'Cơ sở bộ nhớ B', ward_id: wardB } });
    const q = { search: 'co so bo nho' };
    const url = '/api/admin/manufactures';
    expect(await names(url, q)).toEqual(['Cơ sở bộ nhớ A', 'Cơ sở bộ nhớ B']);
    expect(await names(url, q, a.token)).toEqual(['Cơ sở bộ nhớ A']);
    expect(await names(url, q, b.token)).toEqual(['Cơ sở bộ nhớ B']);
    expect(await names(url, q, a.token)).toEqual(['Cơ sở bộ nhớ A']);

    const done = await postImport(t, `${url}/import`, await workbook(['Mã cơ sở', 'Tên cơ sở sản xuất', 'Phường/xã'], [['BN-A2', 'Cơ sở bộ nhớ A hai', '']]), {
      token: a.token,
      dryRun: false,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await names(url, q, a.token)).toEqual(['Cơ sở bộ nhớ A', 'Cơ sở bộ nhớ A hai']);
    expect(await names(url, q, b.token)).toEqual(['Cơ sở bộ nhớ B']);

    // the officer of ward A moved to ward B by an administrator: their next list is ward B's
    expect((await call(t, 'PUT', `/api/admin/users/${a.id}`, { body: { ward_id: wardB } })).status).toBe(200);
    expect(await names(url, q, a.token)).toEqual(['Cơ sở bộ nhớ B']);
  });
});
