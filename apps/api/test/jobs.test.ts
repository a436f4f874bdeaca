import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { defineJob, jobLimits } from '../src/core/jobs';
import { ADMIN_PASSWORD, call, makeApp, makeUser, type TestApp, waitJob } from './helpers';

/** Background jobs (issue 28 point 5): queue, limits, once across processes, progress, result, expiry, permission. */
let t: TestApp;
let other: FastifyInstance;
const saved = { ...jobLimits };
const q = (text: string) => t.database.query<Record<string, unknown>>(sql.raw(text));

/** test kinds: each run records where it ran and waits until released */
const ran: { id: number; app: string; at: number }[] = [];
let live = 0;
let peak = 0;
const livePerUser = new Map<number, number>();
let peakPerUser = 0;
function declare(app: FastifyInstance, name: string) {
  defineJob(app.services, 'test-wait', async (run) => {
    ran.push({ id: run.id, app: name, at: Date.now() });
    live++;
    peak = Math.max(peak, live);
    const u = (livePerUser.get(run.user.id) ?? 0) + 1;
    livePerUser.set(run.user.id, u);
    peakPerUser = Math.max(peakPerUser, u);
    for (let i = 1; i <= 4; i++) {
      await new Promise((r) => setTimeout(r, 30));
      await run.progress(i, 4);
    }
    live--;
    livePerUser.set(run.user.id, (livePerUser.get(run.user.id) ?? 1) - 1);
    return { url: `/test/${run.id}`, rows: 0 };
  });
}

beforeAll(async () => {
  jobLimits.pollMs = 50;
  jobLimits.progressMs = 0;
  t = await makeApp({ JOBS_CONCURRENCY: 2, JOBS_PER_USER: 1 });
  ({ app: other } = await buildApp({
    database: t.database,
    logger: false,
    env: {},
    config: { OFFICIAL_UNITS: 'no', ADMIN_PASSWORD, DATA_DIR: t.dataDir, dataDir: t.dataDir, LOG_LEVEL: 'silent', JOBS_CONCURRENCY: 2, JOBS_PER_USER: 1 },
  }));
  declare(t.app, 'a');
  declare(other, 'b');
  await other.ready();
}, 300_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
  Object.assign(jobLimits, saved);
});

async function queue(userIds: number[]) {
  const ids: number[] = [];
  for (const u of userIds) {
    const [r] = await q(`insert into jobs (kind, title, user_id) values ('test-wait', 'Thử', ${u}) returning id`);
    ids.push(Number(r.id));
  }
  return ids;
}

async function allDone(ids: number[]) {
  for (;;) {
    const rows = await q(`select count(*)::int as n from jobs where id in (${ids.join(',')}) and status in ('queued', 'running')`);
    if (Number(rows[0].n) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('background jobs', () => {
  it('an export answers 202 with a queued job at once; the job reports progress, its result downloads, its owner is notified', async () => {
    const start = await call(t, 'GET', '/api/admin/product-units/export', { query: { sort: 'name' } });
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    expect(start.body.code).toBe(202);
    expect(['queued', 'running']).toContain(start.body.data.job.status);
    expect(start.body.data.job.title).toBe('Xuất Excel đơn vị tính');
    const job = await waitJob(t, start.body.data.job.id);
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.progress).toBe(100);
    expect(job.result.url).toMatch(/^\/api\/exports\//);
    expect(job.download_url).toBe(`/api/admin/jobs/${job.id}/download`);
    const list = await call(t, 'GET', '/api/admin/jobs');
    expect(list.body.data.entries.map((j: { id: number }) => j.id)).toContain(job.id);
    const dl = await call(t, 'GET', job.download_url);
    expect(dl.status).toBe(302);
    expect(dl.headers.location).toBe(job.result.url);
    const file = await t.app.inject({ method: 'GET', url: String(dl.headers.location) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    // the notification follows the job's end (written after its status): wait for it
    const inboxOf = () =>
      q(`select n.title, n.content from notifications n where n.user_id = (select id from users where username = 'admin') order by id desc limit 1`);
    let inbox = await inboxOf();
    for (let i = 0; i < 200 && inbox[0]?.title !== 'Tác vụ đã xong'; i++) {
      await new Promise((res) => setTimeout(res, 50));
      inbox = await inboxOf();
    }
    expect(inbox[0]?.title).toBe('Tác vụ đã xong');
    expect(String(inbox[0]?.content)).toContain('Xuất Excel đơn vị tính');
  });

  it('runs each job once across two processes on one database, at most JOBS_CONCURRENCY per process and JOBS_PER_USER per user', async () => {
    const a = await makeUser(t, { perms: ['list:product_units'] });
    const b = await makeUser(t, { perms: ['list:product_units'] });
    const c = await makeUser(t, { perms: ['list:product_units'] });
    const users = [a, b, c].map((u) => Number(u.id));
    ran.length = 0;
    peak = 0;
    peakPerUser = 0;
    const ids = await queue(Array.from({ length: 18 }, (_, i) => users[i % 3]));
    await allDone(ids);
    const byId = new Map<number, number>();
    for (const r of ran) byId.set(r.id, (byId.get(r.id) ?? 0) + 1);
    expect([...byId.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...byId.values()].every((n) => n === 1)).toBe(true);
    // one user's jobs one at a time across both processes; three users, two processes of two
    expect(peakPerUser).toBe(1);
    expect(peak).toBeLessThanOrEqual(3);
    const rows = await q(`select status, progress from jobs where id in (${ids.join(',')})`);
    expect(rows.every((r) => r.status === 'done' && Number(r.progress) === 100)).toBe(true);
    console.log(`jobs ran by process: a ${ran.filter((r) => r.app === 'a').length}, b ${ran.filter((r) => r.app === 'b').length}; peak at once ${peak}`);
  });

  it('shows its owner only their jobs; another user gets 404, a caller without the permission 403, no session 401', async () => {
    const start = await call(t, 'GET', '/api/admin/product-units/export');
    expect(start.status).toBe(202);
    const job = await waitJob(t, start.body.data.job.id);
    const stranger = await makeUser(t, { perms: ['list:product_units'] });
    expect((await call(t, 'GET', `/api/admin/jobs/${job.id}`, { token: stranger.token })).status).toBe(404);
    expect((await call(t, 'GET', `/api/admin/jobs/${job.id}/download`, { token: stranger.token })).status).toBe(404);
    expect((await call(t, 'GET', '/api/admin/jobs', { token: stranger.token })).body.data.entries).toEqual([]);
    expect((await call(t, 'GET', '/api/admin/jobs', { token: '' })).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/product-units/export', { token: stranger.token })).status).toBe(403);
    const bad = await call(t, 'GET', '/api/admin/jobs/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].message).toBe('Mã tác vụ không hợp lệ');
  });

  it('a result expires after an hour: the job shows it, the download answers 410', async () => {
    const start = await call(t, 'GET', '/api/admin/product-units/export');
    const job = await waitJob(t, start.body.data.job.id);
    expect(job.expires_at).toBeTruthy();
    const ttl = Date.parse(job.expires_at) - Date.parse(job.finished_at);
    expect(Math.round(ttl / 60_000)).toBe(60);
    await q(`update jobs set expires_at = now() - interval '1 second' where id = ${job.id}`);
    const after = await call(t, 'GET', `/api/admin/jobs/${job.id}`);
    expect(after.body.data.job.status).toBe('expired');
    expect(after.body.data.job.status_label).toBe('Đã hết hạn');
    expect(after.body.data.job.result).toBeNull();
    const dl = await call(t, 'GET', `/api/admin/jobs/${job.id}/download`);
    expect(dl.status).toBe(410);
    expect(dl.body.message).toMatch(/hết hạn/);
  });

  it('a job whose owner lost the permission before it ran fails with a Vietnamese reason', async () => {
    const u = await makeUser(t, { perms: ['list:product_units', 'export:product_units'] });
    const [r] = await q(
      `insert into jobs (kind, title, user_id, params) values ('export:product-units', 'Xuất Excel đơn vị tính', ${u.id},
        '{"query": {}, "_origin": {"method": "GET", "path": "/api/admin/product-units/export", "permission": "export:users"}}'::jsonb) returning id`,
    );
    const job = await waitJob(t, Number(r.id), u.token);
    expect(job.status).toBe('failed');
    expect(job.error).toBe('Tài khoản không còn quyền thực hiện tác vụ này');
  });
});
