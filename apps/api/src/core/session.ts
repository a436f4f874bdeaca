import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { SessionUser } from './module';
import type { Services } from './services';

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
 * limits, its revocation, and the user's status; the role's permissions are read fresh each time,
 * so a changed role applies at the user's next request.
 */
export async function resolveSession(s: Services, req: FastifyRequest): Promise<SessionUser | null> {
  const token = bearer(req);
  if (!token) return null;
  const idle = s.config.SESSION_IDLE_MINUTES;
  const rows = await s.database.query<{
    session_id: number; seen_age: number; id: number; username: string; full_name: string;
    role_id: number | null; ward_id: number | null; must_change_password: boolean | null; permissions: string[] | null;
  }>(sql`select s.id as session_id, extract(epoch from now() - s.last_seen_at)::int as seen_age,
      u.id, u.username, u.full_name, u.role_id, u.ward_id, u.must_change_password,
      array(select p.action || ':' || p.subject from role_permissions rp join permissions p on p.id = rp.permission_id
            join roles r on r.id = rp.role_id where rp.role_id = u.role_id) as permissions
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${hashToken(token)} and s.revoked_at is null and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => ${idle}) and u.status = 'active'`);
  const r = rows[0];
  if (!r) return null;
  if (r.seen_age > 60) {
    await s.database.query(sql`update sessions set last_seen_at = now() where id = ${r.session_id}`);
  }
  return {
    id: r.id,
    username: r.username,
    full_name: r.full_name,
    role_id: r.role_id,
    ward_id: r.ward_id,
    session_id: r.session_id,
    must_change_password: !!r.must_change_password,
    permissions: new Set(r.permissions ?? []),
    unscoped: r.username === 'admin' || r.ward_id === null,
  };
}

export async function createSession(s: Services, userId: number, req: FastifyRequest): Promise<string> {
  const token = newToken();
  const hours = s.config.SESSION_MAX_HOURS;
  await s.database.query(sql`insert into sessions (token_hash, user_id, expires_at, ip, user_agent)
    values (${hashToken(token)}, ${userId}, now() + make_interval(hours => ${hours}), ${req.ip}, ${req.headers['user-agent']?.slice(0, 500) ?? null})`);
  return token;
}

/** Ends sessions of a user: all, or all but one. */
export async function revokeUserSessions(s: Services, userId: number, exceptSessionId?: number) {
  await s.database.query(sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null
    and (${exceptSessionId ?? null}::int is null or id <> ${exceptSessionId ?? null}::int)`);
}
