import { MESSAGES, toFieldErrors } from '@nns/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { writeAudit } from './audit';
import { AppError, badRequest, envelope, forbidden, unauthorized } from './errors';
import type { AuditEntry, Ctx, RouteDef, Router, SessionUser } from './module';
import { clearPageAnchors } from './page-anchors';
import type { Services } from './services';
import { resolveSession } from './session';
import { sessionCacheOf } from './session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    audited: boolean;
  }
}

/** Every route of the API, in registration order: the route-table walk and OpenAPI read it. */
export type RouteTable = RouteDef[];

/** A route that declares no query takes none: an unknown key answers 400 like on every other route. */
const NO_QUERY = z.object({}).strict();
/** A write route that declares no body takes none: nothing, null, '' or `{}` pass; anything else answers 400. */
const NO_BODY = z
  .preprocess((v) => (v === undefined || v === null || v === '' ? {} : v), z.object({}, { error: 'Dữ liệu gửi lên không hợp lệ' }).strict())
  .transform(() => undefined);

/**
 * Why a text cannot be stored: a NUL (PostgreSQL text cannot hold one), a lone surrogate (JSON's
 * '\ud800': no character at all), or U+FFFD, which the body parser puts where the bytes were not
 * UTF-8 (and nobody types): stored, each would come back as '�'. Null for a sound text.
 */
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function badText(v: string): string | null {
  if (v.includes('\u0000')) return MESSAGES.nul;
  if (v.includes('\uFFFD') || LONE_SURROGATE_RE.test(v)) return MESSAGES.badEncoding;
  return null;
}

/**
 * The path and message of the first string that cannot be stored (badText), or null. Walks without
 * allocating on the common path (every request's params, query and body pass here): the path is
 * built only once one is found.
 */
function badTextAt(v: unknown, depth = 0): { path: string[]; message: string } | null {
  if (typeof v === 'string') {
    const message = badText(v);
    return message ? { path: [], message } : null;
  }
  if (depth > 20 || !v || typeof v !== 'object') return null;
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    const found = badTextAt((v as Record<string, unknown>)[k], depth + 1);
    if (found) {
      found.path.unshift(k);
      return found;
    }
  }
  return null;
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  const bad = badTextAt(value);
  if (bad) throw badRequest([{ field: bad.path.join('.') || where, message: bad.message }]);
  if (!schema) return value as T;
  const r = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (r.success) return r.data;
  throw badRequest(toFieldErrors(r.error.issues));
}

/** An object body without the keys a route sets aside (never mutates the request's own body). */
function withoutKeys(body: unknown, keys: string[] | undefined): unknown {
  if (!keys?.length || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const k of keys) delete out[k];
  return out;
}

/**
 * NNS_CHECK_RESPONSES=1 (tests): every answer is parsed with its route's declared `response` (the
 * OpenAPI document's schema) and a mismatch answers 500 naming the route and the issues, so a module's
 * API test proves what its routes document. Off in production: parsing every answer costs time.
 */
const CHECK_RESPONSES = process.env.NNS_CHECK_RESPONSES === '1';

export function createRouter(app: FastifyInstance, services: Services, table: RouteTable): Router {
  return {
    add(def) {
      table.push(def as unknown as RouteDef);
      // the permission a route needs, as the session holds it, built once (not per request)
      const permission = typeof def.access === 'object' ? `${def.access.action}:${def.access.subject}` : '';
      app.route({
        method: def.method,
        url: def.url,
        config: { secretParams: def.secretParams },
        // answers written by compiled code (fast-json-stringify) where the route knows its keys
        ...(def.serialize ? { schema: { response: { 200: def.serialize } } } : {}),
        handler: async (req: FastifyRequest, reply: FastifyReply) => {
          if (def.access !== 'public' || req.headers.authorization) {
            req.user = await resolveSession(services, req);
          }
          if (def.access !== 'public') {
            if (!req.user) throw unauthorized();
            if (def.access !== 'authenticated') {
              // an account whose password an administrator reset may only change it (profile routes) first
              if (req.user.must_change_password) {
                throw new AppError(403, 'Bạn cần đổi mật khẩu trước khi tiếp tục sử dụng hệ thống', { must_change_password: true });
              }
              if (!req.user.permissions.has(permission)) throw forbidden();
            }
          }
          const ctx: Ctx = {
            req,
            reply,
            params: parse(def.params, req.params, 'params') as Record<string, unknown>,
            query: parse(def.query ?? NO_QUERY, req.query, 'query') as Record<string, unknown>,
            body: def.multipart ? undefined : parse(def.body ?? (def.method === 'GET' ? undefined : NO_BODY), withoutKeys(req.body, def.bodyIgnores), 'body'),
            user: req.user,
            services,
            audit: (entry: AuditEntry, tx = services.db) => {
              req.audited = true;
              return writeAudit(tx, req, entry);
            },
          };
          let data: unknown;
          try {
            data = await def.handler(ctx as any);
          } finally {
            // a write may have changed a session (status, role, revocation): the next request asks again
            if (def.method !== 'GET') {
              sessionCacheOf(services.database, services.config.SESSION_CACHE_SECONDS).clear();
              // and a list's page anchors (core/page-anchors.ts); other processes hear it on the writes channel
              clearPageAnchors(services.database);
            }
          }
          if (def.raw) return reply;
          if (CHECK_RESPONSES && def.response) {
            const checked = def.response.safeParse(JSON.parse(JSON.stringify(data ?? null)));
            if (!checked.success) {
              throw new AppError(500, `${def.method} ${def.url}: câu trả lời không khớp schema đã khai báo: ${JSON.stringify(checked.error.issues)}`);
            }
          }
          return reply.code(def.status ?? 200).send(envelope(def.status ?? 200, def.message ?? 'Thành công', data ?? null));
        },
      });
    },
  };
}

export const idParams = z
  .object({
    id: z.coerce
      .number({ error: 'Mã bản ghi không hợp lệ' })
      .int('Mã bản ghi không hợp lệ')
      .positive('Mã bản ghi không hợp lệ')
      .max(2147483647, 'Mã bản ghi không hợp lệ'),
  })
  .strict();

/**
 * Errors Fastify's router meets before any route (its `frameworkErrors`): a bad percent-encoding and
 * an over-long path parameter. Its own answers are English and repeat the URL; these say it in the
 * envelope and repeat nothing the client sent.
 */
export function frameworkErrorToReply(err: { code?: string }, req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send(envelope(400, 'Đường dẫn không hợp lệ: mã hóa phần trăm (%) sai'));
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send(envelope(414, 'Đường dẫn quá dài'));
  return errorToReply(err, req, reply);
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Phần đầu (header) của yêu cầu quá lớn'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'Hết thời gian chờ yêu cầu'],
};

/**
 * Node's HTTP parser refusing a request (headers too large, a timeout, a malformed request) before
 * Fastify sees it (`clientErrorHandler`): the same envelope in Vietnamese, then the socket is closed.
 */
export function clientErrorToSocket(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'Yêu cầu không hợp lệ'];
  const body = Buffer.from(JSON.stringify(envelope(status, message)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\n` +
        'X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n',
    );
    socket.write(body);
  }
  socket.destroy(err);
}

export function errorToReply(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
    return reply.code(err.status).send(envelope(err.status, err.message, err.data));
  }
  const e = err as { statusCode?: number; code?: string; message?: string };
  if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_FILES_LIMIT') {
    return reply.code(413).send(envelope(413, 'Tệp hoặc dữ liệu gửi lên quá lớn'));
  }
  if (e.statusCode === 415) return reply.code(415).send(envelope(415, 'Kiểu dữ liệu gửi lên không được hỗ trợ'));
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return reply.code(400).send(envelope(400, 'Dữ liệu gửi lên không hợp lệ', { errors: [{ field: '_', message: 'Dữ liệu gửi lên không hợp lệ' }] }));
  }
  // the database refused a value (class 22, data exception: out of range, bad date or number text, NUL…):
  // a bad input that slipped past validation, never a server fault
  const pg = (e as { cause?: { code?: string } }).cause?.code ?? e.code;
  if (typeof pg === 'string' && /^22[0-9A-Z]{3}$/.test(pg)) {
    req.log.warn({ err }, 'value refused by the database');
    return reply.code(400).send(envelope(400, 'Dữ liệu gửi lên không hợp lệ', { errors: [{ field: '_', message: 'Dữ liệu gửi lên không hợp lệ' }] }));
  }
  req.log.error({ err }, 'unhandled error');
  return reply.code(500).send(envelope(500, `Lỗi hệ thống, vui lòng thử lại sau (mã yêu cầu: ${req.id})`, { request_id: req.id }));
}
