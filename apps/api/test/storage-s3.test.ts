import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { loadExcel } from '../src/core/excel';
import { backupTo, restoreFrom } from '../src/db/backup';
import { type Database, openDatabase } from '../src/db/client';
import { openStorage } from '../src/lib/open-storage';
import type { Storage } from '../src/lib/storage';
import { nodeArgs } from './bundle';
import { ADMIN_PASSWORD, call, callJob, login, makeApp, png, type TestApp, upload } from './helpers';
import { tempPgDatabase } from './pg-temp';
import { S3_KEYS, type S3Server, startS3Server } from './s3-server';
import { startServer } from './server-process';
import { storageContract } from './storage-contract';
import { emptyPglite, injected, seedDataDir } from './templates';

const PG = process.env.TEST_DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cleanups: (() => Promise<unknown> | unknown)[] = [];
const tmp = (p: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), p));
  cleanups.push(() => fs.rmSync(d, { recursive: true, force: true }));
  return d;
};

let s3: S3Server;
const stores: Storage[] = [];
/** A store on the test server: its own prefix per use, so tests do not see each other's files. */
async function store(prefix: string, bucket = 'nns-test'): Promise<Storage> {
  const s = await openStorage({ ...loadConfig({ STORAGE_URL: s3.url(bucket, prefix), ...S3_KEYS }) });
  stores.push(s);
  return s;
}

beforeAll(async () => {
  s3 = await startS3Server(['nns-test', 'nns-other']);
}, 60_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
  for (const s of stores) s.close();
  await s3?.stop();
});

// the store alone and the server's start do not touch the database: the PostgreSQL pass skips them (the app on S3 and the scripts run on both)
describe.skipIf(Boolean(PG))('S3 store: the same contract as the local one, on an S3-protocol server', () => {
  let contract: Storage;
  beforeAll(async () => {
    contract = await store('contract');
  });
  storageContract(() => contract);

  it('keeps to its prefix: another prefix of the same bucket sees none of its files', async () => {
    const a = await store('prefix-a');
    const b = await store('prefix-a-not');
    await a.put('media/x.png', Buffer.from('a'));
    await b.put('media/y.png', Buffer.from('b'));
    const keys: string[] = [];
    for await (const k of a.list('')) keys.push(k);
    expect(keys).toEqual(['media/x.png']);
    expect(await b.exists('media/x.png')).toBe(false);
  });

  // (s3rver does not check signatures, so wrong keys cannot be shown failing here)
  it('without a prefix uses the whole bucket; check() fails on a bucket that does not exist', async () => {
    const whole = await store('', 'nns-other');
    await whole.put('a.txt', Buffer.from('x'));
    expect(await whole.exists('a.txt')).toBe(true);
    await expect((await store('', 'khong-co-bucket')).check()).rejects.toThrow();
  });
});

describe(`an app on S3 (${PG ? 'PostgreSQL' : 'PGlite'})`, { timeout: 180_000 }, () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDir: string;
  let url: string;
  beforeAll(async () => {
    url = s3.url('nns-test', 'app');
    t = await makeApp({ STORAGE_URL: url, ...S3_KEYS });
    cleanups.push(() => t.close());
    // another process of the same system: its own DATA_DIR, the same database and store
    secondDir = tmp('nns-second-');
    second = (
      await buildApp({
        database: t.database,
        logger: false,
        env: {},
        config: { ADMIN_PASSWORD, DATA_DIR: secondDir, dataDir: secondDir, LOG_LEVEL: 'silent', STORAGE_URL: url, ...S3_KEYS },
      })
    ).app;
    await second.ready();
    cleanups.push(() => second.close());
  }, 120_000);

  it('uploads into the store (nothing on the local disk) and another instance serves the file', async () => {
    expect(t.app.services.storage.kind).toBe('s3');
    const r = await upload(t, 'anh-lua.png', await png(64, 48), 'image/png');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const key = r.body.data.url.replace('/uploads/', '');
    expect(fs.existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
    const direct = await store('app');
    expect(await direct.exists(key)).toBe(true);
    expect(await direct.exists(r.body.data.thumbnail_url.replace('/uploads/', ''))).toBe(true);

    const file = await second.inject({ method: 'GET', url: r.body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals((await direct.get(key)) as Buffer)).toBe(true);
    const thumb = await second.inject({ method: 'GET', url: r.body.data.thumbnail_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await second.inject({ method: 'GET', url: '/uploads/media/2026/01/000000000000000000000000.png' })).statusCode).toBe(404);
  });

  it('exports an .xlsx into the store as exports/<token>.xlsx; another instance downloads it', async () => {
    for (const name of ['Thùng', 'Bao 50 kg']) expect((await call(t, 'POST', '/api/admin/product-units', { body: { name } })).status).toBe(200);
    const e = await callJob(t, 'GET', '/api/admin/product-units/export', { query: { sort: 'name' } });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const token = /^\/api\/exports\/([A-Za-z0-9_-]+)\//.exec(e.body.data.url)?.[1] as string;
    const [row] = await t.database.query<{ path: string }>(sql`select path from export_files where token = ${token}`);
    expect(row.path).toBe(`exports/${token}.xlsx`);
    expect(await (await store('app')).exists(row.path)).toBe(true);
    // the temporary file is gone, and nothing went to the disk's exports folder
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
    expect(fs.existsSync(path.join(t.dataDir, 'exports'))).toBe(false);

    const d = await second.inject({ method: 'GET', url: e.body.data.url });
    expect(d.statusCode).toBe(200);
    expect(d.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const ExcelJS = await loadExcel();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(d.rawPayload as never);
    const names = wb.worksheets[0].getColumn(2).values.slice(2);
    expect(names).toEqual(['Bao 50 kg', 'Thùng']);

    // expired: answered 404 by any instance, and the clean-up takes it out of the store
    await t.database.query(sql`update export_files set expires_at = now() - interval '1 minute' where token = ${token}`);
    expect((await second.inject({ method: 'GET', url: e.body.data.url })).statusCode).toBe(404);
    // and a temporary file a stopped export left a day ago goes too, a fresh one (in progress) stays
    const tmpOf = path.join(secondDir, 'tmp');
    fs.mkdirSync(tmpOf, { recursive: true });
    fs.writeFileSync(path.join(tmpOf, 'export-old.xlsx'), 'x');
    fs.utimesSync(path.join(tmpOf, 'export-old.xlsx'), new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 2 * 86_400_000));
    fs.writeFileSync(path.join(tmpOf, 'export-new.xlsx'), 'x');
    const { housekeeping } = await import('../src/core/platform-routes');
    await housekeeping(second.services);
    expect(await (await store('app')).exists(row.path)).toBe(false);
    expect(fs.readdirSync(tmpOf)).toEqual(['export-new.xlsx']);
  });

  it('/api/health reports the store, 503 when it cannot be reached', async () => {
    const ok = await call(t, 'GET', '/api/health');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ database: 'ok', storage: 'ok' });
    const dir = tmp('nns-nobucket-');
    const { app } = await buildApp({
      database: t.database,
      logger: false,
      env: {},
      config: { DATA_DIR: dir, dataDir: dir, LOG_LEVEL: 'silent', STORAGE_URL: s3.url('khong-co-bucket'), ...S3_KEYS },
    });
    cleanups.push(() => app.close());
    const down = await call(app, 'GET', '/api/health');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ message: 'Không kết nối được nơi lưu tệp', data: { database: 'ok', storage: 'unreachable' } });
  });

  it('a backup holds the S3 files (not the exports); a restore puts them into an empty bucket prefix', async () => {
    const source = t.app.services.storage;
    await source.put('exports/tam-thoi.xlsx', Buffer.from('tạm'));
    const kept: string[] = [];
    for await (const k of source.list('')) if (!k.startsWith('exports/')) kept.push(k);
    expect(kept.length).toBe(2);
    const file = path.join(tmp('nns-s3bk-'), 'b.tar.gz');
    const m = await backupTo(t.database, source, file);
    expect(m.files).toBe(2);

    let target: Database;
    if (PG) {
      const d = await tempPgDatabase(PG, 'rs');
      cleanups.push(d.drop);
      target = await openDatabase({ url: d.url, poolSize: 2 });
    } else target = await emptyPglite();
    cleanups.push(() => target.close());
    const into = await store('restored');
    const r = await restoreFrom(target, into, file, { tmp: tmp('nns-s3rs-') });
    expect(r.files).toBe(2);
    for (const k of kept) expect((await into.get(k))?.equals((await source.get(k)) as Buffer), k).toBe(true);
    expect(await into.exists('exports/tam-thoi.xlsx')).toBe(false);
    const [{ n }] = await target.query<{ n: number }>(sql`select count(*)::int as n from uploads`);
    expect(n).toBe(1);

    // a restored system serves the restored upload from its store
    const dir = tmp('nns-restored-');
    const { app } = await buildApp({
      database: target,
      logger: false,
      env: {},
      config: { DATA_DIR: dir, dataDir: dir, LOG_LEVEL: 'silent', STORAGE_URL: s3.url('nns-test', 'restored'), ...S3_KEYS },
    });
    cleanups.push(() => app.close());
    const [{ key }] = await target.query<{ key: string }>(sql`select key from uploads`);
    expect((await app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(200);
    expect(await login(app, 'admin', ADMIN_PASSWORD)).toBeTruthy();

    // a second restore finds the database and the prefix in use
    const target2 = await emptyPglite();
    cleanups.push(() => target2.close());
    await expect(restoreFrom(target2, into, file)).rejects.toThrow(/^nơi lưu tệp S3 s3:\/\/nns-test\/restored .* không trống/);
  });
});

describe(`npm run backup / restore with STORAGE_URL=s3://… (${PG ? 'PostgreSQL' : 'PGlite'})`, { timeout: 300_000 }, () => {
  it('the scripts read the store from the environment: the backup holds its files, the restore puts them into an empty prefix', async () => {
    // the source: a stopped server's database (PGlite on disk, or a PostgreSQL database) and its S3 prefix
    const srcDir = tmp('nns-s3src-');
    const dstDir = tmp('nns-s3dst-');
    let srcUrl = '';
    let dstUrl = '';
    if (PG) {
      const a = await tempPgDatabase(PG, 'bk', await injected('pgTemplate'));
      const b = await tempPgDatabase(PG, 'rs');
      cleanups.push(a.drop, b.drop);
      [srcUrl, dstUrl] = [a.url, b.url];
    }
    // a copy of global-setup's migrated and seeded database: this test is about the scripts, not a first start
    if (!PG) await seedDataDir(srcDir);
    const database = PG ? await openDatabase({ url: srcUrl, poolSize: 2 }) : await openDatabase({ dir: path.join(srcDir, 'pglite') });
    const { app } = await buildApp({
      database,
      logger: false,
      env: {},
      config: {
        OFFICIAL_UNITS: 'no',
        ADMIN_PASSWORD,
        DATA_DIR: srcDir,
        dataDir: srcDir,
        LOG_LEVEL: 'silent',
        STORAGE_URL: s3.url('nns-test', 'script-src'),
        ...S3_KEYS,
      },
    });
    await app.services.storage.put('media/2026/11/tep.pdf', Buffer.from('%PDF-1.4 tệp'));
    await app.close();
    await database.close();

    const run = (script: 'backup' | 'restore', args: string[], dir: string, url: string, prefix: string) =>
      spawnSync(process.execPath, [...nodeArgs(script), ...args], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'silent', STORAGE_URL: s3.url('nns-test', prefix), ...S3_KEYS },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const file = path.join(tmp('nns-s3bkf-'), 'b.tar.gz');
    const b = run('backup', [file], srcDir, srcUrl, 'script-src');
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout).toContain('Nơi lưu tệp: S3 s3://nns-test/script-src');
    expect(b.stdout).toMatch(/1 tệp tải lên/);
    expect(b.stdout + b.stderr).not.toContain(S3_KEYS.S3_SECRET_ACCESS_KEY);

    const r = run('restore', [file], dstDir, dstUrl, 'script-dst');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1 tệp tải lên/);
    expect((await (await store('script-dst')).get('media/2026/11/tep.pdf'))?.toString()).toBe('%PDF-1.4 tệp');
    expect(fs.existsSync(path.join(dstDir, 'uploads'))).toBe(false);
  });
});

describe.skipIf(Boolean(PG))('the server with STORAGE_URL', { timeout: 180_000 }, () => {
  it('names the store in its start banner without the keys, and refuses a bad STORAGE_URL in Vietnamese', async () => {
    const dir = tmp('nns-s3srv-');
    // the server starts on a copy of global-setup's seeded database (no initdb or migrations to run)
    await seedDataDir(dir);
    const srv = await startServer({ DATA_DIR: dir, ADMIN_PASSWORD, STORAGE_URL: s3.url('nns-test', 'server'), ...S3_KEYS });
    cleanups.push(() => srv.child.kill('SIGKILL'));
    const until = Date.now() + 30_000;
    while (!srv.output().includes('Đăng nhập') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(srv.output()).toContain(`Nơi lưu tệp: S3 s3://nns-test/server (máy chủ ${s3.endpoint}, vùng us-east-1, path-style)`);
    expect(srv.output()).not.toContain('CẢNH BÁO');
    const health = await fetch(`${srv.url}/api/health`);
    expect(await health.json()).toMatchObject({ code: 200, data: { database: 'ok', storage: 'ok' } });
    srv.child.kill('SIGTERM');
    expect(await srv.exited).toBe(0);
    expect(srv.output()).not.toContain(S3_KEYS.S3_SECRET_ACCESS_KEY);

    const bad = spawnSync(process.execPath, nodeArgs('server'), {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, PORT: '0', STORAGE_URL: 's3://khoa:bi-mat@nns-test' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('STORAGE_URL: không được chứa khóa truy cập; hãy đặt S3_ACCESS_KEY_ID và S3_SECRET_ACCESS_KEY');
    expect(bad.stderr).not.toContain('bi-mat');
  });
});
