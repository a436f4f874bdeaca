import { fieldSchema } from '@nns/shared';
import usersDef from '@nns/shared/resources/users';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, conflict, fieldError, unauthorized } from '../../core/errors';
import { defineModule, type SessionUser } from '../../core/module';
import { verifyPassword } from '../../core/passwords';
import { exec, missingUploads, selectList } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import { presentUser, profileEntrySchema } from './presenter';
import { CHANGE_PASSWORD_PER_USER, reserve, WINDOW_MINUTES } from './rate-limit';
import { MSG, newPassword, requiredString } from './schemas';

const F = usersDef.fields;

/**
 * What a user may change of their own account: name, e-mail, phone, avatar. Strict, so a body
 * carrying role_id, status, username, password, ward_id… is refused whole (no mass assignment).
 */
const profileBody = z
  .object({
    full_name: fieldSchema(F.full_name, 'create').optional(),
    email: fieldSchema(F.email, 'update'),
    phone: fieldSchema(F.phone, 'update'),
    avatar: fieldSchema(F.avatar, 'update'),
  })
  .strict();

const changePasswordBody = z
  .object({
    old_password: requiredString('Mật khẩu hiện tại', 1024),
    new_password: newPassword('Mật khẩu mới'),
    new_password_confirmation: z.string().optional(),
  })
  .strict()
  .superRefine((b, c) => {
    if (b.new_password_confirmation !== undefined && b.new_password_confirmation !== b.new_password) {
      c.addIssue({ code: 'custom', path: ['new_password_confirmation'], message: MSG.confirmMismatch });
    }
  });

const isUniqueViolation = (e: unknown) => {
  const x = e as { code?: string; cause?: { code?: string } };
  return x?.code === '23505' || x?.cause?.code === '23505';
};

export default defineModule({
  name: 'auth-profile',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/load-profile',
      access: 'authenticated',
      summary: 'Hồ sơ cá nhân',
      tags: ['Xác thực'],
      response: z.object({ entry: profileEntrySchema }),
      async handler(ctx) {
        const entry = await presentUser(services.database, (ctx.user as SessionUser).id, { ward: true });
        if (!entry) throw unauthorized();
        return { entry };
      },
    });

    router.add({
      method: 'PUT',
      url: '/api/admin/load-profile',
      access: 'authenticated',
      summary: 'Cập nhật hồ sơ cá nhân (họ tên, email, số điện thoại, ảnh đại diện)',
      tags: ['Xác thực'],
      body: profileBody,
      response: z.object({ entry: profileEntrySchema }),
      message: 'Cập nhật hồ sơ thành công',
      async handler(ctx) {
        const me = ctx.user as SessionUser;
        const changes = Object.fromEntries(Object.entries(ctx.body).filter(([, v]) => v !== undefined)) as Record<string, string | null>;
        if (typeof changes.email === 'string') {
          const [taken] = await exec<{ id: number }>(
            services.db,
            sql`select id from users where lower(email) = lower(${changes.email}) and id <> ${me.id} limit 1`,
          );
          if (taken) throw conflict(MSG.emailTaken, 'email');
        }
        try {
          await services.db.transaction(async (tx) => {
            // one's own account, whatever one's scope of work: read as it is, written through the runtime
            const [before] = await exec<Record<string, unknown>>(tx, sql`select ${selectList(usersDef)} from users where id = ${me.id} for update`);
            if (!before) throw unauthorized();
            if (!Object.keys(changes).length) return;
            const missing = await missingUploads(tx, usersDef.fields, changes, { avatar: before.avatar });
            if (missing.length) throw badRequest(missing);
            await resource('users').update(ctx, tx, before, changes, { audit: 'update-profile' });
          });
        } catch (e) {
          if (isUniqueViolation(e)) throw conflict(MSG.emailTaken, 'email');
          throw e;
        }
        return { entry: await presentUser(services.database, me.id, { ward: true }) };
      },
    });

    router.add({
      method: 'PUT',
      url: '/api/admin/change-password',
      access: 'authenticated',
      summary: 'Đổi mật khẩu (kết thúc các phiên đăng nhập khác)',
      tags: ['Xác thực'],
      body: changePasswordBody,
      response: z.null(),
      message: 'Đổi mật khẩu thành công',
      async handler(ctx) {
        const me = ctx.user as SessionUser;
        const limits = [{ key: `change-password:user:${me.id}`, max: CHANGE_PASSWORD_PER_USER, windowMinutes: WINDOW_MINUTES }];
        const attempt = await reserve(services, limits, MSG.tooManyChanges);
        const [u] = await exec<{
          password: string | null;
          username: string;
          full_name: string | null;
          email: string | null;
          phone: string | null;
        }>(services.database.db, sql`select password, username, full_name, email, phone from users where id = ${me.id}`);
        if (!(await verifyPassword(u?.password, ctx.body.old_password))) {
          await attempt.fail();
          throw fieldError('old_password', MSG.wrongOldPassword);
        }
        // the right old password: whatever follows, this was no wrong guess
        await attempt.release();
        if (ctx.body.old_password === ctx.body.new_password) throw fieldError('new_password', MSG.samePassword);
        await services.db.transaction(async (tx) => {
          // every other sign-in of this user ends (afterSecret); this one goes on
          await resource('users').setPassword(ctx, tx, me.id, ctx.body.new_password, {
            audit: 'change-password',
            policyField: 'new_password',
            also: { must_change_password: false },
            auditAfter: { other_sessions_ended: true },
          });
        });
        await exec(services.db, sql`delete from login_attempts where key = ${limits[0].key}`);
        return null;
      },
    });
  },
});
