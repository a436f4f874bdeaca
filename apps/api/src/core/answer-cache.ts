import type { Database } from '../db/client';
import type { WriteClock } from '../db/write-clock';
import type { SessionUser } from './module';

/** At most this many answers per database; the oldest goes first. */
const MAX_ANSWERS = 2000;

/**
 * Answers of the generic list and read routes, kept on the embedded engine only (issue 11: PGlite runs
 * every statement in its one thread, 5–7 times slower than PostgreSQL). The process is PGlite's only
 * writer, so an answer stays true while the write generation (db/write-clock.ts: the engine's own
 * transaction ids tell it that a statement or transaction wrote, from any caller) has not moved; it is
 * kept only if the generation did not move and no statement that may write ran while it was read, and
 * at most ANSWER_CACHE_SECONDS (a presenter may depend on the time); none is served while such a
 * statement runs. The key holds the resource, the route, the caller (id, role, scope, province, ward) and the
 * validated query, and the route's permission is checked before the cache is asked. PostgreSQL has
 * other writers (other processes): nothing is kept there.
 */
export class AnswerCache {
  private entries = new Map<string, { gen: number; until: number; data: unknown }>();

  constructor(
    private readonly clock: WriteClock,
    private readonly ttlMs: number,
  ) {}

  get(key: string): unknown {
    const e = this.entries.get(key);
    // a statement that may write is running: its outcome is not known yet
    if (!e || this.clock.busy) return undefined;
    if (e.gen === this.clock.n && e.until > Date.now()) return e.data;
    this.entries.delete(key);
    return undefined;
  }

  /** Taken before reading; `set` keeps the answer only if the generation is still this one. */
  mark(): number {
    return this.clock.n;
  }

  set(key: string, mark: number, data: unknown) {
    if (mark !== this.clock.n || this.clock.busy) return;
    if (this.entries.size >= MAX_ANSWERS) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { gen: mark, until: Date.now() + this.ttlMs, data });
  }
}

const caches = new WeakMap<Database, AnswerCache | null>();

/** The answer cache of a database: null on PostgreSQL or when ANSWER_CACHE_SECONDS is 0. */
export function answerCacheOf(database: Database, ttlSeconds: number): AnswerCache | null {
  let c = caches.get(database);
  if (c === undefined) {
    c = database.writes && ttlSeconds > 0 ? new AnswerCache(database.writes, ttlSeconds * 1000) : null;
    caches.set(database, c);
  }
  return c;
}

/** Who is asking, as far as an answer can depend on it (scope and the role's permissions come with the user). */
export const callerKey = (u: SessionUser | null) => (u ? `${u.id}|${u.role_id}|${u.scope}|${u.province_id}|${u.ward_id}|${u.manufacture_id}` : '-');

/**
 * The answer under `key` while it is still true, else `compute()`'s, kept if nothing was written
 * meanwhile. The answer object is shared by the requests that get it: nobody may change it (the router
 * only wraps and serialises it).
 */
export async function cachedAnswer<T>(cache: AnswerCache | null, key: string, compute: () => Promise<T>): Promise<T> {
  if (!cache) return compute();
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const mark = cache.mark();
  const data = await compute();
  cache.set(key, mark, data);
  return data;
}
