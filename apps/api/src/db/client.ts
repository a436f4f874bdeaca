import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

// timestamptz and bigint come back as JS values both drivers agree on
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** raw rows of one statement */
  query<T = Record<string, unknown>>(q: SQL): Promise<T[]>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` committed by any connection, this process's
   * included. `onState(false)` while the channel is down (PostgreSQL: the listening connection was
   * lost; it reconnects every second), `onState(true)` once it listens (again): messages sent in
   * between are lost, so a listener must treat 'up' as 'anything may have changed'.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState: (up: boolean) => void): void;
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
    const url = o.url;
    const pool = new pg.Pool({ connectionString: url, max: o.poolSize ?? 20 });
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    const listeners: Listener[] = [];
    return {
      db,
      kind: 'postgres',
      pool,
      async query(q) {
        const r = await db.execute(q);
        return (r as unknown as { rows: never[] }).rows;
      },
      listen(channel, onMessage, onState) {
        listeners.push(pgListener(url, channel, onMessage, onState));
      },
      async close() {
        await Promise.all(listeners.map((l) => l.stop()));
        await pool.end();
      },
    };
  }
  const dir = o.dir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  // loaded only for the embedded engine: its module alone adds about 45 MB to a process on PostgreSQL
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
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
    listen(channel, onMessage, onState) {
      // one process owns a PGlite directory: its notifications are delivered in this process
      client.listen(channel, onMessage).then(
        () => onState(true),
        () => onState(false),
      );
    },
    close: () => client.close(),
  };
}

interface Listener {
  stop(): Promise<void>;
}

/** A connection of its own that LISTENs on one channel, reconnecting every second when lost. */
function pgListener(url: string, channel: string, onMessage: (payload: string) => void, onState: (up: boolean) => void): Listener {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const down = () => {
    if (stopped) return;
    onState(false);
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = null;
    timer ??= setTimeout(() => {
      timer = null;
      connect();
    }, 1000);
  };
  const connect = () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, application_name: `nns-listen-${channel}` });
    client = c;
    c.on('error', down);
    c.on('end', down);
    c.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    c.connect()
      .then(() => c.query(`listen ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (client === c && !stopped) onState(true);
      })
      .catch(down);
  };
  connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}

export { sql };
