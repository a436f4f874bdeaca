import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, unauthorized } from '../../core/errors';
import { defineModule, type SessionUser } from '../../core/module';
import { verifyPassword } from '../../core/passwords';
import { createSession } from '../../core/session';
import { presentUser, profileEntrySchema, userEntrySchema } from './presenter';
import { loginLimits, reserve } from './rate-limit';
import { MSG, requiredString } from './schemas';

const loginBody = z
  .object({
    username: requiredString('Tên đăng nhập', 255),
    password: requiredString('Mật khẩu', 1024),
  })
  .strict();

/**
 * Sign-in, sign-out and the profile of the signed-in user.
 *
 * Unknown user and wrong password answer alike (401, same argon2 work). A locked account answers
 * 'Tài khoản đã bị khóa' only after its correct password, so the message tells nothing to someone
 * who does not hold the password. Failed sign-ins are counted per account and per IP in
 * `login_attempts` (shared by every process), reserved before the password is checked (rate-limit.ts);
 * past the limit the answer is 429 with Retry-After and the password is not even checked. A success
 * clears the account's counter.
 */
export default defineModule({
  name: 'auth-session',
  routes(router, services) {
    router.add({
      method: 'POST',
      url: '/api/auth/login',
      access: 'public',
      summary: 'Đăng nhập',
      tags: ['Xác thực'],
      body: loginBody,
      response: z.object({ token: z.string(), token_type: z.literal('Bearer'), must_change_password: z.boolean(), entry: userEntrySchema }),
      message: 'Đăng nhập thành công',
      async handler(ctx) {
        const { username, password } = ctx.body;
        const limits = loginLimits(username, ctx.req.ip);
        // reserved before the password is checked, so concurrent guesses cannot overshoot the limits
        const attempt = await reserve(services, limits, MSG.tooManyLogins);
        const [u] = await services.database.query<{ id: number; username: string; password: string | null; status: string }>(
          sql`select id, username, password, status from users where username = ${username.trim()}`,
        );
        const ok = await verifyPassword(u?.password, password);
        if (!u || !ok) {
          await attempt.fail();
          throw unauthorized(MSG.badCredentials);
        }
        if (u.status !== 'active') {
          // the right password of a locked account is no guess: neither counted nor clearing
          await attempt.release();
          throw new AppError(401, MSG.locked);
        }
        // a success forgets the account's failures (not the address's)
        await attempt.release([limits[0].key]);
        await services.database.query(sql`update users set last_login_at = now() where id = ${u.id}`);
        const token = await createSession(services, u.id, ctx.req);
        const entry = await presentUser(services.database, u.id);
        // the audit row names the user who just signed in
        ctx.req.user = { id: u.id, username: u.username } as SessionUser;
        await ctx.audit({ action: 'login', subject: 'users', recordId: u.id });
        return { token, token_type: 'Bearer', must_change_password: !!entry?.must_change_password, entry };
      },
    });

    router.add({
      method: 'POST',
      url: '/api/admin/logout',
      access: 'authenticated',
      summary: 'Đăng xuất (kết thúc phiên hiện tại)',
      tags: ['Xác thực'],
      message: 'Đăng xuất thành công',
      async handler(ctx) {
        const me = ctx.user as SessionUser;
        await services.database.query(sql`update sessions set revoked_at = now() where id = ${me.session_id} and revoked_at is null`);
        await ctx.audit({ action: 'logout', subject: 'users', recordId: me.id });
        return null;
      },
    });

    router.add({
      method: 'GET',
      url: '/api/admin/profile',
      access: 'authenticated',
      summary: 'Thông tin người dùng đang đăng nhập',
      tags: ['Xác thực'],
      response: z.object({ entry: profileEntrySchema }),
      async handler(ctx) {
        const entry = await presentUser(services.database, (ctx.user as SessionUser).id, { ward: true });
        if (!entry) throw unauthorized();
        return { entry };
      },
    });
  },
});
