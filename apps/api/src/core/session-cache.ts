import type { Database } from '../db/client';
import { SESSIONS_CHANNEL } from '../db/session-notify';
import type { SessionUser } from './module';

/**
 * Sessions resolved in the last few seconds (SESSION_CACHE_SECONDS), one cache per database, so the
 * check every request makes costs no query while nothing changed. Emptied by every change that can
 * alter a session, before the change is answered:
 * - a write request of this process (the router empties it once the handler has committed);
 * - any committed change to users, role permissions, the catalogue or a session's revocation,
 *   from any process, heard on SESSIONS_CHANNEL (db/session-notify.ts).
 * A read that was under way when the cache was emptied is not kept (the generation moved on), and
 * while the channel is down (PostgreSQL connection lost) nothing is kept, so every request asks
 * the database again, exactly as without the cache.
 */
export class SessionCache {
  private entries = new Map<string, { user: SessionUser; until: number }>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: string): SessionUser | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until > Date.now()) return e.user;
    this.entries.delete(key);
    return undefined;
  }

  /** Taken before reading the database; `set` keeps the result only if nothing was emptied since. */
  mark(): number {
    return this.generation;
  }

  set(key: string, user: SessionUser, mark: number, validForMs: number) {
    if (!this.listening || this.ttlMs <= 0 || mark !== this.generation) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { user, until: Date.now() + Math.min(this.ttlMs, validForMs) });
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  /** Whether it keeps anything: the notification channel is up. */
  get active() {
    return this.listening && this.ttlMs > 0;
  }

  setListening(up: boolean) {
    this.listening = up;
    this.clear();
  }
}

const caches = new WeakMap<Database, SessionCache>();

/** The cache of a database (made, and its channel listened to, on first use). */
export function sessionCacheOf(database: Database, ttlSeconds: number): SessionCache {
  let c = caches.get(database);
  if (!c) {
    const cache = new SessionCache(ttlSeconds * 1000);
    caches.set(database, cache);
    if (ttlSeconds > 0) {
      database.listen(
        SESSIONS_CHANNEL,
        () => cache.clear(),
        (up) => cache.setListening(up),
      );
    }
    c = cache;
  }
  return c;
}
