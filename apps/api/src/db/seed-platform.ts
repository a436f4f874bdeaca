import crypto from 'node:crypto';
import { ALL_PERMISSIONS, FULL_ROLE_NAME } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * What every database holds: the permission catalogue, the full role holding all of it, and the
 * user `admin`. Idempotent; new catalogue entries reach the full role on the next start.
 * Returns the generated admin password when one was made (printed once by the caller).
 */
export async function seedPlatform(tx: Db, adminPassword?: string): Promise<{ generatedPassword?: string }> {
  const values = ALL_PERMISSIONS.map((p) => sql`(${p.action}, ${p.subject})`);
  await tx.execute(sql`insert into permissions (action, subject) values ${sql.join(values, sql`, `)} on conflict do nothing`);
  let role = rows<{ id: number }>(await tx.execute(sql`select id from roles where name = ${FULL_ROLE_NAME}`))[0];
  if (!role) {
    role = rows<{ id: number }>(
      await tx.execute(sql`insert into roles (name, description, price, status)
      values (${FULL_ROLE_NAME}, ${'Toàn quyền quản trị hệ thống'}, 0, 'approved') returning id`),
    )[0];
  }
  await tx.execute(sql`insert into role_permissions (role_id, permission_id) select ${role.id}, id from permissions on conflict do nothing`);
  const admin = rows<{ id: number }>(await tx.execute(sql`select id from users where username = 'admin'`))[0];
  if (admin) return {};
  const generated = adminPassword ? undefined : crypto.randomBytes(9).toString('base64url');
  const hash = await hashPassword(adminPassword ?? (generated as string));
  await tx.execute(sql`insert into users (username, password, full_name, email, role_id, scope, status, is_highlight, must_change_password)
    values ('admin', ${hash}, ${'Quản trị viên'}, ${'admin@localhost.localdomain'}, ${role.id}, 'all', 'active', false, false)`);
  return { generatedPassword: generated };
}
