import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, call, makeApp, type TestApp } from './helpers';

/** Issue 12 §6: bad input answers 4xx with the Vietnamese envelope, never 500. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const expect4xx = (r: { status: number; body: any }, what: string) => {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, what).toBeLessThan(500);
  expect(typeof r.body.message, what).toBe('string');
};

describe('no 500 on bad input', () => {
  it('NUL characters in a body, a query or a path answer 400', async () => {
    const r = await call(t, 'POST', '/api/admin/product-units', { body: { name: 'Bao\u0000xi' } });
    expect(r.status).toBe(400);
    expect(r.body.data.errors[0]).toEqual({ field: 'name', message: 'Dữ liệu không được chứa ký tự NUL (\\0)' });
    expect4xx(await call(t, 'GET', '/api/admin/product-units', { query: { search: 'a\u0000b' } }), 'query');
    expect4xx(await call(t, 'GET', '/api/admin/product-units/1%00'), 'path');
  });

  it('integers beyond the column: 20-digit ids, huge limits and references, long id lists', async () => {
    for (const url of ['/api/admin/product-units/99999999999999999999', '/api/admin/product-units/2147483648', '/api/admin/product-units/-1']) {
      expect4xx(await call(t, 'GET', url), url);
    }
    expect4xx(await call(t, 'GET', '/api/admin/product-units', { query: { limit: String(2 ** 31) } }), 'limit');
    expect4xx(await call(t, 'GET', '/api/admin/product-units', { query: { page: '99999999999999999999' } }), 'page');
    expect4xx(await call(t, 'GET', '/api/admin/products', { query: { manufacture_id: '99999999999' } }), 'ref filter');
    expect4xx(await call(t, 'GET', '/api/admin/products', { query: { ids: '1,99999999999999999999' } }), 'ids');
    expect4xx(await call(t, 'POST', '/api/admin/products', { body: { code: 'X1', name: 'X', manufacture_id: 99999999999 } }), 'ref body');
    expect4xx(await call(t, 'POST', '/api/admin/manufacturing-sectors', { body: { code: 'NG1', name: 'Ngành', sort_order: 1e20 } }), 'integer body');
  });

  it('malformed cursors answer 400', async () => {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const cursor of [
      'khong-phai-base64!!',
      enc('x'),
      enc(['created_at', true, 'khong-phai-ngay', 1]),
      enc(['created_at', true, { a: 1 }, 1]),
      enc(['created_at', true, null, 1e20]),
      enc(['id', true, 1, -5]),
      'a'.repeat(600),
    ]) {
      expect4xx(await call(t, 'GET', '/api/admin/product-units', { query: { cursor, sort: '-created_at' } }), cursor.slice(0, 40));
    }
  });

  it('multipart without a boundary, or not multipart at all, answers 4xx', async () => {
    for (const headers of [{ 'content-type': 'multipart/form-data' }, { 'content-type': 'multipart/form-data; boundary=' }, { 'content-type': 'text/plain' }]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/admin/uploads', payload: 'abc', headers: { ...headers, ...auth(t.adminToken) } });
      expect4xx({ status: r.statusCode, body: r.json() }, headers['content-type']);
    }
  });

  it('over-long tokens in paths answer 4xx', async () => {
    expect4xx(await call(t, 'GET', `/api/admin/product-units/${'9'.repeat(5000)}`), 'long id');
    const r = await t.app.inject({ method: 'GET', url: `/api/auth/forgot-password/${'a'.repeat(5000)}` });
    expect(r.statusCode).toBeLessThan(500);
  });

  it('text is stored in NFC; bidirectional overrides and invisible-only values are refused', async () => {
    const decomposed = 'Phu\u031Bo\u031B\u0300ng'; // 'Phường' typed as letters and combining marks
    const r = await call(t, 'POST', '/api/admin/product-units', { body: { name: decomposed } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.entry.name).toBe('Phường');
    expect(r.body.data.entry.name).toBe(decomposed.normalize('NFC'));
    const bidi = await call(t, 'POST', '/api/admin/product-units', { body: { name: 'abc\u202Edcba' } });
    expect(bidi.body.data.errors).toContainEqual({ field: 'name', message: 'Tên đơn vị chứa ký tự điều khiển hướng chữ không được phép' });
    const invisible = await call(t, 'POST', '/api/admin/product-units', { body: { name: '\u200B\u200C' } });
    expect(invisible.body.data.errors).toContainEqual({ field: 'name', message: 'Tên đơn vị không được chỉ gồm ký tự vô hình' });
  });
});
