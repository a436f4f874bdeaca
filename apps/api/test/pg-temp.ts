import crypto from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL (or the given base URL), for tests
 * that need more than one connection pool or process on the same database. drop() removes it. With
 * `template`, a copy of that database (global-setup's migrated and seeded one: `inject('pgTemplate')`).
 */
export async function tempPgDatabase(base = process.env.TEST_DATABASE_URL as string, prefix = 't', template?: string) {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
