import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { hashPassword } from '../src/core/passwords';
import { sessionCacheOf } from '../src/core/session-cache';
import { type Database, openDatabase } from '../src/db/client';

import { ADMIN_PASSWORD } from './admin-password';

export { ADMIN_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** the admin's bearer token */
  adminToken: string;
  close(): Promise<void>;
}

/**
 * vitest's inject, imported when first needed: importing vitest outside a vitest run throws, and the
 * bench (bench/seed-diaries.ts) makes its samples with these helpers outside vitest.
 */
const inject = async (key: 'pgliteTemplate' | 'pgTemplate') => (process.env.VITEST ? (await import('vitest')).inject(key) : undefined);

let template: Blob | undefined;
/** The migrated and seeded database of global-setup.ts, read once per test file. */
async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = await inject('pgliteTemplate');
  if (!file || !fs.existsSync(file)) return undefined;
  template ??= new Blob([fs.readFileSync(file)]);
  return template;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * database on that PostgreSQL server (dropped at close). Same suite, both engines.
 */
export async function makeApp(config: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-test-'));
  let database: Database;
  let dropDb: (() => Promise<void>) | null = null;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const template = await inject('pgTemplate');
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolSize: 5 });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ dir: 'memory://', loadDataDir: await pgliteTemplate() });
  }
  const { app } = await buildApp({
    database,
    logger: false,
    env: {},
    // the national list of 3,355 units is left out unless a test asks for it (official-units.test.ts),
    // so tests make their own small units under codes of their choosing; the demo seed loads it anyway
    config: {
      OFFICIAL_UNITS: 'no',
      ADMIN_PASSWORD,
      DATA_DIR: dataDir,
      dataDir,
      LOG_LEVEL: 'silent',
      publicUrl: 'http://nns.test',
      PUBLIC_URL: 'http://nns.test',
      ...config,
    },
  });
  await app.ready();
  const adminToken = await login(app, 'admin', ADMIN_PASSWORD);
  return {
    app,
    database,
    dataDir,
    adminToken,
    async close() {
      await app.close();
      await database.close();
      if (dropDb) await dropDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a statement straight on the database, as another process or a script would, and waits until
 * this app has heard of it (db/session-notify.ts empties the session cache): on PostgreSQL the
 * notification arrives on another connection a moment after the commit.
 */
export async function changeElsewhere(t: TestApp, q: SQL) {
  const cache = sessionCacheOf(t.database, t.app.services.config.SESSION_CACHE_SECONDS);
  const before = cache.mark();
  await t.database.query(q);
  if (!cache.active) return;
  const until = Date.now() + 5000;
  while (cache.mark() === before) {
    if (Date.now() > until) throw new Error('the change was not announced on the sessions channel');
    await new Promise((r) => setTimeout(r, 5));
  }
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const r = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const body = r.json();
  if (body.code !== 200) throw new Error(`login ${username} failed: ${r.body}`);
  return body.data.token;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Creates a role holding exactly these 'action:subject' permissions and returns its id. */
export async function makeRole(t: TestApp, perms: string[], name = `Vai trò ${crypto.randomBytes(3).toString('hex')}`): Promise<number> {
  const [role] = await t.database.query<{ id: number }>(sql`insert into roles (name, price, status) values (${name}, 0, 'approved') returning id`);
  for (const p of perms) {
    const [action, subject] = p.split(':');
    await t.database.query(sql`insert into role_permissions (role_id, permission_id)
      select ${role.id}, id from permissions where action = ${action} and subject = ${subject}`);
  }
  return role.id;
}

/**
 * Creates an active user with that role and returns a signed-in token. Scope: a ward (wardId), a
 * province (provinceId) or, with neither, 'all'.
 */
const hashes = new Map<string, Promise<string>>();
/**
 * A password's argon2id hash, made once per password and process (60 ms each, and most test users
 * share one password): the users still sign in through the real login, which verifies it.
 */
const testHash = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

export async function makeUser(
  t: TestApp,
  o: {
    perms?: string[];
    roleId?: number;
    wardId?: number | null;
    provinceId?: number | null;
    /** a producer's account (scope 'producer'): its ward and province are the producer's */
    manufactureId?: number;
    username?: string;
    password?: string;
  } = {},
) {
  const roleId = o.roleId ?? (await makeRole(t, o.perms ?? []));
  const username = o.username ?? `u_${crypto.randomBytes(4).toString('hex')}`;
  const password = o.password ?? 'MatKhau@123';
  const wardId = o.manufactureId != null ? sql`(select ward_id from manufactures where id = ${o.manufactureId})` : sql`${o.wardId ?? null}::int`;
  const scope = o.manufactureId != null ? 'producer' : o.wardId != null ? 'ward' : o.provinceId != null ? 'province' : 'all';
  const province = o.wardId != null || o.manufactureId != null ? sql`(select province_id from wards where id = ${wardId})` : sql`${o.provinceId ?? null}::int`;
  const [u] = await t.database.query<{
    id: number;
  }>(sql`insert into users (username, password, full_name, role_id, scope, province_id, ward_id, manufacture_id, status)
    values (${username}, ${await testHash(password)}, ${'Người dùng thử'}, ${roleId}, ${scope}, ${province}, ${wardId}, ${o.manufactureId ?? null}, 'active') returning id`);
  return { id: u.id, username, password, roleId, token: await login(t.app, username, password) };
}

/** app.inject with the token and JSON parsed. */
export async function call(
  t: TestApp | FastifyInstance,
  method: string,
  url: string,
  o: { token?: string; body?: unknown; query?: Record<string, string> } = {},
) {
  const app = 'app' in t ? t.app : t;
  const token = o.token === undefined && 'adminToken' in t ? t.adminToken : o.token;
  const r = await app.inject({
    method: method as 'GET',
    url,
    query: o.query,
    payload: o.body as object,
    headers: token ? auth(token) : {},
  });
  let json: { code: number; message: string; data: any } | null = null;
  try {
    json = r.json();
  } catch {}
  return { status: r.statusCode, headers: r.headers, body: json as { code: number; message: string; data: any }, raw: r };
}

/**
 * The job a 202 answer queued, waited for until it is done or failed (core/jobs.ts; the test app's
 * processes poll quickly, and `startJob` kicks its own process at once).
 */
export async function waitJob(t: TestApp | FastifyInstance, id: number, token?: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call(t, 'GET', `/api/admin/jobs/${id}`, { token });
    const job = r.body?.data?.job;
    if (r.status !== 200) throw new Error(`job ${id}: ${r.status} ${r.body?.message}`);
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

/**
 * Calls a route that answers 202 with a background job, waits for the job and answers like the route
 * did when it ran in the request: 200 with the job's result as `data`, or the job's error as a 409
 * with its message (any other answer, a refusal or bad input, comes back as it is).
 */
export async function callJob(t: TestApp | FastifyInstance, method: string, url: string, o: Parameters<typeof call>[3] = {}) {
  const r = await call(t, method, url, o);
  if (r.status !== 202) return r;
  const token = o.token === undefined && 'adminToken' in t ? t.adminToken : o.token;
  const job = await waitJob(t, r.body.data.job.id, token);
  if (job.status === 'done') return { ...r, status: 200, body: { code: 200, message: r.body.message, data: job.result }, job };
  return { ...r, status: 409, body: { code: 409, message: job.error as string, data: null }, job };
}

/** A multipart/form-data body holding one file. */
export function multipart(filename: string, data: Buffer, contentType = 'application/octet-stream', field = 'file') {
  const boundary = `----nns${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/admin/uploads with one file, as the admin unless a token is given ('' for none). */
export async function upload(t: TestApp, filename: string, data: Buffer, contentType?: string, token = t.adminToken) {
  const m = multipart(filename, data, contentType);
  const r = await t.app.inject({ method: 'POST', url: '/api/admin/uploads', payload: m.payload, headers: { ...m.headers, ...(token ? auth(token) : {}) } });
  return { status: r.statusCode, body: r.json() };
}

/** A small PNG of one colour. */
export async function png(w: number, h: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: w, height: h, channels: 3, background: { r: 30, g: 140, b: 60 } } })
    .png()
    .toBuffer();
}

/** The URL of a real image uploaded through the API (image and file fields accept only those). */
export async function uploadedImageUrl(t: TestApp): Promise<string> {
  const r = await upload(t, 'anh.png', await png(40, 30), 'image/png');
  if (r.status !== 200) throw new Error(`upload failed: ${JSON.stringify(r.body)}`);
  return r.body.data.url as string;
}
