import net from 'node:net';
import { sql } from 'drizzle-orm';
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

  it('lone surrogates and bytes that are not UTF-8 are refused with a field message, nothing stored', async () => {
    const bad = 'Dữ liệu chứa ký tự không hợp lệ: văn bản phải được mã hóa UTF-8 đúng chuẩn';
    const post = (payload: string | Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/product-units',
        payload,
        headers: { 'content-type': 'application/json', ...auth(t.adminToken) },
      });
    for (const payload of [
      '{"name":"Bao\\ud800xi"}',
      '{"name":"Bao\\udc00xi"}',
      Buffer.concat([Buffer.from('{"name":"Bao'), Buffer.from([0xff, 0xfe]), Buffer.from('xi"}')]),
      Buffer.concat([Buffer.from('{"name":"Bao'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('xi"}')]),
    ]) {
      const r = await post(payload);
      expect(r.statusCode, String(payload)).toBe(400);
      expect(r.json().data.errors).toEqual([{ field: 'name', message: bad }]);
    }
    const q = await call(t, 'GET', '/api/admin/product-units', { query: { search: 'a\ud800' } });
    expect(q.status).toBe(400);
    expect(q.body.data.errors).toEqual([{ field: 'search', message: bad }]);
    const [n] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from product_units where name like 'Bao%xi'`);
    expect(n.n).toBe(0);
    // a surrogate pair (an emoji) is a character and is kept
    const ok = await post('{"name":"Bao \\ud83c\\udf3e"}');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.entry.name).toBe('Bao \u{1F33E}');
  });

  it('a bad percent-encoding, an over-long parameter and too large headers answer the Vietnamese envelope without the URL', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/product-units/%E0%A4%A?secret=1', headers: auth(t.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, message: 'Đường dẫn không hợp lệ: mã hóa phần trăm (%) sai', data: null });
    const long = `/api/auth/forgot-password/${'a'.repeat(5000)}`;
    const r = await t.app.inject({ method: 'GET', url: long });
    // find-my-way matches no route for a parameter past maxParamLength (404); Fastify's own error is 414
    expect([404, 414]).toContain(r.statusCode);
    expect(r.json()).toEqual({ code: r.statusCode, message: r.statusCode === 414 ? 'Đường dẫn quá dài' : 'Không tìm thấy đường dẫn yêu cầu', data: null });
    expect(r.body).not.toContain('aaaa');
    // 431 comes from Node's parser, before Fastify: a real socket
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const raw = await new Promise<string>((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(40_000)}\r\n\r\n`);
      });
      let out = '';
      s.on('data', (d) => {
        out += d.toString('utf8');
      });
      s.on('close', () => resolve(out));
      s.on('error', (e) => (out ? resolve(out) : reject(e)));
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ code: 431, message: 'Phần đầu (header) của yêu cầu quá lớn', data: null });
  });
});
