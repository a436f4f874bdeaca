import type { ResourceDef } from '@nns/shared';
import { resources } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooksOf } from '../src/core/extensions';
import type { ResourceHooks } from '../src/core/module';
import { col } from '../src/core/resource-query';
import { listAnswerSchema, readAnswerSchema, recordKeys, resourceDocs, undeclaredKeys } from '../src/core/resource-schema';
import { attachRefs, exec, present, selectList } from '../src/core/resource-store';
import { call, makeApp, type TestApp } from './helpers';
import { createSample } from './samples';

/**
 * issue 11: the generic list and read answers are written by fast-json-stringify from a schema built
 * from the declaration. A key the schema misses would silently disappear, and a wrong type would change
 * a value: for EVERY declared resource, a real answer must hold exactly the declared keys and parse
 * equal to JSON.stringify of the same presented record.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

/** The record as the engine builds it before serialisation, through JSON.stringify (what answers were before). */
async function unserialised(def: ResourceDef, id: number) {
  const rows = await exec(t.database.db, sql`select ${selectList(def)} from ${col(def.table)} where id = ${id}`);
  await attachRefs(t.database.db, def, rows);
  const entry = present(def, rows[0], null);
  return { entry, parsed: JSON.parse(JSON.stringify(entry)) };
}

const listed = resources.filter((d) => !d.config.custom?.list || !d.config.custom?.read);

describe.each(listed.map((d) => [d.name, d]))('answer schema of %s', (_name, def) => {
  it('a real read and list row hold exactly the declared keys, with the values JSON.stringify wrote', async () => {
    const id = await createSample(t, def);
    const { entry, parsed } = await unserialised(def, id);
    expect(undeclaredKeys(def, hooksOf(def.name), entry), 'keys present() adds must be in presentedKeys').toEqual([]);
    expect(Object.keys(entry).sort()).toEqual([...recordKeys(def)].sort());
    // the documented row (the OpenAPI document's <Name>Row, the web's generated type) describes it
    const documented = resourceDocs(def).row.safeParse(parsed);
    expect(documented.success, JSON.stringify(documented.error?.issues)).toBe(true);
    if (!def.config.custom?.read) {
      const r = await call(t, 'GET', `/api/admin/${def.name}/${id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.entry).toEqual(parsed);
      expect(Object.keys(r.body.data).sort()).toEqual(['entry']);
    }
    if (!def.config.custom?.list) {
      const l = await call(t, 'GET', `/api/admin/${def.name}`, { query: { ids: String(id) } });
      expect(l.status, JSON.stringify(l.body)).toBe(200);
      expect(l.body.data.entries).toEqual([parsed]);
      expect(Object.keys(l.body.data.pagination).sort()).toEqual(['limit', 'next_cursor', 'page', 'total', 'total_is_estimate', 'total_pages']);
    }
  });
});

describe('a present() hook adding a key', () => {
  const def = resources.find((d) => d.name === 'plants') as ResourceDef;
  const entry = { id: 1, name: 'Lúa', extra: 'thêm' };

  it('is caught when the hook does not declare it in presentedKeys (the answer would drop it)', () => {
    const undeclared: ResourceHooks = { present: (row) => ({ ...row, extra: 'thêm' }) };
    expect(undeclaredKeys(def, undeclared, entry)).toEqual(['extra']);
    const written = JSON.parse(fastJson(readAnswerSchema(def, undeclared))({ code: 200, message: 'Thành công', data: { entry } }));
    expect(written.data.entry).not.toHaveProperty('extra');
  });

  it('is written when declared', () => {
    const declared: ResourceHooks = { present: (row) => ({ ...row, extra: 'thêm' }), presentedKeys: ['extra'] };
    expect(undeclaredKeys(def, declared, entry)).toEqual([]);
    const data = { entries: [entry], pagination: { page: 1, limit: 10, total: 1, total_pages: 1, next_cursor: null, total_is_estimate: false } };
    const written = JSON.parse(fastJson(listAnswerSchema(def, declared))({ code: 200, message: 'Thành công', data }));
    expect(written.data).toEqual(data);
  });
});
