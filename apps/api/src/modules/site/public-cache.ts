import type { Ctx } from '../../core/module';
import { publicAnswer, sendPublic } from '../../core/public-answer';

/** Sends a public, read-only answer of the site settings with its ETag (core/public-answer.ts): 304 when the client holds it. */
export function sendCached(ctx: Ctx, data: unknown) {
  return sendPublic(ctx, publicAnswer(data));
}
