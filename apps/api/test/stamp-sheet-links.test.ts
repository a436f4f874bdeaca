import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec } from '../src/core/resource-store';
import { SHEET_LINK_EXPIRED } from '../src/modules/origin/print.module';
import { expectDocumented } from './documented';
import { call, makeApp, makeUser, type TestApp } from './helpers';

/**
 * Stamp sheet links expire like exports (issue 28 §6): an hour after they are made the download
 * answers 410 in Vietnamese; the print history asks for a fresh link, which replaces the old one.
 * The sheet is written here as the print flow leaves it (a file in the store and its job row), so the
 * test holds whichever way the sheet gets printed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

async function printedSheet() {
  const db = t.app.services.db;
  const [p] = await exec<{ id: number }>(db, sql`insert into products (code, name) values (${`SP-${crypto.randomUUID()}`}, 'Chè Thái Nguyên') returning id`);
  const from = 8_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  const [run] = await exec<{ id: number }>(
    db,
    sql`insert into stamps (product_id, quantity, serial_from, serial_to) values (${p.id}, 2, ${from}, ${from + 1}) returning id`,
  );
  const key = `stamp-sheets/${crypto.randomBytes(24).toString('base64url')}.pdf`;
  await t.app.services.storage.put(key, Buffer.from('%PDF-1.4\n%tem\n'));
  const link = crypto.randomBytes(24).toString('base64url');
  const [job] = await exec<{ id: number }>(
    db,
    sql`insert into stamp_print_jobs (stamp_id, serial_from, serial_to, count, lines, layout, file_key, link_token, link_expires_at)
        values (${run.id}, ${from}, ${from + 1}, 2, 1, '{}'::jsonb, ${key}, ${link}, now() + interval '1 hour') returning id`,
  );
  return { runId: run.id, jobId: job.id, url: `/api/stamp-sheets/${link}/tem-${run.id}-${from}-${from + 1}.pdf`, link };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const expire = (jobId: number) => exec(t.app.services.db, sql`update stamp_print_jobs set link_expires_at = now() - interval '1 second' where id = ${jobId}`);

describe('stamp sheet links expire', () => {
  it('a link opens the sheet within its hour; past it the download answers 410 in Vietnamese and the history offers no link', async () => {
    const s = await printedSheet();
    const ok = await get(s.url);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    const jobs = await call(t, 'GET', `/api/admin/stamps/${s.runId}/print-jobs`);
    expect(jobs.body.data.entries[0].url).toBe(s.url);
    expect(Date.parse(jobs.body.data.entries[0].link_expires_at) - Date.now()).toBeGreaterThan(50 * 60_000);

    await expire(s.jobId);
    const gone = await get(s.url);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 410, message: SHEET_LINK_EXPIRED });
    expect(gone.body).not.toMatch(/stack|Error/);
    const after = await call(t, 'GET', `/api/admin/stamps/${s.runId}/print-jobs`);
    expect(after.body.data.entries[0]).toMatchObject({ url: null, link_expires_at: null });
    // an unknown link is still just missing
    expect((await get('/api/stamp-sheets/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/x.pdf')).statusCode).toBe(404);
  });

  it('the app asks for a fresh link: it opens the same sheet for an hour, and the old link stops working', async () => {
    const s = await printedSheet();
    await expire(s.jobId);
    const r = await call(t, 'POST', `/api/admin/stamps/print-jobs/${s.jobId}/link`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectDocumented(t, 'POST', '/api/admin/stamps/print-jobs/:id/link', r.body);
    expect(r.body.data.url).not.toBe(s.url);
    expect(r.body.data.url).toMatch(new RegExp(`^/api/stamp-sheets/[A-Za-z0-9_-]{32}/tem-${s.runId}-\\d+-\\d+\\.pdf$`));
    expect(Date.parse(r.body.data.expires_at) - Date.now()).toBeGreaterThan(50 * 60_000);
    const file = await get(r.body.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString()).toContain('%PDF');
    expect((await get(s.url)).statusCode).toBe(404);
    const jobs = await call(t, 'GET', `/api/admin/stamps/${s.runId}/print-jobs`);
    expect(jobs.body.data.entries[0].url).toBe(r.body.data.url);
    // renewing a live link replaces it too
    const again = await call(t, 'POST', `/api/admin/stamps/print-jobs/${s.jobId}/link`);
    expect((await get(r.body.data.url)).statusCode).toBe(404);
    expect((await get(again.body.data.url)).statusCode).toBe(200);
  });

  it('a fresh link needs update:stamps; an unknown job is 404', async () => {
    const s = await printedSheet();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/stamps/print-jobs/${s.jobId}/link` })).statusCode).toBe(401);
    const reader = await makeUser(t, { perms: ['read:stamps', 'list:stamps'] });
    expect((await call(t, 'POST', `/api/admin/stamps/print-jobs/${s.jobId}/link`, { token: reader.token })).status).toBe(403);
    expect((await call(t, 'POST', '/api/admin/stamps/print-jobs/99999999/link')).status).toBe(404);
  });
});
