import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { ADMIN_PASSWORD, call, changeElsewhere, login, makeApp, makeUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const SENT = 'Nếu email thuộc một tài khoản trong hệ thống, chúng tôi đã gửi hướng dẫn đặt lại mật khẩu tới email đó';
const INVALID = 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn';

const askReset = (email: string, ip = '10.9.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email }, remoteAddress: ip, headers });

/** The mail is sent after the answer (so timing does not tell); wait for it in the outbox. */
async function outboxMail(to: string) {
  for (let i = 0; i < 100; i++) {
    const [m] = await t.database.query<{ to: string; subject: string; text: string; html: string; status: string }>(
      sql`select "to", subject, text, html, status from outbox_mails where "to" = ${to} order by id desc limit 1`,
    );
    if (m) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

async function userWithEmail() {
  const u = await makeUser(t);
  const email = `nguoidung.${u.id}@nongnghiep.vn`;
  await t.database.query(sql`update users set email = ${email} where id = ${u.id}`);
  return { ...u, email };
}

const tokenOf = (text: string) => {
  const m = /(https?:\/\/[^\s]+\/auth\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(text);
  if (!m) throw new Error(`no link in ${text}`);
  return { link: m[1], token: m[2] };
};

describe('forgotten password (mail kept in the outbox without SMTP_URL)', () => {
  test('the same answer whether or not the account exists', async () => {
    const u = await userWithEmail();
    const known = await askReset(u.email, '10.9.1.1');
    const unknown = await askReset('khong.ai.ca@nongnghiep.vn', '10.9.1.1');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ code: 200, message: SENT, data: null });
    expect(unknown.json()).toEqual(known.json());
    await outboxMail(u.email);
    const none = await t.database.query(sql`select 1 from outbox_mails where "to" = 'khong.ai.ca@nongnghiep.vn'`);
    expect(none).toHaveLength(0);
  });

  test('validation in Vietnamese', async () => {
    const r = await askReset('khong-phai-email', '10.9.2.1');
    expect(r.statusCode).toBe(400);
    expect(r.json().data.errors).toEqual([{ field: 'email', message: 'Email không đúng định dạng' }]);
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: {}, remoteAddress: '10.9.2.1' });
    expect(empty.json().data.errors).toEqual([{ field: 'email', message: 'Email bắt buộc' }]);
  });

  test('the whole flow: one-time link on PUBLIC_URL, stored as a hash, 30 minutes; every session ends', async () => {
    const u = await userWithEmail();
    const second = await login(t.app, u.username, u.password);
    // a forged Host or X-Forwarded-Host must not reach the link
    const r = await askReset(u.email.toUpperCase(), '10.9.3.1', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(r.statusCode).toBe(200);
    const mail = await outboxMail(u.email);
    expect(mail.status).toBe('kept');
    expect(mail.subject).toBe('Đặt lại mật khẩu tài khoản Nông nghiệp số');
    expect(mail.text).toContain('Xin chào');
    expect(mail.text).not.toContain('evil.example');
    const { link, token } = tokenOf(mail.text);
    expect(link.startsWith('http://nns.test/auth/reset-password?token=')).toBe(true);
    expect(mail.html).toContain(token);

    const rows = await t.database.query<{ token_hash: string; minutes: number; used_at: string | null }>(sql`select token_hash,
      round(extract(epoch from expires_at - created_at) / 60)::int as minutes, used_at from password_resets where user_id = ${u.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].minutes).toBe(30);

    const check = await call(t, 'GET', `/api/auth/forgot-password/${token}`, { token: '' });
    expect(check.status).toBe(200);
    expect(check.body.data.valid).toBe(true);

    const mismatch = await call(t, 'POST', `/api/auth/forgot-password/${token}`, {
      token: '',
      body: { password: 'MatKhauMoi@2025', password_confirmation: 'MatKhauKhac@2025' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.errors).toEqual([{ field: 'password_confirmation', message: 'Xác nhận mật khẩu không khớp' }]);
    const short = await call(t, 'POST', `/api/auth/forgot-password/${token}`, { token: '', body: { password: 'ngan', password_confirmation: 'ngan' } });
    expect(short.body.data.errors).toEqual([{ field: 'password', message: 'Mật khẩu phải từ 8 đến 128 ký tự' }]);

    const set = await call(t, 'POST', `/api/auth/forgot-password/${token}`, {
      token: '',
      body: { password: 'MatKhauMoi@2025', password_confirmation: 'MatKhauMoi@2025' },
    });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Đặt lại mật khẩu thành công, vui lòng đăng nhập bằng mật khẩu mới');

    // single use
    const again = await call(t, 'GET', `/api/auth/forgot-password/${token}`, { token: '' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID);
    const reuse = await call(t, 'POST', `/api/auth/forgot-password/${token}`, {
      token: '',
      body: { password: 'MatKhauKhac@2025', password_confirmation: 'MatKhauKhac@2025' },
    });
    expect(reuse.status).toBe(400);

    // every earlier session ended; the new password works, the old one does not
    expect((await call(t, 'GET', '/api/admin/profile', { token: u.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/profile', { token: second })).status).toBe(401);
    await expect(login(t.app, u.username, u.password)).rejects.toThrow();
    expect(await login(t.app, u.username, 'MatKhauMoi@2025')).toBeTruthy();
    const [a] = await t.database.query<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where action = 'forgot-password' and record_id = ${String(u.id)}`,
    );
    expect(a.n).toBe(1);
    const leaks = await t.database.query(sql`select 1 from audit_logs where before::text like ${`%${token}%`} or after::text like ${`%${token}%`}
      or after::text like '%MatKhauMoi%'`);
    expect(leaks).toHaveLength(0);
  });

  test('an expired, unknown or malformed token is refused in Vietnamese', async () => {
    const u = await userWithEmail();
    await askReset(u.email, '10.9.4.1');
    const { token } = tokenOf((await outboxMail(u.email)).text);
    await t.database.query(sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${u.id}`);
    const expired = await call(t, 'GET', `/api/auth/forgot-password/${token}`, { token: '' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(INVALID);
    const post = await call(t, 'POST', `/api/auth/forgot-password/${token}`, {
      token: '',
      body: { password: 'MatKhauMoi@2025', password_confirmation: 'MatKhauMoi@2025' },
    });
    expect(post.status).toBe(400);
    expect((await call(t, 'GET', `/api/auth/forgot-password/${'a'.repeat(43)}`, { token: '' })).status).toBe(400);
    const bad = await call(t, 'GET', '/api/auth/forgot-password/abc', { token: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].message).toBe(INVALID);
  });

  test('a new request retires the earlier link', async () => {
    const u = await userWithEmail();
    await askReset(u.email, '10.9.5.1');
    const first = tokenOf((await outboxMail(u.email)).text).token;
    await askReset(u.email, '10.9.5.1');
    let second = first;
    for (let i = 0; i < 100 && second === first; i++) {
      second = tokenOf((await outboxMail(u.email)).text).token;
      if (second === first) await new Promise((r) => setTimeout(r, 50));
    }
    expect(second).not.toBe(first);
    expect((await call(t, 'GET', `/api/auth/forgot-password/${first}`, { token: '' })).status).toBe(400);
    expect((await call(t, 'GET', `/api/auth/forgot-password/${second}`, { token: '' })).status).toBe(200);
  });

  test('requests are limited per (e-mail, address) and per address (429 with Retry-After)', async () => {
    const email = 'gioi.han@nongnghiep.vn';
    for (let i = 0; i < 3; i++) expect((await askReset(email, '10.9.6.1')).statusCode).toBe(200);
    const r = await askReset(email.toUpperCase(), '10.9.6.1');
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.json().message).toBe('Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần, vui lòng thử lại sau');

    for (let i = 0; i < 10; i++) expect((await askReset(`nguoi${i}@nongnghiep.vn`, '10.9.7.1')).statusCode).toBe(200);
    expect((await askReset('nguoi99@nongnghiep.vn', '10.9.7.1')).statusCode).toBe(429);
    expect((await askReset('nguoi99@nongnghiep.vn', '10.9.7.2')).statusCode).toBe(200);
  });

  test("a stranger asking for someone's address again and again does not stop the owner's mail", async () => {
    const u = await userWithEmail();
    // the stranger, from their own addresses, uses up their share
    for (const ip of ['10.9.10.1', '10.9.10.2']) {
      for (let i = 0; i < 3; i++) expect((await askReset(u.email, ip)).statusCode).toBe(200);
      expect((await askReset(u.email, ip)).statusCode).toBe(429);
    }
    await outboxMail(u.email);
    await t.database.query(sql`delete from outbox_mails where "to" = ${u.email}`);
    // the owner, from home, still gets a link that works
    expect((await askReset(u.email, '10.9.10.50')).statusCode).toBe(200);
    const { token } = tokenOf((await outboxMail(u.email)).text);
    expect((await call(t, 'GET', `/api/auth/forgot-password/${token}`, { token: '' })).status).toBe(200);
  });

  test('a burst of concurrent requests cannot overshoot the limits', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => askReset('dong.thoi@nongnghiep.vn', '10.9.8.1')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const fromOne = await Promise.all(Array.from({ length: 14 }, (_, i) => askReset(`dong.thoi.${i}@nongnghiep.vn`, '10.9.9.1')));
    const ipCodes = fromOne.map((r) => r.statusCode);
    expect(ipCodes.filter((c) => c === 200)).toHaveLength(10);
    expect(ipCodes.filter((c) => c === 429)).toHaveLength(4);
  });

  test('the token reaches neither the system log nor the request log: the path names it :token', async () => {
    const u = await userWithEmail();
    expect((await askReset(u.email, '10.9.10.1')).statusCode).toBe(200);
    const { token } = tokenOf((await outboxMail(u.email)).text);
    expect((await call(t, 'GET', `/api/auth/forgot-password/${token}`, { token: '' })).status).toBe(200);
    expect((await call(t, 'GET', `/api/auth/forgot-password/${token}/`, { token: u.token })).status).toBe(200);
    const ok = await call(t, 'POST', `/api/auth/forgot-password/${token}`, {
      token: '',
      body: { password: 'MatKhauLog@123', password_confirmation: 'MatKhauLog@123' },
    });
    expect(ok.status).toBe(200);
    const rows = await t.database.query<{ path: string }>(sql`select path from audit_logs where action = 'forgot-password' and record_id = ${String(u.id)}`);
    expect(rows.map((r) => r.path)).toEqual(['/api/auth/forgot-password/:token']);
    const [leak] = await t.database.query<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where path like ${`%${token}%`} or before::text like ${`%${token}%`} or after::text like ${`%${token}%`}`,
    );
    expect(leak.n).toBe(0);

    // the request log's serializer, as the app configures it
    const { app } = await buildApp({
      database: t.database,
      logger: true,
      env: {},
      config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: t.dataDir, dataDir: t.dataDir, LOG_LEVEL: 'silent' },
    });
    const logged: { url: string }[] = [];
    app.addHook('onResponse', async (req) => {
      const serializers = (req.log as unknown as Record<symbol, { req(r: unknown): { url: string } }>)[pino.symbols.serializersSym];
      logged.push(serializers.req(req));
    });
    try {
      await app.inject({ method: 'GET', url: `/api/auth/forgot-password/${token}?a=1` });
      await app.inject({ method: 'POST', url: `/api/auth/forgot-password/${token}`, payload: {} });
      await app.inject({ method: 'GET', url: '/api/health' });
    } finally {
      await app.close();
    }
    expect(logged.map((l) => l.url)).toEqual(['/api/auth/forgot-password/:token?a=1', '/api/auth/forgot-password/:token', '/api/health']);
  });

  test('a locked account gets no mail, and the answer is the same', async () => {
    const u = await userWithEmail();
    await changeElsewhere(t, sql`update users set status = 'locked' where id = ${u.id}`);
    const r = await askReset(u.email, '10.9.8.1');
    expect(r.json()).toEqual({ code: 200, message: SENT, data: null });
    await new Promise((res) => setTimeout(res, 200));
    expect(await t.database.query(sql`select 1 from outbox_mails where "to" = ${u.email}`)).toHaveLength(0);
  });
});

describe('POST /api/admin/reset-password', () => {
  test('an administrator sets a generated password, shown once; the user must change it; sessions end', async () => {
    const officer = await makeUser(t, { perms: ['update:users'] });
    const target = await makeUser(t);
    const r = await call(t, 'POST', '/api/admin/reset-password', { token: officer.token, body: { id: target.id } });
    expect(r.status).toBe(200);
    const generated = r.body.data.password as string;
    expect(generated.length).toBeGreaterThanOrEqual(12);
    expect((await call(t, 'GET', '/api/admin/profile', { token: target.token })).status).toBe(401);
    const l = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: target.username, password: generated } });
    expect(l.statusCode).toBe(200);
    expect(l.json().data.must_change_password).toBe(true);
    const [a] = await t.database.query<{ actor_id: number; text: string }>(sql`select actor_id, coalesce(before::text, '') || coalesce(after::text, '') as text
      from audit_logs where action = 'reset-password' and record_id = ${String(target.id)}`);
    expect(a.actor_id).toBe(officer.id);
    expect(a.text).not.toContain(generated);
    expect(a.text).not.toContain('argon2');
  });

  test('an administrator may give the password; it must be 8–128 characters', async () => {
    const target = await makeUser(t);
    const short = await call(t, 'POST', '/api/admin/reset-password', { body: { id: target.id, password: 'ngan' } });
    expect(short.status).toBe(400);
    expect(short.body.data.errors).toEqual([{ field: 'password', message: 'Mật khẩu phải từ 8 đến 128 ký tự' }]);
    const r = await call(t, 'POST', '/api/admin/reset-password', { body: { id: target.id, password: 'DoQuanTri@2025' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ id: target.id });
    expect(await login(t.app, target.username, 'DoQuanTri@2025')).toBeTruthy();
    const missing = await call(t, 'POST', '/api/admin/reset-password', { body: {} });
    expect(missing.body.data.errors).toEqual([{ field: 'id', message: 'Người dùng bắt buộc' }]);
    expect((await call(t, 'POST', '/api/admin/reset-password', { body: { id: 99999999 } })).status).toBe(404);
  });

  test('needs update on users; only admin resets admin', async () => {
    const target = await makeUser(t);
    const reader = await makeUser(t, { perms: ['read:users', 'list:users'] });
    expect((await call(t, 'POST', '/api/admin/reset-password', { token: reader.token, body: { id: target.id } })).status).toBe(403);
    expect((await call(t, 'POST', '/api/admin/reset-password', { token: '', body: { id: target.id } })).status).toBe(401);
    const officer = await makeUser(t, { perms: ['update:users'] });
    const [admin] = await t.database.query<{ id: number }>(sql`select id from users where username = 'admin'`);
    const r = await call(t, 'POST', '/api/admin/reset-password', { token: officer.token, body: { id: admin.id } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Chỉ tài khoản admin được đặt lại mật khẩu của chính mình');
    expect((await call(t, 'GET', '/api/admin/profile')).status).toBe(200);
  });

  test('an officer bound to a ward resets only accounts of that ward; the profile shows the ward', async () => {
    const [p] = await t.database.query<{ id: number }>(sql`insert into provinces (code, name) values ('99', 'Tỉnh Thử') returning id`);
    const [w1] = await t.database.query<{ id: number }>(sql`insert into wards (code, name, province_id) values ('99001', 'Xã Một', ${p.id}) returning id`);
    const [w2] = await t.database.query<{ id: number }>(sql`insert into wards (code, name, province_id) values ('99002', 'Xã Hai', ${p.id}) returning id`);
    const officer = await makeUser(t, { perms: ['update:users'], wardId: w1.id });
    const mine = await makeUser(t, { wardId: w1.id });
    const theirs = await makeUser(t, { wardId: w2.id });
    expect((await call(t, 'POST', '/api/admin/reset-password', { token: officer.token, body: { id: theirs.id } })).status).toBe(404);
    expect((await call(t, 'GET', '/api/admin/profile', { token: theirs.token })).status).toBe(200);
    expect((await call(t, 'POST', '/api/admin/reset-password', { token: officer.token, body: { id: mine.id } })).status).toBe(200);
    const me = await call(t, 'GET', '/api/admin/profile', { token: officer.token });
    expect(me.body.data.entry.ward).toEqual({ id: w1.id, code: '99001', name: 'Xã Một' });
  });
});
