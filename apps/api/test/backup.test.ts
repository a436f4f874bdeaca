import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { backupTo, RestoreRefused, restoreFrom } from '../src/db/backup';
import { type Database, openDatabase } from '../src/db/client';
import { nodeArgs } from './bundle';
import { ADMIN_PASSWORD, call, login, makeApp, type TestApp } from './helpers';
import { tempPgDatabase } from './pg-temp';
import { emptyPglite } from './templates';

const PG = process.env.TEST_DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cleanups: (() => Promise<unknown> | unknown)[] = [];
const tmp = (p: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), p));
  cleanups.push(() => fs.rmSync(d, { recursive: true, force: true }));
  return d;
};

/** An empty database on the engine under test: a new PostgreSQL database, or PGlite in a new DATA_DIR. */
async function emptyTarget(): Promise<{ database: Database; dataDir: string; url?: string }> {
  const dataDir = tmp('nns-restore-');
  if (PG) {
    const t = await tempPgDatabase(PG, 'rs');
    cleanups.push(t.drop);
    const database = await openDatabase({ url: t.url, poolSize: 2 });
    cleanups.push(() => database.close());
    return { database, dataDir, url: t.url };
  }
  const database = await emptyPglite(path.join(dataDir, 'pglite'));
  cleanups.push(() => database.close());
  return { database, dataDir };
}

/** Every table's rows as the server's JSON text, sorted: equal snapshots mean equal data. */
async function snapshot(d: Database): Promise<Record<string, string[]>> {
  const tables = await d.query<{ t: string }>(
    sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { t } of tables) {
    const rows = await d.query<{ j: string }>(
      t === 'app_migrations'
        ? sql`select hash as j from app_migrations order by 1`
        : sql`select row_to_json(x)::text as j from ${sql.identifier(t)} x order by 1`,
    );
    out[t] = rows.map((r) => r.j);
  }
  return out;
}

const filesOf = (dir: string) => {
  const walk = (rel: string): [string, string][] =>
    fs
      .readdirSync(path.join(dir, rel), { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory()
          ? walk(path.join(rel, e.name))
          : [[path.join(rel, e.name), fs.readFileSync(path.join(dir, rel, e.name)).toString('base64')] as [string, string]],
      );
  return fs.existsSync(dir) ? Object.fromEntries(walk('')) : {};
};

let t: TestApp;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await makeApp();
  // rows through the API (audit rows, sessions come with them), one soft-deleted, odd values
  for (const name of ['Thùng', 'Bao 50 kg', 'Hộp \'đặc biệt\' "x"', 'Chai\nnhiều dòng', '=SUM(A1)']) {
    expect(
      (await call(t, 'POST', '/api/admin/product-units', { body: { name, symbol: name.slice(0, 3), description: 'Mô tả có dấu: ả ấ ẫ ự ỹ 😀' } })).status,
    ).toBe(200);
  }
  const gone = await call(t, 'POST', '/api/admin/farming-forms', { body: { name: 'VietGAP', code: 'VG' } });
  expect((await call(t, 'DELETE', `/api/admin/farming-forms/${gone.body.data.entry.id}`)).status).toBe(200);
  await call(t, 'POST', '/api/admin/farming-forms', { body: { name: 'Hữu cơ', code: 'HC', standard: 'TCVN 11041' } });
  // a number beyond JavaScript's exact integers: the backup must carry it as the server wrote it
  const json = '{"big": 9007199254740993, "list": [1, "hai", null], "nested": {"khóa": "giá trị"}}';
  await t.database.query(sql`insert into settings (key, value) values ('bench', ${json}::jsonb)`);
  // scans live in monthly partitions with a roll-up kept by a trigger: restored once, not doubled
  await t.database.query(
    sql`insert into scans (scanned_at, stamp_code_id, stamp_id, product_id, first_scan, ip) values (now(), 1, 1, 1, true, '203.0.113.1'), (now() - interval '400 days', 1, 1, 1, false, null)`,
  );

  // an uploaded file and its row
  const storage = t.app.services.storage;
  await storage.put('2026/11/anh-thu.png', PNG);
  await storage.put('2026/11/thumbs/anh-thu.png', PNG.subarray(0, 20));
  await t.database.query(sql`insert into uploads (key, original_name, mime, size) values ('2026/11/anh-thu.png', 'ảnh thử.png', 'image/png', ${PNG.length})`);
});
afterAll(async () => {
  await t?.close();
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
});

// PGlite on disk and child processes (each opens the database) take their time on a busy machine
describe(`backup and restore (${PG ? 'PostgreSQL' : 'PGlite'})`, { timeout: 300_000 }, () => {
  it('restores into an empty database the same rows, table by table, and the same files', async () => {
    const file = path.join(tmp('nns-bk-'), 'backup.tar.gz');
    const uploads = path.join(t.dataDir, 'uploads');
    const m = await backupTo(t.database, uploads, file);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(m.files).toBe(2);
    expect(m.tables.find((x) => x.name === 'product_units')?.rows).toBe(5);

    const target = await emptyTarget();
    const r = await restoreFrom(target.database, path.join(target.dataDir, 'uploads'), file);
    expect(r.files).toBe(2);
    expect(r.rows).toBe(m.tables.reduce((n, x) => n + x.rows, 0));
    const [before, after] = [await snapshot(t.database), await snapshot(target.database)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    // sessions and reset links come back ended (below); every other row as it was
    for (const table of Object.keys(before).filter((x) => x !== 'sessions' && x !== 'password_resets')) {
      expect(after[table], table).toEqual(before[table]);
    }
    const live = sql`select count(*)::int as n from sessions where revoked_at is null`;
    expect((await t.database.query<{ n: number }>(live))[0].n).toBeGreaterThan(0);
    expect((await target.database.query<{ n: number }>(live))[0].n).toBe(0);
    expect(after.sessions).toHaveLength(before.sessions.length);
    expect(filesOf(path.join(target.dataDir, 'uploads'))).toEqual(filesOf(uploads));

    // the restored system works: sign-in, reads, and new rows continue the sequences and identities
    const { app } = await buildApp({
      database: target.database,
      logger: false,
      env: {},
      config: { OFFICIAL_UNITS: 'no', DATA_DIR: target.dataDir, dataDir: target.dataDir, LOG_LEVEL: 'silent' },
    });
    cleanups.push(() => app.close());
    // the original server's sessions end with the restore: its tokens are refused, signing in again works
    const old = await call(app, 'GET', '/api/admin/profile', { token: t.adminToken });
    expect(old.status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/profile')).status).toBe(200);
    const token = await login(app, 'admin', ADMIN_PASSWORD);
    const list = await call(app, 'GET', '/api/admin/product-units', { token, query: { search: 'thung' } });
    expect(list.body.data.entries.map((e: { name: string }) => e.name)).toEqual(['Thùng']);
    const [{ max }] = await target.database.query<{ max: number }>(sql`select max(id)::int as max from product_units`);
    const created = await call(app, 'POST', '/api/admin/product-units', { token, body: { name: 'Kiện' } });
    expect(created.status).toBe(200);
    expect(created.body.data.entry.id).toBe(max + 1);
    const trashed = await call(app, 'GET', '/api/admin/farming-forms', { token, query: { trashed: 'only' } });
    expect(trashed.body.data.entries.map((e: { name: string }) => e.name)).toEqual(['VietGAP']);

    // a second restore into the now non-empty target is refused, in Vietnamese, and changes nothing
    const again = restoreFrom(target.database, path.join(target.dataDir, 'uploads'), file);
    await expect(again).rejects.toBeInstanceOf(RestoreRefused);
    await expect(again).rejects.toThrow(/không trống/);
  });

  it('refuses an empty database with files in its uploads folder, and a file that is not a backup', async () => {
    const target = await emptyTarget();
    const junk = path.join(tmp('nns-junk-'), 'x.tar.gz');
    fs.writeFileSync(junk, 'không phải tar');
    await expect(restoreFrom(target.database, path.join(target.dataDir, 'uploads'), junk)).rejects.toThrow();
    fs.mkdirSync(path.join(target.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(target.dataDir, 'uploads', 'a.txt'), 'x');
    await expect(restoreFrom(target.database, path.join(target.dataDir, 'uploads'), junk)).rejects.toThrow(/thư mục tệp tải lên .* không trống/);
  });

  it('npm run backup / npm run restore FILE: one file, restored into an empty DATA_DIR or database, a second time refused', async () => {
    // the source: what a stopped server leaves behind (PGlite on disk in DATA_DIR, or a PostgreSQL database)
    const src = await emptyTarget();
    const { app } = await buildApp({
      database: src.database,
      logger: false,
      env: {},
      config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: src.dataDir, dataDir: src.dataDir, LOG_LEVEL: 'silent' },
    });
    await call(app, 'POST', '/api/admin/product-units', { token: await login(app, 'admin', ADMIN_PASSWORD), body: { name: 'Túi lưới' } });
    await app.close();
    fs.mkdirSync(path.join(src.dataDir, 'uploads/a'), { recursive: true });
    fs.writeFileSync(path.join(src.dataDir, 'uploads/a/b.txt'), 'tệp');
    const expected = await snapshot(src.database);
    await src.database.close();

    const env = (e: { dataDir: string; url?: string }) => ({ ...process.env, DATA_DIR: e.dataDir, DATABASE_URL: e.url ?? '', LOG_LEVEL: 'silent' });
    const run = (script: 'backup' | 'restore', args: string[], e: { dataDir: string; url?: string }) =>
      spawnSync(process.execPath, [...nodeArgs(script), ...args], {
        cwd: root,
        env: env(e),
        encoding: 'utf8',
        timeout: 120_000,
      });
    const file = path.join(tmp('nns-bk-'), 'b.tar.gz');
    const b = run('backup', [file], src);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout).toContain(`Đã ghi bản sao lưu: ${file}`);
    expect(b.stdout).toMatch(/1 tệp tải lên/);

    const dstDir = tmp('nns-dst-');
    let dst: { dataDir: string; url?: string } = { dataDir: dstDir };
    if (PG) {
      const d = await tempPgDatabase(PG, 'rs');
      cleanups.push(d.drop);
      dst = { dataDir: dstDir, url: d.url };
    }
    const r = run('restore', [file], dst);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Đã khôi phục từ');
    expect(r.stdout).toMatch(/product_units: 1 dòng/);
    expect(fs.readFileSync(path.join(dstDir, 'uploads/a/b.txt'), 'utf8')).toBe('tệp');

    const refused = run('restore', [file], dst);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Không thể khôi phục: .*không trống/);

    const restored = PG ? await openDatabase({ url: dst.url, poolSize: 1 }) : await openDatabase({ dir: path.join(dstDir, 'pglite') });
    cleanups.push(() => restored.close());
    // sessions and reset links come back ended (the test above); every other row as it was
    const got = await snapshot(restored);
    const ended = new Set(['sessions', 'password_resets']);
    for (const table of Object.keys(expected).filter((x) => !ended.has(x))) expect(got[table], table).toEqual(expected[table]);
    for (const table of ended) expect(got[table]).toHaveLength(expected[table].length);
  });
});
