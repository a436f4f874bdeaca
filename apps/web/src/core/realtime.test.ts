import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const socket = vi.fn();
const loadProfile = vi.fn();
const get = vi.fn();
vi.mock('./feedback', () => ({ notify: { socket: (...a: unknown[]) => socket(...a) } }));
vi.mock('./guards', () => ({ loadProfile: () => loadProfile() }));
vi.mock('./client', () => ({ baseUrl: '', WS_PATH: '/api/ws', client: { GET: (...a: unknown[]) => get(...a) } }));

const { BACKOFF, CLOSE_UNAUTHENTICATED, startRealtime, wsUrl } = await import('./realtime');
const { clearSession, getSession, setSession } = await import('./session');

/** A WebSocket the test drives: `open()`, `receive()`, `drop()` play the server. */
class MockSocket {
  static all: MockSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(public url: string) {
    MockSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) } as MessageEvent);
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}
const last = () => MockSocket.all[MockSocket.all.length - 1];
const user = { id: 7, username: 'u', role: { id: 1, name: 'r', permissions: [] } };

describe('live channel client', () => {
  const navigate = vi.fn();
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    MockSocket.all = [];
    for (const f of [socket, loadProfile, get, navigate]) f.mockReset();
    setSession('tok-1', user, true);
  });
  afterEach(() => {
    stop();
    clearSession();
    vi.useRealTimers();
  });
  const start = () => {
    stop = startRealtime({ navigate, WebSocketImpl: MockSocket as never, url: 'ws://x/api/ws' });
  };

  it('derives the URL from the API base: same origin by default, wss on https, never a token in it', () => {
    expect(wsUrl('', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/ws');
    expect(wsUrl('', { protocol: 'https:', host: 'nns.gov.vn' })).toBe('wss://nns.gov.vn/api/ws');
    expect(wsUrl('https://api.nns.gov.vn/', { protocol: 'http:', host: 'x' })).toBe('wss://api.nns.gov.vn/api/ws');
    expect(wsUrl('/back', { protocol: 'https:', host: 'a.vn' })).toBe('wss://a.vn/back/api/ws');
  });

  it('sends auth first, then shows events in the top-right socket group', () => {
    start();
    const ws = last();
    expect(ws.url).toBe('ws://x/api/ws');
    expect(ws.url).not.toContain('tok-1');
    expect(ws.sent).toEqual([]);
    ws.open();
    expect(ws.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'auth', token: 'tok-1' }]);
    ws.receive({ type: 'ready', user_id: 7 });
    ws.receive({ type: 'event', kind: 'alert', title: 'Cảnh báo sâu bệnh', message: 'Vượt ngưỡng' });
    expect(socket).toHaveBeenCalledWith('Cảnh báo sâu bệnh', 'Vượt ngưỡng');
  });

  it('permissions-changed shows the notice and reloads the profile', () => {
    start();
    last().open();
    last().receive({ type: 'event', kind: 'permissions-changed', title: 'Quyền của bạn vừa được cập nhật' });
    expect(socket).toHaveBeenCalledWith('Quyền của bạn vừa được cập nhật', undefined);
    expect(loadProfile).toHaveBeenCalledTimes(1);
    expect(getSession().token).toBe('tok-1');
  });

  it('session-ended shows why, clears the session, goes to sign-in and does not reconnect', () => {
    start();
    const ws = last();
    ws.open();
    ws.receive({ type: 'event', kind: 'session-ended', title: 'Phiên đăng nhập đã kết thúc', message: 'Tài khoản của bạn đã bị khóa' });
    expect(socket).toHaveBeenCalledWith('Phiên đăng nhập đã kết thúc', 'Tài khoản của bạn đã bị khóa');
    expect(getSession()).toEqual({ token: null, user: null });
    expect(navigate).toHaveBeenCalledWith('/auth/login', expect.objectContaining({ replace: true }));
    ws.drop(CLOSE_UNAUTHENTICATED);
    vi.advanceTimersByTime(BACKOFF.maxMs * 2);
    expect(MockSocket.all).toHaveLength(1);
  });

  it('reconnects with growing delays after a lost connection, and starts over once authenticated', () => {
    start();
    last().open();
    last().drop(1006);
    expect(MockSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(BACKOFF.firstMs * 1.2 + 1);
    expect(MockSocket.all).toHaveLength(2);
    last().drop(1006);
    vi.advanceTimersByTime(BACKOFF.firstMs * 1.2 + 1);
    expect(MockSocket.all).toHaveLength(2); // the second wait is about twice the first
    vi.advanceTimersByTime(BACKOFF.firstMs * 1.2 + 1);
    expect(MockSocket.all).toHaveLength(3);
    last().open();
    expect(JSON.parse(last().sent[0])).toEqual({ type: 'auth', token: 'tok-1' });
    last().receive({ type: 'ready', user_id: 7 });
    last().drop(1001);
    vi.advanceTimersByTime(BACKOFF.firstMs * 1.2 + 1);
    expect(MockSocket.all).toHaveLength(4);
  });

  it('resumes after the last event id it saw and shows an event sent again only once', () => {
    start();
    last().open();
    last().receive({ type: 'ready', user_id: 7, last_event_id: 40 });
    last().receive({ type: 'event', id: 41, kind: 'notification', title: 'Tin 41' });
    last().drop(1006);
    vi.advanceTimersByTime(BACKOFF.maxMs);
    last().open();
    // it names the newest id it saw, not the server's newest at this connection
    expect(JSON.parse(last().sent[0])).toEqual({ type: 'auth', token: 'tok-1', last_event_id: 41 });
    last().receive({ type: 'ready', user_id: 7, last_event_id: 43 });
    last().receive({ type: 'event', id: 41, kind: 'notification', title: 'Tin 41' });
    last().receive({ type: 'event', id: 42, kind: 'notification', title: 'Tin 42' });
    last().receive({ type: 'event', id: 43, kind: 'notification', title: 'Tin 43' });
    expect(socket.mock.calls.map((c) => c[0])).toEqual(['Tin 41', 'Tin 42', 'Tin 43']);
  });

  it('a refused token (4401 without session-ended) asks the profile, whose 401 signs out', () => {
    start();
    last().open();
    last().drop(CLOSE_UNAUTHENTICATED);
    expect(get).toHaveBeenCalledWith('/api/admin/profile');
  });

  it('stops on sign-out and follows a new sign-in', () => {
    start();
    const first = last();
    first.open();
    clearSession();
    expect(first.closedWith).toBe(1000);
    vi.advanceTimersByTime(BACKOFF.maxMs * 2);
    expect(MockSocket.all).toHaveLength(1);
    setSession('tok-2', user, true);
    expect(MockSocket.all).toHaveLength(2);
    last().open();
    expect(JSON.parse(last().sent[0])).toEqual({ type: 'auth', token: 'tok-2' });
    // a profile update keeps the token: same socket
    setSession('tok-2', { ...user, full_name: 'Tên mới' }, true);
    expect(MockSocket.all).toHaveLength(2);
    stop();
    expect(last().closedWith).toBe(1000);
  });
});
