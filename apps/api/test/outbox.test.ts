import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OUTBOX_CLOSED } from '../src/modules/system/outbox.module';
import { call, makeApp, makeUser, type TestApp } from './helpers';

/** GET /api/admin/system/outbox: the mails kept while no SMTP_URL is set, for developers and e2e tests. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function waitForMail(to: string) {
  for (let i = 0; i < 100; i++) {
    const r = await call(t, 'GET', '/api/admin/system/outbox', { query: { to } });
    if (r.body.data?.entries?.length) return r.body.data.entries[0];
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`no mail to ${to}`);
}

describe('outbox (no SMTP_URL)', () => {
  test('lists the kept mails newest first, filtered by recipient, with the reset link readable', async () => {
    const u = await makeUser(t);
    const email = `hopthu.${u.id}@nongnghiep.vn`;
    await t.database.query(sql`update users set email = ${email} where id = ${u.id}`);
    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email }, remoteAddress: '10.8.0.1' });
    expect(asked.statusCode).toBe(200);
    const mail = await waitForMail(email.toUpperCase());
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Đặt lại mật khẩu tài khoản Nông nghiệp số');
    expect(mail.text).toMatch(/\/auth\/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(Object.keys(mail).sort()).toEqual(['created_at', 'html', 'id', 'subject', 'text', 'to']);

    await t.database.query(sql`insert into outbox_mails ("to", subject, text, status) values
      ('khac@nongnghiep.vn', 'Thư khác', 'Nội dung', 'kept'), ('da.gui@nongnghiep.vn', 'Thư đã gửi', 'Liên kết bí mật', 'sent')`);
    const all = await call(t, 'GET', '/api/admin/system/outbox', { query: { limit: '100' } });
    expect(all.status).toBe(200);
    const subjects = all.body.data.entries.map((m: { subject: string }) => m.subject);
    expect(subjects[0]).toBe('Thư khác');
    expect(subjects).toContain('Đặt lại mật khẩu tài khoản Nông nghiệp số');
    // a mail that really went out is never listed
    expect(subjects).not.toContain('Thư đã gửi');
    expect(all.body.data.pagination).toMatchObject({ page: 1, limit: 100, total: subjects.length });
  });

  test('needs list:system_logs; bad paging answers 400 in Vietnamese', async () => {
    expect((await call(t, 'GET', '/api/admin/system/outbox', { token: '' })).status).toBe(401);
    const plain = await makeUser(t, { perms: ['list:users'] });
    expect((await call(t, 'GET', '/api/admin/system/outbox', { token: plain.token })).status).toBe(403);
    const reader = await makeUser(t, { perms: ['list:system_logs'] });
    expect((await call(t, 'GET', '/api/admin/system/outbox', { token: reader.token })).status).toBe(200);
    const bad = await call(t, 'GET', '/api/admin/system/outbox', { query: { limit: '500' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].message).toBe('Số dòng mỗi trang tối đa là 100');
  });
});

describe('outbox with SMTP_URL set', () => {
  test('answers 404: mails go out, and their links are nobody else’s to read', async () => {
    const smtp = await makeApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      await smtp.database.query(sql`insert into outbox_mails ("to", subject, text, status) values ('a@nongnghiep.vn', 'Thư', 'Liên kết', 'kept')`);
      const r = await call(smtp, 'GET', '/api/admin/system/outbox');
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(OUTBOX_CLOSED);
    } finally {
      await smtp.close();
    }
  });
});
