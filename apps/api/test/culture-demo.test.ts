import { DIARY_INPUTS } from '@nns/shared/culture';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/app';
import { exec } from '../src/core/resource-store';
import { SEASONS } from '../src/modules/culture/demo-data';
import { call, makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  await seedDemo(t.app.services);
}, 180_000);
afterAll(async () => t?.close());

const list = async (name: string, query: Record<string, string> = {}) =>
  (await call(t, 'GET', `/api/admin/${name}`, { query: { limit: '100', ...query } })).body.data.entries;

describe('cultivation demo data', () => {
  it('gives the coffee, ST25 and persimmon producers a process with stages, planting areas, a batch in progress and a harvested one', async () => {
    const batches = await list('batches');
    expect(batches.map((b: { code: string; status: string }) => [b.code, b.status]).sort()).toEqual(
      SEASONS.flatMap((s) => s.batches.map((b) => [b.code, b.harvestedDaysAgo != null ? 'harvested' : 'in_production'])).sort(),
    );
    const processes = await list('processes');
    // one per season, and the coffee template
    expect(processes.length).toBe(SEASONS.length + 1);
    expect(processes.some((p: { manufacture_id: number | null }) => p.manufacture_id === null)).toBe(true);
    expect((await list('raw-material-areas')).length).toBe(SEASONS.reduce((n, s) => n + s.plots.length, 0));
    for (const b of batches) {
      const tl = await call(t, 'GET', `/api/admin/batches/timeline/${b.id}`);
      expect(tl.status).toBe(200);
      expect(tl.body.data.timeline.length).toBe(5);
      expect(tl.body.data.diaries.length).toBeGreaterThan(3);
      expect(tl.body.data.safe_harvest.safe_date).not.toBeNull();
      const acts = tl.body.data.diaries.map((d: { activity: string }) => d.activity);
      expect(acts).toEqual(expect.arrayContaining(['fertilizing', 'spraying', 'irrigation']));
      if (b.status === 'harvested') expect(acts).toContain('harvest');
    }
  });

  it("puts a batch in progress in the demo ward officer's ward (Xuân Hương), for her daily work", async () => {
    const rows = await exec<{ code: string }>(
      t.app.services.db,
      sql`select b.code from batches b join manufactures m on m.id = b.manufacture_id join users u on u.ward_id = m.ward_id
        where u.username = 'canbo.phuong' and b.status = 'in_production'`,
    );
    expect(rows.map((r) => r.code)).toEqual(['LO-HONG-XH-2026']);
  });

  it('has diaries that pass every diary rule (each saved back unchanged is accepted)', async () => {
    const diaries = await list('diaries');
    expect(diaries.length).toBeGreaterThan(20);
    for (const d of diaries) {
      if (d.inputs) expect(DIARY_INPUTS.safeParse(d.inputs).success).toBe(true);
      const r = await call(t, 'PUT', `/api/admin/diaries/${d.id}`, { body: d });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const sprays = diaries.filter((d: { activity: string }) => d.activity === 'spraying');
    expect(sprays.every((d: { inputs: { phi_days?: number; active_ingredient?: string }[] }) => d.inputs.some((i) => i.phi_days && i.active_ingredient))).toBe(
      true,
    );
  });
});
