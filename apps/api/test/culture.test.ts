import { resourceByName } from '@nns/shared/registry';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callJob, makeApp, makeUser, type TestApp } from './helpers';
import { createSample } from './samples';

/** Cultivation (issue 13): processes with ordered stages, batches and their status, diaries and their rules, ward scope. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

type FieldErrors = { field: string; message: string }[];
const errorsOf = (r: { body: { data: { errors: FieldErrors } } }) => r.body.data.errors;
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`.toUpperCase();

async function readExport(url: string) {
  const file = await t.app.inject({ method: 'GET', url });
  expect(file.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A producer in its own ward, with a product. */
async function producer() {
  const wardId = await createSample(t, resourceByName.wards);
  const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: uniq('CSSX'), name: 'Hợp tác xã Cà phê Cầu Đất', ward_id: wardId } });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const p = await call(t, 'POST', '/api/admin/products', { body: { code: uniq('SP'), name: 'Cà phê Arabica Cầu Đất', manufacture_id: m.body.data.entry.id } });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return { wardId, manufactureId: m.body.data.entry.id as number, productId: p.body.data.entry.id as number };
}

const STAGES = [
  { name: 'Làm đất, trồng mới', duration_days: 10, expected_activities: 'Cày xới, bón lót' },
  { name: 'Chăm sóc', duration_days: 30, expected_inputs: 'Phân NPK 16-16-8' },
  { name: 'Thu hoạch', duration_days: 5 },
];

async function processWithStages(manufactureId: number | null, stages = STAGES) {
  const r = await call(t, 'POST', '/api/admin/processes', { body: { name: `Quy trình cà phê ${uniq('QT')}`, manufacture_id: manufactureId, stages } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry as { id: number; name: string; stages: { id: number; name: string; position: number; duration_days: number }[] };
}

async function batchOn(o: { manufactureId: number; productId: number; processId: number | null }, planting = '2025-03-01T00:00:00Z') {
  const r = await call(t, 'POST', '/api/admin/batches', {
    body: { code: uniq('LO'), product_id: o.productId, manufacture_id: o.manufactureId, process_id: o.processId, planting_date: planting, price: 120000 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry as { id: number; status: string };
}

const diary = (batchId: number, o: Record<string, unknown>) =>
  call(t, 'POST', '/api/admin/diaries', { body: { batch_id: batchId, activity: 'irrigation', ...o } });

describe('processes and stages', () => {
  it('creates a process with its ordered stages in one transaction, and nothing when one stage is wrong', async () => {
    const { manufactureId } = await producer();
    const p = await processWithStages(manufactureId);
    expect(p.stages.map((s) => [s.position, s.name])).toEqual(STAGES.map((s, i) => [i + 1, s.name]));
    const listed = await call(t, 'GET', '/api/admin/stages', { query: { process_id: String(p.id), sort: 'position' } });
    expect(listed.body.data.entries.map((s: { name: string }) => s.name)).toEqual(STAGES.map((s) => s.name));

    const before = (await call(t, 'GET', '/api/admin/processes/count')).body.data.count;
    const bad = await call(t, 'POST', '/api/admin/processes', {
      body: {
        name: 'Quy trình lỗi',
        manufacture_id: manufactureId,
        stages: [
          { name: 'Đúng', duration_days: 3 },
          { name: '', duration_days: -1 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual(
      expect.arrayContaining([
        { field: 'stages.1.name', message: 'Tên công đoạn bắt buộc' },
        { field: 'stages.1.duration_days', message: 'Thời gian (ngày) phải lớn hơn hoặc bằng 0' },
      ]),
    );
    expect((await call(t, 'GET', '/api/admin/processes/count')).body.data.count).toBe(before);
  });

  it('updates stages as the form sends them: keeps, reorders, adds and removes; reorder-stages checks the list', async () => {
    const { manufactureId } = await producer();
    const p = await processWithStages(manufactureId);
    const [a, b, c] = p.stages;
    const u = await call(t, 'PUT', `/api/admin/processes/${p.id}`, {
      body: {
        name: p.name,
        stages: [
          { id: c.id, name: c.name, duration_days: 7 },
          { id: a.id, name: a.name, duration_days: 10 },
          { name: 'Sơ chế', duration_days: 2 },
        ],
      },
    });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.data.entry.stages.map((s: { id: number; position: number; duration_days: number }) => [s.id, s.position, s.duration_days])).toEqual([
      [c.id, 1, 7],
      [a.id, 2, 10],
      [expect.any(Number), 3, 2],
    ]);
    expect((await call(t, 'GET', `/api/admin/stages/${b.id}`)).status).toBe(404);

    // a stage of another process is not this one's
    const other = await processWithStages(manufactureId);
    const foreign = await call(t, 'PUT', `/api/admin/processes/${p.id}`, { body: { stages: [{ id: other.stages[0].id, name: 'X', duration_days: 1 }] } });
    expect(foreign.status).toBe(400);
    expect(errorsOf(foreign)).toEqual([{ field: 'stages.0.id', message: 'Công đoạn không thuộc quy trình này' }]);

    const ids = u.body.data.entry.stages.map((s: { id: number }) => s.id);
    const reordered = await call(t, 'PUT', `/api/admin/processes/reorder-stages/${p.id}`, { body: { stage_ids: [...ids].reverse() } });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.data.entry.stages.map((s: { id: number }) => s.id)).toEqual([...ids].reverse());
    const partial = await call(t, 'PUT', `/api/admin/processes/reorder-stages/${p.id}`, { body: { stage_ids: ids.slice(1) } });
    expect(partial.status).toBe(400);
    expect(errorsOf(partial)[0].field).toBe('stage_ids');
    const log = await call(t, 'GET', '/api/admin/system/logs', { query: { subject: 'processes', record_id: String(p.id), action: 'reorder-stages' } });
    expect(log.body.data.entries[0].after.stage_ids).toEqual([...ids].reverse());

    // a stage added on its own goes to the end
    const added = await call(t, 'POST', '/api/admin/stages', { body: { process_id: p.id, name: 'Bảo quản', duration_days: 1 } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.entry.position).toBe(4);
  });

  it("the form's stages and the reorder write through the resource runtime: each stage audited as a stage", async () => {
    const { manufactureId } = await producer();
    const p = await processWithStages(manufactureId);
    const ids = p.stages.map((s: { id: number }) => s.id);
    const logsOf = async (action: string) => {
      const r = await call(t, 'GET', '/api/admin/system/logs', { query: { subject: 'stages', action, limit: '100' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.entries.filter((e: { record_id: string }) => ids.includes(Number(e.record_id)));
    };
    expect((await logsOf('create')).length).toBe(ids.length);
    const reordered = await call(t, 'PUT', `/api/admin/processes/reorder-stages/${p.id}`, { body: { stage_ids: [...ids].reverse() } });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    // the middle one keeps its place: only the moved stages are written
    const moved = await logsOf('reorder');
    expect(moved.map((e: { record_id: string; after: { position: number } }) => [Number(e.record_id), e.after.position]).sort()).toEqual(
      [
        [ids[0], ids.length],
        [ids[ids.length - 1], 1],
      ].sort(),
    );
  });

  it('copies a template process with its stages for a producer', async () => {
    const { manufactureId } = await producer();
    const template = await processWithStages(null);
    const c = await call(t, 'POST', `/api/admin/processes/copy/${template.id}`, { body: { manufacture_id: manufactureId } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.data.entry.id).not.toBe(template.id);
    expect(c.body.data.entry.name).toBe(`${template.name} (bản sao)`);
    expect(c.body.data.entry.manufacture_id).toBe(manufactureId);
    expect(c.body.data.entry.stages.map((s: { name: string; position: number; duration_days: number }) => [s.name, s.position, s.duration_days])).toEqual(
      template.stages.map((s) => [s.name, s.position, s.duration_days]),
    );
    expect(c.body.data.entry.stages.every((s: { id: number }) => !template.stages.some((o) => o.id === s.id))).toBe(true);
  });

  it('exports processes and stages as the lists show them', async () => {
    const { manufactureId } = await producer();
    const p = await processWithStages(manufactureId);
    const e = await callJob(t, 'GET', '/api/admin/processes/export-processes', { query: { search: p.name } });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const rows = await readExport(e.body.data.url);
    expect(rows.length).toBe(2);
    expect(rows[1]).toContain(p.name);
    const s = await callJob(t, 'GET', '/api/admin/stages/export', { query: { process_id: String(p.id) } });
    expect(s.status).toBe(200);
    const srows = await readExport(s.body.data.url);
    expect(srows.slice(1).map((r) => r[3])).toEqual(STAGES.map((x) => x.name));
  });
});

describe('batches', () => {
  it('moves only forward, one step at a time, each move audited; a closed batch is read-only', async () => {
    const o = await producer();
    const p = await processWithStages(o.manufactureId);
    const b = await batchOn({ ...o, processId: p.id });
    expect(b.status).toBe('planned');
    // status is not written through the form (a read-only key echoed back is set aside)
    const sneaky = await call(t, 'PUT', `/api/admin/batches/${b.id}`, { body: { status: 'closed', price: 130000 } });
    expect(sneaky.body.data.entry).toMatchObject({ status: 'planned', price: 130000 });

    const skip = await call(t, 'PUT', `/api/admin/batches/change-status/${b.id}`, { body: { status: 'harvested' } });
    expect(skip.status).toBe(400);
    expect(errorsOf(skip)).toEqual([{ field: 'status', message: 'Chỉ được chuyển lô từ "Kế hoạch" sang "Đang sản xuất"' }]);
    for (const status of ['in_production', 'harvested', 'closed']) {
      const r = await call(t, 'PUT', `/api/admin/batches/change-status/${b.id}`, {
        body: { status, ...(status === 'harvested' ? { harvest_date: '2025-06-01T00:00:00Z', actual_yield: 4200 } : {}) },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.entry.status).toBe(status);
    }
    const back = await call(t, 'PUT', `/api/admin/batches/change-status/${b.id}`, { body: { status: 'in_production' } });
    expect(back.status).toBe(409);
    const logs = await call(t, 'GET', '/api/admin/system/logs', {
      query: { subject: 'manufacturing_batches', record_id: String(b.id), action: 'change-status' },
    });
    expect(logs.body.data.entries.map((e: { after: { status: string } }) => e.after.status)).toEqual(['closed', 'harvested', 'in_production']);
    expect(logs.body.data.entries[1].after).toMatchObject({ harvest_date: '2025-06-01T00:00:00.000Z', actual_yield: 4200 });

    const edit = await call(t, 'PUT', `/api/admin/batches/${b.id}`, { body: { price: 1 } });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Lô sản xuất đã đóng, không thể chỉnh sửa');
    expect((await call(t, 'DELETE', `/api/admin/batches/${b.id}`)).status).toBe(409);
    const d = await diary(b.id, { performed_at: '2025-05-01T01:00:00.000Z' });
    expect(d.status).toBe(400);
    expect(errorsOf(d)).toEqual([{ field: 'batch_id', message: 'Lô sản xuất đã đóng, không thể ghi hoặc sửa nhật ký' }]);
  });

  it('refuses an expected harvest before planting', async () => {
    const o = await producer();
    const r = await call(t, 'POST', '/api/admin/batches', {
      body: {
        code: uniq('LO'),
        product_id: o.productId,
        manufacture_id: o.manufactureId,
        planting_date: '2025-03-01T00:00:00Z',
        expected_harvest_date: '2025-02-01T00:00:00Z',
      },
    });
    expect(r.status).toBe(400);
    expect(errorsOf(r)).toEqual([{ field: 'expected_harvest_date', message: 'Ngày thu hoạch dự kiến không được trước ngày gieo trồng' }]);
  });
});

describe('diaries', () => {
  it('keeps the stage in the batch process and the date between planting and now', async () => {
    const o = await producer();
    const p = await processWithStages(o.manufactureId);
    const other = await processWithStages(o.manufactureId);
    const b = await batchOn({ ...o, processId: p.id });
    const wrongStage = await diary(b.id, { stage_id: other.stages[0].id, performed_at: '2025-03-05T01:00:00.000Z' });
    expect(wrongStage.status).toBe(400);
    expect(errorsOf(wrongStage)).toEqual([{ field: 'stage_id', message: 'Công đoạn không thuộc quy trình của lô sản xuất' }]);
    // 28/02 23:30 at UTC+7 is still the day before planting
    const early = await diary(b.id, { stage_id: p.stages[0].id, performed_at: '2025-02-28T16:30:00.000Z' });
    expect(early.status).toBe(400);
    expect(errorsOf(early)).toEqual([{ field: 'performed_at', message: 'Thời gian thực hiện không được trước ngày gieo trồng của lô (01/03/2025)' }]);
    const onDay = await diary(b.id, { stage_id: p.stages[0].id, performed_at: '2025-02-28T17:30:00.000Z' });
    expect(onDay.status, JSON.stringify(onDay.body)).toBe(200);
    const future = await diary(b.id, { performed_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.status).toBe(400);
    expect(errorsOf(future)).toEqual([{ field: 'performed_at', message: 'Thời gian thực hiện không được ở tương lai' }]);
    const badInput = await diary(b.id, { performed_at: '2025-03-06T01:00:00.000Z', inputs: [{ name: '', phi_days: -2 }] });
    expect(badInput.status).toBe(400);
    expect(errorsOf(badInput).map((e) => e.message)).toEqual(expect.arrayContaining(['Tên vật tư bắt buộc', 'Thời gian cách ly phải từ 0 ngày']));
  });

  it('refuses a harvest inside a pesticide pre-harvest interval, naming the product and the safe day', async () => {
    const o = await producer();
    const p = await processWithStages(o.manufactureId);
    const b = await batchOn({ ...o, processId: p.id });
    const spray = await diary(b.id, {
      stage_id: p.stages[1].id,
      activity: 'spraying',
      performed_at: '2025-04-10T01:00:00.000Z',
      inputs: [
        { name: 'Phân bón lá Growmore', amount: 1, unit: 'kg' },
        { name: 'Regent 800WG', active_ingredient: 'Fipronil', amount: 0.5, unit: 'kg', supplier: 'Đại lý Cầu Đất', phi_days: 7 },
      ],
    });
    expect(spray.status, JSON.stringify(spray.body)).toBe(200);
    const early = await diary(b.id, { stage_id: p.stages[2].id, activity: 'harvest', performed_at: '2025-04-15T01:00:00.000Z' });
    expect(early.status).toBe(400);
    const message = 'Chưa hết thời gian cách ly của Regent 800WG (7 ngày): chỉ được thu hoạch từ ngày 17/04/2025';
    expect(early.body.message).toBe(message);
    expect(errorsOf(early)).toEqual([{ field: 'performed_at', message }]);

    // the batch cannot be marked harvested before that day either
    await call(t, 'PUT', `/api/admin/batches/change-status/${b.id}`, { body: { status: 'in_production' } });
    const move = await call(t, 'PUT', `/api/admin/batches/change-status/${b.id}`, { body: { status: 'harvested', harvest_date: '2025-04-16T00:00:00Z' } });
    expect(move.status).toBe(400);
    expect(errorsOf(move)).toEqual([{ field: 'harvest_date', message }]);

    const safe = await diary(b.id, { stage_id: p.stages[2].id, activity: 'harvest', performed_at: '2025-04-17T01:00:00.000Z', is_traceable: true });
    expect(safe.status, JSON.stringify(safe.body)).toBe(200);

    const tl = await call(t, 'GET', `/api/admin/batches/timeline/${b.id}`);
    expect(tl.status, JSON.stringify(tl.body)).toBe(200);
    expect(tl.body.data.safe_harvest).toMatchObject({ safe_date: '2025-04-17', product: 'Regent 800WG', phi_days: 7 });
    expect(tl.body.data.timeline.map((s: { name: string; planned_start: string; planned_end: string }) => [s.name, s.planned_start, s.planned_end])).toEqual([
      ['Làm đất, trồng mới', '2025-03-01', '2025-03-10'],
      ['Chăm sóc', '2025-03-11', '2025-04-09'],
      ['Thu hoạch', '2025-04-10', '2025-04-14'],
    ]);
    const [, care, harvest] = tl.body.data.timeline;
    expect(care).toMatchObject({ actual_start: '2025-04-10', diary_count: 1, late: true, state: 'done' });
    expect(harvest).toMatchObject({ actual_start: '2025-04-17', late: true, state: 'in_progress' });
    expect(tl.body.data.diaries.map((d: { activity: string }) => d.activity)).toEqual(['spraying', 'harvest']);
    expect(tl.body.data.diaries[0].stage).toMatchObject({ id: p.stages[1].id, name: 'Chăm sóc' });
  });

  it('toggles is_traceable with diaries-is-traceable, audited, and exports the filtered list', async () => {
    const o = await producer();
    const b = await batchOn({ ...o, processId: null });
    const d = await diary(b.id, { performed_at: '2025-03-02T01:00:00.000Z', note: 'Tưới gốc đợt 1' });
    expect(d.body.data.entry.is_traceable).toBe(false);
    const on = await call(t, 'PUT', `/api/admin/diaries/diaries-is-traceable/${d.body.data.entry.id}`);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.entry.is_traceable).toBe(true);
    const log = await call(t, 'GET', '/api/admin/system/logs', {
      query: { subject: 'diaries', record_id: String(d.body.data.entry.id), action: 'diaries-is-traceable' },
    });
    expect(log.body.data.entries[0].after).toEqual({ is_traceable: true });
    const e = await callJob(t, 'GET', '/api/admin/diaries/export', { query: { batch_id: String(b.id) } });
    expect(e.status).toBe(200);
    const rows = await readExport(e.body.data.url);
    expect(rows.length).toBe(2);
    expect(rows[1]).toContain('Tưới');
  });
});

describe('ward scope of cultivation', () => {
  it('a ward officer sees and writes only the processes, stages, areas, batches and diaries of their ward', async () => {
    const mine = await producer();
    const theirs = await producer();
    const perms = ['processes', 'stages', 'manufacturing_batches', 'diaries', 'raw_material_areas'].flatMap((s) =>
      ['list', 'read', 'create', 'update'].map((a) => `${a}:${s}`),
    );
    const officer = await makeUser(t, { perms, wardId: mine.wardId });
    const token = officer.token;
    const pMine = await processWithStages(mine.manufactureId);
    const pTheirs = await processWithStages(theirs.manufactureId);
    const bMine = await batchOn({ ...mine, processId: pMine.id });
    const bTheirs = await batchOn({ ...theirs, processId: pTheirs.id });
    expect((await diary(bMine.id, { performed_at: '2025-03-03T01:00:00.000Z' })).status).toBe(200);
    expect((await diary(bTheirs.id, { performed_at: '2025-03-03T01:00:00.000Z' })).status).toBe(200);
    const areaOf = async (wardId: number) => {
      const ma = await call(t, 'POST', '/api/admin/material-areas', { body: { code: uniq('VNL'), name: 'Vùng cà phê', acreage: 10, ward_id: wardId } });
      const r = await call(t, 'POST', '/api/admin/raw-material-areas', {
        body: { code: uniq('VT'), name: 'Lô đồi A', material_area_id: ma.body.data.entry.id, crop: 'Cà phê Arabica', acreage: 2.5 },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.entry.id as number;
    };
    const aMine = await areaOf(mine.wardId);
    const aTheirs = await areaOf(theirs.wardId);

    const ids = async (url: string) => (await call(t, 'GET', url, { token, query: { limit: '100' } })).body.data.entries.map((e: { id: number }) => e.id);
    const procs = await ids('/api/admin/processes');
    expect(procs).toContain(pMine.id);
    expect(procs).not.toContain(pTheirs.id);
    const stages = await ids('/api/admin/stages');
    expect(stages).toEqual(expect.arrayContaining(pMine.stages.map((s) => s.id)));
    expect(stages.some((id: number) => pTheirs.stages.some((s) => s.id === id))).toBe(false);
    const batches = await ids('/api/admin/batches');
    expect(batches).toEqual([bMine.id]);
    const diaries = (await call(t, 'GET', '/api/admin/diaries', { token })).body.data.entries;
    expect(diaries.map((d: { batch_id: number }) => d.batch_id)).toEqual([bMine.id]);
    expect(await ids('/api/admin/raw-material-areas')).toEqual([aMine]);
    expect((await call(t, 'GET', `/api/admin/batches/timeline/${bTheirs.id}`, { token })).status).toBe(404);
    expect((await call(t, 'GET', `/api/admin/raw-material-areas/${aTheirs}`, { token })).status).toBe(404);

    // writing into another ward's batch answers as for a missing batch
    const d = await call(t, 'POST', '/api/admin/diaries', {
      token,
      body: { batch_id: bTheirs.id, activity: 'irrigation', performed_at: '2025-03-04T01:00:00.000Z' },
    });
    expect(d.status).toBe(400);
    expect(errorsOf(d).map((e) => e.field)).toEqual(['batch_id']);
    const ok = await call(t, 'POST', '/api/admin/diaries', {
      token,
      body: { batch_id: bMine.id, activity: 'fertilizing', performed_at: '2025-03-04T01:00:00.000Z' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const move = await call(t, 'PUT', `/api/admin/batches/change-status/${bTheirs.id}`, { token, body: { status: 'in_production' } });
    expect(move.status).toBe(404);
    const copy = await call(t, 'POST', `/api/admin/processes/copy/${pTheirs.id}`, { token, body: { manufacture_id: mine.manufactureId } });
    expect(copy.status).toBe(400);
    const p = await call(t, 'POST', '/api/admin/processes', { token, body: { name: 'Quy trình không cơ sở', stages: [] } });
    expect(p.status).toBe(400);
    expect(errorsOf(p).map((e) => e.field)).toEqual(['manufacture_id']);
  });
});
