import crypto from 'node:crypto';
import { ALL_PERMISSIONS, FULL_ROLE_NAME } from '@nns/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exec } from '../db/sql';
import { hashPassword } from '../lib/passwords';
import { resource } from './runtime';

/**
 * What every database holds (written in the migrations' transaction, through the runtime's seed): the permission catalogue, the full role holding all of it, and the
 * user `admin`. Idempotent; new catalogue entries reach the full role on the next start.
 * Returns the generated admin password when one was made (printed once by the caller).
 */
export async function seedPlatform(tx: Db, adminPassword?: string): Promise<{ generatedPassword?: string }> {
  const values = ALL_PERMISSIONS.map((p) => sql`(${p.action}, ${p.subject})`);
  await exec(tx, sql`insert into permissions (action, subject) values ${sql.join(values, sql`, `)} on conflict do nothing`);
  let role = (await exec<{ id: number }>(tx, sql`select id from roles where name = ${FULL_ROLE_NAME}`))[0];
  if (!role) {
    role = { id: await resource('roles').seed(tx, { name: FULL_ROLE_NAME, description: 'Toàn quyền quản trị hệ thống', price: 0, status: 'approved' }) };
  }
  await exec(tx, sql`insert into role_permissions (role_id, permission_id) select ${role.id}, id from permissions on conflict do nothing`);
  const admin = (await exec<{ id: number }>(tx, sql`select id from users where username = 'admin'`))[0];
  if (admin) return {};
  const generated = adminPassword ? undefined : crypto.randomBytes(9).toString('base64url');
  const hash = await hashPassword(adminPassword ?? (generated as string));
  // the hash is stored as it is: a seed runs no write path
  await resource('users').seed(tx, {
    username: 'admin',
    password: hash,
    full_name: 'Quản trị viên',
    email: 'admin@localhost.localdomain',
    role_id: role.id,
    scope: 'all',
    status: 'active',
    is_highlight: false,
    must_change_password: false,
  });
  return { generatedPassword: generated };
}
