import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { deviceCookieName } from '../src/modules/auth/device-cookie';
import { createChallenge, encodeSolution, solveChallenge } from '../src/modules/auth/signin-challenge';
import { ADMIN_PASSWORD, call, makeApp, makeUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const WRONG = 'SaiMatKhau@1';

function signIn(username: string, password: string, ip: string, cookie?: string, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip, headers: cookie ? { cookie } : {} });
}

/** The `name=value` of the device cookie a sign-in answer sets, with its attributes checked. */
function deviceCookie(r: Awaited<ReturnType<typeof signIn>>, username: string): string {
  const set = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
  const c = set.find((x) => x.startsWith(`${deviceCookieName(username)}=`));
  expect(c, JSON.stringify(r.headers)).toBeDefined();
  expect(c).toMatch(/; HttpOnly/);
  expect(c).toMatch(/; SameSite=Strict/);
  expect(c).toMatch(/; Path=\/api\/auth\/login/);
  return (c as string).split(';')[0];
}

/** Moves the account's (or any key's) attempts back in time, as if that many seconds had passed. */
const age = (like: string, seconds: number) =>
  t.database.query(sql`update login_attempts set at = at - make_interval(secs => ${seconds}) where key like ${like}`);

describe('sign-in under a sustained attack (issue 28 §4)', () => {
  const solve = async (app = t.app) => {
    const c = (await app.inject({ method: 'GET', url: '/api/auth/challenge' })).json().data;
    expect(c).toMatchObject({ algorithm: 'SHA-256', maxnumber: 400_000 });
    const n = solveChallenge(c);
    expect(n).not.toBeNull();
    return encodeSolution(c, n as number);
  };
  const withChallenge = (username: string, password: string, ip: string, challenge: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, challenge }, remoteAddress: ip });

  test('a new browser with the right password gets in by solving the challenge while guesses keep coming from 60 addresses', async () => {
    const u = await makeUser(t);
    let i = 0;
    // one wrong guess at a time, from 60 rotating addresses, as fast as answered
    const attack = async (n: number) => {
      for (let k = 0; k < n; k++, i++) await signIn(u.username, `${WRONG}${i}`, `10.30.${Math.floor(i / 60) % 200}.${(i % 60) + 1}`);
    };
    await attack(40);
    const touch = () => t.database.query(sql`update login_attempts set at = now() where key = ${`login:user:${u.username}`}`);
    for (let round = 0; round < 3; round++) {
      await attack(5);
      await touch();
      // without the challenge the account's turn is the attacker's: 429, asking for the challenge
      const held = await signIn(u.username, u.password, '10.31.0.1');
      expect(held.statusCode).toBe(429);
      expect(held.json().data).toMatchObject({ challenge_required: true });
      expect(held.json().message).toContain('thử thách');
      // with it, at once: the owner's new browser is in, the attack still under way
      const ok = await withChallenge(u.username, u.password, `10.31.0.${round + 2}`, await solve());
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.token).toBeTruthy();
    }
    // the attacker solving challenges is still limited per address and per (account, address)
    for (let k = 0; k < 5; k++) expect((await withChallenge(u.username, WRONG, '10.32.0.1', await solve())).statusCode).toBe(401);
    expect((await withChallenge(u.username, u.password, '10.32.0.1', await solve())).statusCode).toBe(429);
  });

  test('a challenge works once, and a forged, altered or expired one is refused with a field message', async () => {
    const u = await makeUser(t);
    const sol = await solve();
    expect((await withChallenge(u.username, u.password, '10.33.0.1', sol)).statusCode).toBe(200);
    const again = await withChallenge(u.username, u.password, '10.33.0.2', sol);
    expect(again.statusCode).toBe(400);
    expect(again.json().data.errors).toEqual([{ field: 'challenge', message: 'Thử thách đăng nhập không hợp lệ hoặc đã hết hạn, vui lòng thử lại' }]);
    const expired = await createChallenge(t.app.services, { number: 7, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const fresh = await createChallenge(t.app.services, { number: 8 });
    const wrongNumber = encodeSolution(fresh, 9);
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(encodeSolution(fresh, 8), 'base64').toString()), signature: 'a'.repeat(64) }),
    ).toString('base64');
    for (const c of [encodeSolution(expired, 7), wrongNumber, forged, 'khong-phai-base64']) {
      const r = await withChallenge(u.username, u.password, '10.33.0.3', c);
      expect(r.statusCode, c).toBe(400);
      expect(r.json().data.errors[0].field).toBe('challenge');
    }
    expect((await withChallenge(u.username, u.password, '10.33.0.3', encodeSolution(fresh, 8))).statusCode).toBe(200);
  });

  test("an address's limit never holds a browser carrying the account's device cookie (an office behind one NAT)", async () => {
    const office = '10.34.0.1';
    const u = await makeUser(t);
    const cookie = deviceCookie(await signIn(u.username, u.password, office), u.username);
    for (let k = 0; k < 20; k++) expect((await signIn(`khong_co_${k}`, WRONG, office)).statusCode).toBe(401);
    const v = await makeUser(t);
    expect((await signIn(v.username, v.password, office)).statusCode).toBe(429);
    const owner = await signIn(u.username, u.password, office, cookie);
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

describe('sign-in limits: no lock-out by strangers (issue 12.1)', () => {
  test('a stranger failing from many addresses cannot keep out the owner of a device cookie; a new browser only waits, at most a minute', async () => {
    const u = await makeUser(t);
    const first = await signIn(u.username, u.password, '10.20.0.1');
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first, u.username);

    // the attack: 40 guesses from 20 addresses, as fast as answered
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await signIn(u.username, `${WRONG}${i}`, `10.21.0.${(i % 20) + 1}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // past five failures the account-wide limit slows the guesses down (429 with a short Retry-After)
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(25);
    // the delay runs from the last failure: keep it fresh, whatever time the steps below take on a slow machine
    const touch = () => t.database.query(sql`update login_attempts set at = now() where key = ${`login:user:${u.username}`}`);
    await touch();
    const throttled = await signIn(u.username, `${WRONG}x`, '10.21.1.1');
    expect(throttled.statusCode).toBe(429);
    const retry = Number(throttled.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);

    // the owner's browser signs in at once, right password, while the attack goes on
    const owner = await signIn(u.username, u.password, '10.20.0.1', cookie);
    expect(owner.statusCode, owner.body).toBe(200);
    // even from another address (the cookie is the browser, not the address)
    expect((await signIn(u.username, u.password, '10.20.9.9', cookie)).statusCode).toBe(200);
    // a renewed cookie comes back with the same device
    expect(deviceCookie(owner, u.username)).toMatch(new RegExp(`^${deviceCookieName(u.username)}=`));

    // a browser without the cookie is slowed down, not locked for the window: after the delay it gets in
    await touch();
    const fresh = await signIn(u.username, u.password, '10.22.0.1');
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(60);
    await age(`%login:user:${u.username}`, 61);
    expect((await signIn(u.username, u.password, '10.22.0.1')).statusCode).toBe(200);
  });

  test('a forged, altered or other account’s cookie is no device cookie', async () => {
    const u = await makeUser(t);
    const other = await makeUser(t);
    const mine = deviceCookie(await signIn(u.username, u.password, '10.23.0.1'), u.username);
    const theirs = deviceCookie(await signIn(other.username, other.password, '10.23.0.2'), other.username);
    for (let i = 0; i < 5; i++) expect((await signIn(u.username, WRONG, `10.23.1.${i + 1}`)).statusCode).toBe(401);
    const [name, value] = mine.split('=');
    const altered = `${name}=${value.slice(0, -2)}${value.endsWith('A') ? 'BB' : 'AA'}`;
    // the other account's cookie under this account's name
    const swapped = `${name}=${theirs.split('=')[1]}`;
    for (const c of [altered, swapped, `${name}=abc.def`]) {
      expect((await signIn(u.username, u.password, '10.23.2.1', c)).statusCode, c).toBe(429);
    }
    expect((await signIn(u.username, u.password, '10.23.2.1', mine)).statusCode).toBe(200);
  });

  test('per (account, address): five failures hold back that pair only; per address: twenty, whatever the accounts', async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 5; i++) expect((await signIn(u.username, WRONG, '10.24.0.1')).statusCode).toBe(401);
    const held = await signIn(u.username, u.password, '10.24.0.1');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(60);
    // the account from another address: only the progressive delay (2^0 s after the fifth failure)
    await age(`%login:user:${u.username}`, 2);
    expect((await signIn(u.username, u.password, '10.24.0.2')).statusCode).toBe(200);
    // that success clears the account-wide failures, not the other pair's
    expect((await signIn(u.username, u.password, '10.24.0.1')).statusCode).toBe(429);

    const ip = '10.24.5.1';
    for (let i = 0; i < 20; i++) expect((await signIn(`khong_co_hd_${i}`, WRONG, ip)).statusCode).toBe(401);
    const v = await makeUser(t);
    expect((await signIn(v.username, v.password, ip)).statusCode).toBe(429);
    expect((await signIn(v.username, v.password, '10.24.5.2')).statusCode).toBe(200);
  });

  test('a device cookie has its own limit: five failures hold back that browser, not the account', async () => {
    const u = await makeUser(t);
    const cookie = deviceCookie(await signIn(u.username, u.password, '10.25.0.1'), u.username);
    for (let i = 0; i < 5; i++) expect((await signIn(u.username, WRONG, '10.25.0.1', cookie)).statusCode).toBe(401);
    expect((await signIn(u.username, u.password, '10.25.0.1', cookie)).statusCode).toBe(429);
    // the account-wide counter was not touched by the trusted browser's failures
    const [c] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from login_attempts where key = ${`login:user:${u.username}`}`);
    expect(c.n).toBe(0);
    expect((await signIn(u.username, u.password, '10.25.0.2')).statusCode).toBe(200);
  });

  test('concurrent guesses without a cookie: five checked freely, then one at a time; nobody is held for the window', async () => {
    const u = await makeUser(t);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => signIn(u.username, `${WRONG}${i}`, `10.26.0.${i + 1}`)));
    const codes = answers.map((r) => r.statusCode);
    const checked = codes.filter((c) => c === 401).length;
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(8);
    for (const r of answers) if (r.statusCode === 429) expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  test('a second process on the same database trusts the cookie the first gave and sees the same counts', async () => {
    const u = await makeUser(t);
    const cookie = deviceCookie(await signIn(u.username, u.password, '10.27.0.1'), u.username);
    for (let i = 0; i < 12; i++) await signIn(u.username, WRONG, `10.27.1.${i + 1}`);
    const { app: other } = await buildApp({
      database: t.database,
      logger: false,
      env: {},
      config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: t.dataDir, dataDir: t.dataDir, LOG_LEVEL: 'silent' },
    });
    try {
      // the app is ready before the delay is refreshed; ten failures make it 32 s, so a loaded machine
      // cannot outlast it between the refresh and the check
      await other.ready();
      await t.database.query(sql`insert into login_attempts (key) select ${`login:user:${u.username}`}::text from generate_series(1, 10)`);
      await t.database.query(sql`update login_attempts set at = now() where key = ${`login:user:${u.username}`}`);
      expect((await signIn(u.username, u.password, '10.27.2.1', undefined, other)).statusCode).toBe(429);
      expect((await signIn(u.username, u.password, '10.27.2.1', cookie, other)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('failed and throttled sign-ins in the system log', () => {
  test('the name tried, the address and the reason are logged, never the password; an administrator filters them', async () => {
    const u = await makeUser(t);
    const v = await makeUser(t);
    const secret = 'MatKhauBiMat@987';
    await signIn(`khong_ton_tai_${u.id}`, secret, '10.30.0.1');
    await signIn(v.username, secret, '10.30.0.2');
    for (let i = 0; i < 5; i++) await signIn(u.username, `${secret}${i}`, '10.30.0.3');
    const held = await signIn(u.username, secret, '10.30.0.3');
    expect(held.statusCode).toBe(429);
    // a flood of throttled attempts is logged once a minute per name and address
    for (let i = 0; i < 5; i++) expect((await signIn(u.username, secret, '10.30.0.3')).statusCode).toBe(429);

    const failed = await call(t, 'GET', '/api/admin/system/logs', { query: { action: 'login-failed', subject: 'auth', limit: '100' } });
    expect(failed.status).toBe(200);
    const rows = failed.body.data.entries as {
      actor_username: string;
      actor_id: number | null;
      ip: string;
      code: number;
      record_id: string | null;
      after: Record<string, unknown>;
    }[];
    const unknown = rows.find((r) => r.actor_username === `khong_ton_tai_${u.id}`);
    expect(unknown).toMatchObject({ actor_id: null, ip: '10.30.0.1', code: 401, record_id: null });
    expect(unknown?.after).toMatchObject({ reason: 'Tên đăng nhập không tồn tại', reason_code: 'unknown_user' });
    const wrong = rows.find((r) => r.actor_username === v.username && r.ip === '10.30.0.2');
    expect(wrong).toMatchObject({ code: 401, record_id: String(v.id) });
    expect(rows.filter((r) => r.actor_username === u.username && r.ip === '10.30.0.3')).toHaveLength(5);
    expect(wrong?.after).toMatchObject({ reason: 'Sai mật khẩu', reason_code: 'wrong_password' });

    const thr = await call(t, 'GET', '/api/admin/system/logs', { query: { action: 'login-throttled', limit: '100' } });
    const mine = (thr.body.data.entries as typeof rows).filter((r) => r.actor_username === u.username);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ ip: '10.30.0.3', code: 429 });
    expect(mine[0].after).toMatchObject({ reason_code: 'account_address', reason: 'Tài khoản này bị đăng nhập sai quá nhiều lần từ địa chỉ này' });

    const all = await t.database.query(sql`select * from audit_logs`);
    expect(JSON.stringify(all)).not.toContain(secret);
  });
});
