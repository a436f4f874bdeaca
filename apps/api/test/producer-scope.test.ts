import { resources } from '@nns/shared/registry';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/app';
import { call, makeApp, makeRole, makeUser, type TestApp } from './helpers';

/**
 * Producer scope (issue 28 §2): an account tied to one producer (scope 'producer') reaches only that
 * producer's records and what hangs off them, through every route; another producer of the same ward
 * is out of sight and reach, as another ward is for a ward officer (accounts-ward-writes.test.ts).
 * On the demo data: the producer's account of 'Hợp tác xã Nông nghiệp Rau an toàn Đức Trọng' against
 * 'Hợp tác xã Cà phê Phú Hội' (same ward, with batches, diaries, traces, stamps and scans).
 */
let t: TestApp;
let mine: number;
let other: number;
let ward: number;
let producer: { id: number; token: string; username: string };
let allPerms: string[];
const OTHER_CODE = 'CSSX-LDG-001';
const OTHER_NAME = 'Hợp tác xã Cà phê Phú Hội';
const PRODUCER_MSG = 'Bạn chỉ được thao tác trên dữ liệu của cơ sở sản xuất của mình';

/** How each producer-bound resource's rows of one producer are found, written out here (not taken from core/scope.ts). */
const rowsOf = (m: number): Record<string, SQL> => ({
  manufactures: sql`id = ${m}`,
  'material-areas': sql`manufacture_id = ${m}`,
  products: sql`manufacture_id = ${m}`,
  labors: sql`manufacture_id = ${m}`,
  batches: sql`manufacture_id = ${m}`,
  traces: sql`manufacture_id = ${m}`,
  stamps: sql`manufacture_id = ${m}`,
  processes: sql`manufacture_id = ${m}`,
  users: sql`manufacture_id = ${m}`,
  stages: sql`process_id in (select id from processes where manufacture_id = ${m})`,
  diaries: sql`batch_id in (select id from batches where manufacture_id = ${m})`,
  'raw-material-areas': sql`material_area_id in (select id from material_areas where manufacture_id = ${m})`,
});
const bound = resources.filter((r) => r.producerVia);
const tableOf = (name: string) => sql.identifier(bound.find((r) => r.name === name)?.table as string);

async function idsOf(name: string, m: number): Promise<number[]> {
  return (await t.database.query<{ id: number }>(sql`select id from ${tableOf(name)} where ${rowsOf(m)[name]} order by id`)).map((r) => r.id);
}

/** One fingerprint of every row of another producer: a write that got through changes it. */
async function fingerprint(m: number) {
  const out: Record<string, string | null> = {};
  for (const name of Object.keys(rowsOf(m))) {
    const [r] = await t.database.query<{ h: string | null }>(
      sql`select md5(string_agg(x::text, ',' order by x.id)) as h from ${tableOf(name)} x where ${rowsOf(m)[name]}`,
    );
    out[name] = r.h;
  }
  const [s] = await t.database.query<{ h: string | null }>(
    sql`select md5(string_agg(c::text, ',' order by c.id)) as h from stamp_codes c where stamp_id in (select id from stamps where manufacture_id = ${m})`,
  );
  out.stamp_codes = s.h;
  return out;
}

beforeAll(async () => {
  t = await makeApp();
  await seedDemo(t.app.services);
  const [a] = await t.database.query<{ id: number; ward_id: number }>(sql`select id, ward_id from manufactures where code = ${OTHER_CODE}`);
  const [b] = await t.database.query<{ id: number; ward_id: number }>(sql`select id, ward_id from manufactures where code = 'CSSX-LDG-005'`);
  other = a.id;
  mine = b.id;
  ward = b.ward_id;
  allPerms = (await t.database.query<{ p: string }>(sql`select action || ':' || subject as p from permissions`)).map((r) => r.p);
  producer = await makeUser(t, { perms: allPerms, manufactureId: mine, username: 'htx.rau.test' });
}, 300_000);
afterAll(async () => t?.close());

describe('producer scope: the demo data this test stands on', () => {
  it('has both producers in one ward, the other with records of every producer-bound resource', async () => {
    expect(ward).toBeTypeOf('number');
    expect(other).not.toBe(mine);
    const [{ w }] = await t.database.query<{ w: number }>(sql`select ward_id as w from manufactures where id = ${other}`);
    expect(w).toBe(ward);
    // every resource that declares how it reaches its producer is walked below
    expect(bound.map((r) => r.name).sort()).toEqual(Object.keys(rowsOf(0)).sort());
    const empty: string[] = [];
    for (const name of Object.keys(rowsOf(0))) if (!(await idsOf(name, other)).length) empty.push(name);
    expect(empty).toEqual([]);
  });

  it('ties the demo producer accounts to their producers', async () => {
    const rows = await t.database.query<{ username: string; scope: string; code: string | null; ward_ok: boolean }>(
      sql`select u.username, u.scope, m.code, u.ward_id = m.ward_id as ward_ok from users u left join manufactures m on m.id = u.manufacture_id
        where u.username in ('htx.caphe', 'pham.thu') order by u.username`,
    );
    expect(rows).toEqual([
      { username: 'htx.caphe', scope: 'producer', code: OTHER_CODE, ward_ok: true },
      { username: 'pham.thu', scope: 'producer', code: 'CSSX-LDG-003', ward_ok: true },
    ]);
  });
});

describe('producer scope: reads', () => {
  it('lists and counts only their producer’s records of every producer-bound resource', async () => {
    const failures: string[] = [];
    for (const def of bound) {
      if (def.config.custom?.list) continue;
      const own = new Set(await idsOf(def.name, mine));
      const list = await call(t, 'GET', `/api/admin/${def.name}`, { token: producer.token, query: { limit: '100' } });
      if (list.status !== 200) {
        failures.push(`${def.name}: list ${list.status}`);
        continue;
      }
      const ids = list.body.data.entries.map((e: { id: number }) => e.id);
      const strays = ids.filter((id: number) => !own.has(id));
      if (strays.length) failures.push(`${def.name}: ${strays.length} records of another producer listed`);
      if (def.count) {
        const n = (await call(t, 'GET', `/api/admin/${def.name}/count`, { token: producer.token })).body.data.count;
        if (n !== own.size) failures.push(`${def.name}: count ${n}, own ${own.size}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('sees nothing of the ward-bound resources that reach no producer (distributors, stations, administrative accounts…)', async () => {
    const failures: string[] = [];
    for (const def of resources.filter((r) => (r.wardScoped || r.wardVia) && !r.producerVia && !r.config.custom?.list)) {
      if (def.name === 'seasonal-calendars' || def.name === 'notifications') continue; // shared reads of the region; notifications have their own rule
      const list = await call(t, 'GET', `/api/admin/${def.name}`, { token: producer.token, query: { limit: '5' } });
      if (list.status === 200 && list.body.data.entries.length) failures.push(`${def.name}: ${list.body.data.entries.length} rows`);
    }
    expect(failures).toEqual([]);
  });

  it('no list, statistic or summary route names another producer or its records', async () => {
    const failures: string[] = [];
    const otherProducts = (await t.database.query<{ code: string }>(sql`select code from products where manufacture_id = ${other}`)).map((r) => r.code);
    for (const r of t.app.routeTable.filter((x) => typeof x.access === 'object' && x.method === 'GET' && !x.url.includes(':'))) {
      if (/export|\/me\/|backup/.test(r.url)) continue;
      const res = await call(t, 'GET', r.url, { token: producer.token });
      const text = JSON.stringify(res.body ?? '');
      const leak = [OTHER_CODE, OTHER_NAME, ...otherProducts].find((s) => text.includes(s));
      if (leak) failures.push(`${r.url} → ${leak}`);
    }
    expect(failures).toEqual([]);
  });

  it('exports only their producer’s products', async () => {
    const e = await call(t, 'GET', '/api/admin/products/export', { token: producer.token });
    expect([200, 202], JSON.stringify(e.body)).toContain(e.status);
    let url: string | undefined = e.body.data.url;
    // an export that runs as a background job: its result, once done
    for (let i = 0; !url && i < 120; i++) {
      const job = (await call(t, 'GET', `/api/admin/jobs/${e.body.data.job.id}`, { token: producer.token })).body.data.job;
      expect(job.status).not.toBe('failed');
      if (job.status === 'done') url = job.result?.url ?? job.download_url;
      else await new Promise((r) => setTimeout(r, 500));
    }
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await t.app.inject({ method: 'GET', url: url as string })).rawPayload as unknown as ArrayBuffer);
    const codes = wb.worksheets[0].getColumn(2).values.slice(2);
    const own = (await t.database.query<{ code: string }>(sql`select code from products where manufacture_id = ${mine} order by code`)).map((r) => r.code);
    expect([...codes].sort()).toEqual(own);
  });
});

/** Bodies that pass validation, for the routes that read their record only after checking the body. */
const BODIES: Record<string, unknown> = {
  'PUT /api/admin/batches/change-status/:id': { status: 'closed' },
  'PUT /api/admin/processes/reorder-stages/:id': { stage_ids: [] },
  'PUT /api/admin/stamps/:id/codes/:serial/clear-flag': { reason: 'Đã kiểm tra tem và niêm phong tại cơ sở' },
};

describe('producer scope: every route on another producer’s record of the same ward', () => {
  it('answers 404 (or 403) for every route and resource, and changes nothing', async () => {
    const before = await fingerprint(other);
    const failures: string[] = [];
    let walked = 0;
    for (const r of t.app.routeTable.filter((x) => typeof x.access === 'object' && x.url.includes(':id'))) {
      const access = r.access as { subject: string };
      const seg = r.url.split('/')[3];
      const def = bound.find((d) => d.name === seg) ?? bound.find((d) => d.subject === access.subject);
      if (!def) continue;
      for (const id of (await idsOf(def.name, other)).slice(0, 2)) {
        const url = r.url.replace(':id', String(id)).replace(/:(\w+)/g, '1');
        const body = BODIES[`${r.method} ${r.url}`] ?? (['PUT', 'POST', 'PATCH'].includes(r.method) ? {} : undefined);
        const res = await call(t, r.method, url, { token: producer.token, body });
        walked++;
        const notFound = res.status === 404 || res.status === 403 || (res.status === 400 && /không tìm thấy|không tồn tại/i.test(res.body?.message ?? ''));
        if (!notFound) failures.push(`${r.method} ${r.url} (${def.name} ${id}) → ${res.status} ${res.body?.message ?? ''}`);
      }
    }
    // the password reset of the users screens names its account in the body
    const [theirUser] = await idsOf('users', other);
    const reset = await call(t, 'POST', '/api/admin/reset-password', { token: producer.token, body: { id: theirUser } });
    if (reset.status !== 404) failures.push(`POST /api/admin/reset-password → ${reset.status}`);
    expect(failures).toEqual([]);
    expect(walked).toBeGreaterThan(40);
    expect(await fingerprint(other)).toEqual(before);
  });
});

describe('producer scope: writes', () => {
  it('a new record lands with their producer; naming another producer or its records is refused on that field', async () => {
    const as = { token: producer.token };
    const made = await call(t, 'POST', '/api/admin/products', { ...as, body: { code: 'SP-RAU-MOI-01', name: 'Xà lách thủy canh' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.entry.manufacture_id).toBe(mine);
    const named = await call(t, 'POST', '/api/admin/products', { ...as, body: { code: 'SP-RAU-MOI-02', name: 'Cải bó xôi', manufacture_id: other } });
    expect(named.status).toBe(400);
    expect(named.body.data.errors).toEqual([{ field: 'manufacture_id', message: PRODUCER_MSG }]);
    const moved = await call(t, 'PUT', `/api/admin/products/${made.body.data.entry.id}`, { ...as, body: { manufacture_id: other } });
    expect(moved.body.data.errors).toEqual([{ field: 'manufacture_id', message: PRODUCER_MSG }]);

    const [theirBatch] = await idsOf('batches', other);
    const diary = await call(t, 'POST', '/api/admin/diaries', {
      ...as,
      body: { batch_id: theirBatch, performed_at: '2026-01-05T08:00:00.000Z', activity: 'fertilizing', note: 'Bón phân' },
    });
    expect(diary.status).toBe(400);
    expect(diary.body.data.errors).toContainEqual({ field: 'batch_id', message: 'Lô sản xuất không tồn tại' });

    const another = await call(t, 'POST', '/api/admin/manufactures', { ...as, body: { code: 'CSSX-MOI-99', name: 'Cơ sở khác' } });
    expect(another.status).toBe(400);
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from products where code = 'SP-RAU-MOI-02'`);
    expect(n).toBe(0);
    // their own producer stays editable, in its ward
    const own = await call(t, 'PUT', `/api/admin/manufactures/${mine}`, { ...as, body: { phone: '0263384 1234'.replace(' ', '') } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('a producer’s account creates accounts of its producer only', async () => {
    const role = await makeRole(t, ['list:products'], 'Nhân viên cơ sở');
    const body = { password: 'MatKhau@123', full_name: 'Nhân viên mới', role_id: role, scope: 'producer' };
    const ok = await call(t, 'POST', '/api/admin/users', { token: producer.token, body: { ...body, username: 'nv.rau.01' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.entry).toMatchObject({ scope: 'producer', manufacture_id: mine, ward_id: ward });
    const theirs = await call(t, 'POST', '/api/admin/users', { token: producer.token, body: { ...body, username: 'nv.rau.02', manufacture_id: other } });
    expect(theirs.status).toBe(400);
    expect(theirs.body.data.errors[0].field).toBe('manufacture_id');
    const wider = await call(t, 'POST', '/api/admin/users', { token: producer.token, body: { ...body, username: 'nv.rau.03', scope: 'ward', ward_id: ward } });
    expect(wider.status).toBe(400);
    expect(wider.body.data.errors[0].field).toBe('scope');
  });
});

describe('producer accounts in the users form', () => {
  it('scope producer needs a producer; the account takes its ward; a ward officer names only producers of their ward', async () => {
    const role = await makeRole(t, ['list:products'], 'Chủ cơ sở');
    const body = { password: 'MatKhau@123', full_name: 'Chủ cơ sở', role_id: role, scope: 'producer' };
    const none = await call(t, 'POST', '/api/admin/users', { body: { ...body, username: 'chu.khong' } });
    expect(none.status).toBe(400);
    expect(none.body.data.errors).toEqual([{ field: 'manufacture_id', message: 'Chọn cơ sở sản xuất cho tài khoản có phạm vi một cơ sở sản xuất' }]);
    const ok = await call(t, 'POST', '/api/admin/users', { body: { ...body, username: 'chu.co', manufacture_id: other } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.entry).toMatchObject({ manufacture_id: other, ward_id: ward });
    // back to a ward: the producer link goes
    const back = await call(t, 'PUT', `/api/admin/users/${ok.body.data.entry.id}`, { body: { scope: 'ward', ward_id: ward } });
    expect(back.body.data.entry.manufacture_id).toBeNull();

    const [elsewhere] = await t.database.query<{ id: number }>(sql`select id from manufactures where ward_id <> ${ward} order by id limit 1`);
    const officer = await makeUser(t, { perms: ['list:users', 'read:users', 'create:users', 'update:users', 'list:products'], wardId: ward });
    const theirs = await call(t, 'POST', '/api/admin/users', { token: officer.token, body: { ...body, username: 'chu.khac', manufacture_id: elsewhere.id } });
    expect(theirs.status).toBe(400);
    expect(theirs.body.data.errors).toEqual([{ field: 'manufacture_id', message: 'Cơ sở sản xuất không tồn tại' }]);
    const mineOk = await call(t, 'POST', '/api/admin/users', { token: officer.token, body: { ...body, username: 'chu.phuong', manufacture_id: mine } });
    expect(mineOk.status, JSON.stringify(mineOk.body)).toBe(200);
  });

  it('nobody renames their own username (409); an officer renames others', async () => {
    const officer = await makeUser(t, { perms: ['list:users', 'read:users', 'update:users', 'list:products'], wardId: ward, username: 'canbo.doiten' });
    const own = await call(t, 'PUT', `/api/admin/users/${officer.id}`, { token: officer.token, body: { username: 'canbo.tenmoi' } });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('Bạn không thể tự đổi tên đăng nhập của mình');
    const [row] = await t.database.query<{ username: string }>(sql`select username from users where id = ${officer.id}`);
    expect(row.username).toBe('canbo.doiten');
    // the same name sent back by the form is no change
    expect(
      (await call(t, 'PUT', `/api/admin/users/${officer.id}`, { token: officer.token, body: { username: 'canbo.doiten', full_name: 'Cán bộ' } })).status,
    ).toBe(200);
    const colleague = await makeUser(t, { perms: ['list:products'], wardId: ward, username: 'dongnghiep.cu' });
    const renamed = await call(t, 'PUT', `/api/admin/users/${colleague.id}`, { token: officer.token, body: { username: 'dongnghiep.moi' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});

describe('labourer password reset', () => {
  it('answers the new password once, uncached, only to an account that may manage the labourer', async () => {
    const [theirs] = await idsOf('labors', other);
    const refused = await call(t, 'PUT', `/api/admin/labors/reset-password/${theirs}`, { token: producer.token });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('password');
    const lab = await call(t, 'POST', '/api/admin/labors', { token: producer.token, body: { code: 'LD-RAU-01', full_name: 'Võ Thị Mai' } });
    expect(lab.status, JSON.stringify(lab.body)).toBe(200);
    expect(lab.body.data.entry.manufacture_id).toBe(mine);
    const ok = await call(t, 'PUT', `/api/admin/labors/reset-password/${lab.body.data.entry.id}`, { token: producer.token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.password).toMatch(/^.{12,}$/);
    expect(ok.headers['cache-control']).toContain('no-store');
  });
});
