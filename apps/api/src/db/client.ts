import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

// timestamptz and bigint come back as JS values both drivers agree on
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** raw rows of one statement */
  query<T = Record<string, unknown>>(q: SQL): Promise<T[]>;
  close(): Promise<void>;
  /** a second process must not open the same PGlite directory */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export interface DbOptions {
  url?: string;
  /** PGlite data directory; 'memory://' for tests */
  dir?: string;
  poolSize?: number;
}

export async function openDatabase(o: DbOptions): Promise<Database> {
  if (o.url) {
    const pool = new pg.Pool({ connectionString: o.url, max: o.poolSize ?? 20 });
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      async query(q) {
        const r = await db.execute(q);
        return (r as unknown as { rows: never[] }).rows;
      },
      close: () => pool.end(),
    };
  }
  const dir = o.dir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, relaxedDurability: false, parsers: { 20: (v: string) => Number(v) } });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async query(q) {
      const r = await db.execute(q);
      return (r as unknown as { rows: never[] }).rows;
    },
    close: () => client.close(),
  };
}

export { sql };
