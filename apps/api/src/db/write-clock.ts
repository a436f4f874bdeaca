import type { PGlite } from '@electric-sql/pglite';

/**
 * One plain read: a single SELECT. Anything else (a second statement, a lock, INTO, a sequence or
 * advisory function, a function of ours that writes) counts as a write; a read taken for a write only
 * costs a cache miss, the other way round would serve a stale answer.
 */
const SELECT = /^\s*select\b/i;
const NOT_A_PLAIN_READ =
  /;\s*\S|\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\binto\b|\b(nextval|setval|pg_advisory\w*|set_config|pg_notify|ensure_scan_partition|scans_roll_up)\s*\(/i;
const PREPARE = /^\s*prepare\s+(\w+)\s*(\([^)]*\))?\s+as\s+([\s\S]*)$/i;
const EXECUTE = /^\s*execute\s+(\w+)\b[^;]*;?\s*$/i;

/** The write generation of an embedded database: bumped before and after every statement that is not one plain read. */
export interface WriteClock {
  readonly n: number;
}

/**
 * Watches every statement the PGlite instance runs (its query, exec and transaction methods: drizzle,
 * the migrations, the hand-written PREPARE/EXECUTE of slug-read.ts, timers). The process is the
 * engine's only writer (db/data-lock.ts), so a read that saw the clock unchanged from start to end
 * read the data as it still is: core/answer-cache.ts keeps such answers until the clock moves.
 * A transaction counts as a write whatever it holds. PostgreSQL has no such clock: other processes write.
 */
export function watchWrites(client: PGlite): WriteClock {
  const clock = { n: 0 };
  const readNames = new Set<string>();
  const isRead = (text: string) => {
    if (SELECT.test(text)) return !NOT_A_PLAIN_READ.test(text);
    const e = EXECUTE.exec(text);
    return !!e && readNames.has(e[1].toLowerCase());
  };
  const around =
    <A extends unknown[], R>(run: (text: string, ...rest: A) => Promise<R>) =>
    async (text: string, ...rest: A): Promise<R> => {
      if (typeof text === 'string') {
        if (isRead(text)) return run(text, ...rest);
        const p = PREPARE.exec(text);
        // preparing a plain SELECT changes no data, and its EXECUTEs are reads (a name prepared again
        // for anything else is forgotten)
        if (p) {
          const name = p[1].toLowerCase();
          readNames.delete(name);
          if (SELECT.test(p[3]) && !NOT_A_PLAIN_READ.test(p[3])) {
            const r = await run(text, ...rest);
            readNames.add(name);
            return r;
          }
        }
      }
      clock.n++;
      try {
        return await run(text, ...rest);
      } finally {
        clock.n++;
      }
    };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = around(query as (text: string, ...rest: unknown[]) => Promise<never>) as PGlite['query'];
  client.exec = around(exec as (text: string, ...rest: unknown[]) => Promise<never>) as PGlite['exec'];
  client.transaction = (async (cb: Parameters<PGlite['transaction']>[0]) => {
    clock.n++;
    try {
      return await transaction(cb);
    } finally {
      clock.n++;
    }
  }) as PGlite['transaction'];
  return clock;
}
