import crypto from 'node:crypto';
import type { Ctx } from '../../core/module';

/** How long a browser or a CDN may keep a public content answer before asking again (with its ETag). */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/**
 * Writes a public content answer with its ETag: a client that sends the same tag back (If-None-Match)
 * gets 304 and no body. The tag is a hash of the body, so it changes exactly when the answer does
 * (a scheduled article appearing included).
 */
export function sendCached(ctx: Ctx, data: unknown, message = 'Thành công') {
  const body = JSON.stringify({ code: 200, message, data });
  const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  ctx.reply.header('cache-control', PUBLIC_CACHE).header('etag', etag).header('vary', 'Accept-Encoding');
  const inm = ctx.req.headers['if-none-match'];
  if (inm?.split(',').some((t) => t.trim() === etag)) return ctx.reply.code(304).send();
  return ctx.reply.code(200).header('content-type', 'application/json; charset=utf-8').send(body);
}
