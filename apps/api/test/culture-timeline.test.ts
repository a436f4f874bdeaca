import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, makeUser, type TestApp } from './helpers';
import { createSample } from './samples';

/**
 * The batch detail's answer (GET /api/admin/batches/timeline/:id) is written by fast-json-stringify from
 * a schema and, when the batch's diaries fit on the screen, computes its timeline and safe harvest day
 * from the diaries it lists instead of asking again (issue 13's speed): the same answer either way.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`.toUpperCase();

async function batchWithDiaries() {
  const wardId = await createSample(t, resourceByName.wards);
  const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: uniq('CSSX'), name: 'HTX Lúa ST25 Mỹ Xuyên', ward_id: wardId } });
  const manufactureId = m.body.data.entry.id as number;
  const p = await call(t, 'POST', '/api/admin/products', { body: { code: uniq('SP'), name: 'Gạo ST25', manufacture_id: manufactureId } });
  const proc = await call(t, 'POST', '/api/admin/processes', {
    body: {
      name: `Quy trình lúa ${uniq('QT')}`,
      manufacture_id: manufactureId,
      stages: [
        { name: 'Làm đất', duration_days: 10 },
        { name: 'Chăm sóc', duration_days: 60 },
        { name: 'Thu hoạch', duration_days: 5 },
      ],
    },
  });
  expect(proc.status, JSON.stringify(proc.body)).toBe(200);
  const stages = proc.body.data.entry.stages as { id: number }[];
  const b = await call(t, 'POST', '/api/admin/batches', {
    body: {
      code: uniq('LO'),
      product_id: p.body.data.entry.id,
      manufacture_id: manufactureId,
      process_id: proc.body.data.entry.id,
      planting_date: '2025-03-01T00:00:00Z',
      price: 25000,
    },
  });
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  const batchId = b.body.data.entry.id as number;
  const labor = await call(t, 'POST', '/api/admin/labors', { body: { code: uniq('LD'), full_name: 'Nguyễn Văn Đông', manufacture_id: manufactureId } });
  expect(labor.status, JSON.stringify(labor.body)).toBe(200);
  const diaries = [
    { stage_id: stages[0].id, activity: 'land_preparation', performed_at: '2025-03-02T01:00:00.000Z', labor_id: labor.body.data.entry.id, note: 'Cày ải' },
    {
      stage_id: stages[1].id,
      activity: 'spraying',
      performed_at: '2025-04-10T01:00:00.000Z',
      weather: 'sunny',
      inputs: [
        { name: 'Phân bón lá Growmore', amount: 1, unit: 'kg' },
        { name: 'Regent 800WG', active_ingredient: 'Fipronil', amount: 0.5, unit: 'kg', supplier: 'Đại lý Mỹ Xuyên', phi_days: 7 },
      ],
      is_traceable: true,
    },
    { stage_id: stages[1].id, activity: 'fertilizing', performed_at: '2025-04-12T01:00:00.000Z', inputs: [{ name: 'Urê', amount: 20, unit: 'kg' }] },
    { activity: 'irrigation', performed_at: '2025-04-13T01:00:00.000Z' },
  ];
  for (const d of diaries) {
    const r = await call(t, 'POST', '/api/admin/diaries', { body: { batch_id: batchId, ...d } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return { batchId };
}

describe('batch detail (timeline route)', () => {
  it('answers the batch and each diary exactly as their own reads do, nothing dropped by the schema', async () => {
    const { batchId } = await batchWithDiaries();
    const tl = await call(t, 'GET', `/api/admin/batches/timeline/${batchId}`);
    expect(tl.status, JSON.stringify(tl.body)).toBe(200);
    const read = await call(t, 'GET', `/api/admin/batches/${batchId}`);
    expect(tl.body.data.entry).toEqual(read.body.data.entry);
    expect(Object.keys(tl.body.data.entry).sort()).toEqual(Object.keys(read.body.data.entry).sort());
    const diaries = tl.body.data.diaries as Record<string, unknown>[];
    expect(diaries.map((d) => d.activity)).toEqual(['land_preparation', 'spraying', 'fertilizing', 'irrigation']);
    expect(tl.body.data.diaries_total).toBe(4);
    for (const d of diaries) {
      const own = await call(t, 'GET', `/api/admin/diaries/${d.id}`);
      expect(d).toEqual(own.body.data.entry);
      expect(Object.keys(d).sort()).toEqual(Object.keys(own.body.data.entry).sort());
    }
    // the references lent by the detail (its batch, its process's stages) and the one it reads (the labor)
    expect(diaries[0]).toMatchObject({ batch: { id: batchId }, stage: { name: 'Làm đất' }, labor: { full_name: 'Nguyễn Văn Đông' } });
    expect(diaries[3]).toMatchObject({ stage: null, labor: null });
    expect(tl.body.data.timeline.map((s: { diary_count: number }) => s.diary_count)).toEqual([1, 2, 0]);
    expect(tl.body.data.safe_harvest).toEqual({ safe_date: '2025-04-17', product: 'Regent 800WG', phi_days: 7, applied_at: '2025-04-10T01:00:00.000Z' });
  });

  it('gives the same timeline and safe harvest day without the diaries (no permission to list them) as with them', async () => {
    const { batchId } = await batchWithDiaries();
    const admin = await call(t, 'GET', `/api/admin/batches/timeline/${batchId}`);
    const reader = await makeUser(t, { perms: ['read:manufacturing_batches'] });
    const other = await call(t, 'GET', `/api/admin/batches/timeline/${batchId}`, { token: reader.token });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.data.diaries).toBeNull();
    expect(other.body.data.diaries_total).toBeNull();
    expect(other.body.data.timeline).toEqual(admin.body.data.timeline);
    expect(other.body.data.safe_harvest).toEqual(admin.body.data.safe_harvest);
    expect(other.body.data.entry).toEqual(admin.body.data.entry);
  });

  it("answers the first page of a larger batch's diaries, its total, and a timeline that counts every diary", async () => {
    const { batchId } = await batchWithDiaries();
    const [stage] = await t.database.query<{ id: number }>(
      sql`select s.id from stages s join batches b on b.process_id = s.process_id where b.id = ${batchId} order by s.position desc limit 1`,
    );
    await t.database.query(sql`insert into diaries (batch_id, stage_id, performed_at, activity, search_text)
      select ${batchId}, ${stage.id}, timestamptz '2025-05-01T01:00:00Z' + make_interval(mins => g), 'harvest', 'thu hoach ' || g from generate_series(1, 500) g`);
    const tl = await call(t, 'GET', `/api/admin/batches/timeline/${batchId}`);
    expect(tl.status, JSON.stringify(tl.body)).toBe(200);
    expect(tl.body.data.diaries_total).toBe(504);
    expect(tl.body.data.timeline.map((s: { diary_count: number }) => s.diary_count)).toEqual([1, 2, 500]);
    expect(tl.body.data.timeline[2]).toMatchObject({ actual_start: '2025-05-01', actual_end: '2025-05-01' });
    expect(tl.body.data.safe_harvest).toMatchObject({ safe_date: '2025-04-17', product: 'Regent 800WG' });
    // the first page is the diaries list's first page in the same order; the screen reads the next ones there
    const first = tl.body.data.diaries as { id: number }[];
    expect(first).toHaveLength(20);
    const page = (n: number) =>
      call(t, 'GET', '/api/admin/diaries', { query: { batch_id: String(batchId), sort: 'performed_at', limit: '20', page: String(n) } });
    expect((await page(1)).body.data.entries).toEqual(first);
    const second = (await page(2)).body.data;
    expect(second.pagination.total).toBe(504);
    expect(second.entries[0].performed_at > (first[19] as unknown as { performed_at: string }).performed_at).toBe(true);
  });
});
