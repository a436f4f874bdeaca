import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { housekeeping } from '../src/core/platform-routes';
import { call, makeApp, makeUser, type TestApp } from './helpers';
import { seededPglite } from './templates';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

describe('configuration', () => {
  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.dataDir).toMatch(/data$/);
  });
});

describe('envelope and errors', () => {
  it('answers 500 with a request id and nothing internal', async () => {
    const database = await seededPglite();
    const { app } = await buildApp({ database, logger: false, env: {}, config: { ADMIN_PASSWORD: 'Admin@12345', DATA_DIR: t.dataDir } });
    app.router.add({
      method: 'GET',
      url: '/api/test/boom',
      access: 'public',
      summary: 'thử lỗi',
      query: z.object({}).strict(),
      handler: async () => {
        throw new Error('bí mật nội bộ: mật khẩu cơ sở dữ liệu');
      },
    });
    await app.ready();
    const r = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(r.statusCode).toBe(500);
    const body = r.json();
    expect(body.code).toBe(500);
    expect(body.data.request_id).toBeTruthy();
    expect(body.message).toContain(body.data.request_id);
    expect(r.body).not.toContain('bí mật');
    expect(r.body).not.toContain('at ');
    await app.close();
    await database.close();
  });

  it('answers malformed JSON with 400 in Vietnamese', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/admin/product-units',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.adminToken}` },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 400, message: 'Dữ liệu gửi lên không hợp lệ' });
  });

  it('refuses unknown query keys, undeclared sorts and limits over 100', async () => {
    const a = await call(t, 'GET', '/api/admin/product-units', { query: { color: 'red' } });
    expect(a.status).toBe(400);
    expect(a.body.data.errors).toContainEqual({ field: 'color', message: 'Tham số không được hỗ trợ: color' });
    const b = await call(t, 'GET', '/api/admin/product-units', { query: { sort: 'password' } });
    expect(b.body.data.errors).toContainEqual({ field: 'sort', message: 'Không thể sắp xếp theo trường này' });
    const c = await call(t, 'GET', '/api/admin/product-units', { query: { limit: '500' } });
    expect(c.body.data.errors).toContainEqual({ field: 'limit', message: 'Số dòng mỗi trang tối đa là 100' });
  });

  it('answers health 200 with the database reachable', async () => {
    const r = await call(t, 'GET', '/api/health', { token: '' });
    expect(r.status).toBe(200);
    expect(r.body.data.database).toBe('ok');
  });
});

describe('totals on large lists', () => {
  it('caps a filtered count and says so', async () => {
    await t.database.query(sql`insert into product_units (name, search_text, is_active)
      select 'Đơn vị ' || g, 'don vi ' || g, true from generate_series(1, 10050) g`);
    const r = await call(t, 'GET', '/api/admin/product-units', { query: { search: 'don vi' } });
    expect(r.status).toBe(200);
    expect(r.body.data.pagination).toMatchObject({ total: 10000, total_is_estimate: true });
    const exact = await call(t, 'GET', '/api/admin/product-units', { query: { search: 'don vi 100' } });
    expect(exact.body.data.pagination).toMatchObject({ total: 62, total_is_estimate: false });
    // a page that is not full knows its total without counting: the same figures as a count
    const rare = await call(t, 'GET', '/api/admin/product-units', { query: { search: 'don vi 10049' } });
    expect(rare.body.data.entries.map((e: { name: string }) => e.name)).toEqual(['Đơn vị 10049']);
    expect(rare.body.data.pagination).toMatchObject({ page: 1, total: 1, total_pages: 1, total_is_estimate: false, next_cursor: null });
    const last = await call(t, 'GET', '/api/admin/product-units', { query: { search: 'don vi 100', page: '7', limit: '10' } });
    expect(last.body.data.entries).toHaveLength(2);
    expect(last.body.data.pagination).toMatchObject({ total: 62, total_pages: 7, total_is_estimate: false });
    const past = await call(t, 'GET', '/api/admin/product-units', { query: { search: 'don vi 100', page: '9', limit: '10' } });
    expect(past.body.data.entries).toHaveLength(0);
    expect(past.body.data.pagination).toMatchObject({ total: 62, total_is_estimate: false });
    const none = await call(t, 'GET', '/api/admin/product-units', { query: { search: 'khong co dau' } });
    expect(none.body.data.pagination).toMatchObject({ total: 0, total_pages: 0, total_is_estimate: false });
    const deep = await call(t, 'GET', '/api/admin/product-units', { query: { page: '900', limit: '10', sort: 'id' } });
    expect(deep.body.data.entries[0].name).toBe('Đơn vị 8991');
    await t.database.query(sql`delete from product_units where name like 'Đơn vị %'`);
  });
});

describe('system logs', () => {
  it('records changes without secrets and filters by subject, actor and date', async () => {
    const u = await makeUser(t, { perms: ['create:product_units', 'list:system_logs'] });
    const c = await call(t, 'POST', '/api/admin/product-units', { token: u.token, body: { name: 'Bao 50kg', symbol: 'bao' } });
    expect(c.status).toBe(200);
    const logs = await call(t, 'GET', '/api/admin/system/logs', { token: u.token, query: { subject: 'product_units', actor_id: String(u.id) } });
    expect(logs.status).toBe(200);
    const row = logs.body.data.entries[0];
    expect(row).toMatchObject({
      actor_id: u.id,
      actor_username: u.username,
      action: 'create',
      subject: 'product_units',
      method: 'POST',
      path: '/api/admin/product-units',
      record_id: String(c.body.data.entry.id),
    });
    expect(row.after.name).toBe('Bao 50kg');
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await call(t, 'GET', '/api/admin/system/logs', {
      token: u.token,
      query: { from: `${today}T00:00:00Z`, to: `${today}T00:00:00Z`, actor_id: String(u.id) },
    });
    expect(ranged.body.data.entries.length).toBeGreaterThanOrEqual(1);
    const past = await call(t, 'GET', '/api/admin/system/logs', { token: u.token, query: { to: '2020-01-01T00:00:00Z', actor_id: String(u.id) } });
    expect(past.body.data.entries).toEqual([]);
    const all = await t.database.query<{ before: unknown; after: unknown }>(sql`select before, after from audit_logs`);
    const text = JSON.stringify(all);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/"password"/);
  });
});

describe('retention', () => {
  it('drops audit rows older than AUDIT_RETENTION_DAYS and expired exports', async () => {
    await t.database.query(
      sql`insert into audit_logs (action, subject, at) values ('update', 'roles', now() - interval '400 days'), ('update', 'roles', now() - interval '10 days')`,
    );
    await housekeeping(t.app.services);
    const left = await t.database.query<{ n: number }>(sql`select count(*)::int as n from audit_logs where at < now() - interval '9 days'`);
    expect(left[0].n).toBe(1);
  });
});
