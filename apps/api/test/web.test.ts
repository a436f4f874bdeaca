import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, looksLikeFile } from '../src/core/web';
import { makeApp, type TestApp } from './helpers';

/** The built admin app served by the API: history fallback, run-time settings in the page, caching. */
let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-web-dist-'));
const TILES = 'https://tiles.example.vn/{z}/{x}/{y}.png?key="a&b"';

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="vi"><head><title>Nông nghiệp số</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123xy.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await makeApp({ WEB_DIST: dist, MAP_TILE_URL: TILES });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the admin app', () => {
  it('answers every screen path with the page (history fallback), with the map tile URL of MAP_TILE_URL in its head', async () => {
    for (const url of ['/', '/admin/home', '/admin/system/product-units/5/edit', '/auth/login?x=1', '/admin/origin/stamps']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toContain('<div id="root"></div>');
      // escaped for an attribute, placed in the head
      expect(r.body).toContain('<meta name="nns:map-tile-url" content="https://tiles.example.vn/{z}/{x}/{y}.png?key=&quot;a&amp;b&quot;" /></head>');
    }
    // the public trace page is the server's own page, never the admin app (trace-public.test.ts)
    const trace = await t.app.inject({ method: 'GET', url: '/truy-xuat/abc' });
    expect(trace.statusCode).toBe(404);
    expect(trace.body).toContain('Mã không tồn tại hoặc tem đã bị hủy');
    expect(trace.body).not.toContain('<div id="root"></div>');
  });

  it('serves built files, hashed ones cached for good; a missing file or API route is a 404, never the page', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const gone = await t.app.inject({ method: 'GET', url: '/assets/index-Old99999.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404 });
    const api = await t.app.inject({ method: 'GET', url: '/api/admin/khong-co' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, data: null });
  });

  it('tells files from screens', () => {
    expect(looksLikeFile('/assets/x.js')).toBe(true);
    expect(looksLikeFile('/logo.png?v=2')).toBe(true);
    expect(looksLikeFile('/admin/products/3/edit')).toBe(false);
    expect(cacheControlFor('/dist/assets/vendor-1a2B3c4D.css')).toContain('immutable');
    expect(cacheControlFor('/dist/index.html')).toBe('no-cache');
  });
});
