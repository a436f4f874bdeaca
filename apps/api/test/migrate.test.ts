import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { tempPgDatabase } from './pg-temp';

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
  const database = await openDatabase({ dir: 'memory://' });
  cleanups.push(() => database.close());
  return { database };
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
