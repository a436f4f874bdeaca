import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { SessionUser } from './module';
import { exec } from './resource-store';
import type { Services } from './services';
import { sessionCacheOf } from './session-cache';

export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (t: string) => crypto.createHash('sha256').update(t).digest('hex');

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(h.trim());
  return m ? m[1] : null;
}

/**
 * The user behind a token, checked on every request against the session's idle and absolute
 * limits, its revocation, and the user's status; the role's permissions are read fresh, so a
 * changed role applies at the user's next request. A result is reused for a few seconds only while
 * nothing that could change it has happened (session-cache.ts).
 */
export async function resolveSession(s: Services, req: FastifyRequest): Promise<SessionUser | null> {
  const token = bearer(req);
  if (!token) return null;
  return resolveToken(s, token);
}

/** The same check for a token that did not come in a header (the live channel's first message, core/realtime.ts). */
export async function resolveToken(s: Services, token: string): Promise<SessionUser | null> {
  const key = hashToken(token);
  const cache = sessionCacheOf(s.database, s.config.SESSION_CACHE_SECONDS);
  const cached = cache.get(key);
  if (cached) return cached;
  const mark = cache.mark();
  const idle = s.config.SESSION_IDLE_MINUTES;
  // the role's permissions travel as ids (an index-only read of role_permissions, one short string),
  // named through the catalogue below: this query runs on every request, and joining and
  // concatenating a few hundred 'action:subject' strings made it the costliest query of a list
  const rows = await exec<{
    session_id: number;
    seen_age: number;
    expires_in: number;
    id: number;
    username: string;
    full_name: string;
    role_id: number | null;
    scope: 'all' | 'province' | 'ward' | 'producer';
    province_id: number | null;
    ward_id: number | null;
    manufacture_id: number | null;
    must_change_password: boolean | null;
    permission_ids: string | null;
  }>(
    s.database.db,
    sql`select s.id as session_id, extract(epoch from now() - s.last_seen_at)::int as seen_age,
      extract(epoch from s.expires_at - now())::int as expires_in,
      u.id, u.username, u.full_name, u.role_id, u.scope, u.province_id, u.ward_id, u.manufacture_id, u.must_change_password,
      array_to_string(array(select rp.permission_id from role_permissions rp where rp.role_id = u.role_id), ',') as permission_ids
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${key} and s.revoked_at is null and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => ${idle}) and u.status = 'active'`,
  );
  const r = rows[0];
  if (!r) return null;
  const permissions = await permissionNames(s, r.permission_ids ? r.permission_ids.split(',').map(Number) : []);
  let seenAge = r.seen_age;
  if (seenAge > 60) {
    await exec(s.db, sql`update sessions set last_seen_at = now() where id = ${r.session_id}`);
    seenAge = 0;
  }
  const user: SessionUser = {
    id: r.id,
    username: r.username,
    full_name: r.full_name,
    role_id: r.role_id,
    scope: r.scope,
    province_id: r.province_id,
    ward_id: r.ward_id,
    manufacture_id: r.manufacture_id,
    session_id: r.session_id,
    must_change_password: !!r.must_change_password,
    permissions,
  };
  // kept no longer than the session's own idle and absolute limits allow
  cache.set(key, user, mark, Math.min(r.expires_in, idle * 60 - seenAge) * 1000);
  return user;
}

/**
 * The permission catalogue (id → 'action:subject') of each database. Rows are only ever added (at
 * start, by a newer version's seed), never renamed: an id this process has not seen reloads it.
 */
const catalogues = new WeakMap<object, Map<number, string>>();

async function permissionNames(s: Services, ids: number[]): Promise<Set<string>> {
  let names = catalogues.get(s.database);
  if (!names || ids.some((id) => !names?.has(id))) {
    const all = await exec<{ id: number; name: string }>(s.database.db, sql`select id, action || ':' || subject as name from permissions`);
    names = new Map(all.map((p) => [p.id, p.name]));
    catalogues.set(s.database, names);
  }
  const out = new Set<string>();
  for (const id of ids) {
    const n = names.get(id);
    if (n) out.add(n);
  }
  return out;
}

export async function createSession(s: Services, userId: number, req: FastifyRequest): Promise<string> {
  const token = newToken();
  const hours = s.config.SESSION_MAX_HOURS;
  await exec(
    s.db,
    sql`insert into sessions (token_hash, user_id, expires_at, ip, user_agent)
    values (${hashToken(token)}, ${userId}, now() + make_interval(hours => ${hours}), ${req.ip}, ${req.headers['user-agent']?.slice(0, 500) ?? null})`,
  );
  return token;
}

/**
 * Ends sessions of a user: all, or all but one (the one that changed its own password), in the
 * caller's transaction. Every path that ends a user's sessions comes here.
 */
export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number) {
  await exec(
    db,
    sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null
    and (${exceptSessionId ?? null}::int is null or id <> ${exceptSessionId ?? null}::int)`,
  );
}
