import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** path params holding a secret (RouteDef.secretParams) */
    secretParams?: string[];
  }
}

const REDACTED = encodeURIComponent('[đã ẩn]');

/** query parameters whose value is never logged, on any route (the e-mailed reset link's `token`) */
export const SECRET_QUERY = /^(token|access_token|password|secret|key)$/i;

/**
 * The query string (with its '?') with the values of secret parameters replaced by `[đã ẩn]`
 * percent-encoded: `token`, and the route's declared secret params under the same name.
 */
export function redactQuery(query: string, secret: readonly string[] = []): string {
  if (query.length <= 1) return query;
  const parts = query.slice(1).split('&');
  let changed = false;
  const out = parts.map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // a malformed escape: judge the raw name
    }
    if (eq < 0 || !(SECRET_QUERY.test(name) || secret.includes(name))) return part;
    changed = true;
    return `${rawName}=${REDACTED}`;
  });
  return changed ? `?${out.join('&')}` : query;
}

/** Any URL (a route's or not, e.g. an SPA page) with its secret query values hidden. */
export function redactUrlString(url: string, secret: readonly string[] = []): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q) + redactQuery(url.slice(q), secret);
}

/**
 * The request's URL with the values of its route's secret params (RouteDef.secretParams) replaced by
 * `:name`, e.g. `/api/auth/forgot-password/:token`, and the values of secret query parameters
 * (`token`, the declared ones) replaced by `[đã ẩn]`: what the system log and the request log keep.
 * SPA pages (no route of their own) are covered too: `/auth/reset-password?token=…`.
 */
export function redactedUrl(req: FastifyRequest): string {
  const url = req.url;
  const secret = req.routeOptions?.config?.secretParams ?? [];
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : redactQuery(url.slice(q), secret);
  if (!secret.length) return path + query;
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
