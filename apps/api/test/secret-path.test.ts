import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { ADMIN_PASSWORD, callJob, makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

test('the request log names the token of an export download, never shows it', async () => {
  const { app } = await buildApp({
    database: t.database,
    logger: true,
    env: {},
    config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: t.dataDir, dataDir: t.dataDir, LOG_LEVEL: 'silent' },
  });
  const logged: string[] = [];
  app.addHook('onResponse', async (req) => {
    const serializers = (req.log as unknown as Record<symbol, { req(r: unknown): { url: string } }>)[pino.symbols.serializersSym];
    logged.push(serializers.req(req).url);
  });
  try {
    // the export runs as a job (core/jobs.ts); its result is the download URL
    const e = await callJob(app, 'GET', '/api/admin/product-units/export', { token: t.adminToken });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const url: string = e.body.data.url;
    const token = url.split('/')[3];
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // a streamed answer's onResponse may come a moment after the client has it
    const seen = () => logged.filter((u) => !u.startsWith('/api/admin/jobs/'));
    for (let i = 0; i < 100 && seen().length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(seen()).toEqual(['/api/admin/product-units/export', url.replace(token, ':token')]);
    expect(logged.join(' ')).not.toContain(token);
  } finally {
    await app.close();
  }
});
