import fs from 'node:fs';
import path from 'node:path';
import { resources } from '@nns/shared/registry';
import { describe, expect, it } from 'vitest';

/**
 * The generic screens call a resource's routes through resourceCall (core/client.ts), with a name and
 * a path tail rather than a path the compiler checks: this test checks them instead. For each declared
 * resource, every generic route the screens may call is in the API's document with that method, as
 * apps/api/src/core/resource-engine.ts (and bulk.ts, import.ts) register them.
 */
const doc = JSON.parse(fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../../../api/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};

type Call = [method: string, path: string, why: string];

/** The calls the generic list, form, detail, pickers, bulk bar and import button make for one declaration. */
function callsOf(def: (typeof resources)[number]): Call[] {
  const base = `/api/admin/${def.name}`;
  const custom = def.config.custom ?? {};
  const out: Call[] = [];
  if (!custom.list) out.push(['get', base, 'list']);
  if (!custom.create) out.push(['post', base, 'create']);
  if (!custom.read) out.push(['get', `${base}/{id}`, 'read']);
  if (!custom.update) out.push(['put', `${base}/{id}`, 'update']);
  if (!custom.delete) out.push(['delete', `${base}/{id}`, 'delete']);
  if (def.count) out.push(['get', `${base}/count`, 'count']);
  if (def.exportName) out.push(['get', `${base}/${def.exportName}`, 'export']);
  for (const name of Object.keys(def.actions)) out.push(['put', `${base}/${name}/{id}`, `action ${name}`]);
  if (def.softDelete) out.push(['put', `${base}/restore/{id}`, 'restore']);
  if (Object.keys(def.actions).length > 0 || !custom.delete || def.softDelete) out.push(['post', `${base}/bulk`, 'bulk']);
  if (def.config.import) {
    out.push(['post', `${base}/import`, 'import']);
    out.push(['get', `${base}/import-template`, 'import template']);
  }
  // a reference picker lists its target, or the field's own list (`refPath`)
  for (const [key, f] of Object.entries(def.fields)) {
    if (f.kind !== 'ref' && f.kind !== 'refs') continue;
    out.push(['get', `/api/admin/${f.refPath ?? f.ref}`, `picker of ${key}`]);
  }
  return out;
}

describe('the generic screens call routes the document has', () => {
  it('every declared resource has its generic routes, with the methods the screens use', () => {
    const missing = resources.flatMap((def) =>
      callsOf(def)
        .filter(([method, p]) => !doc.paths[p]?.[method])
        .map(([method, p, why]) => `${def.name} (${why}): ${method.toUpperCase()} ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('checks something: the products declaration has its list, its actions, its restore and its import', () => {
    const products = resources.find((r) => r.name === 'products');
    const paths = callsOf(products ?? resources[0]).map(([m, p]) => `${m} ${p}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'get /api/admin/products',
        'put /api/admin/products/reject/{id}',
        'put /api/admin/products/restore/{id}',
        'post /api/admin/products/import',
        'post /api/admin/products/bulk',
      ]),
    );
  });
});
