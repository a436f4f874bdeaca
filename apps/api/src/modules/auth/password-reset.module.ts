import crypto from 'node:crypto';
import { isEmail, MESSAGES } from '@nns/shared';
import usersDef from '@nns/shared/resources/users';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../../core/errors';
import { defineModule, type SessionUser } from '../../core/module';
import { whereSql } from '../../core/resource-query';
import { resource } from '../../core/runtime';
import { scopeOf } from '../../core/scope';
import type { Services } from '../../core/services';
import { hashToken, newToken } from '../../core/session';
import { exec } from '../../db/sql';
import { assertMayManage } from '../accounts/access';
import { RESET_PER_EMAIL, RESET_PER_IP, reserve, WINDOW_MINUTES } from './rate-limit';
import { resetMail } from './reset-mail';
import { MSG, newPassword } from './schemas';

/** A reset link lives 30 minutes and works once. */
export const RESET_MINUTES = 30;

const emailBody = z
  .object({
    email: z
      .string({ error: (i) => (i.input === undefined || i.input === null ? MESSAGES.required('Email') : MESSAGES.email) })
      .trim()
      .min(1, MESSAGES.required('Email'))
      .max(255, MESSAGES.maxLength('Email', 255))
      .refine(isEmail, MESSAGES.email),
  })
  .strict();

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, MSG.resetInvalid) }).strict();

const setPasswordBody = z
  .object({
    password: newPassword('Mật khẩu mới'),
    password_confirmation: z.string({ error: MESSAGES.required('Xác nhận mật khẩu') }).min(1, MESSAGES.required('Xác nhận mật khẩu')),
  })
  .strict()
  .superRefine((b, c) => {
    if (b.password_confirmation !== b.password) c.addIssue({ code: 'custom', path: ['password_confirmation'], message: MSG.confirmMismatch });
  });

const adminResetBody = z
  .object({
    id: z
      .number({ error: MESSAGES.required('Người dùng') })
      .int(MESSAGES.invalid('Người dùng'))
      .positive(MESSAGES.invalid('Người dùng'))
      .max(2147483647, MESSAGES.invalid('Người dùng')),
    password: z.preprocess((v) => (v === null || v === '' ? undefined : v), newPassword('Mật khẩu mới').optional()),
  })
  .strict();

/** A password an administrator can read out once: 14 characters of four kinds. */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#%+=!?'];
  const all = sets.join('');
  const chars = sets.map((s) => s[crypto.randomInt(s.length)]);
  while (chars.length < 14) chars.push(all[crypto.randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** The user of a live reset token, or null. */
async function tokenUser(s: Services, token: string) {
  const [r] = await exec<{ user_id: number; expires_at: string }>(
    s.database.db,
    sql`select user_id, expires_at from password_resets
    where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()`,
  );
  return r ?? null;
}

/** Creates the token and sends the mail; errors are logged, the caller's answer does not depend on them. */
async function issueReset(s: Services, user: { id: number; email: string; full_name: string; username: string }) {
  const token = newToken();
  await s.db.transaction(async (tx) => {
    // an earlier link stops working when a new one is asked for
    await exec(tx, sql`update password_resets set used_at = now() where user_id = ${user.id} and used_at is null`);
    await exec(
      tx,
      sql`insert into password_resets (user_id, token_hash, expires_at)
      values (${user.id}, ${hashToken(token)}, now() + make_interval(mins => ${RESET_MINUTES}))`,
    );
  });
  // the host comes from PUBLIC_URL, never from the request
  const link = `${s.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  // the outbox's copy of a mail that went over SMTP keeps neither the link nor the token
  await s.mail.send({ to: user.email, ...resetMail(user, link, RESET_MINUTES), redact: [link, token, encodeURIComponent(token)] });
}

/**
 * The forgotten-password flow (/auth/forget-password → /auth/check-email → /auth/reset-password)
 * and the administrator's reset of another account's password.
 */
export default defineModule({
  name: 'auth-password-reset',
  routes(router, services) {
    router.add({
      method: 'POST',
      url: '/api/auth/reset-password',
      access: 'public',
      summary: 'Yêu cầu liên kết đặt lại mật khẩu qua email',
      tags: ['Xác thực'],
      body: emailBody,
      // the same answer whether or not the address belongs to an account
      response: z.null(),
      message: MSG.resetSent,
      async handler(ctx) {
        const email = ctx.body.email.toLowerCase();
        // per (e-mail, address), not per e-mail: a stranger asking for someone's address uses up only
        // their own share, and the owner asking from elsewhere still gets the mail
        const limits = [
          { key: `reset:ip:${ctx.req.ip}`, max: RESET_PER_IP, windowMinutes: WINDOW_MINUTES },
          { key: `reset:email:${email}|${ctx.req.ip}`, max: RESET_PER_EMAIL, windowMinutes: WINDOW_MINUTES },
        ];
        // every request counts: checked and counted in one step, so a burst cannot overshoot
        await reserve(services, limits, MSG.tooManyResets, { count: true });
        const [u] = await exec<{ id: number; email: string; full_name: string; username: string }>(
          services.database.db,
          sql`select id, email,
          full_name, username from users where lower(email) = ${email} and status = 'active' order by (email = ${ctx.body.email}) desc, id limit 1`,
        );
        if (u) {
          // not awaited: the answer takes the same time whether or not the account exists
          issueReset(services, u).catch((err) => services.log.error({ err, userId: u.id }, 'password reset mail failed'));
        }
        return null;
      },
    });

    router.add({
      method: 'GET',
      url: '/api/auth/forgot-password/:token',
      access: 'public',
      summary: 'Kiểm tra liên kết đặt lại mật khẩu',
      tags: ['Xác thực'],
      params: tokenParams,
      secretParams: ['token'],
      response: z.object({ valid: z.literal(true), expires_at: z.string() }),
      message: 'Liên kết hợp lệ',
      async handler(ctx) {
        const r = await tokenUser(services, ctx.params.token);
        if (!r) throw new AppError(400, MSG.resetInvalid);
        return { valid: true, expires_at: new Date(r.expires_at).toISOString() };
      },
    });

    router.add({
      method: 'POST',
      url: '/api/auth/forgot-password/:token',
      access: 'public',
      summary: 'Đặt mật khẩu mới bằng liên kết đặt lại mật khẩu',
      tags: ['Xác thực'],
      params: tokenParams,
      secretParams: ['token'],
      body: setPasswordBody,
      response: z.object({ id: z.number().int() }),
      message: MSG.resetDone,
      async handler(ctx) {
        const link = await tokenUser(services, ctx.params.token);
        if (!link) throw new AppError(400, MSG.resetInvalid);
        const userId = await services.db.transaction(async (tx) => {
          // marking the token used is the check: of two concurrent uses only one finds it unused
          const [r] = await exec<{ user_id: number }>(
            tx,
            sql`update password_resets set used_at = now()
            where token_hash = ${hashToken(ctx.params.token)} and used_at is null and expires_at > now() returning user_id`,
          );
          if (!r) throw new AppError(400, MSG.resetInvalid);
          // the link proved the right: the account is read as it is, every session of it ends (afterSecret)
          await resource('users').setPassword(ctx, tx, r.user_id, ctx.body.password, {
            audit: 'forgot-password',
            also: { must_change_password: false },
            auditAfter: { sessions_ended: true },
          });
          await exec(tx, sql`update password_resets set used_at = now() where user_id = ${r.user_id} and used_at is null`);
          return r.user_id;
        });
        return { id: userId };
      },
    });

    router.add({
      method: 'POST',
      url: '/api/admin/reset-password',
      access: { action: 'update', subject: 'users' },
      summary: 'Quản trị viên đặt lại mật khẩu cho một tài khoản (phải đổi ở lần đăng nhập sau)',
      tags: ['Xác thực'],
      body: adminResetBody,
      response: z.object({ id: z.number().int(), password: z.string().optional().describe('mật khẩu được tạo, chỉ trả về một lần') }),
      message: 'Đặt lại mật khẩu thành công',
      async handler(ctx) {
        const me = ctx.user as SessionUser;
        // a scoped officer sees only the accounts of their ward or province, like the users list
        const [target] = await exec<{
          id: number;
          username: string;
          full_name: string | null;
          email: string | null;
          phone: string | null;
          ward_id: number | null;
          role_id: number | null;
        }>(
          services.database.db,
          sql`select id, username, full_name, email, phone, ward_id, role_id from users${whereSql([sql`id = ${ctx.body.id}`, ...scopeOf(usersDef, me)])}`,
        );
        if (!target) throw notFound(MSG.userNotFound);
        if (target.username === 'admin' && me.username !== 'admin') throw forbidden('Chỉ tài khoản admin được đặt lại mật khẩu của chính mình');
        // no takeover of an account holding permissions the actor lacks (accounts rule)
        await assertMayManage(services.db, me, target);
        const generated = ctx.body.password ? null : generatePassword();
        await services.db.transaction(async (tx) => {
          // temporary: changed at the next sign-in; every session of the account ends (afterSecret)
          await resource('users').setPassword(ctx, tx, target.id, ctx.body.password ?? (generated as string), {
            audit: 'reset-password',
            also: { must_change_password: true },
            auditAfter: { sessions_ended: true, generated: !!generated },
          });
          await exec(tx, sql`update password_resets set used_at = now() where user_id = ${target.id} and used_at is null`);
        });
        // the generated password is shown once, here, and stored nowhere in clear
        return generated ? { id: target.id, password: generated } : { id: target.id };
      },
    });
  },
});
