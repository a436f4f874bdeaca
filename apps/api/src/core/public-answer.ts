import crypto from 'node:crypto';
import { type EncodedBytes, sendEncoded } from './compression';
import type { Ctx } from './module';

/**
 * Answers of the public read-only API (/api/web: the portal's content and site settings): the JSON
 * envelope written once, with an ETag that is a hash of those exact bytes, so a portal, a browser or a
 * CDN sending it back in If-None-Match gets 304 and no body when nothing changed. Browsers and CDNs
 * may keep an answer a minute and serve it stale while they revalidate.
 */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** br/gz: the body compressed, made by sendEncoded on first need and kept with a cached answer */
export interface PublicAnswer extends EncodedBytes {
  body: string;
  etag: string;
  status: number;
}

/** The envelope of `data` (or a 404 with `missing` when data is null) with its ETag. */
export function publicAnswer(data: unknown, missing = 'Không tìm thấy dữ liệu'): PublicAnswer {
  const status = data === null ? 404 : 200;
  const body = JSON.stringify(status === 404 ? { code: 404, message: missing, data: null } : { code: 200, message: 'Thành công', data });
  return { body, status, etag: `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
}

/** Sends an answer, or 304 when the client already holds it. */
export function sendPublic(ctx: Ctx, a: PublicAnswer) {
  ctx.reply.header('cache-control', PUBLIC_CACHE).header('etag', a.etag).header('vary', 'Accept-Encoding');
  const asked = ctx.req.headers['if-none-match'];
  if (a.status === 200 && asked?.split(',').some((t) => t.trim() === a.etag || `W/${t.trim()}` === a.etag)) return ctx.reply.code(304).send();
  ctx.reply.code(a.status).header('content-type', 'application/json; charset=utf-8');
  return sendEncoded(ctx.req, ctx.reply, ctx.services.config, a);
}
