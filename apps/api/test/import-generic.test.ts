import type { ResourceDef } from '@nns/shared';
import { resources } from '@nns/shared/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportColumns } from '../src/core/export';
import { call, callJob, makeApp, type TestApp } from './helpers';
import { loadWorkbook, postImport, toBuffer } from './import-helpers';
import { createSample, sampleValue } from './samples';

/** The .xlsx import, proved once over every declaration that asks for it: export → edit → dry run → import. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const importable = resources.filter((d) => d.config.import && d.exportName && !d.config.custom?.create);

/** A list column a spreadsheet user could retype: text first, then numbers. */
function editable(def: ResourceDef) {
  const key = def.config.import?.key;
  const cols = exportColumns(def).filter((c) => c.key !== key && def.fields[c.key] && !def.fields[c.key].readOnly);
  const text = cols.find((c) => ['text', 'textarea'].includes(def.fields[c.key].kind) && !def.fields[c.key].format);
  if (text) return { col: text, value: `Sửa qua Excel ${Math.random().toString(36).slice(2, 7)}`, expected: (v: string) => v };
  const num = cols.find((c) => ['integer', 'float', 'money'].includes(def.fields[c.key].kind));
  if (num) {
    const f = def.fields[num.key];
    const n = Math.min(f.max ?? 7, Math.max(f.min ?? 0, 7));
    return { col: num, value: n, expected: () => n };
  }
  return null;
}

async function exported(def: ResourceDef, id: number) {
  const e = await callJob(t, 'GET', `/api/admin/${def.name}/${def.exportName}`, { query: { ids: String(id) } });
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
  return loadWorkbook(file.rawPayload as unknown as ArrayBuffer);
}

it('covers at least the reference registers', () => {
  expect(importable.map((d) => d.name)).toEqual(expect.arrayContaining(['provinces', 'wards', 'product-groups', 'product-plants', 'criteria-seafoods']));
});

describe.each(importable.map((d) => [d.name, d]))('import %s', (_n, def) => {
  const base = `/api/admin/${def.name}`;

  it('round trip: export → change one cell → dry run shows it and writes nothing → import writes it', async () => {
    const id = await createSample(t, def);
    const before = (await call(t, 'GET', `${base}/${id}`)).body.data.entry;
    const ed = editable(def);
    if (!ed) return;
    const wb = await exported(def, id);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).map(String);
    const colIdx = headers.indexOf(ed.col.header);
    expect(colIdx, ed.col.header).toBeGreaterThan(0);
    ws.getRow(2).getCell(colIdx).value = ed.value;
    const buf = await toBuffer(wb);

    const dry = await postImport(t, `${base}/import`, buf);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ dry_run: true, written: false, total: 1, created: 0, updated: 1, errors: [] });
    expect(dry.body.data.rows[0].changes).toHaveProperty(ed.col.key);
    expect(Object.keys(dry.body.data.rows[0].changes)).toEqual([ed.col.key]);
    const still = (await call(t, 'GET', `${base}/${id}`)).body.data.entry;
    expect(still[ed.col.key]).toEqual(before[ed.col.key]);

    const real = await postImport(t, `${base}/import`, buf, { dryRun: false });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.data).toMatchObject({ dry_run: false, written: true, updated: 1, created: 0 });
    const after = (await call(t, 'GET', `${base}/${id}`)).body.data.entry;
    expect(after[ed.col.key]).toEqual(ed.expected(String(ed.value)));
    for (const k of Object.keys(def.fields)) if (k !== ed.col.key && !def.fields[k].readOnly) expect(after[k], k).toEqual(before[k]);

    const again = await postImport(t, `${base}/import`, buf, { dryRun: false });
    expect(again.body.data).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('creates a row whose key is new, and refuses a duplicate key inside the file', async () => {
    const key = def.config.import!.key;
    const id = await createSample(t, def);
    const wb = await exported(def, id);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).map(String);
    const required = Object.entries(def.fields).filter(([, f]) => f.required && !f.readOnly && f.default === undefined);
    if (required.some(([, f]) => !headers.includes(f.label))) return;
    const together = (def.config.uniqueTogether ?? []).map((g) => g.find((k) => ['text', 'code'].includes(def.fields[k].kind)) ?? g[0]);
    const unique = [
      ...Object.entries(def.fields)
        .filter(([, f]) => f.unique)
        .map(([k]) => k),
      ...together,
    ];
    const src = ws.getRow(2).values as unknown[];
    const copy = ws.addRow(src.slice(1));
    const newKey = `MOI${Date.now().toString(36).toUpperCase()}`.slice(0, def.fields[key].max ?? 20);
    for (const k of unique) {
      const i = headers.indexOf(def.fields[k].label);
      if (i > 0) copy.getCell(i).value = k === key ? newKey : ((await sampleValue(t, def, k, def.fields[k], 0)) as string);
    }
    const dry = await postImport(t, `${base}/import`, await toBuffer(wb));
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data, JSON.stringify(dry.body.data.errors)).toMatchObject({ created: 1, errors: [] });
    const dupRow = ws.addRow((copy.values as unknown[]).slice(1));
    const bad = await postImport(t, `${base}/import`, await toBuffer(wb), { dryRun: false });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toContainEqual(expect.objectContaining({ row: dupRow.number, field: key }));
    const l = await call(t, 'GET', base, { query: { search: newKey } });
    expect(l.body.data.entries).toHaveLength(0);
  });
});
