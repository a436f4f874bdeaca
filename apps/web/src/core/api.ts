import type { Envelope } from '@nns/shared';
import { clearSession, getToken } from './session';

/** Every answer of the API: HTTP status equals `code` (DESIGN.md); the shape is the shared contract's. */
export type { Envelope } from '@nns/shared';

export interface RequestOptions {
  params?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const TIMEOUT_MS = 300_000;
export const NETWORK_ERROR = 'Không kết nối được máy chủ';
export const TIMEOUT_ERROR = 'Máy chủ không phản hồi, vui lòng thử lại';

export const baseUrl: string = (import.meta.env?.VITE_API_URL as string | undefined) ?? '';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let navigateFn: Navigate = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};
/** The router registers its navigate function so 401/403 answers move the user without a reload. */
export function registerNavigate(fn: Navigate) {
  navigateFn = fn;
}

export const MUST_CHANGE_PASSWORD = 'Bạn cần đổi mật khẩu trước khi tiếp tục sử dụng hệ thống';
export const CHANGE_PASSWORD_PATH = '/admin/profile?tab=change-password';
let noticeFn: (message: string) => void = () => {};
/** The shell registers how a notice is shown (the client itself stays free of UI code). */
export function registerNotice(fn: (message: string) => void) {
  noticeFn = fn;
}

export function buildUrl(url: string, params?: Record<string, unknown>): string {
  const full = /^https?:\/\//.test(url) ? url : `${baseUrl}${url}`;
  if (!params) return full;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) q.append(k, String(item));
    else q.append(k, String(v));
  }
  const s = q.toString();
  return s ? `${full}${full.includes('?') ? '&' : '?'}${s}` : full;
}

function react(env: Envelope, method: Method) {
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

async function send<T>(method: Method, url: string, opts: RequestOptions = {}, raw?: FormData): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (raw) body = raw;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, TIMEOUT_MS);
  const onAbort = () => ctrl.abort();
  if (opts.signal) {
    if (opts.signal.aborted) ctrl.abort();
    else opts.signal.addEventListener('abort', onAbort, { once: true });
  }
  try {
    const res = await fetch(buildUrl(url, opts.params), { method, headers, body, signal: ctrl.signal });
    if (res.status >= 400) console.warn(`[api] ${method} ${url} → HTTP ${res.status}`);
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      // a 2xx whose body could not be read (the page is being left, the connection dropped) is a lost
      // connection, not a success without data: treating it as 200 made the guard clear the session
      env = res.ok ? { code: 0, message: NETWORK_ERROR, data: null as T } : { code: res.status, message: res.statusText || NETWORK_ERROR, data: null as T };
    }
    if (typeof env?.code !== 'number') env = { code: res.status, message: '', data: env as unknown as T };
    react(env, method);
    return env;
  } catch (err) {
    // a cancelled call yields an empty object (spec §7); a timeout is reported like a lost connection
    if (opts.signal?.aborted && !timedOut) return {} as Envelope<T>;
    if (timedOut) return { code: 0, message: TIMEOUT_ERROR, data: null as T };
    console.warn(`[api] ${method} ${url} failed`, err);
    return { code: 0, message: NETWORK_ERROR, data: null as T };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

type Opts = Omit<RequestOptions, 'body'>;

export const api = {
  request<T = any>(method: Method, url: string, opts?: RequestOptions): Promise<Envelope<T>> {
    return send<T>(method, url, opts);
  },
  get<T = any>(url: string, opts?: Opts) {
    return send<T>('GET', url, opts);
  },
  delete<T = any>(url: string, opts?: Opts) {
    return send<T>('DELETE', url, opts);
  },
  post<T = any>(url: string, body?: unknown, opts?: Opts) {
    return send<T>('POST', url, { ...opts, body });
  },
  put<T = any>(url: string, body?: unknown, opts?: Opts) {
    return send<T>('PUT', url, { ...opts, body });
  },
  patch<T = any>(url: string, body?: unknown, opts?: Opts) {
    return send<T>('PATCH', url, { ...opts, body });
  },
  /** multipart upload of one file (field `file`) to POST /api/admin/uploads */
  upload<T extends { url: string } = { url: string; [k: string]: unknown }>(file: File, opts?: Opts) {
    const fd = new FormData();
    fd.append('file', file, file.name);
    return send<T>('POST', '/api/admin/uploads', opts ?? {}, fd);
  },
};

export const upload = api.upload;
