import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { redactUrlString } from '../src/core/secret-path';
import { backupTo } from '../src/db/backup';
import { ADMIN_PASSWORD, makeApp, makeUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

async function outboxText(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [m] = await t.database.query<{ text: string }>(sql`select text from outbox_mails where "to" = ${to} order by id desc limit 1`);
    if (m) return m.text;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

test('a password reset, from the e-mailed SPA link to the new password, leaves no token in the request log', async () => {
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
  const lines: string[] = [];
  const { app } = await buildApp({
    database: t.database,
    logger: true,
    logStream: { write: (line: string) => void lines.push(line) },
    env: {},
    // at debug: a page served well (the SPA's reset page) is logged only there, and must hide its token too
    config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: t.dataDir, dataDir: t.dataDir, LOG_LEVEL: 'debug', WEB_DIST: web, publicUrl: 'http://nns.test' },
  });
  try {
    const u = await makeUser(t);
    const email = `nhatky.${u.id}@nongnghiep.vn`;
    await t.database.query(sql`update users set email = ${email} where id = ${u.id}`);
    const ask = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
    expect(ask.statusCode, ask.body).toBe(200);
    const link = /https?:\/\/[^\s/]+(\/auth\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(await outboxText(email));
    expect(link).not.toBeNull();
    const [, pagePath, token] = link as RegExpExecArray;
    // the SPA page the mail links to, then the API calls that page makes
    const page = await app.inject({ method: 'GET', url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('app');
    expect((await app.inject({ method: 'GET', url: `/api/auth/forgot-password/${token}` })).statusCode).toBe(200);
    // a query the route refuses (400) is logged too
    expect((await app.inject({ method: 'GET', url: `/api/auth/forgot-password/${token}?token=${token}` })).statusCode).toBe(400);
    const set = await app.inject({
      method: 'POST',
      url: `/api/auth/forgot-password/${token}`,
      payload: { password: 'MatKhau@Moi123', password_confirmation: 'MatKhau@Moi123' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/auth/reset-password?token=');
    expect(log).toContain('/api/auth/forgot-password/:token');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.slice(0, 16));
    // nor in the system log
    const rows = await t.database.query<{ path: string }>(sql`select path from audit_logs where path like '%forgot-password%'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  } finally {
    await app.close();
    fs.rmSync(web, { recursive: true, force: true });
  }
});

test('secret query parameters are hidden in any URL; others are kept as sent', () => {
  expect(redactUrlString('/auth/reset-password?token=abc123&x=1')).toBe('/auth/reset-password?token=%5B%C4%91%C3%A3%20%E1%BA%A9n%5D&x=1');
  expect(redactUrlString('/a?TOKEN=abc&page=2&password=p')).not.toMatch(/abc|=p\b/);
  expect(redactUrlString('/a?code=x', ['code'])).not.toContain('=x');
  expect(redactUrlString('/a?page=2&search=token')).toBe('/a?page=2&search=token');
});

test('a backup file is readable by its owner only (mode 0600)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-bk-'));
  try {
    const old = process.umask(0o022);
    try {
      const file = path.join(dir, 'b.tar.gz');
      await backupTo(t.database, path.join(t.dataDir, 'uploads'), file);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(old);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
