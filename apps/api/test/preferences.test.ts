import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, makeUser, type TestApp } from './helpers';

/** GET/PUT /api/admin/me/preferences/:key: a user's own list settings, validated, capped, per user. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const URL = '/api/admin/me/preferences/list:products';
const good = { hidden: ['code'], density: 'small', views: [{ name: 'Chờ duyệt', query: 'status=pending' }] };

describe('preferences', () => {
  it('needs a session', async () => {
    expect((await call(t, 'GET', URL, { token: '' })).status).toBe(401);
    expect((await call(t, 'PUT', URL, { token: '', body: { value: good } })).status).toBe(401);
  });

  it('answers null before anything is saved, then what was saved; null clears it', async () => {
    const u = await makeUser(t);
    expect((await call(t, 'GET', URL, { token: u.token })).body.data).toEqual({ key: 'list:products', value: null });
    const put = await call(t, 'PUT', URL, { token: u.token, body: { value: good } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(t, 'GET', URL, { token: u.token })).body.data.value).toEqual(good);
    // a second save replaces the value
    await call(t, 'PUT', URL, { token: u.token, body: { value: { density: 'large' } } });
    expect((await call(t, 'GET', URL, { token: u.token })).body.data.value).toEqual({ density: 'large' });
    await call(t, 'PUT', URL, { token: u.token, body: { value: null } });
    expect((await call(t, 'GET', URL, { token: u.token })).body.data.value).toBeNull();
  });

  it('keeps each user’s own settings apart', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await call(t, 'PUT', URL, { token: a.token, body: { value: { hidden: ['price'] } } });
    await call(t, 'PUT', URL, { token: b.token, body: { value: { hidden: ['name'] } } });
    expect((await call(t, 'GET', URL, { token: a.token })).body.data.value).toEqual({ hidden: ['price'] });
    expect((await call(t, 'GET', URL, { token: b.token })).body.data.value).toEqual({ hidden: ['name'] });
    expect((await call(t, 'GET', URL)).body.data.value).toBeNull();
  });

  const bad: [string, string, unknown][] = [
    ['unknown key', '/api/admin/me/preferences/theme', { value: {} }],
    ['unknown resource', '/api/admin/me/preferences/list:khong-co', { value: {} }],
    ['no value', URL, {}],
    ['not an object', URL, { value: 'small' }],
    ['unknown density', URL, { value: { density: 'huge' } }],
    ['unknown field', URL, { value: { colour: 'red' } }],
    ['extra body key', URL, { value: {}, other: 1 }],
    ['a view without a name', URL, { value: { views: [{ name: ' ', query: 'a=1' }] } }],
    [
      'two views of one name',
      URL,
      {
        value: {
          views: [
            { name: 'A', query: '' },
            { name: 'A', query: 'x=1' },
          ],
        },
      },
    ],
    ['21 views', URL, { value: { views: Array.from({ length: 21 }, (_, i) => ({ name: `V${i}`, query: '' })) } }],
    ['over 8 KB', URL, { value: { hidden: Array.from({ length: 90 }, () => 'x'.repeat(99)) } }],
  ];
  for (const [name, url, body] of bad) {
    it(`refuses ${name} with 400 and keeps the saved value`, async () => {
      const u = await makeUser(t);
      await call(t, 'PUT', URL, { token: u.token, body: { value: good } });
      const r = await call(t, 'PUT', url, { token: u.token, body });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.data.errors[0].message).toMatch(/[À-ỹ]/);
      expect((await call(t, 'GET', URL, { token: u.token })).body.data.value).toEqual(good);
    });
  }
});
