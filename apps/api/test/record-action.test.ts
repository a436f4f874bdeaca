import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict } from '../src/core/errors';
import { addRecordAction } from '../src/core/record-action';
import { exec } from '../src/core/resource-store';
import { createRouter, errorToReply } from '../src/core/router';
import { makeWard } from './accounts-helpers';
import { call, makeApp, makeRole, makeUser, type TestApp } from './helpers';

/**
 * core/record-action.ts once, on routes of its own: the permission, the scope, the id, the audit row
 * and the one transaction hold for every route declared with it (articles' publish, a batch's status…).
 */
let t: TestApp;
let app: FastifyInstance;
let wardA: number;
let wardB: number;
let officer: string;
let stranger: string;
let mine: number;
let theirs: number;
let afterCommits = 0;

beforeAll(async () => {
  t = await makeApp();
  wardA = await makeWard(t, 'Phường Thử A');
  wardB = await makeWard(t, 'Phường Thử B');
  officer = (await makeUser(t, { perms: ['update:users', 'read:users', 'list:product_units'], wardId: wardA })).token;
  stranger = (await makeUser(t, { perms: ['read:users'], wardId: wardA })).token;
  const plain = await makeRole(t, ['list:product_units']);
  mine = (await makeUser(t, { roleId: plain, wardId: wardA })).id;
  theirs = (await makeUser(t, { roleId: plain, wardId: wardB })).id;

  // a second Fastify on the test app's services: routes of its own, declared as modules declare theirs
  app = Fastify({ logger: false });
  app.decorateRequest('user', null);
  app.decorateRequest('audited', false);
  app.setErrorHandler((err, req, reply) => errorToReply(err, req, reply));
  const router = createRouter(app, t.app.services, []);
  const services = t.app.services;
  addRecordAction(router, services, {
    resource: 'users',
    url: '/api/admin/users/rename/:id',
    permission: 'update',
    summary: 'Đổi họ tên (thử)',
    body: z.object({ full_name: z.string().min(1), username: z.string().optional(), fail: z.boolean().optional() }).strict(),
    message: 'Đã đổi họ tên',
    audit: 'rename',
    async change(ctx, existing, db) {
      // a write before the refusal: the transaction must take it back
      await exec(db, sql`update users set phone = '0912345678' where id = ${existing.id}`);
      if (ctx.body.fail) throw conflict('Không đổi được họ tên');
      return ctx.body.username ? { full_name: ctx.body.full_name, username: ctx.body.username } : { full_name: ctx.body.full_name };
    },
    afterCommit: () => {
      afterCommits++;
    },
  });
  addRecordAction(router, services, {
    resource: 'users',
    method: 'PATCH',
    url: '/api/admin/users/edit-phone/:id',
    permission: 'update',
    summary: 'Sửa số điện thoại (thử, như một biểu mẫu)',
    body: z.object({ phone: z.string() }).strict(),
    message: 'Cập nhật thành công',
    audit: 'update',
    op: 'update',
    change: (ctx) => ({ data: ctx.body }),
    response: z.object({ id: z.number(), phone: z.string().nullable() }),
    answer: (_db, row) => ({ id: row.id, phone: row.phone }),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const put = (token: string, id: number | string, body: unknown) => call(app, 'PUT', `/api/admin/users/rename/${id}`, { token, body });
const nameOf = async (id: number) =>
  (await t.database.query<{ full_name: string; phone: string | null }>(sql`select full_name, phone from users where id = ${id}`))[0];
const audits = (id: number, action: string) =>
  t.database.query<{ before: Record<string, unknown>; after: Record<string, unknown>; path: string; actor_id: number }>(
    sql`select before, after, path, actor_id from audit_logs where subject = 'users' and action = ${action} and record_id = ${String(id)} order by id`,
  );

describe('addRecordAction', () => {
  it('declares the route in the route table with the permission on the resource subject', () => {
    const table: { url: string; access: unknown }[] = [];
    const r = createRouter(Fastify(), t.app.services, table as never);
    addRecordAction(r, t.app.services, {
      resource: 'articles',
      url: '/api/admin/articles/x/:id',
      permission: 'approve',
      summary: 'x',
      message: 'x',
      audit: 'x',
      change: () => ({}),
    });
    expect(table[0].access).toEqual({ action: 'approve', subject: 'articles' });
    expect(() =>
      addRecordAction(r, t.app.services, {
        resource: 'articles',
        url: '/api/admin/articles/y',
        permission: 'approve',
        summary: 'y',
        message: 'y',
        audit: 'y',
        change: () => ({}),
      }),
    ).toThrow(/:id/);
  });

  it('answers 401 without a session and 403 without the permission; nothing is written', async () => {
    expect((await put('', mine, { full_name: 'Không được' })).status).toBe(401);
    const r = await put(stranger, mine, { full_name: 'Không được' });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(403);
    expect((await nameOf(mine)).full_name).not.toBe('Không được');
  });

  it('answers 400 on an id that is not one, and on a bad body', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const r = await put(officer, id, { full_name: 'A' });
      expect(r.status, id).toBe(400);
    }
    expect((await put(officer, mine, { full_name: '' })).status).toBe(400);
    expect((await put(officer, mine, { full_name: 'A', extra: 1 })).status).toBe(400);
  });

  it('answers 404 on a record outside the user scope and on one that does not exist', async () => {
    const before = await nameOf(theirs);
    const r = await put(officer, theirs, { full_name: 'Ngoài phạm vi' });
    expect(r.status).toBe(404);
    expect(await nameOf(theirs)).toEqual(before);
    expect((await put(officer, 2147483000, { full_name: 'Không có' })).status).toBe(404);
  });

  it('writes through the runtime, answers { entry } and keeps an audit row of the action with its keys only', async () => {
    const commits = afterCommits;
    const r = await put(officer, mine, { full_name: 'Nguyễn Văn Đổi' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Đã đổi họ tên');
    expect(r.body.data.entry).toMatchObject({ id: mine, full_name: 'Nguyễn Văn Đổi' });
    // presented as the client sees it: the password never leaves
    expect(r.body.data.entry).not.toHaveProperty('password');
    expect((await nameOf(mine)).full_name).toBe('Nguyễn Văn Đổi');
    const rows = await audits(mine, 'rename');
    expect(rows).toHaveLength(1);
    expect(rows[0].path).toBe(`/api/admin/users/rename/${mine}`);
    expect(Object.keys(rows[0].after)).toEqual(['full_name']);
    expect(rows[0].after.full_name).toBe('Nguyễn Văn Đổi');
    expect(afterCommits).toBe(commits + 1);
    // the search text follows (the runtime's write, not a bare update)
    const [s] = await t.database.query<{ search_text: string }>(sql`select search_text from users where id = ${mine}`);
    expect(s.search_text).toContain('nguyen van doi');
  });

  it('rolls the transaction back when change refuses: its earlier write, the record and the audit stay as they were', async () => {
    const before = await nameOf(mine);
    const n = (await audits(mine, 'rename')).length;
    const commits = afterCommits;
    const r = await put(officer, mine, { full_name: 'Bị từ chối', fail: true });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Không đổi được họ tên');
    expect(await nameOf(mine)).toEqual(before);
    expect(await audits(mine, 'rename')).toHaveLength(n);
    expect(afterCommits).toBe(commits);
  });

  it('rolls back when the write itself is refused (a sign-in name already taken): nothing of the change stays', async () => {
    const before = await nameOf(mine);
    const n = (await audits(mine, 'rename')).length;
    const [other] = await t.database.query<{ username: string }>(sql`select username from users where id = ${theirs}`);
    const r = await put(officer, mine, { full_name: 'Trùng tên đăng nhập', username: other.username });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(await nameOf(mine)).toEqual(before);
    expect(await audits(mine, 'rename')).toHaveLength(n);
  });

  it("op 'update': the data as a form sends it (nothing trusted), the whole record audited, the declared answer", async () => {
    const r = await call(app, 'PATCH', `/api/admin/users/edit-phone/${mine}`, { token: officer, body: { phone: '0987654321' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ id: mine, phone: '0987654321' });
    const rows = await audits(mine, 'update');
    expect(rows.at(-1)?.after).toEqual({ phone: '0987654321' });
    // the declaration's rules hold as in the generic edit: a bad phone is refused
    expect((await call(app, 'PATCH', `/api/admin/users/edit-phone/${mine}`, { token: officer, body: { phone: '12' } })).status).toBe(400);
  });
});
