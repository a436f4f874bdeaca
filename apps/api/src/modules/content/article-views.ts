import { sql } from 'drizzle-orm';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';

/** How often the views counted in memory are written (and at shutdown). */
export const VIEWS_FLUSH_MS = 5_000;
/** Distinct articles waiting before a write is started at once (a crawler walking every slug). */
const VIEWS_MAX_PENDING = 5_000;

/**
 * Views of the public articles (GET /api/web/articles/{slug}), counted in this process's memory and
 * written together every few seconds and at shutdown: one UPDATE for all the articles read
 * meanwhile, never a write per request on the hot path and never a wait in the answer. Views are keyed
 * by slug (what the request names; unique). A write that fails keeps its views for the next one. A
 * process that dies without its shutdown loses at most VIEWS_FLUSH_MS of views: a counter, not a ledger.
 */
export class ArticleViews {
  private pending = new Map<string, number>();
  private running: Promise<void> | null = null;
  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** One view of a published article; only counted in memory. */
  hit(slug: string) {
    this.pending.set(slug, (this.pending.get(slug) ?? 0) + 1);
    if (this.pending.size >= VIEWS_MAX_PENDING && !this.running) void this.flush();
  }

  /** Views not yet written. */
  get waiting() {
    let n = 0;
    for (const v of this.pending.values()) n += v;
    return n;
  }

  /** Writes what was counted (after a write already under way). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    this.running = this.write(batch).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async write(batch: Map<string, number>) {
    // slugs are [a-z0-9-] (the route's pattern), so the array literals need no quoting
    const slugs = `{${[...batch.keys()].join(',')}}`;
    const counts = `{${[...batch.values()].join(',')}}`;
    try {
      await resource('articles').derive(this.db, sql`slug = any(${slugs}::text[])`, {
        view_count: sql`coalesce(view_count, 0) + (select v.n from unnest(${slugs}::text[], ${counts}::int[]) as v(slug, n) where v.slug = articles.slug)`,
      });
    } catch (err) {
      for (const [k, n] of batch) this.pending.set(k, (this.pending.get(k) ?? 0) + n);
      this.onError(err);
    }
  }
}

const bySpace = new WeakMap<object, ArticleViews>();

/** The view counter of an app (one per database handle: each app built in a process has its own). */
export function articleViewsOf(s: Services): ArticleViews {
  let v = bySpace.get(s.db);
  if (!v) {
    v = new ArticleViews(s.db, (err) => s.log.warn({ err }, 'article views not written; kept for the next write'));
    bySpace.set(s.db, v);
  }
  return v;
}

/** Writes the counted views every VIEWS_FLUSH_MS from now (the app is ready); the result stops it, writing the rest. */
export function startArticleViews(s: Services) {
  const views = articleViewsOf(s);
  const timer = setInterval(() => void views.flush(), VIEWS_FLUSH_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await views.flush();
  };
}
