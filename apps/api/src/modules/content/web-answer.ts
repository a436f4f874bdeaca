import { instanceId } from '../../core/instance-id';
import type { Ctx } from '../../core/module';
import { type PublicAnswer, publicAnswer, sendPublic } from '../../core/public-answer';

/**
 * Answers of the public content API kept this long by each process (a micro-cache): a crowd asking
 * for the home page's articles, or for an article a link was shared to, costs one query per ten
 * seconds, not one per visitor. Any write of content in this process empties it at once
 * (clearWebCache, from the content hooks); another process's write shows here within this time, well
 * inside the minute browsers and CDNs are already allowed to keep an answer (PUBLIC_CACHE). A
 * scheduled article appears within it too. Nothing else depends on it: nothing to share between processes.
 */
export const WEB_CACHE_MS = 10_000;
const WEB_CACHE_MAX = 5000;

const cache = new Map<string, PublicAnswer & { at: number }>();

export function clearWebCache() {
  cache.clear();
}

/**
 * Writes a public content answer with its ETag (a hash of the body, so it changes exactly when the
 * answer does): a client sending the same tag back (If-None-Match) gets 304 and no body. `produce`
 * runs at most once a WEB_CACHE_MS per URL; it answers the data, or null for a 404 with `missing`.
 */
export async function sendCached(ctx: Ctx, produce: () => Promise<unknown | null>, missing = 'Không tìm thấy dữ liệu') {
  return sendPublic(ctx, await cachedAnswer(ctx, produce, missing));
}

/** The answer sendCached would send (kept WEB_CACHE_MS per URL), for a route that looks at it first. */
export async function cachedAnswer(ctx: Ctx, produce: () => Promise<unknown | null>, missing = 'Không tìm thấy dữ liệu'): Promise<PublicAnswer> {
  const key = `${instanceId(ctx.services.db)}|${ctx.req.url}`;
  const now = Date.now();
  let c = cache.get(key);
  if (!c || now - c.at >= WEB_CACHE_MS || now < c.at) {
    c = { ...publicAnswer(await produce(), missing), at: now };
    if (cache.size >= WEB_CACHE_MAX) cache.clear();
    cache.set(key, c);
  }
  return c;
}
