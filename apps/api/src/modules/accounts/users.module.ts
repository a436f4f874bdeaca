import administrativeDef from '@nns/shared/resources/administrative';
import usersDef from '@nns/shared/resources/users';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, forbidden } from '../../core/errors';
import { type Ctx, defineModule, type ResourceHooks, type StoredRow } from '../../core/module';
import { addRecordAction } from '../../core/record-action';
import { resourceDocs } from '../../core/resource-schema';
import { exec } from '../../core/resource-store';
import { revokeUserSessions } from '../../core/session';
import type { Db } from '../../db/client';
import { assertMayAssignRole, assertMayManage, assertNotLastAdmin, assignableRoles, me, refuse } from './access';

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

/** The rules of a change of status (lock / unlock) of a back-office user; a lock ends their sessions at once. */
type User = StoredRow<typeof usersDef>;

async function checkStatusChange(db: Db, ctx: Ctx, existing: User, status: unknown) {
  if (status === undefined || status === existing.status) return;
  if (status === 'locked') {
    if (existing.id === me(ctx).id) throw refuse('Bạn không thể tự khóa tài khoản của mình');
    await assertNotLastAdmin(db, existing, 'khóa');
    await revokeUserSessions(db, existing.id);
  }
}

const SCOPE_RANK = { all: 0, province: 1, ward: 2, producer: 3 } as const;
const SCOPE_KEYS = ['scope', 'province_id', 'ward_id', 'manufacture_id'] as const;
type AccountScope = keyof typeof SCOPE_RANK;

/**
 * An account's scope is explicit and consistent (docs/accounts.md): 'all' holds neither province nor
 * ward; 'province' holds a province and no ward; 'ward' holds a ward and, derived from it, that ward's
 * province. Nobody grants a scope wider than their own: only an account whose scope is 'all' grants
 * 'all', a province officer grants their province or one of its wards, a ward officer their ward
 * (the engine's scope step has already kept the ward or province inside the actor's own); 'producer'
 * holds a producer (manufacture), whose ward and province it takes, and is granted by officers of that
 * producer's ward or province or by the producer's own accounts. Writes the settled values into `data`.
 */
async function settleAccountScope(db: Db, ctx: Ctx, data: Record<string, unknown>, existing?: User) {
  const actor = me(ctx);
  const touched = SCOPE_KEYS.some((k) => k in data);
  if (existing && !touched) return;
  const scope = (data.scope ?? existing?.scope) as AccountScope;
  const field = (f: string, message: string) => badRequest([{ field: f, message }]);
  if (SCOPE_RANK[scope] < SCOPE_RANK[actor.scope]) {
    throw field(
      'scope',
      scope === 'all' ? 'Chỉ người có phạm vi toàn hệ thống mới cấp được phạm vi toàn hệ thống' : 'Bạn không thể cấp phạm vi dữ liệu rộng hơn phạm vi của mình',
    );
  }
  if (scope === 'all') Object.assign(data, { province_id: null, ward_id: null, manufacture_id: null });
  else if (scope === 'province') {
    const province = 'province_id' in data ? data.province_id : existing?.province_id;
    if (province == null) throw field('province_id', 'Chọn tỉnh/thành phố cho tài khoản có phạm vi một tỉnh/thành phố');
    Object.assign(data, { province_id: province, ward_id: null, manufacture_id: null });
  } else if (scope === 'producer') {
    const producer = 'manufacture_id' in data ? data.manufacture_id : existing?.manufacture_id;
    if (producer == null) throw field('manufacture_id', 'Chọn cơ sở sản xuất cho tài khoản có phạm vi một cơ sở sản xuất');
    // whether the actor may name this producer is the reference check's (their scope on manufactures)
    const [m] = await exec<{ ward_id: number | null; province_id: number | null }>(
      db,
      sql`select m.ward_id, w.province_id from manufactures m left join wards w on w.id = m.ward_id where m.id = ${Number(producer)}`,
    );
    Object.assign(data, { manufacture_id: producer, ward_id: m?.ward_id ?? null, province_id: m?.province_id ?? null });
  } else {
    const ward = 'ward_id' in data ? data.ward_id : existing?.ward_id;
    if (ward == null) throw field('ward_id', 'Chọn phường/xã cho tài khoản có phạm vi một phường/xã');
    const [w] = await exec<{ province_id: number | null }>(db, sql`select province_id from wards where id = ${ward}`);
    Object.assign(data, { ward_id: ward, province_id: w?.province_id ?? null, manufacture_id: null });
  }
  if (existing && existing.id === actor.id) {
    const changed = SCOPE_KEYS.some((k) => ((k in data ? data[k] : existing[k]) ?? null) !== (existing[k] ?? null));
    if (changed) throw refuse('Bạn không thể tự thay đổi phạm vi dữ liệu của mình');
  }
}

export const userHooks: ResourceHooks<typeof usersDef> = {
  async beforeCreate(data, ctx, db) {
    if (typeof data.password !== 'string' || !data.password) throw badRequest([{ field: 'password', message: 'Mật khẩu bắt buộc' }]);
    await assertMayAssignRole(db, me(ctx), data.role_id);
    // the write path checks the password's strength and hashes it
    const out = { ...data, email: lower(data.email) };
    await settleAccountScope(db, ctx, out);
    return out;
  },

  async beforeUpdate(data, existing, ctx, db) {
    const actor = me(ctx);
    const out: Record<string, unknown> = { ...data };
    await assertMayManage(db, actor, existing);
    if (existing.username === 'admin' && out.username !== undefined && out.username !== 'admin') {
      throw refuse('Không thể đổi tên đăng nhập của tài khoản admin');
    }
    // one's sign-in name is given by whoever manages the account, like one's scope and role
    if (existing.id === actor.id && out.username !== undefined && out.username !== existing.username) {
      throw refuse('Bạn không thể tự đổi tên đăng nhập của mình');
    }
    if ('email' in out) out.email = lower(out.email);
    if ('role_id' in out && (out.role_id ?? null) !== (existing.role_id ?? null)) {
      if (existing.id === actor.id) throw refuse('Bạn không thể tự thay đổi vai trò của mình');
      await assertMayAssignRole(db, actor, out.role_id);
      await assertNotLastAdmin(db, existing, 'đổi vai trò của');
    }
    if (out.must_change_password === true && !existing.must_change_password && existing.id !== actor.id) {
      // required from now on: the user's sign-ins stay, but every call except the change answers 403
      await ctx.audit({ action: 'require-password-change', subject: 'users', recordId: existing.id, after: { must_change_password: true } }, db);
    }
    // one's own scope of work is set by someone else: an officer cannot leave their ward, nor widen it
    await settleAccountScope(db, ctx, out, existing);
    await checkStatusChange(db, ctx, existing, out.status);
    if (typeof out.password === 'string' && out.password) {
      // a password set by someone else is temporary: changed at the next sign-in; old sessions end (afterSecret)
      const temporary = existing.id !== actor.id;
      if (temporary) out.must_change_password = true;
      // the update's own log row never shows a password (scrubbed), so the change is named here
      await ctx.audit({ action: 'reset-password', subject: 'users', recordId: existing.id, after: { sessions_ended: true, temporary } }, db);
    }
    return out;
  },

  /** a new password ends the account's sessions, but for the one that set its own */
  async afterSecret(row, ctx, db) {
    await revokeUserSessions(db, row.id, row.id === ctx.user?.id ? ctx.user?.session_id : undefined);
  },

  async beforeDelete(row, ctx, db) {
    if (row.id === me(ctx).id) throw refuse('Bạn không thể tự xóa tài khoản của mình');
    if (row.username === 'admin') throw refuse('Không thể xóa tài khoản admin');
    await assertMayManage(db, me(ctx), row);
    await assertNotLastAdmin(db, row, 'xóa');
    await revokeUserSessions(db, row.id);
  },
};

const assignableQuery = z
  .object({
    search: z.string({ error: 'Từ khóa không hợp lệ' }).max(200, 'Từ khóa quá dài').optional(),
    ids: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'Danh sách mã không hợp lệ')
      .optional(),
    limit: z.coerce
      .number({ error: 'Số bản ghi không hợp lệ' })
      .int('Số bản ghi không hợp lệ')
      .min(1, 'Số bản ghi không hợp lệ')
      .max(100, 'Số bản ghi tối đa 100')
      .optional(),
  })
  .strict();
const statusQuery = z.object({ kind: z.enum(['user', 'administrative'], { error: 'Loại tài khoản không hợp lệ' }).optional() }).strict();
// no body, null or {} toggles; {status} sets it
const statusBody = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z
    .object({ status: z.enum(['active', 'locked'], { error: 'Trạng thái không hợp lệ' }).optional() }, { error: 'Dữ liệu gửi lên không hợp lệ' })
    .strict()
    .optional(),
);

/**
 * Back-office users: password hashing, role assignment without escalation, lock rules. The status
 * toggle is one path for both kinds of account (spec §7): PUT /api/admin/users/change-status/:id,
 * with `?kind=administrative` for administrative accounts; a body `{status}` sets it, no body toggles.
 */
export default defineModule({
  name: 'accounts-users',
  hooks: { users: userHooks },
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/roles/assignable',
      access: { action: 'list', subject: 'roles' },
      summary: 'Các vai trò người dùng hiện tại được phép gán (ô chọn vai trò của biểu mẫu người dùng)',
      tags: ['Người dùng'],
      query: assignableQuery,
      response: z.object({ entries: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
      message: 'Lấy danh sách thành công',
      handler: async (ctx) => {
        const ids = ctx.query.ids
          ?.split(',')
          .map(Number)
          .filter((n: number) => Number.isInteger(n) && n > 0);
        return { entries: await assignableRoles(services.db, me(ctx), { search: ctx.query.search, ids, limit: ctx.query.limit ?? 20 }) };
      },
    });
    addRecordAction(router, services, {
      // an administrative account's status is changed here too, with that resource's permission as well
      resource(ctx) {
        if (ctx.query.kind !== 'administrative') return 'users';
        if (!me(ctx).permissions.has('update:administrative')) throw forbidden();
        return 'administrative';
      },
      subject: 'users',
      url: '/api/admin/users/change-status/:id',
      permission: 'update',
      summary: 'Khóa/mở khóa tài khoản (người dùng; tài khoản hành chính với ?kind=administrative)',
      tags: ['Người dùng'],
      query: statusQuery,
      body: statusBody,
      response: z.object({ entry: z.union([resourceDocs(usersDef).row, resourceDocs(administrativeDef).row]) }),
      message: 'Cập nhật trạng thái thành công',
      // read-only in the administrative form: this route is the only way it changes
      audit: 'change-status',
      change: (ctx, existing) => ({ status: ctx.body?.status ?? (existing.status === 'active' ? 'locked' : 'active') }),
    });
  },
});
