import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWard } from './accounts-helpers';
import { call, callJob, login, makeApp, makeRole, makeUser, type TestApp } from './helpers';

/** Ward scope on users and administrative accounts; administrative accounts and their roles. */
let t: TestApp;
let wardA: number;
let wardB: number;
let plainRole: number;
beforeAll(async () => {
  t = await makeApp();
  wardA = await makeWard(t, 'Phường Bến Nghé');
  wardB = await makeWard(t, 'Phường Thảo Điền');
  plainRole = await makeRole(t, ['list:product_units'], 'Vai trò thường');
});
afterAll(async () => t?.close());

const USERS_PERMS = ['list:users', 'read:users', 'create:users', 'update:users', 'delete:users', 'export:users', 'list:product_units'];

async function exportUsernames(token: string, url = '/api/admin/users/export-users') {
  const e = await callJob(t, 'GET', url, { token });
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const col = (ws.getRow(1).values as unknown[]).indexOf('Tên đăng nhập');
  const out: unknown[] = [];
  ws.eachRow((r, i) => i > 1 && out.push(r.getCell(col).value));
  return out;
}

describe('ward scope on users', () => {
  it('a scoped officer sees and changes only the users of their ward; admin sees all', async () => {
    const officer = await makeUser(t, { perms: USERS_PERMS, wardId: wardA, username: 'canbo.a' });
    const mine = await makeUser(t, { roleId: plainRole, wardId: wardA, username: 'dan.a' });
    const theirs = await makeUser(t, { roleId: plainRole, wardId: wardB, username: 'dan.b' });
    const tok = officer.token;

    const list = await call(t, 'GET', '/api/admin/users', { token: tok, query: { limit: '100' } });
    const names = list.body.data.entries.map((e: { username: string }) => e.username);
    expect(names).toEqual(expect.arrayContaining(['canbo.a', 'dan.a']));
    expect(names).not.toContain('dan.b');
    expect(names).not.toContain('admin');
    expect((await call(t, 'GET', '/api/admin/users', { token: tok, query: { ward_id: String(wardB) } })).body.data.entries).toEqual([]);
    expect((await call(t, 'GET', '/api/admin/users/count', { token: tok })).body.data.count).toBe(names.length);
    const exported = await exportUsernames(tok);
    expect(exported).toContain('dan.a');
    expect(exported).not.toContain('dan.b');

    for (const [m, url, b] of [
      ['GET', `/api/admin/users/${theirs.id}`, undefined],
      ['PUT', `/api/admin/users/${theirs.id}`, { full_name: 'Không được' }],
      ['DELETE', `/api/admin/users/${theirs.id}`, undefined],
      ['PUT', `/api/admin/users/change-status/${theirs.id}`, undefined],
      ['PUT', `/api/admin/users/change-highlight/${theirs.id}`, undefined],
    ] as const) {
      const r = await call(t, m, url, { token: tok, body: b });
      expect(r.status, `${m} ${url}`).toBe(404);
    }
    const [still] = await t.database.query<{ full_name: string; status: string }>(sql`select full_name, status from users where id = ${theirs.id}`);
    expect(still).toEqual({ full_name: 'Người dùng thử', status: 'active' });

    expect((await call(t, 'GET', `/api/admin/users/${mine.id}`, { token: tok })).status).toBe(200);
    expect((await call(t, 'PUT', `/api/admin/users/${mine.id}`, { token: tok, body: { full_name: 'Đổi được' } })).status).toBe(200);
    // moving a record to another ward, or creating in one, is refused; without a ward it lands in the officer's
    expect((await call(t, 'PUT', `/api/admin/users/${mine.id}`, { token: tok, body: { ward_id: wardB } })).status).toBe(400);
    const body = { username: 'moi.a', password: 'MatKhau@123', full_name: 'Người mới', role_id: plainRole, scope: 'ward' };
    expect((await call(t, 'POST', '/api/admin/users', { token: tok, body: { ...body, ward_id: wardB } })).status).toBe(400);
    const c = await call(t, 'POST', '/api/admin/users', { token: tok, body });
    expect(c.body.data.entry.ward_id).toBe(wardA);

    // 'admin' is unscoped
    const all = await call(t, 'GET', '/api/admin/users', { query: { limit: '100' } });
    expect(all.body.data.entries.map((e: { username: string }) => e.username)).toEqual(expect.arrayContaining(['admin', 'dan.a', 'dan.b']));
    expect(await exportUsernames(t.adminToken)).toEqual(expect.arrayContaining(['dan.a', 'dan.b']));
    expect((await call(t, 'GET', `/api/admin/users/${theirs.id}`)).status).toBe(200);
  });

  it('the role detail lists only the holders of the reader’s ward', async () => {
    const role = await makeRole(t, ['list:product_units'], 'Vai trò hai phường');
    await makeUser(t, { roleId: role, wardId: wardA, username: 'giu.a' });
    await makeUser(t, { roleId: role, wardId: wardB, username: 'giu.b' });
    const reader = await makeUser(t, { perms: ['read:roles', 'list:users'], wardId: wardA });
    const r = await call(t, 'GET', `/api/admin/roles/${role}`, { token: reader.token });
    expect(r.body.data.entry.holders.map((h: { username: string }) => h.username)).toEqual(['giu.a']);
    expect(r.body.data.entry.users_count).toBe(1);
    expect((await call(t, 'GET', `/api/admin/roles/${role}`)).body.data.entry.users_count).toBe(2);
  });
});

describe('administrative accounts', () => {
  let chairRole: number;
  it('has its own roles; a held role cannot be deleted', async () => {
    const r = await call(t, 'POST', '/api/admin/roles-administrative', { body: { name: 'Chủ tịch UBND', description: 'Lãnh đạo phường' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    chairRole = r.body.data.entry.id;
    const a = await call(t, 'POST', '/api/admin/administrative', {
      body: {
        username: 'chutich.bn',
        password: 'MatKhau@123',
        full_name: 'Võ Văn Tùng',
        position: 'Chủ tịch UBND phường',
        phone: '0914222333',
        email: 'Tung@BenNghe.gov.vn',
        ward_id: wardA,
        role_id: chairRole,
      },
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data.entry).toMatchObject({ email: 'tung@bennghe.gov.vn', role: { id: chairRole, name: 'Chủ tịch UBND' }, status: 'active' });
    expect(a.body.data.entry).not.toHaveProperty('password');
    const [row] = await t.database.query<{ password: string }>(sql`select password from administrative where username = 'chutich.bn'`);
    expect(row.password).toMatch(/^\$argon2id\$/);
    const d = await call(t, 'DELETE', `/api/admin/roles-administrative/${chairRole}`);
    expect(d.status).toBe(409);
    expect(d.body.message).toContain('đang được gán cho 1 tài khoản hành chính');
    const dup = await call(t, 'POST', '/api/admin/administrative', { body: { username: 'chutich.bn', password: 'MatKhau@123', full_name: 'Trùng' } });
    expect(dup.status).toBe(409);
    const bad = await call(t, 'POST', '/api/admin/administrative', { body: { username: 'x y', full_name: '', phone: '0123' } });
    expect(bad.body.data.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['Tên đăng nhập chỉ gồm chữ, số, dấu gạch dưới, dấu chấm và @', 'Họ và tên bắt buộc', 'Số điện thoại không đúng định dạng']),
    );
  });

  it('changes status through the users path with ?kind=administrative', async () => {
    const [a] = await t.database.query<{ id: number }>(sql`select id from administrative where username = 'chutich.bn'`);
    const r = await call(t, 'PUT', `/api/admin/users/change-status/${a.id}`, { query: { kind: 'administrative' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.entry).toMatchObject({ username: 'chutich.bn', status: 'locked' });
    const back = await call(t, 'PUT', `/api/admin/users/change-status/${a.id}`, { query: { kind: 'administrative' }, body: { status: 'active' } });
    expect(back.body.data.entry.status).toBe('active');
    const onlyUsers = await makeUser(t, { perms: ['update:users'] });
    expect((await call(t, 'PUT', `/api/admin/users/change-status/${a.id}`, { token: onlyUsers.token, query: { kind: 'administrative' } })).status).toBe(403);
    expect((await call(t, 'PUT', `/api/admin/users/change-status/${a.id}`, { query: { kind: 'robot' } })).status).toBe(400);
    const logs = await call(t, 'GET', '/api/admin/system/logs', { query: { subject: 'administrative', action: 'change-status' } });
    expect(logs.body.data.entries).toHaveLength(2);
  });

  it('changes status only through that path: the administrative create refuses it, the update sets it aside', async () => {
    const [a] = await t.database.query<{ id: number; status: string }>(sql`select id, status from administrative where username = 'chutich.bn'`);
    expect(a.status).toBe('active');
    // an entry sent back as GET answered it may carry the read-only status: it is never written
    const upd = await call(t, 'PUT', `/api/admin/administrative/${a.id}`, { body: { full_name: 'Võ Văn Tùng', status: 'locked' } });
    expect(upd.status).toBe(200);
    expect(upd.body.data.entry.status).toBe('active');
    const [after] = await t.database.query<{ status: string }>(sql`select status from administrative where id = ${a.id}`);
    expect(after.status).toBe('active');
    const created = await call(t, 'POST', '/api/admin/administrative', {
      body: { username: 'khoa.ngay', password: 'MatKhau@123', full_name: 'Tạo sẵn bị khóa', status: 'locked' },
    });
    expect(created.status).toBe(400);
    // without it, a new account is active; the update of the other fields goes on as before
    const plain = await call(t, 'POST', '/api/admin/administrative', {
      body: { username: 'moi.hanhchinh', password: 'MatKhau@123', full_name: 'Tài khoản mới' },
    });
    expect(plain.body.data.entry.status).toBe('active');
    expect((await call(t, 'PUT', `/api/admin/administrative/${plain.body.data.entry.id}`, { body: { position: 'Văn thư' } })).status).toBe(200);
    await call(t, 'DELETE', `/api/admin/administrative/${plain.body.data.entry.id}`);
  });

  it('resets a password (generated once, or given) and keeps ward scope', async () => {
    const [a] = await t.database.query<{ id: number }>(sql`select id from administrative where username = 'chutich.bn'`);
    const r = await call(t, 'PUT', `/api/admin/administrative/reset-password/${a.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data.password).toMatch(/^.{14}$/);
    const given = await call(t, 'PUT', `/api/admin/administrative/reset-password/${a.id}`, { body: { password: 'abc' } });
    expect(given.body.data.errors[0].message).toBe('Mật khẩu phải từ 8 đến 128 ký tự');
    const officerB = await makeUser(t, {
      perms: ['list:administrative', 'read:administrative', 'update:administrative', 'update:users', 'export:administrative'],
      wardId: wardB,
    });
    expect((await call(t, 'PUT', `/api/admin/administrative/reset-password/${a.id}`, { token: officerB.token })).status).toBe(404);
    expect((await call(t, 'GET', `/api/admin/administrative/${a.id}`, { token: officerB.token })).status).toBe(404);
    expect((await call(t, 'PUT', `/api/admin/users/change-status/${a.id}`, { token: officerB.token, query: { kind: 'administrative' } })).status).toBe(404);
    expect((await call(t, 'GET', '/api/admin/administrative', { token: officerB.token })).body.data.entries).toEqual([]);
    expect(await exportUsernames(officerB.token, '/api/admin/administrative/export')).toEqual([]);
    expect(await exportUsernames(t.adminToken, '/api/admin/administrative/export')).toEqual(['chutich.bn']);
    expect(await login(t.app, 'admin', 'Admin@12345')).toBeTruthy();
  });
});
