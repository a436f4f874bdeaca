import crypto from 'node:crypto';
import type { Ctx } from '../../core/module';

/** How long a browser or a CDN may keep a public content answer before asking again (with its ETag). */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

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

interface Cached {
  body: string;
  etag: string;
  at: number;
  status: number;
}
const cache = new Map<string, Cached>();

export function clearWebCache() {
  cache.clear();
}

const tagOf = (body: string) => `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

function send(ctx: Ctx, c: Cached) {
  ctx.reply.header('cache-control', PUBLIC_CACHE).header('etag', c.etag).header('vary', 'Accept-Encoding');
  const inm = ctx.req.headers['if-none-match'];
  if (c.status === 200 && inm?.split(',').some((t) => t.trim() === c.etag)) return ctx.reply.code(304).send();
  return ctx.reply.code(c.status).header('content-type', 'application/json; charset=utf-8').send(c.body);
}

/**
 * Writes a public content answer with its ETag (a hash of the body, so it changes exactly when the
 * answer does): a client sending the same tag back (If-None-Match) gets 304 and no body. `produce`
 * runs at most once a WEB_CACHE_MS per URL; it answers the data, or null for a 404 with `missing`.
 */
export async function sendCached(ctx: Ctx, produce: () => Promise<unknown | null>, missing = 'Không tìm thấy dữ liệu') {
  const key = ctx.req.url;
  const now = Date.now();
  let c = cache.get(key);
  if (!c || now - c.at >= WEB_CACHE_MS || now < c.at) {
    const data = await produce();
    const body = JSON.stringify(data === null ? { code: 404, message: missing, data: null } : { code: 200, message: 'Thành công', data });
    c = { body, etag: tagOf(body), at: now, status: data === null ? 404 : 200 };
    if (cache.size >= WEB_CACHE_MAX) cache.clear();
    cache.set(key, c);
  }
  return send(ctx, c);
}
