import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../app/feedback';
import { loadProfile } from '../app/guards';
import { api, baseUrl } from './api';
import { clearSession, getToken, subscribeSession } from './session';

/**
 * The live channel of the API (docs/realtime.md): one WebSocket while signed in. The token goes in
 * the first message, never in the URL; events show in the top-right 'socket' notification group.
 */
export const WS_PATH = '/api/ws';
/** the server's close code for no, bad or ended session */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_TOO_MANY = 4429;
export const BACKOFF = { firstMs: 1000, maxMs: 30_000 };

export interface RealtimeEvent {
  kind: string;
  title: string;
  message?: string;
  data?: Record<string, unknown>;
  at?: string;
}

/** ws(s)://… of the API: the configured base when it is absolute, this page's origin otherwise; wss on https. */
export function wsUrl(base: string = baseUrl, location: { protocol: string; host: string } = window.location): string {
  const http = /^https?:\/\//i.test(base) ? base : `${location.protocol}//${location.host}${base}`;
  return `${http.replace(/\/+$/, '').replace(/^http/i, 'ws')}${WS_PATH}`;
}

type WebSocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((e: Event) => void) | null;
  onmessage: ((e: MessageEvent) => void) | null;
  onclose: ((e: CloseEvent) => void) | null;
  onerror: ((e: Event) => void) | null;
};

export interface ClientOptions {
  url: string;
  token: string;
  onEvent(e: RealtimeEvent): void;
  /** the server refused the token without saying the session ended */
  onUnauthorized?(): void;
  WebSocketImpl?: new (url: string) => WebSocketLike;
}

/** One token's connection: authenticates first, reconnects with growing delays, ends with its session. */
export class RealtimeClient {
  private ws: WebSocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = false;
  private ended = false;

  constructor(private readonly o: ClientOptions) {}

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = ws.onmessage = ws.onopen = ws.onerror = null;
      ws.close(1000);
    }
  }

  get connected() {
    return this.ws?.readyState === 1;
  }

  private connect() {
    if (this.stopped || this.ended) return;
    const Impl = this.o.WebSocketImpl ?? (WebSocket as unknown as new (url: string) => WebSocketLike);
    let ws: WebSocketLike;
    try {
      ws = new Impl(this.o.url);
    } catch {
      return this.retry();
    }
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: this.o.token }));
    ws.onmessage = (m) => {
      let msg: { type?: string } & Partial<RealtimeEvent>;
      try {
        msg = JSON.parse(String(m.data));
      } catch {
        return;
      }
      if (msg.type === 'ready') this.failures = 0;
      else if (msg.type === 'event' && typeof msg.kind === 'string' && typeof msg.title === 'string') {
        if (msg.kind === 'session-ended') this.ended = true;
        this.o.onEvent({ kind: msg.kind, title: msg.title, message: msg.message, data: msg.data, at: msg.at });
      }
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped || this.ended) return;
      if (e.code === CLOSE_UNAUTHENTICATED) this.o.onUnauthorized?.();
      this.retry(e.code === CLOSE_TOO_MANY || e.code === CLOSE_UNAUTHENTICATED);
    };
  }

  private retry(long = false) {
    if (this.stopped || this.timer) return;
    this.failures++;
    const exp = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** (this.failures - 1));
    // spread the reconnections of many tabs after a server restart
    const delay = long ? BACKOFF.maxMs : Math.round(exp * (0.8 + Math.random() * 0.4));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }
}

type Go = (to: string, o?: { replace?: boolean; state?: unknown }) => void;

/** What an event does in the admin shell. */
export function handleEvent(e: RealtimeEvent, navigate: Go) {
  notify.socket(e.title, e.message);
  if (e.kind === 'session-ended') {
    const from = typeof window !== 'undefined' ? window.location.pathname + window.location.search : '';
    clearSession();
    navigate('/auth/login', { replace: true, state: from.startsWith('/admin') ? { from } : undefined });
  } else if (e.kind === 'permissions-changed') {
    // the menu and the route guards follow the stored user
    void loadProfile();
  }
}

/**
 * Keeps one client for the stored token: a new sign-in replaces it, sign-out (the token cleared, here
 * or in another tab) closes it. Returns the function that stops it all.
 */
export function startRealtime(o: { navigate: Go; WebSocketImpl?: ClientOptions['WebSocketImpl']; url?: string }) {
  let client: RealtimeClient | null = null;
  let current: string | null = null;
  const sync = () => {
    const token = getToken();
    if (token === current) return;
    client?.stop();
    client = null;
    current = token;
    if (!token) return;
    client = new RealtimeClient({
      url: o.url ?? wsUrl(),
      token,
      WebSocketImpl: o.WebSocketImpl,
      onEvent: (e) => handleEvent(e, o.navigate),
      // a 401 answer clears the session and goes to sign-in (core/api.ts); otherwise it was passing
      onUnauthorized: () => void api.get('/api/admin/profile'),
    });
    client.start();
  };
  const unsubscribe = subscribeSession(sync);
  sync();
  return () => {
    unsubscribe();
    client?.stop();
    client = null;
    current = null;
  };
}

/** Mounted once in the admin shell. */
export function useRealtime() {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  latest.current = navigate;
  // one channel for the shell's lifetime, whatever re-renders it
  useEffect(() => startRealtime({ navigate: (to, opts) => void latest.current(to, opts) }), []);
}
