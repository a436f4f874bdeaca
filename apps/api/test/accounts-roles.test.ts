import { ALL_PERMISSIONS, FULL_ROLE_NAME } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeApp, makeRole, makeUser, type TestApp } from './helpers';

/** Roles and the permission matrix: round trip, catalogue, escalation, full role, deletion, next-request effect. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const perms = (...keys: string[]) => keys.map((k) => ({ action: k.split(':')[0], subject: k.split(':')[1] }));
const keysOf = (ps: { action: string; subject: string }[]) => ps.map((p) => `${p.action}:${p.subject}`).sort();

describe('permission catalogue', () => {
  it('answers every action × subject with Vietnamese captions grouped by area', async () => {
    const r = await call(t, 'GET', '/api/admin/permissions');
    expect(r.status).toBe(200);
    const { actions, areas, roles } = r.body.data;
    expect(actions).toContainEqual({ key: 'list', label: 'Xem danh sách' });
    const subjects = areas.flatMap((a: { subjects: unknown[] }) => a.subjects);
    expect(subjects.length * actions.length).toBe(ALL_PERMISSIONS.length);
    expect(areas.find((a: { key: string }) => a.key === 'accounts')).toMatchObject({ label: 'Tài khoản và phân quyền' });
    expect(subjects).toContainEqual({ key: 'users', label: 'Người dùng' });
    expect(roles.find((x: { name: string }) => x.name === FULL_ROLE_NAME)).toMatchObject({ is_full: true });
  });

  it('answers the granted set of a role and refuses unknown keys', async () => {
    const id = await makeRole(t, ['list:products', 'read:products']);
    const r = await call(t, 'GET', '/api/admin/permissions', { query: { role_id: String(id) } });
    expect(keysOf(r.body.data.granted)).toEqual(['list:products', 'read:products']);
    expect((await call(t, 'GET', '/api/admin/permissions', { query: { x: '1' } })).status).toBe(400);
  });
});

describe('roles with their matrix', () => {
  it('creates a role with permissions, reads them back, updates and replaces them (round trip)', async () => {
    const c = await call(t, 'POST', '/api/admin/roles', {
      body: { name: 'Kiểm tra ma trận', description: 'Vai trò thử', price: 1200000, permissions: perms('list:products', 'read:products', 'menu:products') },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const id = c.body.data.entry.id;
    expect(c.body.data.entry).toMatchObject({ name: 'Kiểm tra ma trận', price: 1200000, status: 'pending', users_count: 0 });
    const g = await call(t, 'GET', `/api/admin/roles/${id}`);
    expect(keysOf(g.body.data.entry.permissions)).toEqual(['list:products', 'menu:products', 'read:products']);

    const u = await call(t, 'PUT', `/api/admin/roles/${id}`, { body: { price: 900000, permissions: perms('list:product_units', 'list:product_units') } });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.data.entry.price).toBe(900000);
    expect(keysOf(u.body.data.entry.permissions)).toEqual(['list:product_units']);

    // the permissions screen's own call
    const p = await call(t, 'PUT', `/api/admin/roles/${id}/permissions`, { body: { permissions: perms('list:users', 'export:users') } });
    expect(p.status).toBe(200);
    expect(keysOf(p.body.data.entry.permissions)).toEqual(['export:users', 'list:users']);

    // an update without `permissions` keeps them
    await call(t, 'PUT', `/api/admin/roles/${id}`, { body: { description: 'Đổi mô tả' } });
    expect(keysOf((await call(t, 'GET', `/api/admin/roles/${id}`)).body.data.entry.permissions)).toEqual(['export:users', 'list:users']);

    const logs = await call(t, 'GET', '/api/admin/system/logs', { query: { subject: 'permissions', record_id: String(id) } });
    expect(logs.body.data.entries[0]).toMatchObject({ action: 'update-permissions', after: { permissions: ['export:users', 'list:users'] } });
  });

  it('refuses an unknown permission, status through update, and unknown keys', async () => {
    const bad = await call(t, 'POST', '/api/admin/roles', { body: { name: 'Sai quyền', permissions: [{ action: 'fly', subject: 'products' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].message).toBe('Quyền không hợp lệ');
    const c = await call(t, 'POST', '/api/admin/roles', { body: { name: 'Tự duyệt', status: 'approved' } });
    expect(c.status).toBe(400);
    const empty = await call(t, 'POST', '/api/admin/roles', { body: { name: '  ' } });
    expect(empty.body.data.errors).toContainEqual({ field: 'name', message: 'Tên vai trò bắt buộc' });
    const dup = await call(t, 'POST', '/api/admin/roles', { body: { name: FULL_ROLE_NAME } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Tên vai trò đã tồn tại');
  });

  it('approves a role with the approve action', async () => {
    const c = await call(t, 'POST', '/api/admin/roles', { body: { name: 'Gói chờ duyệt' } });
    const a = await call(t, 'PUT', `/api/admin/roles/approve/${c.body.data.entry.id}`);
    expect(a.status).toBe(200);
    expect(a.body.data.entry.status).toBe('approved');
  });

  it('keeps the full role whole: no fewer permissions, no rename, no delete', async () => {
    const full = (await call(t, 'GET', '/api/admin/permissions')).body.data.roles.find((r: { is_full: boolean }) => r.is_full).id;
    const cut = await call(t, 'PUT', `/api/admin/roles/${full}/permissions`, { body: { permissions: perms('list:users') } });
    expect(cut.status).toBe(409);
    expect((await call(t, 'PUT', `/api/admin/roles/${full}`, { body: { name: 'Khác' } })).status).toBe(409);
    expect((await call(t, 'DELETE', `/api/admin/roles/${full}`)).status).toBe(409);
    const g = await call(t, 'GET', `/api/admin/roles/${full}`);
    expect(g.body.data.entry.permissions.length).toBe(ALL_PERMISSIONS.length);
    expect(g.body.data.entry.holders.map((h: { username: string }) => h.username)).toContain('admin');
  });

  it('refuses to delete a role that users hold, with a clear message; deletes a free one', async () => {
    const roleId = await makeRole(t, ['list:products'], 'Vai trò đang dùng');
    await makeUser(t, { roleId });
    const d = await call(t, 'DELETE', `/api/admin/roles/${roleId}`);
    expect(d.status).toBe(409);
    expect(d.body.message).toContain('đang được gán cho 1 người dùng');
    const free = await makeRole(t, ['list:products']);
    expect((await call(t, 'DELETE', `/api/admin/roles/${free}`)).status).toBe(200);
    expect((await t.database.query<{ n: number }>(sqlCount(free)))[0].n).toBe(0);
  });
});

const sqlCount = (roleId: number) => sql`select count(*)::int as n from role_permissions where role_id = ${roleId}`;

describe('escalation', () => {
  it('nobody grants a permission they do not hold', async () => {
    const mgr = await makeUser(t, {
      perms: ['list:roles', 'read:roles', 'create:roles', 'update:roles', 'update:permissions', 'list:products', 'read:products'],
    });
    const ok = await call(t, 'POST', '/api/admin/roles', { token: mgr.token, body: { name: 'Cấp được', permissions: perms('list:products') } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const id = ok.body.data.entry.id;
    const up = await call(t, 'POST', '/api/admin/roles', { token: mgr.token, body: { name: 'Cấp quá', permissions: perms('list:products', 'delete:users') } });
    expect(up.status).toBe(403);
    expect(up.body.message).toContain('Xóa – Người dùng');
    expect((await call(t, 'PUT', `/api/admin/roles/${id}`, { token: mgr.token, body: { permissions: perms('create:users') } })).status).toBe(403);
    expect((await call(t, 'PUT', `/api/admin/roles/${id}/permissions`, { token: mgr.token, body: { permissions: perms('update:users') } })).status).toBe(403);
    // nothing was written by the refused calls
    expect(keysOf((await call(t, 'GET', `/api/admin/roles/${id}`)).body.data.entry.permissions)).toEqual(['list:products']);
    expect((await call(t, 'GET', '/api/admin/roles', { query: { search: 'Cấp quá' } })).body.data.entries).toHaveLength(0);
    // removing a permission the actor lacks is allowed (it grants nothing)
    const other = await makeRole(t, ['list:products', 'delete:users']);
    expect(
      (await call(t, 'PUT', `/api/admin/roles/${other}/permissions`, { token: mgr.token, body: { permissions: perms('list:products', 'delete:users') } }))
        .status,
    ).toBe(200);
  });
});

describe('a limited role', () => {
  it('sees exactly its menu and gets 403 elsewhere; a changed role applies at the next request', async () => {
    const roleId = await makeRole(t, ['menu:product_units', 'list:product_units', 'read:product_units']);
    const u = await makeUser(t, { roleId });
    const profile = await call(t, 'GET', '/api/admin/profile', { token: u.token });
    expect(keysOf(profile.body.data.entry.role.permissions)).toEqual(['list:product_units', 'menu:product_units', 'read:product_units']);
    expect((await call(t, 'GET', '/api/admin/product-units', { token: u.token })).status).toBe(200);
    for (const url of ['/api/admin/users', '/api/admin/roles', '/api/admin/permissions', '/api/admin/farming-forms']) {
      const r = await call(t, 'GET', url, { token: u.token });
      expect(r.status, url).toBe(403);
      expect(r.body.code).toBe(403);
    }
    expect((await call(t, 'POST', '/api/admin/product-units', { token: u.token, body: { name: 'Tấn' } })).status).toBe(403);

    // the administrator widens the role: the same token can list users at once, without signing in again
    await call(t, 'PUT', `/api/admin/roles/${roleId}/permissions`, { body: { permissions: perms('list:product_units', 'list:users') } });
    expect((await call(t, 'GET', '/api/admin/users', { token: u.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/product-units/1', { token: u.token })).status).toBe(403);
    const again = await call(t, 'GET', '/api/admin/profile', { token: u.token });
    expect(keysOf(again.body.data.entry.role.permissions)).toEqual(['list:product_units', 'list:users']);
    expect(await login(t.app, u.username, u.password)).toBeTruthy();
  });
});
