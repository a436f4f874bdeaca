import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnderPublicUrl } from '../src/modules/trace-public/qr-code.module';
import { call, makeApp, type TestApp } from './helpers';

/** GET /api/web/qr-code (issue 14 §6): QR of a link under PUBLIC_URL only, bounded size, PNG decoded back. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const qr = (query: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/web/qr-code', query });

describe('qr-code', () => {
  it('answers a PNG whose QR decodes back to the URL, without a session', async () => {
    const url = 'http://nns.test/truy-xuat/AbC123xyz';
    const r = await qr({ url, size: '300' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(r.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(300);
    const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(code?.data).toBe(url);
  });

  it('answers an SVG with format=svg', async () => {
    const r = await qr({ url: 'http://nns.test/01/08934588012112/10/L1', format: 'svg' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('refuses other hosts, look-alike hosts, other schemes and missing URLs with a Vietnamese field message', async () => {
    for (const url of [
      'https://evil.example/truy-xuat/x',
      'http://nns.test.evil.example/x',
      'http://nns.test@evil.example/x',
      'javascript:alert(1)',
      'ftp://nns.test/x',
      'x',
    ]) {
      const r = await call(t, 'GET', '/api/web/qr-code', { query: { url }, token: '' });
      expect(r.status, url).toBe(400);
      expect(r.body.data.errors[0].field).toBe('url');
      expect(r.body.data.errors[0].message).toContain('http://nns.test');
    }
    const none = await call(t, 'GET', '/api/web/qr-code', { token: '' });
    expect(none.status).toBe(400);
    expect(none.body.data.errors[0]).toEqual({ field: 'url', message: 'Vui lòng nhập đường dẫn' });
  });

  it('bounds the size and the format', async () => {
    for (const size of ['10', '5000', 'abc', '300.5']) {
      const r = await call(t, 'GET', '/api/web/qr-code', { query: { url: 'http://nns.test/x', size }, token: '' });
      expect(r.status, size).toBe(400);
      expect(r.body.data.errors[0].field).toBe('size');
    }
    const gif = await call(t, 'GET', '/api/web/qr-code', { query: { url: 'http://nns.test/x', format: 'gif' }, token: '' });
    expect(gif.status).toBe(400);
    const extra = await call(t, 'GET', '/api/web/qr-code', { query: { url: 'http://nns.test/x', colour: 'red' }, token: '' });
    expect(extra.status).toBe(400);
  });

  it('keeps to the path of a PUBLIC_URL with a path', () => {
    expect(isUnderPublicUrl('https://a.vn/nns/truy-xuat/1', 'https://a.vn/nns')).toBe(true);
    expect(isUnderPublicUrl('https://a.vn/nnsx/1', 'https://a.vn/nns')).toBe(false);
    expect(isUnderPublicUrl('https://a.vn:8443/nns/1', 'https://a.vn/nns')).toBe(false);
  });
});
