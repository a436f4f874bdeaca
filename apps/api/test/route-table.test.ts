import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeUser, type TestApp, makeApp } from './helpers';

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
    for (const r of t.app.routeTable.filter((x) => x.access !== 'public')) {
      const res = await call(t, r.method, concrete(r.url), { token: '' });
      if (res.status !== 401 || res.body?.code !== 401) failures.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 with a forged token', async () => {
    const r = t.app.routeTable.find((x) => x.access !== 'public' && x.method === 'GET');
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

  it('answers 404 in the envelope for unknown API routes', async () => {
    const res = await call(t, 'GET', '/api/khong-ton-tai');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, message: expect.stringContaining('Không tìm thấy') });
  });
});
