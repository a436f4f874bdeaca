import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { requestLogLevel } from '../src/core/request-log';
import { ADMIN_PASSWORD, makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

test('the level of a request line: static files served well only at debug, API calls at info, server errors as errors', () => {
  expect(requestLogLevel('/assets/index-abc.js', 200)).toBe('debug');
  expect(requestLogLevel('/admin/products', 200)).toBe('debug');
  expect(requestLogLevel('/favicon.svg', 304)).toBe('debug');
  expect(requestLogLevel('/assets/missing.js', 404)).toBe('info');
  expect(requestLogLevel('/api/health', 200)).toBe('info');
  expect(requestLogLevel('/api/admin/products?page=2', 403)).toBe('info');
  expect(requestLogLevel('/api/admin/products', 500)).toBe('error');
  expect(requestLogLevel('/apiary.js', 200)).toBe('debug');
});

test('at info, a static file served with 200 logs nothing and an API call logs exactly one line', async () => {
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
  const lines: string[] = [];
  const { app } = await buildApp({
    database: t.database,
    logger: true,
    logStream: { write: (line: string) => void lines.push(line) },
    env: {},
    config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: t.dataDir, dataDir: t.dataDir, LOG_LEVEL: 'info', WEB_DIST: web },
  });
  try {
    await app.ready();
    lines.length = 0;
    const file = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(file.statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: '/admin/products' });
    expect(page.statusCode).toBe(200);
    expect(lines).toEqual([]);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ level: 30, method: 'GET', url: '/api/health', statusCode: 200 });
    expect(line.msg).toMatch(/^GET \/api\/health 200 \d+ ms$/);

    const refused = await app.inject({ method: 'GET', url: '/api/admin/products' });
    expect(refused.statusCode).toBe(401);
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain('incoming request');
  } finally {
    await app.close();
    fs.rmSync(web, { recursive: true, force: true });
  }
});
