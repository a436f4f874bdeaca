import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** path params holding a secret (RouteDef.secretParams) */
    secretParams?: string[];
  }
}

/**
 * The request's URL with the values of its route's secret params (RouteDef.secretParams) replaced by
 * `:name`, e.g. `/api/auth/forgot-password/:token`: what the system log and the request log keep.
 */
export function redactedUrl(req: FastifyRequest): string {
  const url = req.url;
  const secret = req.routeOptions?.config?.secretParams;
  if (!secret?.length) return url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q);
  const have = path.split('/');
  const want = (req.routeOptions.url ?? '').split('/');
  // a trailing slash is ignored by the router (ignoreTrailingSlash)
  if (have.length === want.length + 1 && have[have.length - 1] === '') have.pop();
  if (have.length === want.length) {
    return have.map((seg, i) => (want[i].startsWith(':') && secret.includes(want[i].slice(1)) ? want[i] : seg)).join('/') + query;
  }
  // a route whose segments do not line up (wildcard): replace the values themselves
  let out = path;
  const params = (req.params ?? {}) as Record<string, unknown>;
  for (const name of secret) {
    const v = params[name];
    if (typeof v !== 'string' || !v) continue;
    for (const form of new Set([encodeURIComponent(v), v])) out = out.split(form).join(`:${name}`);
  }
  return out + query;
}

/**
 * Fastify's request log fields (its default `req` serializer) with the URL redacted as above. Typed
 * loosely: the logger option's type would otherwise steer Fastify's server type inference.
 */
export function requestLogFields(r: unknown) {
  const req = r as FastifyRequest;
  return {
    method: req.method,
    url: redactedUrl(req),
    version: req.headers?.['accept-version'] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
