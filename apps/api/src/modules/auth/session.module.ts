import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, badRequest, unauthorized } from '../../core/errors';
import { defineModule, type SessionUser } from '../../core/module';
import { verifyPassword } from '../../core/passwords';
import { resource } from '../../core/runtime';
import { createSession } from '../../core/session';
import { exec } from '../../db/sql';
import { deviceOf, issueDeviceCookie } from './device-cookie';
import { logSignIn, throttleReason } from './login-log';
import { presentUser, profileEntrySchema, userEntrySchema } from './presenter';
import { type Attempt, accountKey, loginLimits, reserve, type Throttled } from './rate-limit';
import { MSG, requiredString } from './schemas';
import { CHALLENGE_REQUIRED, createChallenge, redeemSolution } from './signin-challenge';

const loginBody = z
  .object({
    username: requiredString('Tên đăng nhập', 255),
    password: requiredString('Mật khẩu', 1024),
    /** a solved sign-in challenge (signin-challenge.ts), asked for while the account is under attack */
    challenge: z.string({ error: 'Thử thách đăng nhập không hợp lệ' }).max(4096, 'Thử thách đăng nhập không hợp lệ').optional(),
  })
  .strict()
  .meta({ examples: [{ username: 'admin', password: 'Admin@12345' }] });

/**
 * Sign-in, sign-out and the profile of the signed-in user.
 *
 * Unknown user and wrong password answer alike (401, same argon2 work). A locked account answers
 * 'Tài khoản đã bị khóa' only after its correct password, so the message tells nothing to someone
 * who does not hold the password. Failed sign-ins are counted in `login_attempts` (shared by every
 * process), reserved before the password is checked (rate-limit.ts): per address, per (account,
 * address), and account-wide with progressive delays for browsers without the account's device
 * cookie (device-cookie.ts; with it, per device). Failed and throttled sign-ins go to the system log
 * (login-log.ts).
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
        const { username, password, challenge } = ctx.body;
        const req = ctx.req;
        // a browser that signed in to this account before is exempt from the account-wide limit
        const device = await deviceOf(services, req, username);
        // so is one that solved a sign-in challenge (used up here, once)
        const solved = !device && !!challenge && (await redeemSolution(services, challenge));
        if (challenge && !device && !solved) throw badRequest([{ field: 'challenge', message: MSG.badChallenge }]);
        const limits = loginLimits(username, req.ip, device, solved);
        let attempt: Attempt;
        try {
          // reserved before the password is checked, so concurrent guesses cannot overshoot the limits
          attempt = await reserve(services, limits, MSG.tooManyLogins);
        } catch (err) {
          const keys = (err as Partial<Throttled>).limitKeys;
          if (err instanceof AppError && err.status === 429 && keys?.length) {
            const retryAfter = Number(err.headers['retry-after']) || undefined;
            await logSignIn(services, req, {
              action: 'login-throttled',
              username,
              reason: throttleReason(keys),
              code: 429,
              retryAfter,
              trustedDevice: !!device,
            });
            // held by the account-wide turn: a solved challenge gets past it (the web solves one and retries)
            if (!device && keys.includes(accountKey(username))) {
              throw new AppError(429, MSG.challengeRequired, { retry_after: retryAfter ?? 1, [CHALLENGE_REQUIRED]: true }, err.headers);
            }
          }
          throw err;
        }
        const [u] = await exec<{ id: number; username: string; password: string | null; status: string }>(
          services.database.db,
          sql`select id, username, password, status from users where username = ${username.trim()}`,
        );
        const ok = await verifyPassword(u?.password, password);
        if (!u || !ok) {
          await attempt.fail();
          await logSignIn(services, req, {
            action: 'login-failed',
            username,
            reason: u ? 'wrong_password' : 'unknown_user',
            userId: u?.id,
            code: 401,
            trustedDevice: !!device,
          });
          throw unauthorized(MSG.badCredentials);
        }
        if (u.status !== 'active') {
          // the right password of a locked account is no guess: neither counted nor clearing
          await attempt.release();
          await logSignIn(services, req, { action: 'login-failed', username, reason: 'locked_account', userId: u.id, code: 401, trustedDevice: !!device });
          throw new AppError(401, MSG.locked);
        }
        // a success forgets this browser's failures: of its device, or of its address at this account and
        // the account-wide ones (only the password's holder gets here from a browser without the cookie)
        await attempt.release(device ? [limits[0].key] : [limits[0].key, accountKey(username)]);
        await resource('users').derive(services.db, sql`id = ${u.id}`, { last_login_at: sql`now()` });
        const token = await createSession(services, u.id, req);
        const entry = await presentUser(services.database, u.id);
        await issueDeviceCookie(services, ctx.reply, u.username, device);
        // the audit row names the user who just signed in
        ctx.req.user = { id: u.id, username: u.username } as SessionUser;
        await ctx.audit({ action: 'login', subject: 'users', recordId: u.id });
        return { token, token_type: 'Bearer', must_change_password: !!entry?.must_change_password, entry };
      },
    });

    router.add({
      method: 'GET',
      url: '/api/auth/challenge',
      access: 'public',
      summary: 'Thử thách đăng nhập (bằng chứng công việc ALTCHA) khi tài khoản đang bị dò mật khẩu',
      tags: ['Xác thực'],
      response: z.object({ algorithm: z.literal('SHA-256'), challenge: z.string(), maxnumber: z.number(), salt: z.string(), signature: z.string() }),
      async handler(ctx) {
        ctx.reply.header('cache-control', 'no-store');
        return createChallenge(services);
      },
    });

    router.add({
      method: 'POST',
      url: '/api/admin/logout',
      access: 'authenticated',
      summary: 'Đăng xuất (kết thúc phiên hiện tại)',
      tags: ['Xác thực'],
      response: z.null(),
      message: 'Đăng xuất thành công',
      async handler(ctx) {
        const me = ctx.user as SessionUser;
        await exec(services.db, sql`update sessions set revoked_at = now() where id = ${me.session_id} and revoked_at is null`);
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
