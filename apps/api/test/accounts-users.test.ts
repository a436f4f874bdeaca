import { ALL_PERMISSIONS, FULL_ROLE_NAME } from '@nns/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWard } from './accounts-helpers';
import { call, callJob, changeElsewhere, login, makeApp, makeRole, makeUser, type TestApp } from './helpers';

/** Users: validation, uniqueness, hashing, lock and its sessions, safety rules, mass assignment, export. */
let t: TestApp;
let roleId: number;
beforeAll(async () => {
  t = await makeApp();
  roleId = await makeRole(t, ['list:product_units'], 'Vai trò người dùng thử');
});
afterAll(async () => t?.close());

const body = (o: Record<string, unknown> = {}) => ({
  username: `nv_${Math.random().toString(36).slice(2, 8)}`,
  password: 'MatKhau@123',
  full_name: 'Nguyễn Văn An',
  role_id: roleId,
  scope: 'all',
  ...o,
});
const create = (o: Record<string, unknown> = {}, token?: string) => call(t, 'POST', '/api/admin/users', { body: body(o), token });

describe('create and validate', () => {
  it('creates a user with a hashed password that signs in, and never answers the hash', async () => {
    const r = await create({ username: 'nguyen.an', email: 'An.Nguyen@Example.vn', phone: '0912345678' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.entry).toMatchObject({ username: 'nguyen.an', email: 'an.nguyen@example.vn', status: 'active', role: { id: roleId } });
    expect(r.body.data.entry).not.toHaveProperty('password');
    const [row] = await t.database.query<{ password: string }>(sql`select password from users where username = 'nguyen.an'`);
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(await login(t.app, 'nguyen.an', 'MatKhau@123')).toBeTruthy();
    const g = await call(t, 'GET', `/api/admin/users/${r.body.data.entry.id}`);
    expect(JSON.stringify(g.body)).not.toContain('argon2');
  });

  it('answers Vietnamese messages for spec §5 rules', async () => {
    const r = await call(t, 'POST', '/api/admin/users', { body: { username: 'sai tên!', full_name: ' ', email: 'khong-phai-email', phone: '12345' } });
    expect(r.status).toBe(400);
    const m = Object.fromEntries(r.body.data.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(m).toMatchObject({
      username: 'Tên đăng nhập chỉ gồm chữ, số, dấu gạch dưới, dấu chấm và @',
      full_name: 'Họ và tên bắt buộc',
      email: 'Email không đúng định dạng',
      phone: 'Số điện thoại không đúng định dạng',
    });
    const noPass = await create({ password: undefined });
    expect(noPass.status).toBe(400);
    expect(noPass.body.data.errors).toContainEqual({ field: 'password', message: 'Mật khẩu bắt buộc' });
    const short = await create({ password: 'abc' });
    expect(short.body.data.errors).toContainEqual({ field: 'password', message: 'Mật khẩu tối thiểu 8 ký tự' });
  });

  it('answers 409 for a taken username or e-mail', async () => {
    await create({ username: 'trung.ten', email: 'trung@example.vn' });
    const u = await create({ username: 'trung.ten' });
    expect(u.status).toBe(409);
    expect(u.body.message).toBe('Tên đăng nhập đã tồn tại');
    const e = await create({ email: 'TRUNG@example.vn' });
    expect(e.status).toBe(409);
    expect(e.body.message).toBe('Email đã tồn tại');
  });
});

describe('mass assignment', () => {
  it('refuses server-owned keys through users update and profile update, changing nothing', async () => {
    const u = await makeUser(t, { perms: ['list:product_units'] });
    // an entry sent back as GET answered it: bookkeeping and read-only fields are set aside, never written
    // (must_change_password is the administrator's to set since issue 18: password-policy.test.ts)
    for (const extra of [{ last_login_at: '2020-01-01T00:00:00Z' }, { id: 1 }, { created_by: 1 }]) {
      const r = await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { full_name: 'Đổi tên', ...extra } });
      expect(r.status, JSON.stringify(extra)).toBe(200);
    }
    const [kept] = await t.database.query<Record<string, unknown>>(
      sql`select id, must_change_password, created_by, last_login_at > '2021-01-01' as seen from users where id = ${u.id}`,
    );
    expect(kept).toMatchObject({ id: u.id, must_change_password: false, created_by: null, seen: true });
    expect((await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { full_name: 'Đổi tên', khong_co: 1 } })).status).toBe(400);
    await t.database.query(sql`update users set full_name = 'Người dùng thử' where id = ${u.id}`);
    for (const extra of [
      { role_id: 1 },
      { status: 'active' },
      { username: 'admin2' },
      { must_change_password: false },
      { ward_id: 1 },
      { password: 'MoiMoi@123' },
    ]) {
      const r = await call(t, 'PUT', '/api/admin/load-profile', { token: u.token, body: { full_name: 'Tự đổi', ...extra } });
      expect(r.status, JSON.stringify(extra)).toBe(400);
    }
    const [row] = await t.database.query<Record<string, unknown>>(
      sql`select full_name, role_id, must_change_password, last_login_at is not null as seen from users where id = ${u.id}`,
    );
    expect(row).toMatchObject({ full_name: 'Người dùng thử', role_id: u.roleId, must_change_password: false, seen: true });
  });
});

describe('status', () => {
  it('locks a user: their token answers 401 at once; unlocking does not revive it', async () => {
    const u = await makeUser(t, { perms: ['list:product_units'] });
    expect((await call(t, 'GET', '/api/admin/product-units', { token: u.token })).status).toBe(200);
    const r = await call(t, 'PUT', `/api/admin/users/change-status/${u.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.entry.status).toBe('locked');
    expect((await call(t, 'GET', '/api/admin/product-units', { token: u.token })).status).toBe(401);
    const again = await call(t, 'PUT', `/api/admin/users/change-status/${u.id}`, { body: { status: 'active' } });
    expect(again.body.data.entry.status).toBe('active');
    expect((await call(t, 'GET', '/api/admin/product-units', { token: u.token })).status).toBe(401);
    expect(await login(t.app, u.username, u.password)).toBeTruthy();
    const logs = await call(t, 'GET', '/api/admin/system/logs', { query: { subject: 'users', action: 'change-status', record_id: String(u.id) } });
    expect(logs.body.data.entries.map((e: { after: { status: string } }) => e.after.status)).toEqual(['active', 'locked']);
  });

  it('locking through the edit form ends the sessions too', async () => {
    const u = await makeUser(t, { perms: ['list:product_units'] });
    expect((await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { status: 'locked' } })).status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/product-units', { token: u.token })).status).toBe(401);
  });

  it('toggles highlight', async () => {
    const u = await makeUser(t, {});
    const r = await call(t, 'PUT', `/api/admin/users/change-highlight/${u.id}`);
    expect(r.body.data.entry.is_highlight).toBe(true);
  });
});

describe('safety', () => {
  it('a user cannot lock, delete or demote themselves', async () => {
    const mgr = await makeUser(t, { perms: ['list:users', 'read:users', 'update:users', 'delete:users', 'list:product_units'] });
    const lock = await call(t, 'PUT', `/api/admin/users/change-status/${mgr.id}`, { token: mgr.token });
    expect(lock.status).toBe(409);
    expect(lock.body.message).toBe('Bạn không thể tự khóa tài khoản của mình');
    expect((await call(t, 'PUT', `/api/admin/users/${mgr.id}`, { token: mgr.token, body: { status: 'locked' } })).status).toBe(409);
    expect((await call(t, 'DELETE', `/api/admin/users/${mgr.id}`, { token: mgr.token })).status).toBe(409);
    const demote = await call(t, 'PUT', `/api/admin/users/${mgr.id}`, { token: mgr.token, body: { role_id: roleId } });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('Bạn không thể tự thay đổi vai trò của mình');
  });

  it('never leaves the system without an active holder of the full role', async () => {
    const [{ id: adminId, role_id: fullId }] = await t.database.query<{ id: number; role_id: number }>(
      sql`select id, role_id from users where username = 'admin'`,
    );
    const second = await makeUser(t, { roleId: fullId });
    // while 'admin' is active, the second administrator may be locked, demoted…
    expect((await call(t, 'PUT', `/api/admin/users/change-status/${second.id}`)).status).toBe(200);
    await call(t, 'PUT', `/api/admin/users/change-status/${second.id}`, { body: { status: 'active' } });
    // …but when it is the last active holder, an actor with as many permissions (another role) cannot
    const copy = await makeRole(
      t,
      ALL_PERMISSIONS.map((p) => `${p.action}:${p.subject}`),
      'Bản sao toàn quyền',
    );
    const peer = await makeUser(t, { roleId: copy });
    await changeElsewhere(t, sql`update users set status = 'locked' where id = ${adminId}`);
    try {
      for (const [m, url, b, word] of [
        ['PUT', `/api/admin/users/change-status/${second.id}`, undefined, 'khóa'],
        ['PUT', `/api/admin/users/${second.id}`, { role_id: roleId }, 'đổi vai trò của'],
        ['DELETE', `/api/admin/users/${second.id}`, undefined, 'xóa'],
      ] as const) {
        const r = await call(t, m, url, { token: peer.token, body: b });
        expect(r.status, `${m} ${url}`).toBe(409);
        expect(r.body.message).toBe(`Không thể ${word} người quản trị cuối cùng giữ vai trò ${FULL_ROLE_NAME}`);
      }
    } finally {
      await changeElsewhere(t, sql`update users set status = 'active' where id = ${adminId}`);
    }
    expect((await call(t, 'PUT', `/api/admin/users/${second.id}`, { token: peer.token, body: { role_id: roleId } })).status).toBe(200);
  });

  it('refuses to give a role stronger than the actor’s, or to touch a stronger account', async () => {
    const mgr = await makeUser(t, { perms: ['list:users', 'read:users', 'create:users', 'update:users', 'delete:users', 'list:product_units'] });
    const strong = await makeRole(t, ['list:users', 'delete:roles']);
    const c = await create({ role_id: strong }, mgr.token);
    expect(c.status).toBe(403);
    expect(c.body.message).toBe('Bạn không thể gán vai trò có nhiều quyền hơn vai trò của bạn');
    expect((await create({ role_id: roleId }, mgr.token)).status).toBe(200);
    const weak = await makeUser(t, { roleId });
    expect((await call(t, 'PUT', `/api/admin/users/${weak.id}`, { token: mgr.token, body: { role_id: strong } })).status).toBe(403);
    const boss = await makeUser(t, { roleId: strong });
    for (const [m, url, b] of [
      ['PUT', `/api/admin/users/${boss.id}`, { full_name: 'Chiếm quyền' }],
      ['PUT', `/api/admin/users/change-status/${boss.id}`, undefined],
      ['DELETE', `/api/admin/users/${boss.id}`, undefined],
    ] as const) {
      expect((await call(t, m, url, { token: mgr.token, body: b })).status, `${m} ${url}`).toBe(403);
    }
    const [{ id: adminId }] = await t.database.query<{ id: number }>(sql`select id from users where username = 'admin'`);
    expect((await call(t, 'PUT', `/api/admin/users/${adminId}`, { token: mgr.token, body: { password: 'ChiemQuyen@1' } })).status).toBe(403);
  });

  it('an administrator setting a password through the form makes it temporary and ends sessions', async () => {
    const u = await makeUser(t, { perms: ['list:product_units'] });
    expect((await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { password: 'TamThoi@2026' } })).status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/product-units', { token: u.token })).status).toBe(401);
    const r = await call(t, 'POST', '/api/auth/login', { token: '', body: { username: u.username, password: 'TamThoi@2026' } });
    expect(r.body.data.must_change_password).toBe(true);
    // no password in the form keeps the old one
    expect((await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { full_name: 'Giữ mật khẩu' } })).status).toBe(200);
    expect(await login(t.app, u.username, 'TamThoi@2026')).toBeTruthy();
  });
});

describe('list and export', () => {
  it('filters by role, status, ward and text; exports the filtered list (read back with exceljs)', async () => {
    const ward = await makeWard(t);
    const role = await makeRole(t, [], 'Vai trò xuất Excel');
    await create({ username: 'xuat.mot', full_name: 'Hoàng Thị Xuân', role_id: role, scope: 'ward', ward_id: ward });
    await create({ username: 'xuat.hai', full_name: 'Lý Văn Hạ', role_id: role, scope: 'ward', ward_id: ward });
    await create({ username: 'xuat.ba', full_name: 'Đặng Thu', role_id: role });
    const locked = await create({ username: 'xuat.bon', full_name: 'Khóa Văn Bốn', role_id: role, scope: 'ward', ward_id: ward });
    await call(t, 'PUT', `/api/admin/users/change-status/${locked.body.data.entry.id}`);
    const names = async (q: Record<string, string>) =>
      (await call(t, 'GET', '/api/admin/users', { query: q })).body.data.entries.map((e: { username: string }) => e.username).sort();
    expect(await names({ role_id: String(role) })).toEqual(['xuat.ba', 'xuat.bon', 'xuat.hai', 'xuat.mot']);
    expect(await names({ role_id: String(role), status: 'active', ward_id: String(ward) })).toEqual(['xuat.hai', 'xuat.mot']);
    expect(await names({ search: 'hoang thi xuan' })).toEqual(['xuat.mot']);
    expect(await names({ role_id: String(role), status: 'locked' })).toEqual(['xuat.bon']);

    const e = await callJob(t, 'GET', '/api/admin/users/export-users', {
      query: { role_id: String(role), status: 'active', ward_id: String(ward), sort: 'username' },
    });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: e.body.data.url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(['STT', 'Tên đăng nhập', 'Họ và tên', 'Vai trò', 'Trạng thái']));
    expect(headers).not.toContain('Mật khẩu');
    const col = headers.indexOf('Tên đăng nhập') + 1;
    expect([2, 3].map((i) => ws.getRow(i).getCell(col).value)).toEqual(['xuat.hai', 'xuat.mot']);
    expect(ws.rowCount).toBe(3);
  });

  it('refuses an unknown filter', async () => {
    expect((await call(t, 'GET', '/api/admin/users', { query: { password: 'x' } })).status).toBe(400);
  });
});

describe('reset password', () => {
  it('the administrator reset (POST /api/admin/reset-password) refuses a stronger account', async () => {
    const mgr = await makeUser(t, { perms: ['update:users', 'list:product_units'] });
    const weak = await makeUser(t, { roleId });
    const ok = await call(t, 'POST', '/api/admin/reset-password', { token: mgr.token, body: { id: weak.id } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.password).toHaveLength(14);
    const strong = await makeUser(t, { perms: ['update:users', 'delete:users'] });
    expect((await call(t, 'POST', '/api/admin/reset-password', { token: mgr.token, body: { id: strong.id } })).status).toBe(403);
  });
});

describe('system logs', () => {
  const logsOf = async (q: Record<string, string>) =>
    (await call(t, 'GET', '/api/admin/system/logs', { query: q })).body.data.entries as { action: string; before: any; after: any }[];

  it('names a password set through the users or administrative edit form (the update row never shows one)', async () => {
    const u = await makeUser(t, { roleId });
    expect((await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { password: 'DatLai@2026' } })).status).toBe(200);
    const rows = await logsOf({ subject: 'users', action: 'reset-password', record_id: String(u.id) });
    expect(rows.map((r) => r.after)).toEqual([{ sessions_ended: true, temporary: true }]);
    expect(JSON.stringify(await logsOf({ subject: 'users', record_id: String(u.id) }))).not.toContain('DatLai@2026');

    const a = await call(t, 'POST', '/api/admin/administrative', { body: { username: 'nhatky.hc', password: 'MatKhau@123', full_name: 'Trương Văn Nhật' } });
    const id = String(a.body.data.entry.id);
    expect((await call(t, 'PUT', `/api/admin/administrative/${id}`, { body: { password: 'DatLai@2026' } })).status).toBe(200);
    expect((await logsOf({ subject: 'administrative', action: 'reset-password', record_id: id })).map((r) => r.after)).toEqual([{ generated: false }]);
  });

  it('keeps the permissions a deleted role held', async () => {
    const role = await makeRole(t, ['list:product_units', 'read:product_units'], 'Vai trò sẽ xóa');
    expect((await call(t, 'DELETE', `/api/admin/roles/${role}`)).status).toBe(200);
    const rows = await logsOf({ subject: 'permissions', action: 'update-permissions', record_id: String(role) });
    expect(rows.map((r) => [r.before, r.after])).toEqual([[{ permissions: ['list:product_units', 'read:product_units'] }, { permissions: [] }]]);
    expect((await logsOf({ subject: 'roles', action: 'delete', record_id: String(role) })).length).toBe(1);
  });
});
