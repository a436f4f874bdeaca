import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { tileSource } from '../src/core/security-headers';
import { ADMIN_PASSWORD, auth, makeApp, type TestApp } from './helpers';

const INLINE = "window.__nns = 'x';";
let t: TestApp;
let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-web-'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/index-abcdefgh.js"></script></head><body></body></html>`,
  );
  t = await makeApp({ WEB_DIST: web, MAP_TILE_URL: 'https://{s}.tiles.example.vn/{z}/{x}/{y}.png' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

function csp(h: Record<string, unknown>): Map<string, string[]> {
  const raw = String(h['content-security-policy'] ?? '');
  return new Map(
    raw
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k, v]),
  );
}

function expectHardened(h: Record<string, unknown>, what: string) {
  const p = csp(h);
  expect(p.size, `${what}: no CSP`).toBeGreaterThan(0);
  expect(p.get('script-src'), what).toContain("'self'");
  expect(p.get('script-src'), what).not.toContain("'unsafe-inline'");
  expect(p.get('script-src'), what).not.toContain("'unsafe-eval'");
  expect(p.get('default-src'), what).toEqual(["'self'"]);
  expect(p.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(p.get('connect-src'), what).toEqual(["'self'"]);
  expect(p.get('object-src'), what).toEqual(["'none'"]);
  expect(p.get('img-src'), what).toContain('https://*.tiles.example.vn');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['x-content-type-options'], what).toBe('nosniff');
  // PUBLIC_URL is http here
  expect(h['strict-transport-security'], what).toBeUndefined();
}

test('headers on the app (/), a screen (/auth/login), an admin API answer, the health check, a 404 and an error', async () => {
  const answers = {
    '/': await t.app.inject({ method: 'GET', url: '/' }),
    '/auth/login': await t.app.inject({ method: 'GET', url: '/auth/login' }),
    '/api/admin/profile': await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: auth(t.adminToken) }),
    '/api/admin/users (401)': await t.app.inject({ method: 'GET', url: '/api/admin/users' }),
    '/api/health': await t.app.inject({ method: 'GET', url: '/api/health' }),
    '/api/khong-co': await t.app.inject({ method: 'GET', url: '/api/khong-co' }),
    'POST /api/auth/login': await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } }),
  };
  expect(answers['/'].headers['content-type']).toMatch(/text\/html/);
  expect(answers['/auth/login'].headers['content-type']).toMatch(/text\/html/);
  expect(answers['/api/admin/profile'].statusCode).toBe(200);
  expect(answers['/api/admin/users (401)'].statusCode).toBe(401);
  for (const [what, r] of Object.entries(answers)) expectHardened(r.headers, what);
});

test("the page's inline script runs by its hash, not by 'unsafe-inline'", async () => {
  const r = await t.app.inject({ method: 'GET', url: '/' });
  const hash = `'sha256-${crypto.createHash('sha256').update(INLINE).digest('base64')}'`;
  expect(csp(r.headers).get('script-src')).toEqual(["'self'", hash]);
  expect(csp(r.headers).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
});

test('HSTS only when PUBLIC_URL is https', async () => {
  const { app } = await buildApp({
    database: t.database,
    logger: false,
    env: {},
    config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: t.dataDir, dataDir: t.dataDir, PUBLIC_URL: 'https://nongnghiep.example.vn', WEB_DIST: web },
  });
  try {
    for (const url of ['/', '/api/health']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(csp(r.headers).has('upgrade-insecure-requests'), url).toBe(true);
    }
  } finally {
    await app.close();
  }
});

test('the tile host of MAP_TILE_URL becomes an img-src source', () => {
  expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
  expect(tileSource('https://tiles.example.vn:8443/{z}/{x}/{y}.png')).toBe('https://tiles.example.vn:8443');
  expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
});
