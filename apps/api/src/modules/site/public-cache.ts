import crypto from 'node:crypto';
import { envelope } from '../../core/errors';
import type { Ctx } from '../../core/module';

/** How long a portal may reuse a public content answer before asking again (it revalidates with its ETag). */
export const PUBLIC_MAX_AGE = 60;

/**
 * Sends a public, read-only answer with a strong validator: the ETag is the hash of the exact bytes,
 * so a portal or a CDN that sends it back in If-None-Match gets 304 with no body when nothing changed.
 */
export function sendCached(ctx: Ctx, data: unknown) {
  const body = JSON.stringify(envelope(200, 'Thành công', data));
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  ctx.reply.header('etag', etag).header('cache-control', `public, max-age=${PUBLIC_MAX_AGE}, must-revalidate`);
  const asked = ctx.req.headers['if-none-match'];
  if (asked?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return ctx.reply.code(304).send();
  return ctx.reply.code(200).type('application/json; charset=utf-8').send(body);
}
