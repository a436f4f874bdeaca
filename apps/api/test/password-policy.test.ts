import crypto from 'node:crypto';
import { passwordStrength } from '@nns/shared/password-strength';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeApp, makeRole, makeUser, type TestApp } from './helpers';

/**
 * The password policy (core/passwords.ts): common, guessable and personal passwords are refused with a
 * Vietnamese message on every path that sets one; an administrator can require a change at next sign-in.
 */
let t: TestApp;
let roleId: number;
beforeAll(async () => {
  t = await makeApp();
  roleId = await makeRole(t, ['list:product_units'], 'Vai trò chính sách mật khẩu');
});
afterAll(async () => t?.close());

const WEAK = /^Mật khẩu quá dễ đoán/;
const PERSONAL = 'Mật khẩu không được dựa trên họ tên, tên đăng nhập, email hoặc số điện thoại của tài khoản';
const errorOf = (r: { body: { data: { errors?: { field: string; message: string }[] } } }, field: string) =>
  r.body.data.errors?.find((e) => e.field === field)?.message;

describe('strength', () => {
  it('refuses common, Vietnamese and keyboard passwords; accepts the demo passwords', () => {
    for (const p of ['12345678', 'Password1', 'matkhau123', 'anhyeuem', '123456a@', 'nongnghiep', 'vietnam2024', 'qwertyuiop', 'Admin@12345']) {
      expect(passwordStrength(p).ok, p).toBe(false);
    }
    for (const p of ['NongNghiep@2026', 'NhatKy@2025', 'MatKhau@123', 'TamThoi@2026', 'Xk7#mP2q']) expect(passwordStrength(p).ok, p).toBe(true);
    expect(passwordStrength('NongNghiep@2026').level).not.toBe('weak');
    expect(passwordStrength('Ruộng-bậc-thang/Mù-Cang-Chải').level).toBe('strong');
    // the account's own name, username, email, phone count as guessable
    expect(passwordStrength('tranthibinh1990', ['tranthibinh', 'binh']).message).toBe(PERSONAL);
  });
});

describe('every path that sets a password', () => {
  const newUser = (o: Record<string, unknown>) =>
    call(t, 'POST', '/api/admin/users', {
      body: { username: `pw_${crypto.randomBytes(3).toString('hex')}`, full_name: 'Trần Thị Bình', role_id: roleId, scope: 'all', ...o },
    });

  it('create user: a common password and one built from the name are refused (400, nothing stored)', async () => {
    const common = await newUser({ username: 'pw_common', password: 'anhyeuem123' });
    expect(common.status).toBe(400);
    expect(errorOf(common, 'password')).toMatch(WEAK);
    const personal = await newUser({ username: 'tranthibinh', password: 'Tranthibinh@1' });
    expect(personal.status).toBe(400);
    expect(errorOf(personal, 'password')).toBe(PERSONAL);
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from users where username in ('pw_common', 'tranthibinh')`);
    expect(n).toBe(0);
    const ok = await newUser({ username: 'pw_ok', password: 'NongNghiep@2026' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('edit user (password set by an administrator) is checked too', async () => {
    const u = await makeUser(t);
    const r = await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { password: 'password123' } });
    expect(r.status).toBe(400);
    expect(errorOf(r, 'password')).toMatch(WEAK);
    expect(await login(t.app, u.username, u.password)).toBeTruthy();
  });

  it('own change: the new password is checked against the policy and the own username', async () => {
    const u = await makeUser(t, { username: 'hoangvanlong' });
    const r = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: 'hoangvanlong99' } });
    expect(r.status).toBe(400);
    expect(errorOf(r, 'new_password')).toBe(PERSONAL);
    const weak = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: 'matkhau2024' } });
    expect(errorOf(weak, 'new_password')).toMatch(WEAK);
    const ok = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: 'DoiMatKhau#2026' } });
    expect(ok.status).toBe(200);
  });

  it('administrator reset and reset by e-mailed link', async () => {
    const u = await makeUser(t);
    const r = await call(t, 'POST', '/api/admin/reset-password', { body: { id: u.id, password: 'qwerty123' } });
    expect(r.status).toBe(400);
    expect(errorOf(r, 'password')).toMatch(WEAK);
    const token = crypto.randomBytes(24).toString('hex');
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    await t.database.query(sql`insert into password_resets (user_id, token_hash, expires_at) values (${u.id}, ${hash}, now() + interval '30 minutes')`);
    const link = await call(t, 'POST', `/api/auth/forgot-password/${token}`, {
      token: '',
      body: { password: '1234567890', password_confirmation: '1234567890' },
    });
    expect(link.status).toBe(400);
    expect(errorOf(link, 'password')).toMatch(WEAK);
    // the link is still usable with a good password
    const good = await call(t, 'POST', `/api/auth/forgot-password/${token}`, {
      token: '',
      body: { password: 'LienKet!Moi2026', password_confirmation: 'LienKet!Moi2026' },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });

  it('administrative accounts and the labour diary app', async () => {
    const a = await call(t, 'POST', '/api/admin/administrative', { body: { username: 'hc_yeu', password: 'iloveyou1', full_name: 'Lê Văn Tám' } });
    expect(a.status).toBe(400);
    expect(errorOf(a, 'password')).toMatch(WEAK);
    const l = await call(t, 'POST', '/api/admin/labors', {
      body: { code: 'LD-PW', full_name: 'Rơ Mah Hyang', username: 'romah.pw', password: 'abc12345' },
    });
    expect(l.status).toBe(400);
    expect(errorOf(l, 'password')).toMatch(WEAK);
  });
});

describe('a change required by an administrator', () => {
  it('blocks every other call with 403 until the user changes it; the flag is cleared by the change', async () => {
    const u = await makeUser(t, { perms: ['list:product_units'] });
    expect((await call(t, 'GET', '/api/admin/product-units', { token: u.token })).status).toBe(200);
    const set = await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { must_change_password: true } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.entry.must_change_password).toBe(true);
    const blocked = await call(t, 'GET', '/api/admin/product-units', { token: u.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('Bạn cần đổi mật khẩu trước khi tiếp tục sử dụng hệ thống');
    expect(blocked.body.data).toEqual({ must_change_password: true });
    // sign-in says so, and the change itself is allowed
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.username, password: u.password } });
    expect(signIn.json().data.must_change_password).toBe(true);
    const change = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: 'CaPheCauDat#26' } });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect((await call(t, 'GET', '/api/admin/product-units', { token: u.token })).status).toBe(200);
    const [row] = await t.database.query<{ must_change_password: boolean }>(sql`select must_change_password from users where id = ${u.id}`);
    expect(row.must_change_password).toBe(false);
  });

  it('a password given by an administrator is temporary even if the form sends the box unticked', async () => {
    const u = await makeUser(t);
    const r = await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { password: 'TamThoi@2026', must_change_password: false } });
    expect(r.status).toBe(200);
    expect(r.body.data.entry.must_change_password).toBe(true);
  });
});

describe('the roles a user may give (the user form picker) and the server refusing the others', () => {
  it("a ward officer is never offered nor allowed the administrators' role, nor a role with more permissions", async () => {
    const { ALL_PERMISSIONS, FULL_ROLE_NAME } = await import('@nns/shared');
    const { makeWard } = await import('./accounts-helpers');
    const ward = await makeWard(t);
    // an officer holding every permission but scoped to a ward still cannot make administrators
    const officer = await makeUser(t, { perms: ALL_PERMISSIONS.map((p: { action: string; subject: string }) => `${p.action}:${p.subject}`), wardId: ward });
    const made = await call(t, 'POST', '/api/admin/roles', { body: { name: 'Vai trò nhỏ', permissions: [{ action: 'list', subject: 'product_units' }] } });
    const small = made.body.data.entry.id as number;
    const offered = await call(t, 'GET', '/api/admin/roles/assignable', { token: officer.token, query: { limit: '100' } });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const names = offered.body.data.entries.map((r: { name: string }) => r.name);
    expect(names).toContain('Vai trò nhỏ');
    expect(names).not.toContain(FULL_ROLE_NAME);
    const [full] = await t.database.query<{ id: number }>(sql`select id from roles where name = ${FULL_ROLE_NAME}`);
    const refused = await call(t, 'POST', '/api/admin/users', {
      token: officer.token,
      body: { username: 'leo.thang', password: 'NongNghiep@2026', full_name: 'Leo Thang', role_id: full.id, scope: 'ward', ward_id: ward },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(`Chỉ người có phạm vi toàn hệ thống mới gán được vai trò ${FULL_ROLE_NAME}`);
    const allowed = await call(t, 'POST', '/api/admin/users', {
      token: officer.token,
      body: { username: 'dung.vaitro', password: 'NongNghiep@2026', full_name: 'Đúng Vai Trò', role_id: small, scope: 'ward', ward_id: ward },
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);

    // a narrower officer is offered only roles within their own permissions; search and ids work
    const narrow = await makeUser(t, { perms: ['list:roles', 'create:users', 'list:product_units'], wardId: ward });
    const mine = await call(t, 'GET', '/api/admin/roles/assignable', { token: narrow.token, query: { search: 'vai tro nho' } });
    expect(mine.body.data.entries.map((r: { id: number }) => r.id)).toContain(small);
    const all = await call(t, 'GET', '/api/admin/roles/assignable', { token: narrow.token, query: { limit: '100' } });
    for (const r of all.body.data.entries as { id: number }[]) {
      const perms = await t.database.query<{ k: string }>(sql`select p.action || ':' || p.subject as k from role_permissions rp
        join permissions p on p.id = rp.permission_id where rp.role_id = ${r.id}`);
      for (const { k } of perms) expect(['list:roles', 'create:users', 'list:product_units']).toContain(k);
    }
    const byId = await call(t, 'GET', '/api/admin/roles/assignable', { token: narrow.token, query: { ids: `${full.id},${small}` } });
    expect(byId.body.data.entries.map((r: { id: number }) => r.id)).toEqual([small]);
    // the admin sees the administrators' role
    const admin = await call(t, 'GET', '/api/admin/roles/assignable', { query: { search: FULL_ROLE_NAME } });
    expect(admin.body.data.entries.map((r: { name: string }) => r.name)).toContain(FULL_ROLE_NAME);
    // without the right to list roles: 403
    expect((await call(t, 'GET', '/api/admin/roles/assignable', { token: (await makeUser(t)).token })).status).toBe(403);
  });
});
