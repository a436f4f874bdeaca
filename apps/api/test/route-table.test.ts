import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { CLOSE_UNAUTHENTICATED, realtimeLimits } from '../src/core/realtime';
import { call, makeApp, makeUser, type TestApp } from './helpers';

/** Every route declares its access; without a session a non-public route answers 401, without the permission 403. */
let t: TestApp;
let noPermsToken: string;
beforeAll(async () => {
  t = await makeApp();
  noPermsToken = (await makeUser(t, { perms: [] })).token;
});
afterAll(async () => t?.close());

const concrete = (url: string) => url.replace(/:id\b/g, '1').replace(/:(\w+)/g, 'x0000000000000000000000x');

describe('route table', () => {
  it('has routes and every one declares access', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(20);
    for (const r of t.app.routeTable) {
      expect(r.access, `${r.method} ${r.url}`).toBeDefined();
      expect(typeof r.summary).toBe('string');
    }
  });

  it('answers 401 without a session on every non-public route', async () => {
    const failures: string[] = [];
    for (const r of t.app.routeTable.filter((x) => x.access !== 'public' && x.access !== 'socket')) {
      const res = await call(t, r.method, concrete(r.url), { token: '' });
      if (res.status !== 401 || res.body?.code !== 401) failures.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 with a forged token', async () => {
    const r = t.app.routeTable.find((x) => x.access !== 'public' && x.access !== 'socket' && x.method === 'GET');
    const res = await call(t, 'GET', concrete(r!.url), { token: 'a'.repeat(43) });
    expect(res.status).toBe(401);
  });

  it('answers 403 without the permission on every permission-guarded route', async () => {
    const failures: string[] = [];
    for (const r of t.app.routeTable.filter((x) => typeof x.access === 'object')) {
      const res = await call(t, r.method, concrete(r.url), { token: noPermsToken });
      if (res.status !== 403 || res.body?.code !== 403) failures.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  // a WebSocket route authenticates itself on its first message (core/realtime.ts)
  it('closes every socket route with 4401 without a session: no auth in time, a forged token, another first message', async () => {
    const sockets = t.app.routeTable.filter((x) => x.access === 'socket');
    expect(sockets.map((r) => r.url)).toContain('/api/ws');
    const closeCode = (ws: WebSocket) => new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const timeout = realtimeLimits.authTimeoutMs;
    realtimeLimits.authTimeoutMs = 300;
    try {
      const failures: string[] = [];
      for (const r of sockets) {
        for (const first of [null, { type: 'auth', token: 'a'.repeat(43) }, { type: 'subscribe', token: t.adminToken }]) {
          const ws = await t.app.injectWS(r.url);
          const closed = closeCode(ws);
          if (first) ws.send(JSON.stringify(first));
          const code = await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('open'), 3000))]);
          if (code !== CLOSE_UNAUTHENTICATED) failures.push(`${r.url} ${JSON.stringify(first)} → ${code}`);
          ws.terminate();
        }
      }
      expect(failures).toEqual([]);
    } finally {
      realtimeLimits.authTimeoutMs = timeout;
    }
  });

  it('answers 404 in the envelope for unknown API routes', async () => {
    const res = await call(t, 'GET', '/api/khong-ton-tai');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, message: expect.stringContaining('Không tìm thấy') });
  });
});

describe('must change password', () => {
  it('refuses permission routes until the password is changed, allows the profile routes', async () => {
    const u = await makeUser(t, { perms: ['list:product_units'] });
    const reset = await call(t, 'POST', '/api/admin/reset-password', { body: { id: u.id, password: 'TamThoi@123' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const login = await call(t, 'POST', '/api/auth/login', { token: '', body: { username: u.username, password: 'TamThoi@123' } });
    const token = login.body.data.token;
    const blocked = await call(t, 'GET', '/api/admin/product-units', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.data).toEqual({ must_change_password: true });
    expect((await call(t, 'GET', '/api/admin/profile', { token })).status).toBe(200);
    const changed = await call(t, 'PUT', '/api/admin/change-password', { token, body: { old_password: 'TamThoi@123', new_password: 'MoiHon@2026' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await call(t, 'GET', '/api/admin/product-units', { token })).status).toBe(200);
  });
});
