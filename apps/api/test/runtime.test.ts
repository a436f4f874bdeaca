import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeExtensions, orderModules } from '../src/core/extensions';
import type { ModuleHooks, ServerModule } from '../src/core/module';
import { verifyPassword } from '../src/core/passwords';
import { call, makeApp, makeUser, type TestApp } from './helpers';

/**
 * The resource runtime (core/runtime.ts, core/extensions.ts): how modules' hooks compose, and the
 * secret writes every entry point shares (hashed once, sessions ended through revokeUserSessions).
 */

describe('modules extending one resource', () => {
  const upper = (k: string) => (d: Record<string, unknown>) => ({ ...d, [k]: `${d[k]}!` });

  it('two modules on the same hook point with no declared order stop the start, naming both', () => {
    const mods: ServerModule[] = [
      { name: 'mot', hooks: { plants: { beforeCreate: upper('name') } } },
      { name: 'hai', hooks: { plants: { beforeCreate: upper('name') } } },
    ];
    expect(() => composeExtensions(mods)).toThrow(/hai.*mot|mot.*hai/);
    expect(() => composeExtensions(mods)).toThrow(/plants\.beforeCreate/);
  });

  it('with `after`, before-hooks pass the data along and presenters the entry, in that order', async () => {
    const mods: ServerModule[] = [
      {
        name: 'sau',
        after: ['truoc'],
        hooks: {
          plants: {
            beforeCreate: (d) => ({ ...d, name: `${d.name}-sau` }),
            present: (r) => ({ ...r, seen: [...(r.seen as string[]), 'sau'] }),
            presentedKeys: ['seen'],
          },
        },
      },
      {
        name: 'truoc',
        hooks: { plants: { beforeCreate: (d) => ({ ...d, name: `${d.name}-truoc` }), present: (r) => ({ ...r, seen: ['truoc'] }), derived: ['slug'] } },
      },
    ];
    const h = composeExtensions(mods).get('plants');
    expect(await h?.beforeCreate?.({ name: 'Lúa' }, null as never, null as never)).toEqual({ name: 'Lúa-truoc-sau' });
    expect(h?.present?.({ id: 1 }, null)).toEqual({ id: 1, seen: ['truoc', 'sau'] });
    expect(h?.presentedKeys).toEqual(['seen']);
    expect(h?.derived).toEqual(['slug']);
  });

  it('a module extending an undeclared resource, an unknown `after` or a cycle stop the start', () => {
    expect(() => composeExtensions([{ name: 'x', hooks: { 'khong-co': {} } as ModuleHooks }])).toThrow(/khong-co/);
    expect(() => orderModules([{ name: 'a', after: ['b'] }])).toThrow(/unknown module 'b'/);
    expect(() =>
      orderModules([
        { name: 'a', after: ['b'] },
        { name: 'b', after: ['a'] },
      ]),
    ).toThrow(/cycle/);
    expect(orderModules([{ name: 'c' }, { name: 'a', after: ['c'] }, { name: 'b' }]).map((m) => m.name)).toEqual(['c', 'a', 'b']);
  });
});

describe('secret writes through the runtime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(async () => t?.close());

  const stored = async (table: 'users' | 'labors', id: number) =>
    (await t.database.query<{ password: string }>(sql`select password from ${sql.identifier(table)} where id = ${id}`))[0].password;
  const signedIn = async (token: string) => (await call(t, 'GET', '/api/admin/load-profile', { token })).status;

  it('a password set on the edit form is hashed once (the plain text verifies) and ends the account’s sessions', async () => {
    const u = await makeUser(t);
    expect(await signedIn(u.token)).toBe(200);
    expect((await call(t, 'PUT', `/api/admin/users/${u.id}`, { body: { password: 'RuntimeMoi@2026' } })).status).toBe(200);
    expect(await verifyPassword(await stored('users', u.id), 'RuntimeMoi@2026')).toBe(true);
    expect(await signedIn(u.token)).toBe(401);
  });

  it('an administrator’s reset ends the sessions (revokeUserSessions) and one’s own change keeps the current one only', async () => {
    const u = await makeUser(t);
    const r = await call(t, 'POST', '/api/admin/reset-password', { body: { id: u.id, password: 'DatLaiRuntime@2026' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await signedIn(u.token)).toBe(401);
    expect(await verifyPassword(await stored('users', u.id), 'DatLaiRuntime@2026')).toBe(true);

    const v = await makeUser(t);
    const other = await makeUser(t);
    const second = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: v.username, password: v.password } })).json().data.token;
    const c = await call(t, 'PUT', '/api/admin/change-password', {
      token: v.token,
      body: { old_password: v.password, new_password: 'TuDoiRuntime@2026', new_password_confirmation: 'TuDoiRuntime@2026' },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(await signedIn(v.token)).toBe(200);
    expect(await signedIn(second)).toBe(401);
    expect(await signedIn(other.token)).toBe(200);
  });

  it('a weak password is refused by field before anything is written', async () => {
    const u = await makeUser(t);
    const before = await stored('users', u.id);
    const r = await call(t, 'POST', '/api/admin/reset-password', { body: { id: u.id, password: u.username } });
    expect(r.status).toBe(400);
    expect(await stored('users', u.id)).toBe(before);
    expect(await signedIn(u.token)).toBe(200);
  });
});
