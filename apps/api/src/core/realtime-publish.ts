import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exec } from '../db/sql';
import type { Services } from './services';

/** The channel events travel on between API processes (core/realtime.ts delivers them to sockets). */
export const EVENTS_CHANNEL = 'nns_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more */
export const MAX_PAYLOAD_BYTES = 7900;

export interface RealtimeEvent {
  /** the event's number from the database (notifications: notification_event_seq), for a client to resume from */
  id?: number;
  /** who receives it; several keys add up */
  to: { users?: number[]; roles?: number[]; all?: boolean };
  /** kebab-case, e.g. 'permissions-changed' */
  kind: string;
  /** shown as the notice's title (Vietnamese) */
  title: string;
  message?: string;
  /** small extra facts for the client (ids, a link); keep it well under a kilobyte */
  data?: Record<string, unknown>;
}

/** One NOTIFY payload on EVENTS_CHANNEL. */
export interface Wire {
  id?: number;
  to: RealtimeEvent['to'];
  kind: string;
  title: string;
  message?: string;
  data?: Record<string, unknown>;
  at: string;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** The NOTIFY payloads of one event: recipients split so that each stays under the limit, an overlong message shortened. */
export function payloadsOf(e: RealtimeEvent, at = new Date().toISOString()): string[] {
  const users = [...new Set(e.to.users ?? [])].filter(Number.isInteger);
  const roles = [...new Set(e.to.roles ?? [])].filter(Number.isInteger);
  if (!e.to.all && !users.length && !roles.length) return [];
  const limit = MAX_PAYLOAD_BYTES;
  const base: Wire = {
    ...(e.id !== undefined ? { id: e.id } : {}),
    to: {},
    kind: e.kind,
    title: e.title.slice(0, 200),
    at,
    ...(e.data ? { data: e.data } : {}),
  };
  if (e.message) base.message = e.message.slice(0, 2000);
  // the text and data may use at most half of the payload; the rest carries recipients
  while (bytes(JSON.stringify(base)) > limit / 2 && base.message) base.message = base.message.slice(0, Math.floor(base.message.length * 0.8));
  if (bytes(JSON.stringify(base)) > limit / 2) throw new Error(`realtime event '${e.kind}' is too large for one notification`);
  if (e.to.all) return [JSON.stringify({ ...base, to: { all: true } })];
  const out: string[] = [];
  const room = limit - bytes(JSON.stringify({ ...base, to: { users: [], roles: [] } }));
  let cur: { users: number[]; roles: number[] } = { users: [], roles: [] };
  let used = 0;
  const flush = () => {
    const to: RealtimeEvent['to'] = {};
    if (cur.users.length) to.users = cur.users;
    if (cur.roles.length) to.roles = cur.roles;
    out.push(JSON.stringify({ ...base, to }));
    cur = { users: [], roles: [] };
    used = 0;
  };
  for (const [key, ids] of [
    ['users', users],
    ['roles', roles],
  ] as const) {
    for (const id of ids) {
      const cost = String(id).length + 1;
      if (used + cost > room) flush();
      cur[key].push(id);
      used += cost;
    }
  }
  if (cur.users.length || cur.roles.length) flush();
  return out;
}

/**
 * Sends an event to the signed-in users it names, on every API process. Given a transaction, the
 * event leaves with its commit (PostgreSQL delivers a NOTIFY only then, and never for a rollback), so
 * a client that reacts by reading sees the committed state; otherwise it leaves at once.
 */
export async function publish(s: Pick<Services, 'database'>, event: RealtimeEvent, tx?: Db): Promise<void> {
  const db = tx ?? s.database.db;
  for (const p of payloadsOf(event)) await exec(db, sql`select pg_notify(${EVENTS_CHANNEL}, ${p})`);
}

export const PERMISSIONS_CHANGED_TITLE = 'Quyền của bạn vừa được cập nhật';

/** A role's permissions were rewritten in `tx`: when they differ, its users are told once it commits. */
export async function publishPermissionsChanged(s: Pick<Services, 'database'>, roleId: number, before: Iterable<string>, after: Iterable<string>, tx?: Db) {
  const a = new Set(before);
  const b = new Set(after);
  if (a.size === b.size && [...a].every((k) => b.has(k))) return;
  await publish(s, { to: { roles: [roleId] }, kind: 'permissions-changed', title: PERMISSIONS_CHANGED_TITLE, data: { role_id: roleId } }, tx);
}
