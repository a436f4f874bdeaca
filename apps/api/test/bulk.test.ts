import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWard } from './accounts-helpers';
import { call, callJob, makeApp, makeUser, type TestApp } from './helpers';

/**
 * POST /api/admin/{resource}/bulk: one request for a selection, each row through the single
 * action's path (scope, write path, audit) in its own transaction, answered row by row.
 */
let t: TestApp;
let wardA: number;
let wardB: number;

beforeAll(async () => {
  t = await makeApp();
  wardA = await makeWard(t, 'Phường Bến Thành');
  wardB = await makeWard(t, 'Phường An Khánh');
});
afterAll(async () => t?.close());

const inList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
let seq = 0;
/** distributors written directly (pending), in the given wards */
async function distributors(wards: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const w of wards) {
    seq++;
    const [r] = await t.database.query<{ id: number }>(
      sql`insert into distributors (code, name, ward_id, status) values (${`NPP${seq}`}, ${`Nhà phân phối ${seq}`}, ${w}, 'pending') returning id`,
    );
    ids.push(r.id);
  }
  return ids;
}

const statusOf = async (ids: number[]) =>
  (await t.database.query<{ id: number; status: string }>(sql`select id, status from distributors where id in (${inList(ids)}) order by id`)).map(
    (r) => r.status,
  );
const auditCount = async (actor: number, action: string) =>
  (
    await t.database.query<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where actor_id = ${actor} and subject = 'distributors' and action = ${action}`,
    )
  )[0].n;

describe('bulk approve by a ward officer', () => {
  it('approves the 18 rows of the ward, refuses the 2 of another ward row by row, audits 18', async () => {
    const officer = await makeUser(t, { perms: ['list:distributors', 'approve:distributors'], wardId: wardA });
    const mine = await distributors(Array(18).fill(wardA));
    const others = await distributors([wardB, wardB]);
    const ids = [...mine.slice(0, 9), ...others, ...mine.slice(9)];
    const r = await call(t, 'POST', '/api/admin/distributors/bulk', { token: officer.token, body: { action: 'approve', ids } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.total).toBe(20);
    expect(r.body.data.done).toBe(18);
    expect(r.body.data.failed).toEqual(others.map((id) => ({ id, message: 'Bản ghi không thuộc phường/xã của bạn' })));
    expect(await statusOf(mine)).toEqual(Array(18).fill('approved'));
    expect(await statusOf(others)).toEqual(['pending', 'pending']);
    expect(await auditCount(officer.id, 'approve')).toBe(18);

    // again: rows already approved are left as they are (done, no second audit); the others still refused
    const again = await call(t, 'POST', '/api/admin/distributors/bulk', { token: officer.token, body: { action: 'approve', ids } });
    expect(again.body.data.done).toBe(18);
    expect(again.body.data.failed).toHaveLength(2);
    expect(await auditCount(officer.id, 'approve')).toBe(18);
  });

  it('says a missing record is missing, not out of the ward', async () => {
    const officer = await makeUser(t, { perms: ['list:distributors', 'approve:distributors'], wardId: wardA });
    const [id] = await distributors([wardA]);
    const r = await call(t, 'POST', '/api/admin/distributors/bulk', { token: officer.token, body: { action: 'approve', ids: [id, 2_000_000_000] } });
    expect(r.body.data.done).toBe(1);
    expect(r.body.data.failed).toEqual([{ id: 2_000_000_000, message: 'Không tìm thấy bản ghi' }]);
  });
});

describe('permission per action', () => {
  it('needs the list permission for the route and each action’s own permission', async () => {
    const [id] = await distributors([wardA]);
    const lister = await makeUser(t, { perms: ['list:distributors'] });
    for (const action of ['approve', 'delete', 'restore']) {
      const r = await call(t, 'POST', '/api/admin/distributors/bulk', { token: lister.token, body: { action, ids: [id] } });
      expect(r.status, action).toBe(403);
    }
    const nobody = await makeUser(t, { perms: ['approve:distributors'] });
    expect((await call(t, 'POST', '/api/admin/distributors/bulk', { token: nobody.token, body: { action: 'approve', ids: [id] } })).status).toBe(403);
    expect((await call(t, 'POST', '/api/admin/distributors/bulk', { token: '', body: { action: 'approve', ids: [id] } })).status).toBe(401);
    // a deleter may delete but not approve
    const deleter = await makeUser(t, { perms: ['list:distributors', 'delete:distributors'] });
    expect((await call(t, 'POST', '/api/admin/distributors/bulk', { token: deleter.token, body: { action: 'approve', ids: [id] } })).status).toBe(403);
    expect(await statusOf([id])).toEqual(['pending']);
  });
});

describe('delete and restore in bulk', () => {
  it('soft-deletes, then restores from the trash, each row audited', async () => {
    const user = await makeUser(t, { perms: ['list:distributors', 'delete:distributors'] });
    const ids = await distributors([wardA, wardA, wardB]);
    const del = await call(t, 'POST', '/api/admin/distributors/bulk', { token: user.token, body: { action: 'delete', ids } });
    expect(del.body.data).toEqual({ action: 'delete', total: 3, done: 3, failed: [] });
    const gone = await t.database.query<{ n: number }>(
      sql`select count(*)::int as n from distributors where id in (${inList(ids)}) and deleted_at is not null`,
    );
    expect(gone[0].n).toBe(3);
    expect(await auditCount(user.id, 'delete')).toBe(3);
    // a live row is not in the trash
    const [live] = await distributors([wardA]);
    const res = await call(t, 'POST', '/api/admin/distributors/bulk', { token: user.token, body: { action: 'restore', ids: [...ids, live] } });
    expect(res.body.data.done).toBe(3);
    expect(res.body.data.failed).toEqual([{ id: live, message: 'Không tìm thấy bản ghi trong thùng rác' }]);
    expect(await auditCount(user.id, 'restore')).toBe(3);
  });

  it('reports a record in use (409 of the single delete) and deletes the others', async () => {
    const user = await makeUser(t, { perms: ['list:product_groups', 'delete:product_groups'] });
    const parent = await call(t, 'POST', '/api/admin/product-groups', { body: { code: 'NHOMCHA', name: 'Nhóm cha thử' } });
    const child = await call(t, 'POST', '/api/admin/product-groups', { body: { code: 'NHOMCON', name: 'Nhóm con thử', parent_id: parent.body.data.entry.id } });
    const lone = await call(t, 'POST', '/api/admin/product-groups', { body: { code: 'NHOMLE', name: 'Nhóm lẻ thử' } });
    const ids = [parent.body.data.entry.id, lone.body.data.entry.id];
    const r = await call(t, 'POST', '/api/admin/product-groups/bulk', { token: user.token, body: { action: 'delete', ids } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.done).toBe(1);
    expect(r.body.data.failed).toEqual([{ id: ids[0], message: 'Không thể xóa vì nhóm còn 1 nhóm con' }]);
    const live = await t.database.query<{ id: number }>(
      sql`select id from product_groups where id in (${inList([...ids, child.body.data.entry.id])}) and deleted_at is null order by id`,
    );
    expect(live.map((x) => x.id)).toEqual([ids[0], child.body.data.entry.id]);
  });
});

describe('toggle in bulk', () => {
  it('sets the toggle on or off for every row', async () => {
    const user = await makeUser(t, { perms: ['list:product_units', 'update:product_units'] });
    const rows = await t.database.query<{ id: number }>(
      sql`insert into product_units (name, search_text, is_active) values ('Hộp A', 'hop a', true), ('Hộp B', 'hop b', false) returning id`,
    );
    const ids = rows.map((r) => r.id);
    const off = await call(t, 'POST', '/api/admin/product-units/bulk', { token: user.token, body: { action: 'change-status', ids, value: false } });
    expect(off.body.data.done, JSON.stringify(off.body)).toBe(2);
    const after = await t.database.query<{ is_active: boolean }>(sql`select is_active from product_units where id in (${inList(ids)})`);
    expect(after.map((r) => r.is_active)).toEqual([false, false]);
  });
});

describe('bad bodies answer 400 and change nothing', () => {
  const bad: [string, unknown][] = [
    ['no body', undefined],
    ['unknown action', { action: 'publish', ids: [1] }],
    ['no ids', { action: 'approve', ids: [] }],
    ['501 ids', { action: 'approve', ids: Array.from({ length: 501 }, (_, i) => i + 1) }],
    ['duplicate ids', { action: 'approve', ids: [1, 1] }],
    ['zero id', { action: 'approve', ids: [0] }],
    ['negative id', { action: 'approve', ids: [-3] }],
    ['fraction id', { action: 'approve', ids: [1.5] }],
    ['string id', { action: 'approve', ids: ['1'] }],
    ['huge id', { action: 'approve', ids: [2 ** 31] }],
    ['ids not a list', { action: 'approve', ids: 5 }],
    ['unknown key', { action: 'approve', ids: [1], extra: true }],
    ['value on approve', { action: 'approve', ids: [1], value: true }],
  ];
  for (const [name, body] of bad) {
    it(name, async () => {
      const [id] = await distributors([wardA]);
      const r = await call(t, 'POST', '/api/admin/distributors/bulk', { body });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.data.errors.length).toBeGreaterThan(0);
      expect(await statusOf([id])).toEqual(['pending']);
    });
  }
  it('a toggle without its value', async () => {
    const r = await call(t, 'POST', '/api/admin/product-units/bulk', { body: { action: 'change-status', ids: [1] } });
    expect(r.status).toBe(400);
    expect(r.body.data.errors).toEqual([{ field: 'value', message: 'Chọn bật hoặc tắt' }]);
  });
});

describe('export of a selection', () => {
  it('the list export with the ids filter writes only the chosen rows, inside the user’s scope', async () => {
    const officer = await makeUser(t, { perms: ['list:distributors', 'export:distributors'], wardId: wardA });
    const [a, b] = await distributors([wardA, wardA]);
    const [c] = await distributors([wardB]);
    const r = await callJob(t, 'GET', '/api/admin/distributors/export', { token: officer.token, query: { ids: [a, b, c].join(',') } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.rows).toBe(2);
  });
});
