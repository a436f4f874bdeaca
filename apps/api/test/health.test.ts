import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { ADMIN_PASSWORD } from './helpers';
import { tempPgDatabase } from './pg-temp';
import { injected, seededPglite } from './templates';

const PG = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  // each clean-up bounded: a connection the server dropped must not hold the file for the hook's timeout
  for (const c of cleanups.reverse()) await Promise.race([c().catch(() => {}), new Promise((r) => setTimeout(r, 15_000))]);
});

/** A fresh database on the engine under test, dropped after the file. */
async function ownDatabase(poolSize = 2): Promise<Database> {
  if (!PG) return seededPglite();
  const t = await tempPgDatabase(PG, 'hl', await injected('pgTemplate'));
  cleanups.push(t.drop);
  return openDatabase({ url: t.url, poolSize });
}

/** An app on a database of its own, so the test may take that database away under it. */
async function appOnOwnDatabase(database: Database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-health-'));
  const { app } = await buildApp({
    database,
    logger: false,
    env: {},
    config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'silent' },
  });
  await app.ready();
  cleanups.push(
    () => app.close(),
    async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  );
  return app;
}

const health = async (app: Awaited<ReturnType<typeof appOnOwnDatabase>>) => {
  const r = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: r.statusCode, body: r.json() };
};

describe(`GET /api/health (${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers 200 with the database reachable and 503 once it is closed under the app', async () => {
    const database = await ownDatabase();
    const app = await appOnOwnDatabase(database);
    const ok = await health(app);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ code: 200, data: { database: 'ok' } });
    expect(ok.body.message).toBe('Hệ thống hoạt động bình thường');

    await database.close();
    const down = await health(app);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 503, message: 'Không kết nối được cơ sở dữ liệu', data: { database: 'unreachable' } });
  });

  // PGlite runs statements on the process's own thread: while one runs nothing else does, so
  // 'does not answer' only exists with a server
  it.runIf(PG)('answers 503 within seconds when the database does not answer', async () => {
    const database = await ownDatabase(1);
    cleanups.push(() => database.close());
    const app = await appOnOwnDatabase(database);
    expect((await health(app)).status).toBe(200);
    // the pool's only connection is busy
    const busy = database.query(sql`select pg_sleep(6)`);
    const started = Date.now();
    const down = await health(app);
    expect(down.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    await busy;
    expect((await health(app)).status).toBe(200);
  });

  it.runIf(PG)('answers 503 when the PostgreSQL database is dropped and its connections terminated', async () => {
    const t = await tempPgDatabase(PG, 'hl');
    cleanups.push(t.drop);
    const database = await openDatabase({ url: t.url, poolSize: 2 });
    cleanups.push(() => database.close());
    const app = await appOnOwnDatabase(database);
    expect((await health(app)).status).toBe(200);
    await t.drop(); // drop ... with (force) terminates the pool's connections
    const down = await health(app);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe(503);
    // and it stays 503 (new connections are refused), without hanging
    expect((await health(app)).status).toBe(503);
  });
});
