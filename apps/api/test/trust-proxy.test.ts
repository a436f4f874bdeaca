import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ADMIN_PASSWORD, makeApp, makeUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

/** Another app on the same database, configured through the environment like a real start. */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const { app } = await buildApp({
    database: t.database,
    logger: false,
    env,
    config: { ADMIN_PASSWORD, DATA_DIR: t.dataDir, dataDir: t.dataDir, LOG_LEVEL: 'silent' },
  });
  await app.ready();
  return app;
}

const signIn = (app: FastifyInstance, username: string, password: string, ip: string, forwarded: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip, headers: { 'x-forwarded-for': forwarded } });

const attemptKeys = async (ip: string) =>
  (await t.database.query<{ key: string }>(sql`select distinct key from login_attempts where key like ${`login:ip:${ip}%`}`)).map((r) => r.key);

/** addresses of the user's sign-ins, after the one makeUser made */
const loginIps = async (userId: number) =>
  (await t.database.query<{ ip: string }>(sql`select ip from audit_logs where action = 'login' and record_id = ${String(userId)} order by id`))
    .map((r) => r.ip)
    .slice(1);

describe('TRUST_PROXY', () => {
  test('is checked at start with a clear message', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: .*danh sách địa chỉ\/CIDR.*không hiểu: yes/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.local' })).toThrow(/không hiểu: proxy\.local/);
  });

  test('by default X-Forwarded-For changes neither the address the limits count nor the one the log records', async () => {
    const u = await makeUser(t);
    expect((await signIn(t.app, u.username, 'SaiMatKhau@1', '10.71.0.1', '203.0.113.71')).statusCode).toBe(401);
    expect(await attemptKeys('10.71.0.1')).toEqual(['login:ip:10.71.0.1']);
    expect(await attemptKeys('203.0.113.71')).toEqual([]);
    // a client naming a new address on each try is still one address to the limit
    for (let i = 2; i <= 20; i++) await signIn(t.app, `khong_co_${i}`, 'SaiMatKhau@1', '10.71.0.1', `203.0.113.${i}`);
    expect((await signIn(t.app, u.username, u.password, '10.71.0.1', '198.51.100.1')).statusCode).toBe(429);

    expect((await signIn(t.app, u.username, u.password, '10.71.0.2', '203.0.113.72')).statusCode).toBe(200);
    expect(await loginIps(u.id)).toEqual(['10.71.0.2']);
  });

  test('set to a proxy address, that proxy (and only it) names the client', async () => {
    const app = await appWith({ TRUST_PROXY: '10.72.0.1' });
    try {
      const u = await makeUser(t);
      expect((await signIn(app, u.username, 'SaiMatKhau@1', '10.72.0.1', '203.0.113.73')).statusCode).toBe(401);
      expect(await attemptKeys('203.0.113.73')).toEqual(['login:ip:203.0.113.73']);
      expect(await attemptKeys('10.72.0.1')).toEqual([]);
      expect((await signIn(app, u.username, u.password, '10.72.0.1', '203.0.113.74')).statusCode).toBe(200);
      // a peer that is not the proxy is taken at its own address
      expect((await signIn(app, u.username, u.password, '10.72.0.2', '203.0.113.75')).statusCode).toBe(200);
      expect(await loginIps(u.id)).toEqual(['203.0.113.74', '10.72.0.2']);
    } finally {
      await app.close();
    }
  });

  test('set to true or to a hop count, the forwarded address counts', async () => {
    for (const [value, forwarded, expected] of [
      ['true', '198.51.100.76, 203.0.113.76', '198.51.100.76'],
      ['1', '198.51.100.9, 203.0.113.77', '203.0.113.77'],
      ['2', '198.51.100.78, 203.0.113.78', '198.51.100.78'],
    ]) {
      const app = await appWith({ TRUST_PROXY: value });
      try {
        const u = await makeUser(t);
        expect((await signIn(app, u.username, u.password, '10.73.0.1', forwarded)).statusCode).toBe(200);
        expect(await loginIps(u.id), value).toEqual([expected]);
      } finally {
        await app.close();
      }
    }
  });
});
