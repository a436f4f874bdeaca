import adminDef from '@nns/shared/resources/administrative';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { defineModule, type ResourceHooks } from '../../core/module';
import { exec, findOne } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { resource } from '../../core/runtime';
import { generatePassword } from '../auth/password-reset.module';
import { refuse } from './access';

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
const resetBody = z
  .object({
    password: z.string({ error: 'Mật khẩu không hợp lệ' }).min(8, 'Mật khẩu phải từ 8 đến 128 ký tự').max(128, 'Mật khẩu phải từ 8 đến 128 ký tự').optional(),
  })
  .strict()
  .optional();

/** Administrative accounts' own rules (password hashing), applied by the one write path. */
export const adminHooks: ResourceHooks<typeof adminDef> = {
  async beforeCreate(data) {
    if (typeof data.password !== 'string' || !data.password) throw badRequest([{ field: 'password', message: 'Mật khẩu bắt buộc' }]);
    // the write path checks the password's strength and hashes it
    return { ...data, email: lower(data.email) };
  },
  async beforeUpdate(data, existing, ctx, db) {
    const out: Record<string, unknown> = { ...data };
    if ('email' in out) out.email = lower(out.email);
    if (typeof out.password === 'string' && out.password) {
      // the update's own log row never shows a password (scrubbed), so the change is named here
      await ctx.audit({ action: 'reset-password', subject: 'administrative', recordId: existing.id, after: { generated: false } }, db);
    }
    return out;
  },
};

/** Administrative accounts (their own table and roles): password hashing, reset, and role deletion rules. */
export default defineModule({
  name: 'accounts-administrative',
  hooks: {
    administrative: adminHooks,
    'roles-administrative': {
      async beforeDelete(row, _ctx, db) {
        const [{ n }] = await exec<{ n: number }>(db, sql`select count(*)::int as n from administrative where role_id = ${row.id}`);
        if (n > 0) {
          throw refuse(
            `Không thể xóa vai trò "${row.name}" vì đang được gán cho ${n} tài khoản hành chính. Hãy chuyển các tài khoản này sang vai trò khác trước khi xóa.`,
          );
        }
      },
    },
  },
  routes(router, services) {
    router.add({
      method: 'PUT',
      url: '/api/admin/administrative/reset-password/:id',
      access: { action: 'update', subject: 'administrative' },
      summary: 'Đặt lại mật khẩu tài khoản hành chính (mật khẩu tạo ra chỉ trả về một lần)',
      tags: ['Tài khoản hành chính'],
      params: idParams,
      body: resetBody,
      message: 'Đặt lại mật khẩu thành công',
      response: z.object({ id: z.number().int(), password: z.string().optional() }),
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const target = await findOne(db, adminDef, ctx.params.id, ctx, { forUpdate: true });
          const generated = ctx.body?.password ? null : generatePassword();
          await resource('administrative').setPassword(ctx, db, target, ctx.body?.password ?? (generated as string), {
            audit: 'reset-password',
            auditAfter: { generated: !!generated },
          });
          return generated ? { id: ctx.params.id, password: generated } : { id: ctx.params.id };
        }),
    });
  },
});
