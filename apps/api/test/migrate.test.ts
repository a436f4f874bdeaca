import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { FULL_ROLE_NAME } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedPlatform } from '../src/core/seed-platform';
import { type Database, openDatabase } from '../src/db/client';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { installSessionNotify } from '../src/db/session-notify';
import { installWritesNotify } from '../src/db/writes-notify';
import { nodeArgs } from './bundle';
import { tempPgDatabase } from './pg-temp';
import { emptyPglite } from './templates';

const here = path.dirname(fileURLToPath(import.meta.url));

const PG = process.env.TEST_DATABASE_URL;
const total = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** A new empty database on the engine under test; closed (and dropped) after the file. */
async function emptyDatabase(): Promise<{ database: Database; url?: string }> {
  if (PG) {
    const t = await tempPgDatabase(PG, 'mig');
    const database = await openDatabase({ url: t.url, poolSize: 4 });
    cleanups.push(t.drop, () => database.close());
    return { database, url: t.url };
  }
  const database = await emptyPglite();
  cleanups.push(() => database.close());
  return { database };
}

interface Migrator {
  ready: Promise<void>;
  go(): void;
  done: Promise<{ applied: number; fresh: boolean; started: number; finished: number }>;
}

/** A real OS process migrating `url` (test/migrate-process.ts): ready once connected, migrates on go(). */
function migratorProcess(url: string): Migrator {
  const child = spawn(process.execPath, nodeArgs('migrate-process'), {
    cwd: path.resolve(here, '../../..'),
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (b: Buffer) => {
    err += b.toString();
  });
  const lines = readline.createInterface({ input: child.stdout });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let result = '';
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (l) => {
      if (l === 'ready') resolve();
      else if (l.startsWith('{')) result = l;
    });
    void exited.then((code) => reject(new Error(`migrator exited (${code}) before ready:\n${err}`)));
  });
  return {
    ready,
    go: () => child.stdin.end('go\n'),
    done: exited.then((code) => {
      if (code !== 0 || !result) throw new Error(`migrator exited ${code}:\n${err}`);
      return JSON.parse(result);
    }),
  };
}

const applied = async (d: Database) => (await d.query<{ n: number }>(sql`select count(*)::int as n from app_migrations`))[0].n;
const tables = async (d: Database) =>
  (await d.query<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`))[0].n;

describe(`migrations (${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('applies every migration to an empty database, then nothing on the second run', async () => {
    const { database } = await emptyDatabase();
    let seededFresh: boolean | null = null;
    const first = await migrate(database, async (_tx, fresh) => {
      seededFresh = fresh;
    });
    expect(total).toBeGreaterThan(0);
    expect(first).toEqual({ applied: total, fresh: true });
    expect(seededFresh).toBe(true);
    expect(await applied(database)).toBe(total);
    const n = await tables(database);
    expect(n).toBeGreaterThan(10);

    const second = await migrate(database, async (_tx, fresh) => {
      seededFresh = fresh;
    });
    expect(second).toEqual({ applied: 0, fresh: false });
    expect(seededFresh).toBe(false);
    expect(await applied(database)).toBe(total);
    expect(await tables(database)).toBe(n);
  });

  it('rolls back everything when a step fails (one transaction)', async () => {
    const { database } = await emptyDatabase();
    await expect(
      migrate(database, async () => {
        throw new Error('seed failed');
      }),
    ).rejects.toThrow('seed failed');
    const [{ n }] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'app_migrations'`,
    );
    expect(n).toBe(0);
    expect(await migrate(database)).toEqual({ applied: total, fresh: true });
  });

  it.runIf(PG)('two processes (separate pools) migrating at once both succeed and apply once', async () => {
    const { url } = await emptyDatabase();
    const a = await openDatabase({ url, poolSize: 2 });
    const b = await openDatabase({ url, poolSize: 2 });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    let seeds = 0;
    const seed = async (tx: Database['db'], fresh: boolean) => {
      if (fresh) {
        seeds++;
        await tx.execute(sql`select pg_sleep(0.2)`); // hold the lock a little: the other one must wait
      }
    };
    const results = await Promise.all([migrate(a, seed), migrate(b, seed), migrate(a, seed), migrate(b, seed)]);
    expect(results.map((r) => r.applied).sort()).toEqual([0, 0, 0, total]);
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
    expect(seeds).toBe(1);
    expect(await applied(a)).toBe(total);
  });

  it.runIf(PG)(
    'two OS processes migrating one new database at once: both succeed, every migration and the seed applied once',
    async () => {
      const t = await tempPgDatabase(PG, 'mig');
      cleanups.push(t.drop);
      const procs = [migratorProcess(t.url), migratorProcess(t.url)];
      await Promise.all(procs.map((p) => p.ready));
      for (const p of procs) p.go();
      const [a, b] = await Promise.all(procs.map((p) => p.done));
      // they ran at the same time: each started before the other finished
      expect(a.started).toBeLessThan(b.finished);
      expect(b.started).toBeLessThan(a.finished);
      expect([a.applied, b.applied].sort((x, y) => x - y)).toEqual([0, total]);
      expect([a.fresh, b.fresh].filter(Boolean)).toHaveLength(1);

      const database = await openDatabase({ url: t.url, poolSize: 1 });
      cleanups.push(() => database.close());
      const [m] = await database.query<{ n: number; hashes: number }>(sql`select count(*)::int as n, count(distinct hash)::int as hashes from app_migrations`);
      expect(m).toEqual({ n: total, hashes: total });
      const [seed] = await database.query<{ roles: number; admins: number }>(sql`select
        (select count(*)::int from roles where name = ${FULL_ROLE_NAME}) as roles, (select count(*)::int from users where username = 'admin') as admins`);
      expect(seed).toEqual({ roles: 1, admins: 1 });
    },
    90_000,
  );

  it('creates the session and writes triggers once; again only when one is missing or differs', async () => {
    const { database } = await emptyDatabase();
    await migrate(database);
    const db = database.db;
    expect(await installSessionNotify(db)).toBe(false);
    await database.query(sql`drop trigger sessions_notify_sessions on sessions`);
    expect(await installSessionNotify(db)).toBe(true);
    expect(await installSessionNotify(db)).toBe(false);
    await database.query(
      sql`create or replace trigger users_notify_sessions after update of status on users for each statement execute function nns_notify_sessions()`,
    );
    expect(await installSessionNotify(db)).toBe(true);
    await database.query(sql`create or replace function nns_notify_sessions() returns trigger language plpgsql as $$ begin return null; end $$`);
    expect(await installSessionNotify(db)).toBe(true);
    await database.query(sql`alter table permissions disable trigger permissions_notify_sessions`);
    expect(await installSessionNotify(db)).toBe(true);
    expect(await installSessionNotify(db)).toBe(false);
    // the writes channel's triggers (page anchors), checked the same way
    expect(await installWritesNotify(db)).toBe(false);
    await database.query(sql`drop trigger product_units_notify_writes on product_units`);
    expect(await installWritesNotify(db)).toBe(true);
    await database.query(sql`alter table wards disable trigger wards_notify_writes`);
    expect(await installWritesNotify(db)).toBe(true);
    await database.query(
      sql`create or replace trigger distributors_notify_writes after insert on distributors for each statement execute function nns_notify_writes()`,
    );
    expect(await installWritesNotify(db)).toBe(true);
    expect(await installWritesNotify(db)).toBe(false);
    expect(await migrate(database)).toEqual({ applied: 0, fresh: false });
  });

  it.runIf(PG)('a process starting beside a busy one does not wait for its writes on users and sessions', async () => {
    const { database, url } = await emptyDatabase();
    await migrate(database, async (tx) => {
      await seedPlatform(tx, 'Admin@12345');
    });
    // a request of the running process, in the middle of its transaction
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    cleanups.push(() => writer.end());
    await writer.query('begin');
    await writer.query(`update users set last_login_at = now() where username = 'admin'`);
    await writer.query('update sessions set last_seen_at = now() where id = -1');
    await writer.query('update role_permissions set role_id = role_id where false');

    const second = await openDatabase({ url: url as string, poolSize: 2 });
    cleanups.push(() => second.close());
    const starting = migrate(second, async (tx) => {
      await seedPlatform(tx, 'Admin@12345');
    });
    const outcome = await Promise.race([starting, new Promise((r) => setTimeout(() => r('blocked'), 5000))]);
    await writer.query('rollback');
    await starting;
    expect(outcome).toEqual({ applied: 0, fresh: false });
  });

  // PGlite is one process's database (it cannot be opened by two processes, see docs/operations.md);
  // inside that process the calls must still be safe when they overlap.
  it.skipIf(PG)('concurrent migrate() calls on one PGlite instance apply once', async () => {
    const { database } = await emptyDatabase();
    let seeds = 0;
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        migrate(database, async (_tx, fresh) => {
          if (fresh) seeds++;
        }),
      ),
    );
    expect(results.map((r) => r.applied).sort()).toEqual([0, 0, total]);
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
    expect(seeds).toBe(1);
    expect(await applied(database)).toBe(total);
  });
});
