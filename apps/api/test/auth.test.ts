import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { ADMIN_PASSWORD, call, changeElsewhere, login, makeApp, makeUser, type TestApp, uploadedImageUrl } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const BAD = 'Tên đăng nhập hoặc mật khẩu không đúng';

/** A sign-in from a chosen address, so each test has its own per-IP counter. */
const signIn = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  test('answers the token and the user with role and permissions, never the password', async () => {
    const u = await makeUser(t, { perms: ['list:products', 'update:users'] });
    const r = await signIn(u.username, u.password, '10.1.0.1');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.must_change_password).toBe(false);
    const e = body.data.entry;
    expect(e).toMatchObject({ id: u.id, username: u.username, status: 'active', role_id: u.roleId });
    expect(e).not.toHaveProperty('password');
    expect(r.body).not.toContain('argon2');
    expect(e.role.id).toBe(u.roleId);
    expect(e.role.permissions).toEqual(
      expect.arrayContaining([
        { action: 'list', subject: 'products' },
        { action: 'update', subject: 'users' },
      ]),
    );
    expect(e.role.permissions).toHaveLength(2);
    expect(e.last_login_at).toBeTruthy();
    const [row] = await t.database.query<{ last_login_at: string | null }>(sql`select last_login_at from users where id = ${u.id}`);
    expect(row.last_login_at).not.toBeNull();
    // the token is stored only as its hash
    const stored = await t.database.query(sql`select 1 from sessions where token_hash = ${body.data.token}`);
    expect(stored).toHaveLength(0);
    const me = await call(t, 'GET', '/api/admin/profile', { token: body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.entry.username).toBe(u.username);
    expect(me.body.data.entry).toHaveProperty('ward', null);
    expect(me.body.data.entry).not.toHaveProperty('password');
  });

  test('unknown user and wrong password answer alike', async () => {
    const u = await makeUser(t);
    const wrong = await signIn(u.username, 'SaiMatKhau@1', '10.1.0.2');
    const unknown = await signIn('khong_ton_tai_abc', 'SaiMatKhau@1', '10.1.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 401, message: BAD, data: null });
    expect(unknown.json()).toEqual(wrong.json());
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  test('Vietnamese validation messages', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '  ' } });
    expect(r.statusCode).toBe(400);
    const msgs = r.json().data.errors.map((e: { message: string }) => e.message);
    expect(msgs).toContain('Tên đăng nhập bắt buộc');
    expect(msgs).toContain('Mật khẩu bắt buộc');
    const extra = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a', password: 'b', role_id: 1 } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().data.errors[0].message).toBe('Tham số không được hỗ trợ: role_id');
  });

  test('a user who must change the password still signs in, and is told so', async () => {
    const u = await makeUser(t);
    await changeElsewhere(t, sql`update users set must_change_password = true where id = ${u.id}`);
    const r = await signIn(u.username, u.password, '10.1.0.3');
    expect(r.statusCode).toBe(200);
    expect(r.json().data.must_change_password).toBe(true);
    expect(r.json().data.entry.must_change_password).toBe(true);
  });

  test('a locked account: a clear message only after its correct password; its tokens stop working', async () => {
    const u = await makeUser(t);
    expect((await call(t, 'GET', '/api/admin/profile', { token: u.token })).status).toBe(200);
    await changeElsewhere(t, sql`update users set status = 'locked' where id = ${u.id}`);
    const me = await call(t, 'GET', '/api/admin/profile', { token: u.token });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe(401);
    const wrong = await signIn(u.username, 'SaiMatKhau@1', '10.1.0.4');
    expect(wrong.json().message).toBe(BAD);
    const right = await signIn(u.username, u.password, '10.1.0.4');
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe('Tài khoản đã bị khóa, vui lòng liên hệ quản trị viên');
    expect(right.json().data).toBeNull();
  });

  test('failed sign-ins per account: a progressive delay with Retry-After (no hard lock; hardening-signin.test.ts), counted in the database, and a second process agrees', async () => {
    const u = await makeUser(t);
    // five failures from five different addresses: the account's counter, not the address's
    for (let i = 0; i < 5; i++) expect((await signIn(u.username, 'SaiMatKhau@1', `10.2.0.${i + 1}`)).statusCode).toBe(401);
    const [c] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from login_attempts where key = ${`login:user:${u.username}`}`);
    expect(c.n).toBe(5);
    // the delay runs from the last failure: keep it fresh, whatever time the checks below take. Five more
    // failures (as other browsers would make) lengthen it from 1 s to 32 s, so a loaded machine is not
    // slower than the delay between refreshing it and the check.
    await t.database.query(sql`insert into login_attempts (key) select ${`login:user:${u.username}`}::text from generate_series(1, 5)`);
    const fresh = () => t.database.query(sql`update login_attempts set at = now() where key = ${`login:user:${u.username}`}`);
    // a browser without the account's device cookie waits, even with the right password
    await fresh();
    const held = await signIn(u.username, u.password, '10.2.0.9');
    expect(held.statusCode).toBe(429);
    expect(held.json().code).toBe(429);
    expect(held.json().message).toMatch(/nhiều lần/);
    const retry = Number(held.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // a case variant of the name is the same account
    await fresh();
    expect((await signIn(u.username.toUpperCase(), u.password, '10.2.0.10')).statusCode).toBe(429);

    // a second app instance on the same database sees the same counter
    const { buildApp } = await import('../src/app');
    const { app: other } = await buildApp({
      database: t.database,
      logger: false,
      env: {},
      config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: t.dataDir, dataDir: t.dataDir, LOG_LEVEL: 'silent' },
    });
    try {
      await other.ready();
      await fresh();
      const r = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: u.username, password: u.password },
        remoteAddress: '10.2.0.11',
      });
      expect(r.statusCode).toBe(429);
      expect(r.headers['retry-after']).toBeDefined();
    } finally {
      await other.close();
    }

    // once the window has passed the account signs in, and the success clears its counter
    await t.database.query(sql`update login_attempts set at = at - interval '16 minutes' where key = ${`login:user:${u.username}`}`);
    expect((await signIn(u.username, u.password, '10.2.0.12')).statusCode).toBe(200);
    const [after] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from login_attempts where key = ${`login:user:${u.username}`}`);
    expect(after.n).toBe(0);
  });

  test('failed sign-ins per IP: 20 then 429, other addresses unaffected', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 20; i++) expect((await signIn(`khong_co_${i}`, 'SaiMatKhau@1', ip)).statusCode).toBe(401);
    const u = await makeUser(t);
    const r = await signIn(u.username, u.password, ip);
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(u.username, u.password, '10.3.0.2')).statusCode).toBe(200);
  });

  test('concurrent wrong guesses: five passwords are checked freely, then one at a time after a delay; the rest answer 429', async () => {
    const u = await makeUser(t);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => signIn(u.username, `SaiMatKhau@${i}`, `10.5.0.${i + 1}`)));
    const codes = answers.map((r) => r.statusCode);
    const checked = codes.filter((c) => c === 401).length;
    // the delays are 1, 2, 4 … s: within the 3 s a request may wait, a few more get their turn
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(8);
    expect(codes.filter((c) => c === 429)).toHaveLength(15 - checked);
    for (const r of answers) if (r.statusCode === 429) expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
    const [c] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from login_attempts where key like ${`%login:user:${u.username}`}`);
    expect(c.n).toBe(checked);
    expect((await signIn(u.username, u.password, '10.5.1.1')).statusCode).toBe(429);
  });

  test('concurrent wrong guesses from one address: at most twenty are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 26 }, (_, i) => signIn(`khong_co_dong_thoi_${i}`, 'SaiMatKhau@1', '10.5.2.1')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });

  test('a burst of right passwords for one account is served in turn, not refused', async () => {
    const u = await makeUser(t);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(u.username, u.password, `10.5.3.${i + 1}`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const [c] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from login_attempts where key like ${'%10.5.3.%'}`);
    expect(c.n).toBe(0);
  });

  test('a success clears the account counter', async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 4; i++) await signIn(u.username, 'SaiMatKhau@1', '10.4.0.1');
    expect((await signIn(u.username, u.password, '10.4.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(u.username, 'SaiMatKhau@1', '10.4.0.1')).statusCode).toBe(401);
    expect((await signIn(u.username, u.password, '10.4.0.1')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  test('logout revokes this token only', async () => {
    const u = await makeUser(t);
    const second = await login(t.app, u.username, u.password);
    const out = await call(t, 'POST', '/api/admin/logout', { token: u.token });
    expect(out.status).toBe(200);
    expect(out.body.code).toBe(200);
    expect((await call(t, 'GET', '/api/admin/profile', { token: u.token })).status).toBe(401);
    expect((await call(t, 'POST', '/api/admin/logout', { token: u.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/profile', { token: second })).status).toBe(200);
    const [a] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from audit_logs where action = 'logout' and actor_id = ${u.id}`);
    expect(a.n).toBe(1);
  });

  test('no token, a malformed or an unknown token answer 401', async () => {
    expect((await call(t, 'GET', '/api/admin/profile', { token: '' })).status).toBe(401);
    const r = await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: { authorization: 'Bearer nope' } });
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe('Phiên đăng nhập không hợp lệ hoặc đã hết hạn, vui lòng đăng nhập lại');
    expect((await call(t, 'GET', '/api/admin/profile', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  test('idle limit: a token unused for longer than SESSION_IDLE_MINUTES ends', async () => {
    // this test moves last_seen_at back in the database, which no process announces (real time
    // only moves forward), so it runs without the session cache
    const t = await makeApp({ SESSION_CACHE_SECONDS: 0 });
    onTestFinished(() => t.close());
    const u = await makeUser(t);
    await t.database.query(sql`update sessions set last_seen_at = now() - interval '119 minutes' where user_id = ${u.id}`);
    expect((await call(t, 'GET', '/api/admin/profile', { token: u.token })).status).toBe(200);
    // the request above refreshed last_seen_at
    const [s] = await t.database.query<{ age: number }>(sql`select extract(epoch from now() - last_seen_at)::int as age from sessions where user_id = ${u.id}`);
    expect(s.age).toBeLessThan(60);
    await t.database.query(sql`update sessions set last_seen_at = now() - interval '121 minutes' where user_id = ${u.id}`);
    expect((await call(t, 'GET', '/api/admin/profile', { token: u.token })).status).toBe(401);
  });

  test('absolute limit: a token past expires_at ends however active', async () => {
    const u = await makeUser(t);
    const [s] = await t.database.query<{ hours: number }>(sql`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours
      from sessions where user_id = ${u.id}`);
    expect(s.hours).toBe(24 * 7);
    await changeElsewhere(t, sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${u.id}`);
    expect((await call(t, 'GET', '/api/admin/profile', { token: u.token })).status).toBe(401);
  });
});

describe('load-profile', () => {
  test('GET answers the same entry as the profile', async () => {
    const u = await makeUser(t, { perms: ['read:users'] });
    const a = await call(t, 'GET', '/api/admin/load-profile', { token: u.token });
    const b = await call(t, 'GET', '/api/admin/profile', { token: u.token });
    expect(a.status).toBe(200);
    expect(a.body.data.entry).toEqual(b.body.data.entry);
  });

  test('PUT changes own name, e-mail, phone and avatar, with an audit row', async () => {
    const u = await makeUser(t);
    const never = await call(t, 'PUT', '/api/admin/load-profile', { token: u.token, body: { full_name: 'Nguyễn Thị Hoa', avatar: '/uploads/a.png' } });
    expect(never.status).toBe(400);
    expect(never.body.data.errors).toEqual([{ field: 'avatar', message: 'Ảnh đại diện: tệp chưa được tải lên hệ thống, vui lòng tải lên lại' }]);
    expect((await call(t, 'GET', '/api/admin/load-profile', { token: u.token })).body.data.entry.full_name).not.toBe('Nguyễn Thị Hoa');
    const avatar = await uploadedImageUrl(t);
    const r = await call(t, 'PUT', '/api/admin/load-profile', {
      token: u.token,
      body: { full_name: 'Nguyễn Thị Hoa', email: `hoa.${u.id}@nongnghiep.vn`, phone: '0912345678', avatar },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.entry).toMatchObject({ full_name: 'Nguyễn Thị Hoa', email: `hoa.${u.id}@nongnghiep.vn`, phone: '0912345678', avatar });
    const [row] = await t.database.query<{ full_name: string; search_text: string; updated_by: number }>(
      sql`select full_name, search_text, updated_by from users where id = ${u.id}`,
    );
    expect(row.full_name).toBe('Nguyễn Thị Hoa');
    expect(row.search_text).toContain('nguyen thi hoa');
    expect(row.updated_by).toBe(u.id);
    const [a] = await t.database.query<{ before: Record<string, unknown>; after: Record<string, unknown>; actor_id: number; record_id: string }>(
      sql`select before, after, actor_id, record_id from audit_logs where action = 'update-profile' and actor_id = ${u.id}`,
    );
    expect(a.record_id).toBe(String(u.id));
    expect(a.before.full_name).toBe('Người dùng thử');
    expect(a.after.full_name).toBe('Nguyễn Thị Hoa');
    // a partial body changes only what it names; blank optional fields become empty
    const p = await call(t, 'PUT', '/api/admin/load-profile', { token: u.token, body: { phone: '' } });
    expect(p.status).toBe(200);
    expect(p.body.data.entry).toMatchObject({ full_name: 'Nguyễn Thị Hoa', phone: null });
  });

  test('mass assignment: role, status, username, password, ward… are refused and nothing changes', async () => {
    const u = await makeUser(t);
    const [before] = await t.database.query(sql`select * from users where id = ${u.id}`);
    const attempts: Record<string, unknown>[] = [
      { role_id: 1 },
      { status: 'locked' },
      { username: 'admin2' },
      { password: 'MatKhauMoi@123' },
      { ward_id: 1 },
      { is_highlight: true },
      { must_change_password: true },
      { id: 1 },
      { last_login_at: '2020-01-01T00:00:00Z' },
    ];
    for (const extra of attempts) {
      const r = await call(t, 'PUT', '/api/admin/load-profile', { token: u.token, body: { full_name: 'Kẻ xấu', ...extra } });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.data.errors[0].message).toMatch(/^Tham số không được hỗ trợ/);
    }
    const [after] = await t.database.query(sql`select * from users where id = ${u.id}`);
    expect(after).toEqual(before);
    expect(await login(t.app, u.username, u.password)).toBeTruthy();
  });

  test('validation in Vietnamese and a unique e-mail (409 with a field error)', async () => {
    const u = await makeUser(t);
    const bad = await call(t, 'PUT', '/api/admin/load-profile', { token: u.token, body: { full_name: ' ', email: 'khong-phai-email', phone: '12345' } });
    expect(bad.status).toBe(400);
    const byField = Object.fromEntries(bad.body.data.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toEqual({ full_name: 'Họ và tên bắt buộc', email: 'Email không đúng định dạng', phone: 'Số điện thoại không đúng định dạng' });
    const long = await call(t, 'PUT', '/api/admin/load-profile', { token: u.token, body: { full_name: 'a'.repeat(151) } });
    expect(long.body.data.errors[0].message).toBe('Họ và tên tối đa 150 ký tự');

    const taken = await call(t, 'PUT', '/api/admin/load-profile', { token: u.token, body: { email: 'ADMIN@localhost.localdomain' } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe(409);
    expect(taken.body.data.errors).toEqual([{ field: 'email', message: 'Email đã được sử dụng bởi tài khoản khác' }]);
  });

  test('needs a session', async () => {
    expect((await call(t, 'GET', '/api/admin/load-profile', { token: '' })).status).toBe(401);
    expect((await call(t, 'PUT', '/api/admin/load-profile', { token: '', body: { full_name: 'A' } })).status).toBe(401);
  });
});

describe('PUT /api/admin/change-password', () => {
  test('checks the old password, ends the other sessions, keeps this one, clears must_change_password', async () => {
    const u = await makeUser(t);
    const other = await login(t.app, u.username, u.password);
    await changeElsewhere(t, sql`update users set must_change_password = true where id = ${u.id}`);
    const wrong = await call(t, 'PUT', '/api/admin/change-password', {
      token: u.token,
      body: { old_password: 'KhongDung@1', new_password: 'MatKhauMoi@2025' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors).toEqual([{ field: 'old_password', message: 'Mật khẩu hiện tại không đúng' }]);
    expect((await call(t, 'GET', '/api/admin/profile', { token: other })).status).toBe(200);

    const ok = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: 'MatKhauMoi@2025' } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Đổi mật khẩu thành công');
    expect((await call(t, 'GET', '/api/admin/profile', { token: other })).status).toBe(401);
    const me = await call(t, 'GET', '/api/admin/profile', { token: u.token });
    expect(me.status).toBe(200);
    expect(me.body.data.entry.must_change_password).toBe(false);
    expect((await signIn(u.username, u.password, '10.5.0.1')).statusCode).toBe(401);
    expect((await signIn(u.username, 'MatKhauMoi@2025', '10.5.0.1')).statusCode).toBe(200);

    const [hash] = await t.database.query<{ password: string }>(sql`select password from users where id = ${u.id}`);
    expect(hash.password).toMatch(/^\$argon2id\$/);
    const leaks = await t.database.query(sql`select 1 from audit_logs where before::text like '%argon2%' or after::text like '%argon2%'
      or before::text like '%MatKhauMoi%' or after::text like '%MatKhauMoi%'`);
    expect(leaks).toHaveLength(0);
    const [a] = await t.database.query<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where action = 'change-password' and record_id = ${String(u.id)}`,
    );
    expect(a.n).toBe(1);
  });

  test('8 to 128 characters, confirmation and difference checked, in Vietnamese', async () => {
    const u = await makeUser(t);
    const short = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: 'ngan' } });
    expect(short.status).toBe(400);
    expect(short.body.data.errors).toEqual([{ field: 'new_password', message: 'Mật khẩu phải từ 8 đến 128 ký tự' }]);
    const long = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: 'a'.repeat(129) } });
    expect(long.body.data.errors[0].message).toBe('Mật khẩu phải từ 8 đến 128 ký tự');
    const missing = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: {} });
    const msgs = missing.body.data.errors.map((e: { message: string }) => e.message);
    expect(msgs).toEqual(expect.arrayContaining(['Mật khẩu hiện tại bắt buộc', 'Mật khẩu mới bắt buộc']));
    const same = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: u.password } });
    expect(same.body.data.errors).toEqual([{ field: 'new_password', message: 'Mật khẩu mới phải khác mật khẩu hiện tại' }]);
    const mismatch = await call(t, 'PUT', '/api/admin/change-password', {
      token: u.token,
      body: { old_password: u.password, new_password: 'MatKhauMoi@2025', new_password_confirmation: 'MatKhauKhac@2025' },
    });
    expect(mismatch.body.data.errors).toEqual([{ field: 'new_password_confirmation', message: 'Xác nhận mật khẩu không khớp' }]);
  });

  test('wrong old passwords are limited too', async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 5; i++) {
      const r = await call(t, 'PUT', '/api/admin/change-password', {
        token: u.token,
        body: { old_password: `KhongDung@${i}`, new_password: 'MatKhauMoi@2025' },
      });
      expect(r.status).toBe(400);
    }
    const r = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: 'MatKhauMoi@2025' } });
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
  });

  test('concurrent wrong old passwords: at most five are checked', async () => {
    const u = await makeUser(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: `KhongDung@${i}`, new_password: 'MatKhauMoi@2025' } }),
      ),
    );
    const codes = answers.map((r) => r.status);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const r = await call(t, 'PUT', '/api/admin/change-password', { token: u.token, body: { old_password: u.password, new_password: 'MatKhauMoi@2025' } });
    expect(r.status).toBe(429);
  });
});
