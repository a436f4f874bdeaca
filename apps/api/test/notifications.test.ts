import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { notify, notifyLimits, sendDue } from '../src/core/notify';
import { type Database, openDatabase } from '../src/db/client';
import { ADMIN_PASSWORD, call, login, makeApp, makeUser, type TestApp } from './helpers';
import { tempPgDatabase } from './pg-temp';
import { injected, seedDataDir } from './templates';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await makeApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
});
afterAll(async () => t?.close());

const rnd = () => crypto.randomBytes(3).toString('hex');

async function province(db: Database) {
  const [p] = await db.query<{ id: number }>(sql`insert into provinces (code, name) values (${`P${rnd()}`}, ${`Tỉnh ${rnd()}`}) returning id`);
  return p.id;
}
async function ward(db: Database, provinceId: number) {
  const [w] = await db.query<{ id: number }>(
    sql`insert into wards (code, name, province_id) values (${`W${rnd()}`}, ${`Phường ${rnd()}`}, ${provinceId}) returning id`,
  );
  return w.id;
}

type Msg = { type: string; id?: number; kind?: string; title?: string; message?: string; data?: Record<string, unknown>; last_event_id?: number };

async function connect(url: string, token: string, lastEventId?: number) {
  const ws = new WebSocket(url);
  const messages: Msg[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token, ...(lastEventId !== undefined ? { last_event_id: lastEventId } : {}) }));
  const next = async (pred: (m: Msg) => boolean, what: string, ms = 5000) => {
    const end = Date.now() + ms;
    for (;;) {
      const m = messages.find(pred);
      if (m) return m;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const ready = await next((m) => m.type === 'ready', 'ready');
  const closed = new Promise((resolve) => ws.on('close', resolve));
  const close = () => {
    ws.close();
    return closed;
  };
  return { ws, messages, next, ready, close };
}

const titled = (title: string) => (m: Msg) => m.type === 'event' && m.kind === 'notification' && m.title === title;
const unread = async (token: string) => (await call(t, 'GET', '/api/admin/profile/notifications/unread-count', { token })).body.data.count as number;
const inbox = async (token: string) => (await call(t, 'GET', '/api/admin/profile/notifications', { token })).body.data;

describe('notifications: audiences', () => {
  it('each audience reaches its users and only them', async () => {
    const p1 = await province(t.database);
    const p2 = await province(t.database);
    const w1 = await ward(t.database, p1);
    const w1b = await ward(t.database, p1);
    const w2 = await ward(t.database, p2);
    const a = await makeUser(t, { wardId: w1 });
    const b = await makeUser(t, { wardId: w1b });
    const c = await makeUser(t, { wardId: w2 });
    const d = await makeUser(t, { roleId: a.roleId });
    const all = [a, b, c, d];
    const send = async (body: Record<string, unknown>) => {
      const title = `Thông báo ${rnd()}`;
      const r = await call(t, 'POST', '/api/admin/notifications', { body: { title, content: 'Nội dung thử', ...body } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.entry.sent_at).toBeTruthy();
      const got = [];
      for (const u of all) if ((await inbox(u.token)).entries.some((e: { title: string }) => e.title === title)) got.push(u);
      return { got, entry: r.body.data.entry };
    };
    expect((await send({ audience: 'ward', ward_id: w1 })).got).toEqual([a]);
    expect((await send({ audience: 'province', province_id: p1 })).got).toEqual([a, b]);
    expect((await send({ audience: 'province', province_id: p2 })).got).toEqual([c]);
    expect((await send({ audience: 'role', role_id: a.roleId })).got).toEqual([a, d]);
    expect((await send({ audience: 'user', user_id: c.id })).got).toEqual([c]);
    const everyone = await send({ audience: 'all' });
    expect(everyone.got).toEqual(all);
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from users where status = 'active'`);
    expect(everyone.entry.recipient_count).toBe(n);
    // a locked account receives nothing
    await t.database.query(sql`update users set status = 'locked' where id = ${b.id}`);
    const r = await call(t, 'POST', '/api/admin/notifications', { body: { title: 'Sau khi khóa', content: 'x', audience: 'ward', ward_id: w1b } });
    expect(r.body.data.entry.recipient_count).toBe(0);
  });

  it('refuses an audience without its id, or with another one, with a Vietnamese message per field', async () => {
    const p = await province(t.database);
    const w = await ward(t.database, p);
    let r = await call(t, 'POST', '/api/admin/notifications', { body: { title: 'A', content: 'B', audience: 'ward' } });
    expect(r.status).toBe(400);
    expect(r.body.data.errors).toEqual([{ field: 'ward_id', message: 'Vui lòng chọn phường/xã nhận thông báo' }]);
    r = await call(t, 'POST', '/api/admin/notifications', { body: { title: 'A', content: 'B', audience: 'all', ward_id: w, province_id: p } });
    expect(r.status).toBe(400);
    expect(r.body.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['province_id', 'ward_id']);
    expect(r.body.data.errors[0].message).toContain('Để trống');
    r = await call(t, 'POST', '/api/admin/notifications', { body: { content: 'B', audience: 'vũ trụ' } });
    expect(r.status).toBe(400);
    const fields = r.body.data.errors.map((e: { field: string }) => e.field);
    expect(fields).toContain('title');
    expect(fields).toContain('audience');
    r = await call(t, 'POST', '/api/admin/notifications', { body: { title: 'A', content: 'B', audience: 'ward', ward_id: 999999 } });
    expect(r.status).toBe(400);
    expect(r.body.data.errors[0]).toMatchObject({ field: 'ward_id' });
  });

  it('needs the notifications permission to manage them; a sent one keeps its audience', async () => {
    const u = await makeUser(t, { perms: ['list:users'] });
    expect((await call(t, 'GET', '/api/admin/notifications', { token: u.token })).status).toBe(403);
    const r = await call(t, 'POST', '/api/admin/notifications', { body: { title: 'Đã gửi', content: 'x', audience: 'user', user_id: u.id } });
    const id = r.body.data.entry.id;
    const e = await call(t, 'PUT', `/api/admin/notifications/${id}`, { body: { audience: 'all', user_id: null } });
    expect(e.status).toBe(400);
    expect(e.body.data.errors[0].message).toContain('đã được gửi');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const later = await call(t, 'POST', '/api/admin/notifications', {
      body: { title: 'Hẹn', content: 'x', audience: 'user', user_id: u.id, scheduled_at: at },
    });
    // the form sends every field back: unchanged ones pass, on a scheduled one and on a sent one
    const same = later.body.data.entry;
    const back = {
      title: 'Hẹn (sửa)',
      content: 'x',
      audience: 'user',
      role_id: null,
      province_id: null,
      ward_id: null,
      user_id: u.id,
      scheduled_at: same.scheduled_at,
    };
    expect((await call(t, 'PUT', `/api/admin/notifications/${same.id}`, { body: back })).status).toBe(200);
    await t.database.query(sql`update notifications set sent_at = now() where id = ${same.id}`);
    const resent = await call(t, 'PUT', `/api/admin/notifications/${same.id}`, { body: { ...back, title: 'Hẹn (sửa lần 2)' } });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const ok = await call(t, 'PUT', `/api/admin/notifications/${id}`, { body: { title: 'Đã gửi (sửa)' } });
    expect(ok.status).toBe(200);
    expect((await inbox(u.token)).entries[0].title).toBe('Đã gửi (sửa)');
    expect((await call(t, 'DELETE', `/api/admin/notifications/${id}`)).status).toBe(200);
    expect((await inbox(u.token)).entries).toEqual([]);
  });
});

describe('notifications: an audience inside the author scope', () => {
  const perms = ['list:notifications', 'read:notifications', 'create:notifications', 'update:notifications', 'delete:notifications'];
  const post = (token: string, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/admin/notifications', { token, body: { title: 'Phạm vi', content: 'x', ...body } });
  const later = () => new Date(Date.now() + 3_600_000).toISOString();

  it('a ward officer addresses only their ward or its users; everyone, a role and another ward are refused', async () => {
    const p = await province(t.database);
    const w = await ward(t.database, p);
    const other = await ward(t.database, p);
    const officer = await makeUser(t, { perms, wardId: w });
    const mine = await makeUser(t, { wardId: w });
    const theirs = await makeUser(t, { wardId: other });
    for (const body of [{ audience: 'all' }, { audience: 'role', role_id: officer.roleId }, { audience: 'province', province_id: p }]) {
      const r = await post(officer.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.errors).toEqual([{ field: 'audience', message: expect.stringContaining('phường/xã của mình') }]);
    }
    let r = await post(officer.token, { audience: 'ward', ward_id: other });
    expect(r.status).toBe(400);
    expect(r.body.data.errors[0].field).toBe('ward_id');
    r = await post(officer.token, { audience: 'user', user_id: theirs.id });
    expect(r.status).toBe(400);
    expect(r.body.data.errors[0].field).toBe('user_id');
    expect(await unread(theirs.token)).toBe(0);
    expect((await post(officer.token, { audience: 'ward', ward_id: w })).status).toBe(200);
    const own = await post(officer.token, { audience: 'user', user_id: mine.id, scheduled_at: later() });
    expect(own.status).toBe(200);
    expect(await unread(mine.token)).toBe(1);
    // nor may an own, unsent one be widened afterwards
    const widen = await call(t, 'PUT', `/api/admin/notifications/${own.body.data.entry.id}`, {
      token: officer.token,
      body: { audience: 'all', user_id: null },
    });
    expect(widen.status).toBe(400);
    expect(widen.body.data.errors).toEqual([{ field: 'audience', message: expect.any(String) }]);
  });

  it("another author's notification outside the scope is neither listed, read, edited nor deleted", async () => {
    const p = await province(t.database);
    const w = await ward(t.database, p);
    const officer = await makeUser(t, { perms, wardId: w });
    // the administrators' unsent broadcast and role notification
    const broadcast = (await post(t.adminToken, { title: 'Cho quản trị', audience: 'all', scheduled_at: later() })).body.data.entry;
    const toRole = (await post(t.adminToken, { audience: 'role', role_id: officer.roleId, scheduled_at: later() })).body.data.entry;
    const toWard = (await post(t.adminToken, { title: 'Cho phường', audience: 'ward', ward_id: w, scheduled_at: later() })).body.data.entry;
    for (const n of [broadcast, toRole]) {
      expect((await call(t, 'GET', `/api/admin/notifications/${n.id}`, { token: officer.token })).status).toBe(404);
      const e = await call(t, 'PUT', `/api/admin/notifications/${n.id}`, { token: officer.token, body: { title: 'Sửa trộm', content: 'y' } });
      expect(e.status).toBe(404);
      expect((await call(t, 'DELETE', `/api/admin/notifications/${n.id}`, { token: officer.token })).status).toBe(404);
    }
    const [still] = await t.database.query<{ title: string }>(sql`select title from notifications where id = ${broadcast.id}`);
    expect(still.title).toBe('Cho quản trị');
    const list = await call(t, 'GET', '/api/admin/notifications', { token: officer.token, query: { limit: '100' } });
    expect(list.body.data.entries.map((e: { id: number }) => e.id)).toEqual([toWard.id]);
    // one addressed to their ward they may correct, though another author wrote it
    const ok = await call(t, 'PUT', `/api/admin/notifications/${toWard.id}`, { token: officer.token, body: { title: 'Cho phường (sửa)' } });
    expect(ok.status).toBe(200);
  });

  it('a province officer addresses their province, its wards and its users, nothing outside it', async () => {
    const p = await province(t.database);
    const p2 = await province(t.database);
    const w = await ward(t.database, p);
    const far = await ward(t.database, p2);
    const officer = await makeUser(t, { perms, provinceId: p });
    const inside = await makeUser(t, { wardId: w });
    const outside = await makeUser(t, { wardId: far });
    for (const body of [
      { audience: 'province', province_id: p },
      { audience: 'ward', ward_id: w },
      { audience: 'user', user_id: inside.id },
    ]) {
      expect((await post(officer.token, body)).status, JSON.stringify(body)).toBe(200);
    }
    expect(await unread(inside.token)).toBe(3);
    for (const [body, field] of [
      [{ audience: 'all' }, 'audience'],
      [{ audience: 'role', role_id: officer.roleId }, 'audience'],
      [{ audience: 'province', province_id: p2 }, 'province_id'],
      [{ audience: 'ward', ward_id: far }, 'ward_id'],
      [{ audience: 'user', user_id: outside.id }, 'user_id'],
    ] as const) {
      const r = await post(officer.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.errors[0]).toEqual({ field, message: expect.stringContaining('tỉnh/thành phố của mình') });
    }
    expect(await unread(outside.token)).toBe(0);
  });
});

describe('notifications: read state', () => {
  it('lists the own notifications newest first, marks one and all read, and the count goes down', async () => {
    const u = await makeUser(t);
    for (const i of [1, 2, 3]) await notify(t.app.services, { audience: 'user', user_id: u.id }, { title: `Tin ${i}`, content: 'x' });
    expect(await unread(u.token)).toBe(3);
    const list = await inbox(u.token);
    expect(list.entries.map((e: { title: string }) => e.title)).toEqual(['Tin 3', 'Tin 2', 'Tin 1']);
    expect(list.unread).toBe(3);
    const r = await call(t, 'PUT', `/api/admin/profile/notifications/read/${list.entries[0].id}`, { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body.data.unread).toBe(2);
    expect(await unread(u.token)).toBe(2);
    // another user's notification is not theirs to mark
    const other = await makeUser(t);
    expect((await call(t, 'PUT', `/api/admin/profile/notifications/read/${list.entries[1].id}`, { token: other.token })).status).toBe(404);
    const unreadOnly = await call(t, 'GET', '/api/admin/profile/notifications', { token: u.token, query: { unread: '1' } });
    expect(unreadOnly.body.data.entries).toHaveLength(2);
    expect((await call(t, 'PUT', '/api/admin/profile/notifications/read-all', { token: u.token })).body.data.count).toBe(2);
    expect(await unread(u.token)).toBe(0);
    expect((await call(t, 'GET', '/api/admin/profile/notifications/unread-count', { token: '' })).status).toBe(401);
  });
});

describe('notifications: live delivery', () => {
  it('pushes to the signed-in recipients only, with an event id', async () => {
    const p = await province(t.database);
    const w1 = await ward(t.database, p);
    const w2 = await ward(t.database, p);
    const a = await makeUser(t, { wardId: w1 });
    const b = await makeUser(t, { wardId: w2 });
    const ca = await connect(wsUrl, a.token);
    const cb = await connect(wsUrl, b.token);
    const r = await call(t, 'POST', '/api/admin/notifications', { body: { title: 'Cho phường 1', content: 'Sâu bệnh', audience: 'ward', ward_id: w1 } });
    expect(r.status).toBe(200);
    const m = await ca.next(titled('Cho phường 1'), 'the ward event');
    expect(m).toMatchObject({ message: 'Sâu bệnh', data: { notification_id: r.body.data.entry.id } });
    expect(m.id).toBeGreaterThan(0);
    await new Promise((res) => setTimeout(res, 200));
    expect(cb.messages.some(titled('Cho phường 1'))).toBe(false);
    await ca.close();
    await cb.close();
  });

  it('a socket that comes back with its last event id receives what it missed, and only new ones after that', async () => {
    const u = await makeUser(t);
    await notify(t.app.services, { audience: 'user', user_id: u.id }, { title: 'Trước', content: 'x' });
    const c1 = await connect(wsUrl, u.token);
    const start = c1.ready.last_event_id as number;
    expect(start).toBeGreaterThan(0);
    await notify(t.app.services, { audience: 'user', user_id: u.id }, { title: 'Lúc kết nối', content: 'x' });
    const seen = (await c1.next(titled('Lúc kết nối'), 'live')).id as number;
    await c1.close();
    // missed while the socket was down
    await notify(t.app.services, { audience: 'user', user_id: u.id }, { title: 'Bỏ lỡ 1', content: 'x' });
    await notify(t.app.services, { audience: 'user', user_id: u.id }, { title: 'Bỏ lỡ 2', content: 'x' });
    const window = notifyLimits.replayWindowSeconds;
    notifyLimits.replayWindowSeconds = 0;
    const c2 = await connect(wsUrl, u.token, seen).finally(() => {
      notifyLimits.replayWindowSeconds = window;
    });
    const m1 = await c2.next(titled('Bỏ lỡ 1'), 'missed 1');
    const m2 = await c2.next(titled('Bỏ lỡ 2'), 'missed 2');
    expect(m2.id as number).toBeGreaterThan(m1.id as number);
    expect(m1.id as number).toBeGreaterThan(seen);
    expect(c2.messages.indexOf(m1)).toBeLessThan(c2.messages.indexOf(m2));
    // what it saw is not sent again (outside the window for late commits)
    expect(c2.messages.some(titled('Trước'))).toBe(false);
    expect(c2.messages.some(titled('Lúc kết nối'))).toBe(false);
    await c2.close();
    // within the window, recent events come again: at least once, the client drops duplicates by id
    const c4 = await connect(wsUrl, u.token, m2.id as number);
    await c4.next(titled('Bỏ lỡ 2'), 'recent again');
    await c4.close();
    // without a last id: nothing replayed
    const c3 = await connect(wsUrl, u.token);
    await new Promise((res) => setTimeout(res, 100));
    expect(c3.messages.filter((m) => m.type === 'event')).toEqual([]);
    expect(c3.ready.last_event_id).toBe(m2.id);
    await c3.close();
  });
});

describe('notifications: scheduled', () => {
  it('a scheduled notification is not sent before its time, and the due-check sends it once', async () => {
    const u = await makeUser(t);
    const at = new Date(Date.now() + 60_000).toISOString();
    const r = await call(t, 'POST', '/api/admin/notifications', {
      body: { title: 'Hẹn giờ', content: 'x', audience: 'user', user_id: u.id, scheduled_at: at },
    });
    expect(r.body.data.entry.sent_at).toBeNull();
    await sendDue(t.app.services);
    expect(await unread(u.token)).toBe(0);
    await t.database.query(sql`update notifications set scheduled_at = now() - interval '1 second' where id = ${r.body.data.entry.id}`);
    await Promise.all([sendDue(t.app.services), sendDue(t.app.services)]);
    await sendDue(t.app.services);
    expect(await unread(u.token)).toBe(1);
    const [row] = await t.database.query<{ sent_at: string; recipient_count: number }>(
      sql`select sent_at, recipient_count from notifications where id = ${r.body.data.entry.id}`,
    );
    expect(row.sent_at).toBeTruthy();
    expect(row.recipient_count).toBe(1);
  });

  it('goes out at its time even when the process restarted in between, exactly once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-notif-'));
    const pgd = process.env.TEST_DATABASE_URL ? await tempPgDatabase(process.env.TEST_DATABASE_URL, 'nt', await injected('pgTemplate')) : null;
    // on the embedded engine, a copy of global-setup's migrated and seeded cluster (no initdb, migrations
    // or national list to make again: this test is about the restart)
    if (!pgd) await seedDataDir(dataDir);
    const open = () => (pgd ? openDatabase({ url: pgd.url, poolSize: 3 }) : openDatabase({ dir: path.join(dataDir, 'pglite') }));
    const config = { ADMIN_PASSWORD, LOG_LEVEL: 'silent' as const, DATA_DIR: dataDir, dataDir, OFFICIAL_UNITS: 'no' as const };
    const saved = notifyLimits.dueCheckMs;
    notifyLimits.dueCheckMs = 200;
    try {
      let db = await open();
      let { app } = await buildApp({ database: db, logger: false, env: {}, config });
      await app.ready();
      const admin = await login(app, 'admin', ADMIN_PASSWORD);
      const r = await call(app, 'POST', '/api/admin/notifications', {
        token: admin,
        body: { title: 'Qua khởi động lại', content: 'x', audience: 'all', scheduled_at: new Date(Date.now() + 1500).toISOString() },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const id = r.body.data.entry.id;
      await app.close();
      await db.close();
      // down while it falls due
      await new Promise((res) => setTimeout(res, 1800));
      db = await open();
      ({ app } = await buildApp({ database: db, logger: false, env: {}, config }));
      await app.ready();
      const until = Date.now() + 5000;
      let rows: { n: number; sent: boolean }[] = [];
      while (Date.now() < until) {
        rows = await db.query(
          sql`select (select count(*)::int from notification_recipients where notification_id = ${id}) as n,
            (select sent_at is not null from notifications where id = ${id}) as sent`,
        );
        if (rows[0].sent) break;
        await new Promise((res) => setTimeout(res, 50));
      }
      expect(rows[0].sent).toBe(true);
      // a few more rounds of the due-check send nothing again
      await new Promise((res) => setTimeout(res, 600));
      await sendDue(app.services);
      const [again] = await db.query<{ n: number; ev: number }>(
        sql`select count(*)::int as n, count(distinct event_id)::int as ev from notification_recipients where notification_id = ${id}`,
      );
      const [{ users }] = await db.query<{ users: number }>(sql`select count(*)::int as users from users where status = 'active'`);
      expect(again).toEqual({ n: users, ev: 1 });
      const token = await login(app, 'admin', ADMIN_PASSWORD);
      expect((await call(app, 'GET', '/api/admin/profile/notifications', { token })).body.data.entries.filter((e: { id: number }) => e.id === id)).toHaveLength(
        1,
      );
      await app.close();
      await db.close();
    } finally {
      notifyLimits.dueCheckMs = saved;
      if (pgd) await pgd.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('notifications: several API processes on one PostgreSQL', () => {
  it('two instances claim each due notification once, and a socket on one hears what the other sent', async () => {
    const d = await tempPgDatabase(process.env.TEST_DATABASE_URL as string, 'nt');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-nt-'));
    const config = { ADMIN_PASSWORD, LOG_LEVEL: 'silent' as const, DATA_DIR: dataDir, dataDir, OFFICIAL_UNITS: 'no' as const };
    const dbA = await openDatabase({ url: d.url, poolSize: 4 });
    const { app: a } = await buildApp({ database: dbA, logger: false, env: {}, config });
    const dbB = await openDatabase({ url: d.url, poolSize: 4 });
    const { app: b } = await buildApp({ database: dbB, logger: false, env: {}, config });
    const savedBatch = notifyLimits.batch;
    notifyLimits.batch = 3;
    try {
      await a.ready();
      await b.ready();
      await a.listen({ port: 0, host: '127.0.0.1' });
      const url = `ws://127.0.0.1:${(a.server.address() as AddressInfo).port}/api/ws`;
      const ta = { app: a, database: dbA, dataDir: '', adminToken: await login(a, 'admin', ADMIN_PASSWORD), close: async () => {} };
      const u = await makeUser(ta);
      const c = await connect(url, u.token);
      for (let i = 0; i < 20; i++) {
        await dbA.query(sql`insert into notifications (title, content, audience, user_id, scheduled_at)
          values (${`Đến hạn ${i}`}, 'x', 'user', ${u.id}, now() - interval '1 second')`);
      }
      const counts = await Promise.all([sendDue(a.services), sendDue(b.services), sendDue(a.services), sendDue(b.services)]);
      expect(counts.reduce((x, y) => x + y, 0)).toBe(20);
      const [r] = await dbA.query<{ n: number; d: number }>(
        sql`select count(*)::int as n, count(distinct notification_id)::int as d from notification_recipients where user_id = ${u.id}`,
      );
      expect(r).toEqual({ n: 20, d: 20 });
      for (let i = 0; i < 20; i++) await c.next(titled(`Đến hạn ${i}`), `event ${i}`);
      const ids = c.messages.filter((m) => m.type === 'event').map((m) => m.id);
      expect(new Set(ids).size).toBe(20);
      // sent through B while the socket on A is down: the resume on A replays it
      const last = Math.max(...(ids as number[]));
      await c.close();
      await notify(b.services, { audience: 'user', user_id: u.id }, { title: 'Từ B khi mất kết nối', content: 'x' });
      const c2 = await connect(url, u.token, last);
      await c2.next(titled('Từ B khi mất kết nối'), 'replayed from B');
      await c2.close();
    } finally {
      notifyLimits.batch = savedBatch;
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
      await d.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
