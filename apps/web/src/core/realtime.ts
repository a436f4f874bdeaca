import { NOTIFICATION_EVENT_KIND } from '@nns/shared/notifications';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { client as apiClient, baseUrl, WS_PATH } from './client';
import { notify } from './feedback';
import { loadProfile } from './guards';
import { queryClient } from './query';
import { clearSession, getToken, subscribeSession } from './session';

/**
 * The live channel of the API (docs/realtime.md): one WebSocket while signed in. The token goes in
 * the first message, never in the URL; events show in the top-right 'socket' notification group.
 * Its path is WS_PATH (core/client.ts). Below: the server's close code for no, bad or ended session.
 */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_TOO_MANY = 4429;
export const BACKOFF = { firstMs: 1000, maxMs: 30_000 };
/** the query key of the signed-in user's own notifications (the header's bell) */
export const INBOX_KEY = ['profile-notifications'] as const;

export interface RealtimeEvent {
  /** the event's number (notifications): the client resumes after the last one and drops repeats */
  id?: number;
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
  /** the newest event id seen (or, before any, the server's newest at the first `ready`) */
  private lastEventId: number | null = null;
  /** ids already shown: a resume may send an event again (at least once) */
  private seen = new Set<number>();

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
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: this.o.token, ...(this.lastEventId !== null ? { last_event_id: this.lastEventId } : {}) }));
    ws.onmessage = (m) => {
      let msg: { type?: string; last_event_id?: number } & Partial<RealtimeEvent>;
      try {
        msg = JSON.parse(String(m.data));
      } catch {
        return;
      }
      if (msg.type === 'ready') {
        this.failures = 0;
        // the first connection starts from now; a later one has named its last id and gets what it missed
        if (this.lastEventId === null && typeof msg.last_event_id === 'number') this.lastEventId = msg.last_event_id;
      } else if (msg.type === 'event' && typeof msg.kind === 'string' && typeof msg.title === 'string') {
        if (typeof msg.id === 'number') {
          if (this.seen.has(msg.id)) return;
          this.seen.add(msg.id);
          if (this.seen.size > 500) this.seen.delete(this.seen.values().next().value as number);
          this.lastEventId = Math.max(this.lastEventId ?? 0, msg.id);
        }
        if (msg.kind === 'session-ended') this.ended = true;
        this.o.onEvent({ id: msg.id, kind: msg.kind, title: msg.title, message: msg.message, data: msg.data, at: msg.at });
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
  } else if (e.kind === NOTIFICATION_EVENT_KIND) {
    // the bell's count and latest items, and the notifications list
    void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
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
      // a 401 answer clears the session and goes to sign-in (core/client.ts); otherwise it was passing
      onUnauthorized: () => void apiClient.GET('/api/admin/profile'),
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
