import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../src/config';
import { cspDirectives, helmetHeaders } from '../src/core/security-headers';
import { auth, makeApp, type TestApp } from './helpers';

// issue 11: the security headers are computed once at start and written on every answer

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const SECURITY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const securityOf = (h: Record<string, unknown>) => Object.fromEntries(SECURITY.filter((k) => h[k] !== undefined).map((k) => [k, h[k]]));

test('two routes (a list, a read, a 404 and a 401) carry exactly the same security headers, twice', async () => {
  const h = auth(t.adminToken);
  const answers = [
    await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: h }),
    await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: h }),
    await t.app.inject({ method: 'GET', url: '/api/admin/users' }),
    await t.app.inject({ method: 'GET', url: '/api/khong-co' }),
    await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: h }),
  ];
  expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 200]);
  const first = securityOf(answers[0].headers);
  expect(Object.keys(first).length).toBeGreaterThanOrEqual(10);
  for (const r of answers) expect(securityOf(r.headers)).toEqual(first);
  // nothing set twice (an array value would mean two hooks wrote the same header)
  for (const v of Object.values(first)) expect(typeof v).toBe('string');
});

test('helmetHeaders records what helmet sets, with the CSP directives as given', () => {
  const config = loadConfig({});
  const { set } = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    hsts: false,
  });
  const m = new Map(set);
  expect(m.get('Content-Security-Policy')).toContain("default-src 'self'");
  expect(m.get('X-Frame-Options')).toBe('DENY');
  expect(m.has('Strict-Transport-Security')).toBe(false);
});
