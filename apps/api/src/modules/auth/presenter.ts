import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { exec } from '../../db/sql';

/** The columns of a user that may leave the server: never the password hash. */
export const USER_COLUMNS = sql`u.id, u.username, u.full_name, u.email, u.phone, u.avatar, u.role_id, u.scope, u.province_id, u.ward_id,
  u.status, u.is_highlight, u.must_change_password, u.last_login_at, u.created_at, u.updated_at`;

export interface UserRow {
  id: number;
  username: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  role_id: number | null;
  scope: 'all' | 'province' | 'ward' | 'producer';
  province_id: number | null;
  ward_id: number | null;
  status: string;
  is_highlight: boolean | null;
  must_change_password: boolean | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RoleEntry {
  id: number;
  name: string;
  permissions: { action: string; subject: string }[];
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The signed-in user as login, profile and load-profile answer it (`data.entry`). */
export async function presentUser(database: Database, userId: number, o: { ward?: boolean } = {}) {
  const [u] = await exec<UserRow>(database.db, sql`select ${USER_COLUMNS} from users u where u.id = ${userId}`);
  if (!u) return null;
  let role: RoleEntry | null = null;
  if (u.role_id != null) {
    const [r] = await exec<{ id: number; name: string }>(database.db, sql`select id, name from roles where id = ${u.role_id}`);
    if (r) {
      const permissions = await exec<{ action: string; subject: string }>(
        database.db,
        sql`select p.action, p.subject
        from role_permissions rp join permissions p on p.id = rp.permission_id
        where rp.role_id = ${r.id} order by p.subject, p.action`,
      );
      role = { id: r.id, name: r.name, permissions };
    }
  }
  const entry: Record<string, unknown> = {
    ...u,
    is_highlight: !!u.is_highlight,
    must_change_password: !!u.must_change_password,
    last_login_at: iso(u.last_login_at),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    role,
  };
  if (o.ward) {
    let ward: { id: number; code: string; name: string } | null = null;
    if (u.ward_id != null) {
      [ward] = await exec<{ id: number; code: string; name: string }>(database.db, sql`select id, code, name from wards where id = ${u.ward_id}`);
    }
    entry.ward = ward ?? null;
  }
  return entry;
}

/** Raw rows of a statement run inside a transaction. */

/** The shapes answered, for the OpenAPI document (the presenter above builds them). */
export const userEntrySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  role_id: z.number().int().nullable(),
  /** what the account sees (docs/accounts.md); the web app narrows its pickers and pre-fills forms with it */
  scope: z.enum(['all', 'province', 'ward', 'producer']),
  province_id: z.number().int().nullable(),
  ward_id: z.number().int().nullable(),
  status: z.enum(['active', 'locked']),
  is_highlight: z.boolean(),
  must_change_password: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  role: z
    .object({
      id: z.number().int(),
      name: z.string(),
      permissions: z.array(z.object({ action: z.string(), subject: z.string() })),
    })
    .nullable(),
});

export const profileEntrySchema = userEntrySchema.extend({
  ward: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
});
