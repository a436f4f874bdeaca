import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import {
  CLOSE_UNAUTHENTICATED,
  END_MESSAGES,
  hubOf,
  PERMISSIONS_CHANGED_TITLE,
  payloadsOf,
  publish,
  realtimeLimits,
  SESSION_ENDED_TITLE,
} from '../src/core/realtime';
import { openDatabase } from '../src/db/client';
import { ADMIN_PASSWORD, call, changeElsewhere, login, makeApp, makeRole, makeUser, type TestApp } from './helpers';
import { tempPgDatabase } from './pg-temp';

// short enough for a test, long enough for a loaded machine
realtimeLimits.authTimeoutMs = 400;
realtimeLimits.revokedGraceMs = 300;
realtimeLimits.recheckMs = 300;

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await makeApp();
  wsUrl = await listen(t.app);
});
afterAll(async () => t?.close());

async function listen(app: TestApp['app']) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;
}

type Msg = { type: string; kind?: string; title?: string; message?: string; data?: Record<string, unknown>; user_id?: number };

/** A client socket that keeps what it received; `auth` sends the first message. */
async function connect(url: string, auth?: string | object) {
  const ws = new WebSocket(url);
  const messages: Msg[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  if (auth !== undefined) ws.send(typeof auth === 'string' ? JSON.stringify({ type: 'auth', token: auth }) : JSON.stringify(auth));
  const next = async (pred: (m: Msg) => boolean, what: string, ms = 5000) => {
    const end = Date.now() + ms;
    for (;;) {
      const m = messages.find(pred);
      if (m) return m;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, messages, closed, next, ready: () => next((m) => m.type === 'ready', 'ready') };
}

const event = (kind: string) => (m: Msg) => m.type === 'event' && m.kind === kind;
const perms = (...keys: string[]) => keys.map((k) => ({ action: k.split(':')[0], subject: k.split(':')[1] }));
const within = <T>(p: Promise<T>, ms = 5000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

describe('live channel GET /api/ws', () => {
  it('answers a plain HTTP request with 426 in the envelope', async () => {
    const r = await call(t, 'GET', '/api/ws', { token: '' });
    expect(r.status).toBe(426);
    expect(r.body).toMatchObject({ code: 426, message: expect.stringContaining('WebSocket') });
  });

  it('authenticates with the first message, then delivers permissions-changed after a role update through the API, to that role only', async () => {
    const roleId = await makeRole(t, ['list:product_units', 'read:product_units']);
    const u = await makeUser(t, { roleId });
    const other = await makeUser(t, { perms: ['list:product_units'] });
    const a = await connect(wsUrl, u.token);
    const b = await connect(wsUrl, other.token);
    expect((await a.ready()).user_id).toBe(u.id);
    await b.ready();

    // the same permissions again: nothing changed, nobody is told
    const same = await call(t, 'PUT', `/api/admin/roles/${roleId}/permissions`, { body: { permissions: perms('list:product_units', 'read:product_units') } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const removed = await call(t, 'PUT', `/api/admin/roles/${roleId}/permissions`, { body: { permissions: perms('list:product_units') } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const m = await a.next(event('permissions-changed'), 'permissions-changed');
    expect(m).toMatchObject({ title: PERMISSIONS_CHANGED_TITLE, data: { role_id: roleId } });
    expect(a.messages.filter(event('permissions-changed'))).toHaveLength(1);
    // the profile the client reloads on this event already has the change
    const profile = await call(t, 'GET', '/api/admin/profile', { token: u.token });
    expect(profile.body.data.entry.role.permissions).toEqual([{ action: 'list', subject: 'product_units' }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(b.messages.filter((x) => x.type === 'event')).toEqual([]);

    // the role edit route with permissions tells them too; moving a user to another role tells that user
    await call(t, 'PUT', `/api/admin/roles/${roleId}`, { body: { permissions: perms('list:product_units', 'list:products') } });
    await a.next((x) => event('permissions-changed')(x) && a.messages.filter(event('permissions-changed')).length === 2, 'second event');
    const moved = await call(t, 'PUT', `/api/admin/users/${other.id}`, { body: { role_id: roleId } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await b.next(event('permissions-changed'), 'permissions-changed after a role move');
    a.ws.close();
    b.ws.close();
  });

  it('closes 4401 on a bad token, a malformed first message, or no auth in time', async () => {
    const forged = await connect(wsUrl, 'a'.repeat(43));
    expect((await within(forged.closed)).code).toBe(CLOSE_UNAUTHENTICATED);
    const short = await connect(wsUrl, 'abc');
    expect((await within(short.closed)).code).toBe(CLOSE_UNAUTHENTICATED);
    const wrong = await connect(wsUrl, { type: 'hello', token: t.adminToken });
    expect((await within(wrong.closed)).code).toBe(CLOSE_UNAUTHENTICATED);
    const silent = await connect(wsUrl);
    const started = Date.now();
    expect((await within(silent.closed)).code).toBe(CLOSE_UNAUTHENTICATED);
    expect(Date.now() - started).toBeGreaterThanOrEqual(realtimeLimits.authTimeoutMs - 50);
    for (const c of [forged, short, wrong, silent]) expect(c.messages).toEqual([]);
  });

  it('tells a locked user their session ended, then closes 4401; the token no longer opens a socket', async () => {
    const u = await makeUser(t, { perms: ['list:product_units'] });
    const c = await connect(wsUrl, u.token);
    await c.ready();
    const r = await call(t, 'PUT', `/api/admin/users/change-status/${u.id}`, { body: { status: 'locked' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const m = await c.next(event('session-ended'), 'session-ended');
    expect(m).toMatchObject({ title: SESSION_ENDED_TITLE, message: END_MESSAGES.locked, data: { reason: 'locked' } });
    expect((await within(c.closed)).code).toBe(CLOSE_UNAUTHENTICATED);
    const again = await connect(wsUrl, u.token);
    expect((await within(again.closed)).code).toBe(CLOSE_UNAUTHENTICATED);
  });

  it('says why: a password reset by an administrator, a revocation, an idle session', async () => {
    const reset = await makeUser(t);
    const c1 = await connect(wsUrl, reset.token);
    await c1.ready();
    expect((await call(t, 'POST', '/api/admin/reset-password', { body: { id: reset.id, password: 'TamThoi@123' } })).status).toBe(200);
    expect(await c1.next(event('session-ended'), 'reset')).toMatchObject({ data: { reason: 'password-reset' }, message: END_MESSAGES['password-reset'] });
    expect((await within(c1.closed)).code).toBe(CLOSE_UNAUTHENTICATED);

    // the user changes their password in another sign-in: this one ends
    const changer = await makeUser(t);
    const c4 = await connect(wsUrl, changer.token);
    await c4.ready();
    const other = await login(t.app, changer.username, changer.password);
    const changed = await call(t, 'PUT', '/api/admin/change-password', { token: other, body: { old_password: changer.password, new_password: 'MoiHon@2026' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await c4.next(event('session-ended'), 'password changed')).toMatchObject({ data: { reason: 'password-changed' } });

    // a bare revocation (here the user's own sign-out from elsewhere) is told after a grace period
    const revoked = await makeUser(t);
    const c2 = await connect(wsUrl, revoked.token);
    await c2.ready();
    const at = Date.now();
    await changeElsewhere(t, sql`update sessions set revoked_at = now() where user_id = ${revoked.id}`);
    expect(await c2.next(event('session-ended'), 'revoked')).toMatchObject({ data: { reason: 'revoked' } });
    expect(Date.now() - at).toBeGreaterThanOrEqual(realtimeLimits.revokedGraceMs - 50);
    expect((await within(c2.closed)).code).toBe(CLOSE_UNAUTHENTICATED);

    // nothing announces time passing: the periodic check finds an idle session
    const idle = await makeUser(t);
    const c3 = await connect(wsUrl, idle.token);
    await c3.ready();
    await t.database.query(sql`update sessions set last_seen_at = now() - interval '1 day' where user_id = ${idle.id}`);
    expect(await c3.next(event('session-ended'), 'expired')).toMatchObject({ data: { reason: 'expired' } });
    expect((await within(c3.closed)).code).toBe(CLOSE_UNAUTHENTICATED);
  });

  it('publish() reaches the users, roles or everyone it names', async () => {
    const roleId = await makeRole(t, []);
    const a = await makeUser(t, { roleId });
    const b = await makeUser(t);
    const ca = await connect(wsUrl, a.token);
    const cb = await connect(wsUrl, b.token);
    await ca.ready();
    await cb.ready();
    await publish(t.app.services, { to: { users: [b.id] }, kind: 'test-user', title: 'Chỉ cho B' });
    await publish(t.app.services, { to: { roles: [roleId] }, kind: 'test-role', title: 'Cho vai trò của A', message: 'Nội dung' });
    await publish(t.app.services, { to: { all: true }, kind: 'test-all', title: 'Cho mọi người' });
    await cb.next(event('test-all'), 'all on B');
    await ca.next(event('test-all'), 'all on A');
    expect(ca.messages.filter((m) => m.type === 'event').map((m) => m.kind)).toEqual(['test-role', 'test-all']);
    expect(cb.messages.filter((m) => m.type === 'event').map((m) => m.kind)).toEqual(['test-user', 'test-all']);
    expect(ca.messages[1]).toMatchObject({ title: 'Cho vai trò của A', message: 'Nội dung' });
    // a rolled-back transaction tells nobody
    await t.database.db
      .transaction(async (tx) => {
        await publish(t.app.services, { to: { all: true }, kind: 'test-rollback', title: 'Không gửi' }, tx as never);
        throw new Error('rollback');
      })
      .catch(() => {});
    await publish(t.app.services, { to: { all: true }, kind: 'test-after', title: 'Sau' });
    await ca.next(event('test-after'), 'after');
    expect(ca.messages.some(event('test-rollback'))).toBe(false);
    ca.ws.close();
    cb.ws.close();
    await within(Promise.all([ca.closed, cb.closed]));
    // the server forgets closed sockets
    for (let i = 0; i < 50 && (hubOf(t.app)?.size ?? 0) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(hubOf(t.app)?.size).toBe(0);
  });

  it('splits a large audience into notifications under 8000 bytes and shortens an overlong message', () => {
    const users = Array.from({ length: 5000 }, (_, i) => 1_000_000 + i);
    const out = payloadsOf({ to: { users, roles: [1, 2] }, kind: 'k', title: 'Tiêu đề', message: 'Đ'.repeat(5000) });
    expect(out.length).toBeGreaterThan(1);
    const seen: number[] = [];
    for (const p of out) {
      expect(Buffer.byteLength(p)).toBeLessThan(8000);
      const w = JSON.parse(p);
      seen.push(...(w.to.users ?? []));
      expect(w.message.length).toBeLessThan(5000);
    }
    expect(seen).toEqual(users);
    expect(payloadsOf({ to: {}, kind: 'k', title: 't' })).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several API processes on one PostgreSQL', () => {
  it('an event published, a role changed or a user locked on a second instance reaches a socket of the first', async () => {
    const d = await tempPgDatabase(process.env.TEST_DATABASE_URL as string, 'rt');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-rt-'));
    const config = { ADMIN_PASSWORD, LOG_LEVEL: 'silent' as const, DATA_DIR: dataDir, dataDir, OFFICIAL_UNITS: 'no' as const };
    const dbA = await openDatabase({ url: d.url, poolSize: 3 });
    const { app: a } = await buildApp({ database: dbA, logger: false, env: {}, config });
    const dbB = await openDatabase({ url: d.url, poolSize: 3 });
    const { app: b } = await buildApp({ database: dbB, logger: false, env: {}, config });
    try {
      await a.ready();
      await b.ready();
      const url = await listen(a);
      const adminB = await login(b, 'admin', ADMIN_PASSWORD);
      const tb = { app: b, database: dbB, dataDir: '', adminToken: adminB, close: async () => {} };
      const roleId = await makeRole(tb, ['list:products', 'read:products']);
      const u = await makeUser(tb, { roleId });
      const c = await connect(url, u.token);
      await c.ready();

      await publish(b.services, { to: { users: [u.id] }, kind: 'from-b', title: 'Từ tiến trình B' });
      expect(await c.next(event('from-b'), 'event from B')).toMatchObject({ title: 'Từ tiến trình B' });

      const r = await call(tb, 'PUT', `/api/admin/roles/${roleId}/permissions`, { body: { permissions: perms('list:products') } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await c.next(event('permissions-changed'), 'permissions-changed from B');
      // the profile read through A (which learnt of the change by NOTIFY) has it
      const p = await a.inject({ method: 'GET', url: '/api/admin/profile', headers: { authorization: `Bearer ${u.token}` } });
      expect(p.json().data.entry.role.permissions).toEqual([{ action: 'list', subject: 'products' }]);

      expect((await call(tb, 'PUT', `/api/admin/users/change-status/${u.id}`, { body: { status: 'locked' } })).status).toBe(200);
      expect(await c.next(event('session-ended'), 'session-ended from B')).toMatchObject({ data: { reason: 'locked' } });
      expect((await within(c.closed)).code).toBe(CLOSE_UNAUTHENTICATED);
    } finally {
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
      await d.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
