import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../src/core/mail';
import { call, login, makeApp, makeUser, type TestApp } from './helpers';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random port that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const waiters: ((m: Received) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const m: Received = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(m);
        for (const w of waiters.splice(0)) w(m);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    next: (timeoutMs = 10000) =>
      new Promise<Received>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail received over SMTP')), timeoutMs);
        waiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text/plain part of a MIME message (quoted-printable or base64). */
function textPart(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? raw;
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--[\s\S]*$/, '');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(soft[i], 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

describe('the reset mail over a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await makeApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  test('request, receive, follow the link, set the password, sign in; single use; old sessions gone', async () => {
    const u = await makeUser(t);
    const email = `smtp.${u.id}@nongnghiep.vn`;
    await t.database.query(sql`update users set email = ${email} where id = ${u.id}`);
    const other = await login(t.app, u.username, u.password);

    const arriving = smtp.next();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(r.statusCode).toBe(200);
    const mail = await arriving;
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/^Subject: /m);
    const text = textPart(mail.raw);
    expect(text).toContain('Xin chào Người dùng thử');
    expect(text).toContain('30 phút');
    expect(text).not.toContain('evil.example');
    const m = /(\S+\/auth\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(text);
    expect(m).not.toBeNull();
    const [link, token] = [m?.[1] as string, m?.[2] as string];
    expect(new URL(link).origin).toBe('http://nns.test');

    // the delivery is recorded in the outbox as sent
    for (let i = 0; i < 50; i++) {
      const rows = await t.database.query(sql`select 1 from outbox_mails where "to" = ${email} and status = 'sent'`);
      if (rows.length) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const [sent] = await t.database.query<{ status: string; subject: string; text: string; html: string; sent_at: string | null }>(
      sql`select status, subject, text, html, sent_at from outbox_mails where "to" = ${email}`,
    );
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).not.toBeNull();
    expect(sent.subject).toBe('Đặt lại mật khẩu tài khoản Nông nghiệp số');
    // the delivered mail carries the link; the copy kept in the database does not
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(token.slice(0, 20));
    for (const body of [sent.text, sent.html]) {
      expect(body).not.toContain(token);
      expect(body).not.toContain('reset-password?token=');
      expect(body).toContain('[đã ẩn]');
    }
    expect(sent.text).toContain('Xin chào Người dùng thử');

    const path = new URL(link).searchParams.get('token');
    expect(path).toBe(token);
    expect((await call(t, 'GET', `/api/auth/forgot-password/${token}`, { token: '' })).status).toBe(200);
    const set = await call(t, 'POST', `/api/auth/forgot-password/${token}`, {
      token: '',
      body: { password: 'MatKhauQuaEmail@1', password_confirmation: 'MatKhauQuaEmail@1' },
    });
    expect(set.status).toBe(200);

    const fresh = await login(t.app, u.username, 'MatKhauQuaEmail@1');
    expect((await call(t, 'GET', '/api/admin/profile', { token: fresh })).status).toBe(200);
    await expect(login(t.app, u.username, u.password)).rejects.toThrow();
    expect((await call(t, 'GET', '/api/admin/profile', { token: u.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/profile', { token: other })).status).toBe(401);

    const reuse = await call(t, 'POST', `/api/auth/forgot-password/${token}`, {
      token: '',
      body: { password: 'MatKhauKhac@2', password_confirmation: 'MatKhauKhac@2' },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn');
    expect((await call(t, 'GET', `/api/auth/forgot-password/${token}`, { token: '' })).status).toBe(400);
    expect(await login(t.app, u.username, 'MatKhauQuaEmail@1')).toBeTruthy();
  });

  test('a failed delivery is kept without its secrets', async () => {
    const mailer = createMailer(t.database.db, 'smtp://127.0.0.1:1', 'thu@nongnghiep.vn', { info() {}, error() {} });
    const secret = 'BiMatKhongDuocLuu_0123456789abcdef';
    await expect(
      mailer.send({
        to: 'that.bai@nongnghiep.vn',
        subject: 'Thử gửi thất bại',
        text: `Liên kết: http://nns.test/x?token=${secret}`,
        html: `<a href="http://nns.test/x?token=${secret}">mở</a>`,
        redact: [secret],
      }),
    ).rejects.toThrow();
    const [m] = await t.database.query<{ status: string; text: string; html: string }>(
      sql`select status, text, html from outbox_mails where "to" = 'that.bai@nongnghiep.vn'`,
    );
    expect(m.status).toBe('failed');
    expect(m.text).toBe('Liên kết: http://nns.test/x?token=[đã ẩn]');
    expect(m.html).not.toContain(secret);
  });

  test('no mail leaves for an address without an account', async () => {
    const before = smtp.received.length;
    const r = await call(t, 'POST', '/api/auth/reset-password', { token: '', body: { email: 'vang.mat@nongnghiep.vn' } });
    expect(r.status).toBe(200);
    await new Promise((res) => setTimeout(res, 300));
    expect(smtp.received.length).toBe(before);
  });
});

describe('without SMTP_URL the mail is kept in the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ SMTP_URL: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('services.mail.send keeps the mail with status kept', async () => {
    // without SMTP the outbox is the developer's channel: secrets to redact stay in it
    await t.app.services.mail.send({
      to: 'hop.thu@nongnghiep.vn',
      subject: 'Thử gửi thư',
      text: 'Nội dung tiếng Việt',
      html: '<p>Nội dung</p>',
      redact: ['Nội dung'],
    });
    const [m] = await t.database.query<{ to: string; subject: string; text: string; status: string; sent_at: string | null }>(
      sql`select "to", subject, text, status, sent_at from outbox_mails where "to" = 'hop.thu@nongnghiep.vn'`,
    );
    expect(m).toMatchObject({ to: 'hop.thu@nongnghiep.vn', subject: 'Thử gửi thư', text: 'Nội dung tiếng Việt', status: 'kept', sent_at: null });
  });

  test('the reset mail lands in the outbox with its link', async () => {
    const u = await makeUser(t);
    const email = `outbox.${u.id}@nongnghiep.vn`;
    await t.database.query(sql`update users set email = ${email} where id = ${u.id}`);
    expect((await call(t, 'POST', '/api/auth/reset-password', { token: '', body: { email } })).status).toBe(200);
    let text = '';
    for (let i = 0; i < 100 && !text; i++) {
      const [m] = await t.database.query<{ text: string }>(sql`select text from outbox_mails where "to" = ${email}`);
      if (m) text = m.text;
      else await new Promise((res) => setTimeout(res, 50));
    }
    expect(text).toMatch(/http:\/\/nns\.test\/auth\/reset-password\?token=[A-Za-z0-9_-]{40,}/);
  });
});
