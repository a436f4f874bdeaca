import { ACTIONS, FULL_ROLE_NAME, paginationSchema, permissionCatalogue } from '@nns/shared';
import rolesDef from '@nns/shared/resources/roles';
import usersDef from '@nns/shared/resources/users';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Ctx, defineModule, type ResourceHooks, type StoredRow } from '../../core/module';
import { publishPermissionsChanged } from '../../core/realtime';
import { addRecordAction } from '../../core/record-action';
import { pageQueryShape } from '../../core/resource-query';
import { exec, findOne, present } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { resource } from '../../core/runtime';
import { scopeOf } from '../../core/scope';
import type { Services } from '../../core/services';
import { echoedKeys } from '../../core/write-path';
import type { Db } from '../../db/client';
import {
  assertMayGrant,
  key,
  labelOf,
  me,
  type PermissionInput,
  permissionsSchema,
  refuse,
  rolePermissionKeys,
  rolePermissions,
  SUBJECT_KEYS,
  writeRolePermissions,
} from './access';

const S = 'roles';
const tags = ['Vai trò'];
const createBody = rolesDef.createSchema.extend({ permissions: permissionsSchema.optional() }).strict();
const updateBody = rolesDef.updateSchema.extend({ permissions: permissionsSchema.optional() }).strict();
const permsBody = z.object({ permissions: permissionsSchema }).strict();
// page and limit are read like every list's
const catalogueQuery = z
  .object(pageQueryShape)
  .extend({
    role_id: z.coerce.number({ error: 'Vai trò không hợp lệ' }).int().positive('Vai trò không hợp lệ').max(2147483647, 'Vai trò không hợp lệ').optional(),
  })
  .strict();

const permissionOut = z.object({ action: z.string(), subject: z.string() });
const captioned = z.object({ key: z.string(), label: z.string() });
/** The catalogue screen's answer: the matrix's captions, the roles to choose from, a role's grants, the permissions paged. */
const catalogueAnswer = z.object({
  actions: z.array(captioned),
  areas: z.array(captioned.extend({ subjects: z.array(captioned) })),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string(), is_full: z.boolean() })),
  granted: z.array(permissionOut).optional().describe('quyền của vai trò role_id, khi có'),
  entries: z.array(permissionOut.extend({ id: z.number().int(), label: z.string() })),
  pagination: paginationSchema,
});
/** A role as presentRole shows it: its fields, its permissions, and who holds it (null without list:users). */
const roleAnswer = z.object({
  entry: z
    .object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      is_full: z.boolean(),
      permissions: z.array(permissionOut),
      users_count: z.number().int(),
      holders: z
        .array(
          z.object({
            id: z.number().int(),
            username: z.string(),
            full_name: z.string().nullable(),
            email: z.string().nullable(),
            status: z.string(),
            ward_id: z.number().int().nullable(),
          }),
        )
        .nullable(),
    })
    .passthrough(),
});

type Role = StoredRow<typeof rolesDef>;

const isFull = (row: { name?: unknown }) => row.name === FULL_ROLE_NAME;
const ALL_KEYS = SUBJECT_KEYS.flatMap((s) => ACTIONS.map((a) => `${a}:${s}`));

/** A role as the screens read it: its fields, its permissions, and who holds it (in the reader's scope). */
async function presentRole(db: Db, row: Role, ctx: Ctx) {
  const id = row.id;
  const permissions = await rolePermissions(db, id);
  const scope = scopeOf(usersDef, ctx.user);
  const scoped = scope.length ? sql` and ${sql.join(scope, sql` and `)}` : sql``;
  const [{ n }] = await exec<{ n: number }>(db, sql`select count(*)::int as n from users where role_id = ${id}${scoped}`);
  const holders = ctx.user?.permissions.has('list:users')
    ? await exec(db, sql`select id, username, full_name, email, status, ward_id from users where role_id = ${id}${scoped} order by full_name, id limit 100`)
    : null;
  return { ...present(rolesDef, row, ctx), is_full: isFull(row), permissions, users_count: n, holders };
}

/** Sets a role's permissions in the caller's transaction, with the escalation and full-role rules; returns before/after keys. */
async function setPermissions(db: Db, ctx: Ctx, role: Role, perms: PermissionInput[]) {
  const before = await rolePermissionKeys(db, role.id);
  const after = new Set(perms.map(key));
  if (isFull(role) && (after.size !== ALL_KEYS.length || ALL_KEYS.some((k) => !after.has(k)))) {
    throw refuse(`Vai trò ${FULL_ROLE_NAME} luôn giữ toàn bộ quyền; không thể bớt quyền của vai trò này`);
  }
  assertMayGrant(me(ctx), before, after);
  await writeRolePermissions(db, role.id, perms);
  await publishPermissionsChanged(ctx.services, role.id, before, after, db); // told to the role's users when this transaction commits
  return { before: [...before].sort(), after: [...after].sort() };
}

function routes(router: Parameters<NonNullable<Parameters<typeof defineModule>[0]['routes']>>[0], services: Services) {
  router.add({
    method: 'GET',
    url: '/api/admin/permissions',
    access: { action: 'list', subject: 'permissions' },
    summary: 'Danh mục quyền (hành động × đối tượng) kèm tên tiếng Việt',
    tags: ['Phân quyền'],
    query: catalogueQuery,
    response: catalogueAnswer,
    handler: async (ctx) => {
      const roles = await exec(services.db, sql`select id, name, status from roles order by name`);
      const granted = ctx.query.role_id ? await rolePermissions(services.db, ctx.query.role_id) : undefined;
      // the permissions themselves, paged like every list (the matrix screen reads the catalogue above)
      const { page, limit } = ctx.query;
      const [{ n }] = await exec<{ n: number }>(services.db, sql`select count(*)::int as n from permissions`);
      const entries = await exec<{ id: number; action: string; subject: string }>(
        services.db,
        sql`select id, action, subject from permissions order by subject, action limit ${limit} offset ${(page - 1) * limit}`,
      );
      return {
        ...permissionCatalogue(),
        roles: roles.map((r) => ({ ...r, is_full: isFull(r) })),
        ...(granted ? { granted } : {}),
        entries: entries.map((p) => ({ ...p, label: labelOf(key(p)) })),
        pagination: { page, limit, total: n, total_pages: Math.ceil(n / limit), next_cursor: null, total_is_estimate: false },
      };
    },
  });

  router.add({
    method: 'POST',
    url: '/api/admin/roles',
    access: { action: 'create', subject: S },
    summary: 'Thêm vai trò (kèm quyền)',
    tags,
    body: createBody,
    response: roleAnswer,
    message: 'Thêm mới thành công',
    handler: (ctx) =>
      services.db.transaction(async (db) => {
        const { permissions, ...data } = ctx.body;
        const row = await resource('roles').create(ctx, db, data, {
          also: async (r) => ({ after: { permissions: (await setPermissions(db, ctx, r, permissions ?? [])).after } }),
        });
        return { entry: await presentRole(db, row, ctx) };
      }),
  });

  router.add({
    method: 'GET',
    url: '/api/admin/roles/:id',
    access: { action: 'read', subject: S },
    summary: 'Chi tiết vai trò (quyền và người dùng giữ vai trò)',
    tags,
    params: idParams,
    response: roleAnswer,
    handler: async (ctx) => ({ entry: await presentRole(services.db, await findOne(services.db, rolesDef, ctx.params.id, ctx), ctx) }),
  });

  addRecordAction(router, services, {
    resource: 'roles',
    url: '/api/admin/roles/:id',
    permission: 'update',
    summary: 'Cập nhật vai trò (kèm quyền)',
    tags,
    body: updateBody,
    // a role sent back as GET answered it: what the server presents is set aside
    bodyIgnores: echoedKeys(rolesDef, { presentedKeys: ['is_full', 'users_count', 'holders'] }),
    response: roleAnswer,
    message: 'Cập nhật thành công',
    audit: 'update',
    op: 'update',
    change(ctx, existing, db) {
      const { permissions, ...data } = ctx.body;
      const also = async () => {
        if (!permissions) return undefined;
        const p = await setPermissions(db, ctx, existing, permissions);
        return { before: { permissions: p.before }, after: { permissions: p.after } };
      };
      return { data, also };
    },
    answer: async (db, row, ctx) => ({ entry: await presentRole(db, row, ctx) }),
  });

  router.add({
    method: 'PUT',
    url: '/api/admin/roles/:id/permissions',
    access: { action: 'update', subject: 'permissions' },
    summary: 'Cập nhật ma trận quyền của vai trò',
    tags: ['Phân quyền'],
    params: idParams,
    body: permsBody,
    response: roleAnswer,
    message: 'Cập nhật phân quyền thành công',
    handler: (ctx) =>
      services.db.transaction(async (db) => {
        const role = await findOne(db, rolesDef, ctx.params.id, ctx, { forUpdate: true });
        const perms = await setPermissions(db, ctx, role, ctx.body.permissions);
        // the role changed with its permissions: who and when, beside the 'permissions' audit row
        await resource('roles').derive(db, sql`id = ${ctx.params.id}`, { updated_at: sql`now()`, updated_by: me(ctx).id });
        await ctx.audit(
          {
            action: 'update-permissions',
            subject: 'permissions',
            recordId: ctx.params.id,
            before: { permissions: perms.before },
            after: { permissions: perms.after },
          },
          db,
        );
        return { entry: await presentRole(db, role, ctx) };
      }),
  });
}

/** The roles' own rules, applied by the one write path (and the engine's delete). */
const roleHooks: ResourceHooks<typeof rolesDef> = {
  beforeUpdate(data, existing) {
    if (isFull(existing) && data.name !== undefined && data.name !== existing.name) throw refuse(`Không thể đổi tên vai trò ${FULL_ROLE_NAME}`);
    return data;
  },
  async beforeDelete(row, ctx, db) {
    if (isFull(row)) throw refuse(`Không thể xóa vai trò ${FULL_ROLE_NAME}`);
    const [{ n }] = await exec<{ n: number }>(db, sql`select count(*)::int as n from users where role_id = ${row.id}`);
    if (n > 0) {
      throw refuse(
        `Không thể xóa vai trò "${row.name}" vì đang được gán cho ${n} người dùng. Hãy chuyển những người dùng này sang vai trò khác trước khi xóa.`,
      );
    }
    const held = [...(await rolePermissionKeys(db, row.id))].sort();
    await exec(db, sql`delete from role_permissions where role_id = ${row.id}`);
    // the delete's own log row holds the role's fields; what it could do is logged here
    if (held.length) {
      await ctx.audit(
        { action: 'update-permissions', subject: 'permissions', recordId: row.id, before: { permissions: held }, after: { permissions: [] } },
        db,
      );
    }
  },
};

/** Roles and the permission catalogue: the matrix is written in one transaction with its role. */
export default defineModule({
  name: 'accounts-roles',
  routes,
  hooks: { roles: roleHooks },
});
