import websocket from '@fastify/websocket';
import { NOTIFICATION_EVENT_KIND } from '@nns/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { SESSIONS_CHANNEL } from '../db/session-notify';
import { AppError, envelope } from './errors';
import { lastEventId, missedEvents } from './notify';
import { EVENTS_CHANNEL, PERMISSIONS_CHANGED_TITLE, type Wire } from './realtime-publish';
import type { Services } from './services';
import { resolveToken } from './session';
import { sessionCacheOf } from './session-cache';

export {
  EVENTS_CHANNEL,
  PERMISSIONS_CHANGED_TITLE,
  payloadsOf,
  publish,
  publishPermissionsChanged,
  type RealtimeEvent,
} from './realtime-publish';

import { exec } from '../db/sql';

/**
 * The live channel (docs/realtime.md): GET /api/ws, a WebSocket that authenticates itself on its first
 * message `{type: 'auth', token}` (a token in the URL would end up in access logs). Events are fanned
 * out through the database (NOTIFY on EVENTS_CHANNEL), so every API process delivers to the sockets it
 * holds, whichever process published. Sessions are watched here too: whatever ends one (lock,
 * password reset, revocation, expiry) closes its sockets with CLOSE_UNAUTHENTICATED, after telling why.
 */
export const WS_URL = '/api/ws';
/** no, bad or ended session */
export const CLOSE_UNAUTHENTICATED = 4401;
/** more sockets for one user in this process than `maxSocketsPerUser` */
export const CLOSE_TOO_MANY = 4429;

/** What a socket receives. */
export type ServerMessage =
  | { type: 'ready'; user_id: number; last_event_id: number }
  | { type: 'event'; id?: number; kind: string; title: string; message?: string; data?: Record<string, unknown>; at: string };

/** Timings and bounds; tests shorten them (read at the moment they apply). */
export const realtimeLimits = {
  /** a socket that has not sent `auth` by then is closed */
  authTimeoutMs: 5000,
  /** every open socket's session is checked again this often (time alone ends sessions: idle, absolute limit) */
  recheckMs: 60_000,
  /** protocol ping; a socket that did not answer the previous one is dropped */
  pingMs: 30_000,
  /** a bare revocation (most often the user's own sign-out, whose tab closes the socket itself) is told after this */
  revokedGraceMs: 2000,
  maxSocketsPerUser: 20,
  /** the largest message a client may send (only `auth` is expected) */
  maxIncomingBytes: 4096,
};

export const SESSION_ENDED_TITLE = 'Phiên đăng nhập đã kết thúc';

export type EndReason = 'locked' | 'password-reset' | 'password-changed' | 'revoked' | 'expired' | 'deleted';

export const END_MESSAGES: Record<EndReason, string> = {
  locked: 'Tài khoản của bạn đã bị khóa, vui lòng liên hệ quản trị viên.',
  'password-reset': 'Quản trị viên đã đặt lại mật khẩu của bạn, vui lòng đăng nhập lại bằng mật khẩu mới.',
  'password-changed': 'Mật khẩu tài khoản của bạn vừa được thay đổi, vui lòng đăng nhập lại.',
  revoked: 'Phiên đăng nhập của bạn đã bị thu hồi, vui lòng đăng nhập lại.',
  expired: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại.',
  deleted: 'Tài khoản của bạn không còn tồn tại trên hệ thống.',
};

/** One row of the periodic check: the session and its user as the database has them now. */
export interface SessionState {
  id: number;
  revoked: boolean;
  expired: boolean;
  idle: boolean;
  user_exists: boolean;
  status: string | null;
  role_id: number | null;
  must_change_password: boolean | null;
  /** the user row was written after the session began and within seconds of its revocation (a password set in the same change) */
  changed_with_revoke: boolean | null;
}

/**
 * Why a session no longer resolves, or null while it does. The test is resolveSession's (session.ts):
 * not revoked, within its absolute and idle limits, the user active; the reason is read from what
 * the change left behind, as no path that ends sessions records why.
 */
export function endReason(r: SessionState | undefined): EndReason | null {
  if (!r) return 'revoked';
  if (!r.user_exists) return 'deleted';
  if (r.status !== 'active') return 'locked';
  if (r.revoked) {
    if (r.changed_with_revoke) return r.must_change_password ? 'password-reset' : 'password-changed';
    return 'revoked';
  }
  if (r.expired || r.idle) return 'expired';
  return null;
}

interface Conn {
  ws: WebSocket;
  userId: number;
  roleId: number | null;
  sessionId: number;
  ending: boolean;
  grace?: NodeJS.Timeout;
  /** live events heard while `ready` and the replay are being read: sent after them, in id order */
  held?: ServerMessage[];
}

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

function send(ws: WebSocket, m: ServerMessage) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
}

/** The sockets of one app instance and what reaches them. */
class Hub {
  private conns = new Set<Conn>();
  private alive = new WeakMap<WebSocket, boolean>();
  private sockets = new Set<WebSocket>();
  private timers: NodeJS.Timeout[] = [];
  private checking = false;
  private again = false;
  private debounce: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly s: Services) {}

  start() {
    this.s.database.listen(
      EVENTS_CHANNEL,
      (p) => this.onEvent(p),
      () => {},
    );
    // whatever can end a session is announced there (db/session-notify.ts); 'up' again means anything may have changed
    this.s.database.listen(
      SESSIONS_CHANNEL,
      () => this.soon(),
      (up) => up && this.soon(),
    );
    const every = (ms: number, fn: () => void) => {
      const t = setInterval(fn, ms);
      t.unref();
      this.timers.push(t);
    };
    every(realtimeLimits.recheckMs, () => void this.recheck());
    every(realtimeLimits.pingMs, () => this.ping());
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    if (this.debounce) clearTimeout(this.debounce);
    for (const c of this.conns) if (c.grace) clearTimeout(c.grace);
    for (const ws of this.sockets) ws.close(1001, 'Server closing');
  }

  accept(ws: WebSocket, req: FastifyRequest) {
    if (this.stopped) return ws.close(1001, 'Server closing');
    this.sockets.add(ws);
    this.alive.set(ws, true);
    ws.on('pong', () => this.alive.set(ws, true));
    let conn: Conn | null = null;
    let pending = false;
    const timer = setTimeout(() => ws.close(CLOSE_UNAUTHENTICATED, 'Auth timeout'), realtimeLimits.authTimeoutMs);
    ws.on('close', () => {
      clearTimeout(timer);
      this.sockets.delete(ws);
      if (conn) {
        if (conn.grace) clearTimeout(conn.grace);
        this.conns.delete(conn);
      }
    });
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      // after `auth`, nothing a client sends means anything yet
      if (conn || pending) return;
      pending = true;
      clearTimeout(timer);
      let token: unknown;
      // the last event id the client saw: it gets what it missed since (notifications)
      let after: number | null = null;
      try {
        const m = isBinary ? null : JSON.parse(String(raw));
        if (m && m.type === 'auth') {
          token = m.token;
          if (Number.isSafeInteger(m.last_event_id) && m.last_event_id >= 0) after = m.last_event_id;
        }
      } catch {}
      if (typeof token !== 'string' || !TOKEN.test(token)) return ws.close(CLOSE_UNAUTHENTICATED, 'Unauthenticated');
      resolveToken(this.s, token).then(
        (user) => {
          if (ws.readyState !== ws.OPEN) return;
          if (!user) return ws.close(CLOSE_UNAUTHENTICATED, 'Unauthenticated');
          let mine = 0;
          for (const c of this.conns) if (c.userId === user.id) mine++;
          if (mine >= realtimeLimits.maxSocketsPerUser) return ws.close(CLOSE_TOO_MANY, 'Too many connections');
          const c: Conn = { ws, userId: user.id, roleId: user.role_id, sessionId: user.session_id, ending: false, held: [] };
          conn = c;
          // listed before reading, so an event committed meanwhile comes live or in the replay (or both: ids de-duplicate)
          this.conns.add(c);
          return this.resume(c, after).catch((err) => {
            req.log.error({ err }, 'realtime resume failed');
            ws.close(1011, 'Try again');
          });
        },
        (err) => {
          // the database failed, not the token: the client tries again later
          req.log.error({ err }, 'realtime auth failed');
          ws.close(1011, 'Try again');
        },
      );
    });
  }

  /** `ready` with the newest event id, then, for a client that names the last one it saw, what it missed. */
  private async resume(c: Conn, after: number | null) {
    const [last, missed] = await Promise.all([lastEventId(this.s, c.userId), after === null ? [] : missedEvents(this.s, c.userId, after)]);
    const held = c.held ?? [];
    c.held = undefined;
    if (c.ending) return;
    send(c.ws, { type: 'ready', user_id: c.userId, last_event_id: last });
    const replayed = new Set(missed.map((m) => m.event_id));
    for (const m of missed) {
      send(c.ws, {
        type: 'event',
        id: m.event_id,
        kind: NOTIFICATION_EVENT_KIND,
        title: m.title,
        message: m.content,
        data: { notification_id: m.id, replay: true },
        at: m.sent_at,
      });
    }
    // what came live meanwhile follows, without what the replay already carried: the client sees the
    // missed events in order before the new ones
    for (const msg of held) if (!('id' in msg) || msg.id === undefined || !replayed.has(msg.id)) send(c.ws, msg);
  }

  private ping() {
    for (const ws of this.sockets) {
      if (!this.alive.get(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.set(ws, false);
      ws.ping();
    }
  }

  private onEvent(payload: string) {
    if (this.stopped) return;
    let e: Wire;
    try {
      e = JSON.parse(payload);
      if (!e || typeof e.kind !== 'string' || typeof e.title !== 'string' || !e.to) return;
    } catch {
      return;
    }
    // the client answers this one by reading its profile, perhaps from this process: forget cached
    // sessions now rather than when this process hears the sessions channel (another connection)
    if (e.kind === 'permissions-changed') sessionCacheOf(this.s.database, this.s.config.SESSION_CACHE_SECONDS).clear();
    const users = new Set(e.to.users ?? []);
    const roles = new Set(e.to.roles ?? []);
    const msg: ServerMessage = {
      type: 'event',
      ...(e.id !== undefined ? { id: e.id } : {}),
      kind: e.kind,
      title: e.title,
      message: e.message,
      data: e.data,
      at: e.at,
    };
    for (const c of this.conns) {
      if (c.ending) continue;
      if (!(e.to.all || users.has(c.userId) || (c.roleId !== null && roles.has(c.roleId)))) continue;
      if (c.held) c.held.push(msg);
      else send(c.ws, msg);
    }
  }

  /** Checks soon, once for a burst of changes. */
  private soon() {
    if (this.stopped || this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.recheck();
    }, 50);
  }

  async recheck() {
    if (this.stopped) return;
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = true;
    try {
      do {
        this.again = false;
        await this.checkOnce();
      } while (this.again && !this.stopped);
    } catch (err) {
      // the next announcement or the next round tries again
      this.s.log.warn({ err }, 'realtime session check failed');
    } finally {
      this.checking = false;
    }
  }

  private async checkOnce() {
    const conns = [...this.conns].filter((c) => !c.ending);
    if (!conns.length) return;
    const ids = [...new Set(conns.map((c) => c.sessionId))].join(',');
    const idle = this.s.config.SESSION_IDLE_MINUTES;
    // resolveSession's test, without touching last_seen_at: an open socket is not activity
    const rows = await exec<SessionState>(
      this.s.db,
      sql`select s.id, s.revoked_at is not null as revoked,
        s.expires_at <= now() as expired, s.last_seen_at <= now() - make_interval(mins => ${idle}) as idle,
        u.id is not null as user_exists, u.status, u.role_id, u.must_change_password,
        (u.updated_at > s.created_at and abs(extract(epoch from u.updated_at - s.revoked_at)) < 5) as changed_with_revoke
      from sessions s left join users u on u.id = s.user_id
      where s.id = any(string_to_array(${ids}, ',')::int[])`,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const c of conns) {
      if (c.ending || !this.conns.has(c)) continue;
      const r = byId.get(c.sessionId);
      const reason = endReason(r);
      if (!reason) {
        if (r && r.role_id !== c.roleId) {
          // moved to another role: the same news as a change of the role's permissions
          c.roleId = r.role_id;
          send(c.ws, { type: 'event', kind: 'permissions-changed', title: PERMISSIONS_CHANGED_TITLE, at: new Date().toISOString() });
        }
        continue;
      }
      if (reason === 'revoked') {
        c.grace ??= setTimeout(() => this.end(c, reason), realtimeLimits.revokedGraceMs);
        continue;
      }
      this.end(c, reason);
    }
  }

  private end(c: Conn, reason: EndReason) {
    if (c.ending) return;
    c.ending = true;
    if (c.grace) clearTimeout(c.grace);
    send(c.ws, {
      type: 'event',
      kind: 'session-ended',
      title: SESSION_ENDED_TITLE,
      message: END_MESSAGES[reason],
      data: { reason },
      at: new Date().toISOString(),
    });
    c.ws.close(CLOSE_UNAUTHENTICATED, 'Session ended');
  }

  /** how many authenticated sockets this process holds (tests, health) */
  get size() {
    return this.conns.size;
  }
}

const hubs = new WeakMap<FastifyInstance, Hub>();
export const hubOf = (app: FastifyInstance) => hubs.get(app);

/** Registers GET /api/ws (before the other routes, so the plugin also refuses upgrades elsewhere) and starts listening. */
export async function registerRealtime(app: FastifyInstance, services: Services) {
  await app.register(websocket, { options: { maxPayload: realtimeLimits.maxIncomingBytes } });
  const hub = new Hub(services);
  hubs.set(app, hub);
  const message = 'Đường dẫn này chỉ nhận kết nối WebSocket';
  app.routeTable.push({
    method: 'GET',
    url: WS_URL,
    access: 'socket',
    summary: 'Kênh thời gian thực (WebSocket): gửi {type: "auth", token} trước tiên, rồi nhận {type: "event", kind, title, message}',
    tags: ['Hệ thống'],
    handler: async () => {
      throw new AppError(426, message);
    },
  });
  app.route({
    method: 'GET',
    url: WS_URL,
    handler: (_req, reply) => reply.code(426).header('upgrade', 'websocket').send(envelope(426, message)),
    wsHandler: (socket, req) => hub.accept(socket, req),
  });
  hub.start();
  app.addHook('preClose', async () => hub.stop());
}
