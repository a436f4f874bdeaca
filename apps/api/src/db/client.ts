import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../lib/pool-size';
import { lockDataDir } from './data-lock';
import { makeOwnerOnly, mkdirOwnerOnly } from './owner-only';
import { setSharedReads } from './shared-read';
import { type Db, dbOnPglite, dbOnPool, exec } from './sql';
import { type WriteClock, watchWrites } from './write-clock';

// timestamptz and bigint come back as JS values both drivers agree on
pg.types.setTypeParser(20, (v) => Number(v));

export type { Db };

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
  /** PGlite only: moves once a statement or transaction wrote, as the engine tells (db/write-clock.ts; core/answer-cache.ts) */
  writes?: WriteClock;
  pool?: pg.Pool;
}

export interface DbOptions {
  url?: string;
  /** PGlite data directory; 'memory://' for tests */
  dir?: string;
  /** PostgreSQL only: the pool's connections (DEFAULT_POOL_SIZE when absent) */
  poolSize?: number;
  /** PostgreSQL only: false runs every shared read on its own (db/shared-read.ts; DATABASE_SHARED_READS=no) */
  sharedReads?: boolean;
  /** what this process does with an embedded database, named to a second process refused by its lock */
  purpose?: string;
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty cluster */
  loadDataDir?: Blob;
}

/** The newest `backups/*.tar.gz` (npm run backup's default place), if any. */
function latestBackup(): string | null {
  const dir = path.resolve('backups');
  try {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.tar.gz'))
      .map((f) => ({ f: path.join(dir, f), t: fs.statSync(path.join(dir, f)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    return files[0]?.f ?? null;
  } catch {
    return null;
  }
}

/** What to do when the embedded database's files do not open (instead of PGlite's bare 'Aborted()'). */
export function cannotOpenMessage(dir: string, err: unknown): string {
  const abs = path.resolve(dir);
  const backup = latestBackup() ?? 'backups/backup-<ngày-giờ>.tar.gz';
  const fresh = `${path.dirname(abs)}-khoi-phuc`;
  return [
    `Không mở được cơ sở dữ liệu nhúng tại ${abs} (${(err as Error)?.message || String(err)}).`,
    'Các tệp của nó có thể đã hỏng (ổ đĩa đầy, hoặc hai tiến trình từng mở cùng thư mục). Hãy khôi phục bản sao lưu gần nhất vào một DATA_DIR trống rồi khởi động với thư mục đó:',
    `  DATA_DIR=${fresh} npm run restore ${backup}`,
    `  DATA_DIR=${fresh} npm start`,
    `Giữ nguyên thư mục ${path.dirname(abs)} (không xóa) để còn cứu dữ liệu sau bản sao lưu nếu cần.`,
  ].join('\n');
}

export async function openDatabase(o: DbOptions): Promise<Database> {
  if (o.url) {
    const url = o.url;
    const pool = new pg.Pool({ connectionString: url, max: o.poolSize ?? DEFAULT_POOL_SIZE });
    pool.on('error', () => {});
    if (o.sharedReads === false) setSharedReads(pool, false);
    // a client in use has no 'error' listener of the pool's: a connection the server ends (a dropped
    // database, a restart) may report a second error after its query has failed, which would end
    // the process. The query itself still fails, and the pool drops the client as unqueryable.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = dbOnPool(pool);
    const listeners: Listener[] = [];
    return {
      db,
      kind: 'postgres',
      pool,
      query: (q) => exec(db, q),
      listen(channel, onMessage, onState) {
        listeners.push(pgListener(url, channel, onMessage, onState));
      },
      async close() {
        await Promise.all(listeners.map((l) => l.stop()));
        // bounded: a client whose server went away mid-query must not hold a shutdown forever
        await Promise.race([pool.end(), new Promise((r) => setTimeout(r, 5000).unref())]);
      },
    };
  }
  const dir = o.dir ?? 'memory://';
  // DATA_DIR and the database's directory: owner only (owner-only.ts)
  if (!dir.startsWith('memory://')) mkdirOwnerOnly(path.dirname(path.resolve(dir)));
  // loaded only for the embedded engine: its module alone adds about 45 MB to a process on PostgreSQL
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  // one process per data directory (data-lock.ts), taken before PGlite touches a file
  const lock = dir.startsWith('memory://') ? null : lockDataDir(dir, o.purpose ?? 'máy chủ');
  let client: PGlite;
  try {
    client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      relaxedDurability: false,
      parsers: { 20: (v: string) => Number(v) },
      ...(o.loadDataDir ? { loadDataDir: o.loadDataDir } : {}),
    });
  } catch (err) {
    lock?.release();
    if (lock) throw new Error(cannotOpenMessage(dir, err));
    throw err;
  }
  if (lock) makeOwnerOnly(dir);
  // before drizzle or anyone else holds the client: every statement passes the watch
  const { clock: writes, ...watch } = await watchWrites(client);
  const db = await dbOnPglite(client, watch);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    writes,
    query: (q) => exec(db, q),
    listen(channel, onMessage, onState) {
      // one process owns a PGlite directory: its notifications are delivered in this process
      client.listen(channel, onMessage).then(
        () => onState(true),
        () => onState(false),
      );
    },
    async close() {
      try {
        await client.close();
        if (lock) makeOwnerOnly(dir);
      } finally {
        lock?.release();
      }
    },
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
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners();
      // a lost connection may still report 'Connection terminated unexpectedly' after this:
      // an 'error' with no listener would end the process
      c.on('error', () => {});
      c.end().catch(() => {});
    }
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
        // a connection still being made to a server that went away may never answer the goodbye
        const ended = await Promise.race([
          c.end().then(
            () => true,
            () => true,
          ),
          new Promise<false>((r) => setTimeout(() => r(false), 2000).unref()),
        ]);
        if (!ended) (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      }
    },
  };
}

export { sql };
