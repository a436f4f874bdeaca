import type { Envelope } from '@nns/shared';
import createClient, { type FetchOptions } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { paths } from './api-schema.gen';
import { clearSession, getToken } from './session';

/**
 * The web's one way to call the API: paths, parameters, bodies and answers are typed from the committed
 * OpenAPI document (apps/api/openapi.json → api-schema.gen.ts by `npm run gen`), and openapi-fetch builds
 * each request from them. Every call answers the envelope `{code, message, data}` and never throws: an
 * HTTP error gives the server's envelope, a lost connection or a timeout `code: 0` with a Vietnamese
 * message, a call cancelled by its signal an empty object (spec §7).
 */

export type { Envelope } from '@nns/shared';
export type { paths } from './api-schema.gen';

export const TIMEOUT_MS = 300_000;
export const NETWORK_ERROR = 'Không kết nối được máy chủ';
export const TIMEOUT_ERROR = 'Máy chủ không phản hồi, vui lòng thử lại';
export const MUST_CHANGE_PASSWORD = 'Bạn cần đổi mật khẩu trước khi tiếp tục sử dụng hệ thống';
export const CHANGE_PASSWORD_PATH = '/admin/profile?tab=change-password';
/** the live channel's path (GET /api/ws upgraded to a WebSocket; docs/realtime.md) */
export const WS_PATH = '/api/ws';

export const baseUrl: string = (import.meta.env?.VITE_API_URL as string | undefined) ?? '';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let navigateFn: Navigate = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};
/** The router registers its navigate function so 401/403 answers move the user without a reload. */
export function registerNavigate(fn: Navigate) {
  navigateFn = fn;
}
let noticeFn: (message: string) => void = () => {};
/** The shell registers how a notice is shown (the client itself stays free of UI code). */
export function registerNotice(fn: (message: string) => void) {
  noticeFn = fn;
}

/** Query values as the API reads them: empty ones left out, arrays repeated (`tags=1&tags=2`). */
export function serializeQuery(params: Record<string, unknown> | undefined): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) q.append(k, String(item));
    else q.append(k, String(v));
  }
  return q.toString();
}

/** A URL of this API with its query (a link the browser opens itself: a download, a print sheet). */
export function buildUrl(url: string, params?: Record<string, unknown>): string {
  const full = /^https?:\/\//.test(url) ? url : `${baseUrl}${url}`;
  const s = serializeQuery(params);
  return s ? `${full}${full.includes('?') ? '&' : '?'}${s}` : full;
}

class Timeout extends Error {}

/** openapi-fetch's transport: the bearer token, and a deadline after which the call is given up. */
async function transport(req: Request): Promise<Response> {
  const headers = new Headers(req.headers);
  headers.set('Accept', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, TIMEOUT_MS);
  const onAbort = () => ctrl.abort();
  if (req.signal.aborted) ctrl.abort();
  else req.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
    return await fetch(req.url, { method: req.method, headers, body: body?.byteLength ? body : undefined, signal: ctrl.signal });
  } catch (err) {
    throw timedOut ? new Timeout() : err;
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener('abort', onAbort);
  }
}

// openapi-fetch builds a Request, which needs an absolute URL outside a browser page (the unit tests' jsdom)
const origin = baseUrl || (typeof location !== 'undefined' ? location.origin : '');
const raw = createClient<paths>({ baseUrl: origin, fetch: transport, querySerializer: serializeQuery });

function react(env: Envelope, method: string) {
  if (env?.code === 401) {
    clearSession();
    navigateFn('/auth/login', { replace: true });
  } else if (env?.code === 403) {
    // a password set by an administrator must be changed first: the profile screen, not the 403 screen
    if ((env.data as { must_change_password?: boolean } | null)?.must_change_password) {
      noticeFn(MUST_CHANGE_PASSWORD);
      navigateFn(CHANGE_PASSWORD_PATH);
      // only loading a page leads to the 403 screen; a refused save, delete or action is answered where
      // it was asked (the form keeps what was typed and shows the message)
    } else if (method === 'GET') navigateFn('/admin/errors/403');
  }
}

type Operation<P, M extends HttpMethod> = P extends keyof paths ? (M extends keyof paths[P] ? paths[P][M] : never) : never;
/** The `data` of an operation's success envelope, as the document declares it. */
export type AnswerData<P, M extends HttpMethod> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : unknown;
/** The JSON body an operation takes. */
export type RequestBody<P, M extends HttpMethod> = Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** An operation's query parameters. */
export type QueryOf<P, M extends HttpMethod> = Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

type Init<P, M extends HttpMethod> = FetchOptions<Operation<P, M>>;
type InitArgs<P, M extends HttpMethod> = RequiredKeysOf<Init<P, M>> extends never ? [init?: Init<P, M>] : [init: Init<P, M>];

async function call(method: HttpMethod, path: string, init: Record<string, unknown> | undefined, parseAs?: 'blob'): Promise<Envelope> {
  const signal = init?.signal as AbortSignal | undefined;
  // a file goes as multipart, as it is (openapi-fetch would write it as JSON)
  const options = init?.body instanceof FormData ? { ...init, bodySerializer: (b: FormData) => b } : init;
  try {
    const { data, error, response } = await raw.request(method as 'get', path as never, { ...options, parseAs } as never);
    if (response.status >= 400) console.warn(`[api] ${method.toUpperCase()} ${path} → HTTP ${response.status}`);
    // a file answered: the same envelope, its data the file
    if (response.ok && parseAs === 'blob') return { code: response.status, message: '', data };
    let env = (data ?? error) as Envelope | undefined;
    if (typeof env?.code !== 'number') {
      // a 2xx without an envelope (the page is being left, the connection dropped) is a lost connection,
      // not a success without data; an error without one keeps its status
      env = response.ok
        ? { code: 0, message: NETWORK_ERROR, data: null }
        : { code: response.status, message: response.statusText || NETWORK_ERROR, data: null };
    }
    react(env, method.toUpperCase());
    return env;
  } catch (err) {
    if (err instanceof Timeout) return { code: 0, message: TIMEOUT_ERROR, data: null };
    // a cancelled call yields an empty object (spec §7)
    if (signal?.aborted) return {} as Envelope;
    console.warn(`[api] ${method.toUpperCase()} ${path} failed`, err);
    return { code: 0, message: NETWORK_ERROR, data: null };
  }
}

const method =
  <M extends HttpMethod>(m: M) =>
  <P extends PathsWithMethod<paths, M>>(path: P, ...[init]: InitArgs<P, M>): Promise<Envelope<AnswerData<P, M>>> =>
    // the answer's shape is the document's (api-contract tests keep the document true to the server)
    call(m, path, init as Record<string, unknown> | undefined) as Promise<Envelope<AnswerData<P, M>>>;

/** Typed calls: `client.GET('/api/admin/stamps/{id}', { params: { path: { id } }, signal })`. */
export const client = {
  GET: method('get'),
  POST: method('post'),
  PUT: method('put'),
  PATCH: method('patch'),
  DELETE: method('delete'),
  /** one file (multipart field `file`) to POST /api/admin/uploads */
  upload(file: File, init?: { signal?: AbortSignal }) {
    return call('post', '/api/admin/uploads', { ...init, body: fileForm(file) }) as Promise<Envelope<AnswerData<'/api/admin/uploads', 'post'>>>;
  },
};

/** One file as the multipart field `file`, the form every upload and import route reads. */
export function fileForm(file: File): FormData {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return fd;
}

/**
 * The generic routes every resource declaration has (apps/api/src/core/resource-engine.ts): `/api/admin/{name}`
 * and below (`/{id}`, `/count`, `/bulk`, an action `/{action}/{id}`, its export). The generic screens hold a
 * declaration, not a path literal, so they call through this; client-paths.test.ts checks each declared
 * resource's routes against the document, and only core/resource and core/import may use it.
 */
export function resourceCall<T>(m: HttpMethod, name: string, rest = '', init?: ResourceInit): Promise<Envelope<T>> {
  return call(m, `/api/admin/${name}${rest}`, init) as Promise<Envelope<T>>;
}

type ResourceInit = { params?: { query?: Record<string, unknown> }; body?: unknown; signal?: AbortSignal };

/**
 * A file one of a resource's routes answers (an import template): `data` is the file on success,
 * the server's envelope otherwise (401 and 403 handled like any call).
 */
export function resourceDownload(name: string, rest: string, init?: Omit<ResourceInit, 'body'>): Promise<Envelope<Blob | null>> {
  return call('get', `/api/admin/${name}${rest}`, init, 'blob') as Promise<Envelope<Blob | null>>;
}
