import { ACTION_LABELS, ACTIONS, type Action, FULL_ROLE_NAME, SUBJECTS, type Subject, unaccent } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, forbidden } from '../../core/errors';
import type { Ctx, SessionUser } from '../../core/module';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';

/** Rules that keep accounts safe: no privilege escalation, no self-lockout, never without an administrator. */

export const SUBJECT_KEYS = Object.keys(SUBJECTS) as Subject[];
const PERM_ERR = 'Quyền không hợp lệ';
export const permissionSchema = z
  .object({
    action: z.enum(ACTIONS as unknown as [Action, ...Action[]], { error: PERM_ERR }),
    subject: z.enum(SUBJECT_KEYS as [Subject, ...Subject[]], { error: PERM_ERR }),
  })
  .strict();
export const permissionsSchema = z.array(permissionSchema, { error: 'Danh sách quyền không hợp lệ' }).max(1000, 'Danh sách quyền quá dài');
export type PermissionInput = z.infer<typeof permissionSchema>;

export const key = (p: { action: string; subject: string }) => `${p.action}:${p.subject}`;
export const labelOf = (k: string) => {
  const [a, s] = k.split(':');
  return `${ACTION_LABELS[a as Action] ?? a} – ${SUBJECTS[s as Subject]?.label ?? s}`;
};

/** 409: a refusal the user can read (a 403 would send the screens to the forbidden page). */
export const refuse = (message: string) => new AppError(409, message);

export async function rolePermissionKeys(db: Db, roleId: number | null | undefined): Promise<Set<string>> {
  if (roleId == null) return new Set();
  const rows = await exec<{ k: string }>(
    db,
    sql`select p.action || ':' || p.subject as k from role_permissions rp
    join permissions p on p.id = rp.permission_id where rp.role_id = ${roleId}`,
  );
  return new Set(rows.map((r) => r.k));
}

export async function rolePermissions(db: Db, roleId: number) {
  return exec<{ action: string; subject: string }>(
    db,
    sql`select p.action, p.subject from role_permissions rp
    join permissions p on p.id = rp.permission_id where rp.role_id = ${roleId} order by p.subject, p.action`,
  );
}

/** Replaces a role's permissions (inside the caller's transaction). */
export async function writeRolePermissions(db: Db, roleId: number, perms: PermissionInput[]) {
  await exec(db, sql`delete from role_permissions where role_id = ${roleId}`);
  const uniq = [...new Set(perms.map(key))];
  if (!uniq.length) return;
  const pairs = uniq.map((k) => {
    const [a, s] = k.split(':');
    return sql`(${a}, ${s})`;
  });
  await exec(
    db,
    sql`insert into role_permissions (role_id, permission_id)
    select ${roleId}, p.id from permissions p where (p.action, p.subject) in (${sql.join(pairs, sql`, `)}) on conflict do nothing`,
  );
}

/** Nobody grants what they do not hold: the permissions a change adds must all be the actor's own. */
export function assertMayGrant(actor: SessionUser, before: Set<string>, after: Iterable<string>) {
  const missing = [...after].filter((k) => !before.has(k) && !actor.permissions.has(k));
  if (missing.length) {
    const shown = missing.slice(0, 5).map(labelOf).join('; ');
    throw forbidden(`Bạn không thể cấp quyền mà chính bạn không có: ${shown}${missing.length > 5 ? '…' : ''}`);
  }
}

export async function fullRoleId(db: Db, lock = false): Promise<number | null> {
  const [r] = await exec<{ id: number }>(db, sql`select id from roles where name = ${FULL_ROLE_NAME}${lock ? sql` for update` : sql``}`);
  return r?.id ?? null;
}

export const FULL_ROLE_SCOPE_MESSAGE = `Chỉ người có phạm vi toàn hệ thống mới gán được vai trò ${FULL_ROLE_NAME}`;

/**
 * The roles an actor may give (the user form's role picker asks for these only): holding nothing the
 * actor lacks, and not the administrators' role unless the actor sees the whole system.
 */
export async function assignableRoles(db: Db, actor: SessionUser, o: { search?: string; ids?: number[]; limit: number }) {
  const perms = [...actor.permissions];
  const w = [
    perms.length
      ? sql`not exists (select 1 from role_permissions rp join permissions p on p.id = rp.permission_id
          where rp.role_id = r.id and (p.action || ':' || p.subject) not in (${sql.join(
            perms.map((k) => sql`${k}`),
            sql`, `,
          )}))`
      : sql`not exists (select 1 from role_permissions rp where rp.role_id = r.id)`,
  ];
  if (actor.scope !== 'all') w.push(sql`r.name <> ${FULL_ROLE_NAME}`);
  if (o.search?.trim()) {
    const esc = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const raw = o.search.trim().toLowerCase();
    // rows seeded without search_text (the platform's own roles) are still found by their name
    w.push(sql`(r.search_text like ${esc(unaccent(raw))} or lower(r.name) like ${esc(raw)})`);
  }
  if (o.ids?.length)
    w.push(
      sql`r.id in (${sql.join(
        o.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return exec<{ id: number; name: string }>(db, sql`select r.id, r.name from roles r where ${sql.join(w, sql` and `)} order by r.name limit ${o.limit}`);
}

/** Giving a user a role: the role may hold nothing the actor lacks. */
export async function assertMayAssignRole(db: Db, actor: SessionUser, roleId: unknown) {
  if (roleId == null) return;
  // the administrators' role is given only by an account that sees the whole system
  if (actor.scope !== 'all' && Number(roleId) === (await fullRoleId(db))) throw forbidden(FULL_ROLE_SCOPE_MESSAGE);
  const perms = await rolePermissionKeys(db, Number(roleId));
  const missing = [...perms].filter((k) => !actor.permissions.has(k));
  if (missing.length) throw forbidden('Bạn không thể gán vai trò có nhiều quyền hơn vai trò của bạn');
}

/** Changing another account: it may not hold permissions the actor lacks (no takeover of a stronger account). */
export async function assertMayManage(db: Db, actor: SessionUser, target: Record<string, unknown>) {
  if (target.id === actor.id) return;
  if (target.username === 'admin' && actor.username !== 'admin') throw forbidden('Chỉ tài khoản admin được thay đổi tài khoản admin');
  const perms = await rolePermissionKeys(db, target.role_id as number | null);
  if ([...perms].some((k) => !actor.permissions.has(k))) throw forbidden('Bạn không thể thay đổi tài khoản có nhiều quyền hơn bạn');
}

/** Refuses a change that would leave no active holder of the full role. Locks that role's row so two such changes serialize. */
export async function assertNotLastAdmin(db: Db, target: Record<string, unknown>, what: string) {
  const fullId = await fullRoleId(db, true);
  if (fullId == null || target.role_id !== fullId || target.status !== 'active') return;
  const [{ n }] = await exec<{ n: number }>(
    db,
    sql`select count(*)::int as n from users
    where role_id = ${fullId} and status = 'active' and id <> ${target.id}`,
  );
  if (n === 0) throw refuse(`Không thể ${what} người quản trị cuối cùng giữ vai trò ${FULL_ROLE_NAME}`);
}

export const me = (ctx: Ctx) => ctx.user as SessionUser;
