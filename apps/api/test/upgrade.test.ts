import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { RestoreRefused, restoreFrom } from '../src/db/backup';
import { type Database, openDatabase } from '../src/db/client';
import { DowngradeRefused, knownMigrations, migrate } from '../src/db/migrate';
import { call, login } from './helpers';
import { tempPgDatabase } from './pg-temp';
import { emptyPglite } from './templates';

/**
 * Users' data survives upgrades: a database made by the first release (only 0000_init.sql, its demo
 * data, a sign-in) starts on this version with every row kept, and this version refuses what a newer
 * one made. The fixture is that release's own backup (fixtures/README.md).
 */
const PG = process.env.TEST_DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const RELEASE_0000 = path.join(here, 'fixtures/release-0000-demo.tar.gz');
const RELEASE_PASSWORD = 'Admin@12345';
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function emptyTarget(): Promise<{ database: Database; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-upgrade-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (PG) {
    const t = await tempPgDatabase(PG, 'up');
    cleanups.push(t.drop);
    const database = await openDatabase({ url: t.url, poolSize: 4 });
    cleanups.push(() => database.close());
    return { database, dataDir };
  }
  const database = await emptyPglite(path.join(dataDir, 'pglite'));
  cleanups.push(() => database.close());
  return { database, dataDir };
}

/** The ids of every table that has an id column. */
async function idsOf(d: Database): Promise<Record<string, number[]>> {
  const tables = await d.query<{ t: string }>(
    sql`select table_name as t from information_schema.columns where table_schema = 'public' and column_name = 'id' order by 1`,
  );
  const out: Record<string, number[]> = {};
  for (const { t } of tables) out[t] = (await d.query<{ id: number }>(sql`select id from ${sql.identifier(t)} order by id`)).map((r) => Number(r.id));
  return out;
}

const startOn = async (database: Database, dataDir: string) => {
  const { app } = await buildApp({ database, logger: false, env: {}, config: { DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'silent' } });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
};

describe(`upgrade from the first release (${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('starts on a database the first release made, every row kept and the app working', async () => {
    const { database, dataDir } = await emptyTarget();
    await restoreFrom(database, path.join(dataDir, 'uploads'), RELEASE_0000, { forward: false });
    const [{ n: levels }] = await database.query<{ n: number }>(sql`select count(*)::int as n from app_migrations`);
    expect(levels).toBe(1);
    const before = await idsOf(database);
    expect(before.products.length).toBe(18);

    const app = await startOn(database, dataDir);
    const [{ n: after }] = await database.query<{ n: number }>(sql`select count(*)::int as n from app_migrations`);
    expect(after).toBe(knownMigrations().length);
    const now = await idsOf(database);
    for (const [table, ids] of Object.entries(before)) expect(now[table], table).toEqual(expect.arrayContaining(ids));

    const token = await login(app, 'admin', RELEASE_PASSWORD);
    const list = await call(app, 'GET', '/api/admin/products', { token, query: { limit: '100' } });
    expect(list.status).toBe(200);
    expect(list.body.data.entries.length).toBe(18);
    const one = await call(app, 'GET', `/api/admin/products/${before.products[0]}`, { token });
    expect(one.status).toBe(200);
    const edit = await call(app, 'PUT', `/api/admin/manufactures/${before.manufactures[0]}`, { token, body: { name: 'Cơ sở sau nâng cấp' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  });

  it('gives a database of the first release the official list it lacks, keeping an edited name and reporting it', async () => {
    const { database, dataDir } = await emptyTarget();
    await restoreFrom(database, path.join(dataDir, 'uploads'), RELEASE_0000, { forward: false });
    const before = await database.query<{ code: string; name: string }>(sql`select code, name from wards order by code`);
    expect(before.length).toBe(7);
    // an officer renamed a ward of the demo before the upgrade
    await database.query(sql`update wards set name = 'Phường Xuân Hương (Đà Lạt)' where code = '24781'`);

    const app = await startOn(database, dataDir);
    const [{ p, w }] = await database.query<{ p: number; w: number }>(
      sql`select (select count(*)::int from provinces) as p, (select count(*)::int from wards) as w`,
    );
    expect(p).toBe(34);
    // the 3,321 official communes, and the first release's B'Lao under its old sample code 24817, kept
    expect(w).toBe(3322);
    const kept = await database.query<{ code: string; name: string }>(
      sql`select code, name from wards where code in ('24781', '24817', '24829') order by code`,
    );
    expect(kept).toEqual([
      { code: '24781', name: 'Phường Xuân Hương (Đà Lạt)' },
      { code: '24817', name: "Phường B'Lao" },
      { code: '24829', name: "Phường B'Lao" },
    ]);
    // nothing the first release held lost its id
    const ids = await database.query<{ code: string }>(sql`select code from wards where code = any(${`{${before.map((b) => b.code).join(',')}}`}::text[])`);
    expect(ids.length).toBe(7);

    const token = await login(app, 'admin', RELEASE_PASSWORD);
    const logs = await call(app, 'GET', '/api/admin/system/logs', { token, query: { action: 'official-units' } });
    expect(logs.status).toBe(200);
    expect(logs.body.data.entries.length).toBe(1);
    const after = logs.body.data.entries[0].after;
    expect(after.created).toBe(3321 + 34 - 6 - 3);
    expect(after.differences).toContainEqual({ code: '24781', field: 'name', database: 'Phường Xuân Hương (Đà Lạt)', official: 'Phường Xuân Hương - Đà Lạt' });

    // a second start finds the marker and adds nothing
    const again = await startOn(database, dataDir);
    const [{ n }] = await database.query<{ n: number }>(sql`select count(*)::int as n from wards`);
    expect(n).toBe(3322);
    const logs2 = await call(again, 'GET', '/api/admin/system/logs', {
      token: await login(again, 'admin', RELEASE_PASSWORD),
      query: { action: 'official-units' },
    });
    expect(logs2.body.data.entries.length).toBe(1);
  });

  it('restores a backup of the first release into this version, migrated forward', async () => {
    const { database, dataDir } = await emptyTarget();
    const r = await restoreFrom(database, path.join(dataDir, 'uploads'), RELEASE_0000);
    expect(r.files).toBe(72);
    const [{ n }] = await database.query<{ n: number }>(sql`select count(*)::int as n from app_migrations`);
    expect(n).toBe(knownMigrations().length);
    const app = await startOn(database, dataDir);
    const token = await login(app, 'admin', RELEASE_PASSWORD);
    const list = await call(app, 'GET', '/api/admin/manufactures', { token });
    expect(list.body.data.pagination.total).toBe(10);
  });

  it('refuses to start on a database a newer version made, and changes nothing', async () => {
    const { database } = await emptyTarget();
    await migrate(database);
    await database.query(sql`insert into app_migrations (hash, created_at, tag) values ('f00d', 4102444800000, '0099_from_the_future')`);
    await database.query(sql`create table future_only (id int)`);
    const err = await migrate(database).catch((e) => e);
    expect(err).toBeInstanceOf(DowngradeRefused);
    expect(err.message).toMatch(/phiên bản mới hơn/);
    expect(err.message).toContain('0099_from_the_future');
    const [{ n }] = await database.query<{ n: number }>(sql`select count(*)::int as n from app_migrations`);
    expect(n).toBe(knownMigrations().length + 1);
  });

  it('refuses a backup made by a newer version with the right words', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-newer-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const tar = await import('tar');
    await tar.x({ file: RELEASE_0000, cwd: dir });
    const mf = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    mf.migrations.push('f00d');
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(mf));
    const file = path.join(dir, 'newer.tar.gz');
    await tar.c(
      { gzip: true, file, cwd: dir },
      fs.readdirSync(dir).filter((f) => f !== 'newer.tar.gz'),
    );
    const { database, dataDir } = await emptyTarget();
    const err = await restoreFrom(database, path.join(dataDir, 'uploads'), file).catch((e) => e);
    expect(err).toBeInstanceOf(RestoreRefused);
    expect(err.message).toMatch(/phiên bản mới hơn/);
    const [{ n }] = await database.query<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    expect(n).toBe(0);
  });
});
