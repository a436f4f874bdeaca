import fs from 'node:fs';
import path from 'node:path';
import { paginationSchema } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { tmpDir } from '../lib/storage';
import { AppError, envelope, notFound } from './errors';
import { dropOldJobs } from './jobs';
import { describeLogs } from './log-text';
import type { Router } from './module';
import { jsonValue } from './resource-schema';
import { exec } from './resource-store';
import type { Services } from './services';

/** A page of the system log: each row with its Vietnamese sentence and labelled changes (core/log-text.ts). */
const snapshot = z.record(z.string(), jsonValue).nullable();
const logsAnswer = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      actor_id: z.number().int().nullable(),
      actor_username: z.string().nullable(),
      action: z.string(),
      subject: z.string(),
      record_id: z.string().nullable(),
      method: z.string().nullable(),
      path: z.string().nullable(),
      code: z.number().int().nullable(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      before: snapshot.describe('bản ghi trước thay đổi'),
      after: snapshot.describe('bản ghi sau thay đổi'),
      sentence: z.string().describe('dòng nhật ký thành câu tiếng Việt'),
      changes: z.array(z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() })),
    }),
  ),
  pagination: paginationSchema,
});

const logsQuery = z
  .object({
    page: z.coerce.number({ error: 'Trang phải là số nguyên dương' }).int().min(1, 'Trang phải là số nguyên dương').default(1),
    limit: z.coerce.number({ error: 'Số dòng mỗi trang phải là số nguyên' }).int().min(1).max(100, 'Số dòng mỗi trang tối đa là 100').default(20),
    subject: z.string().max(100).optional(),
    /** one action, or several separated by commas ('login-failed,login-throttled': refused sign-ins) */
    action: z.string().max(200).optional(),
    actor_id: z.coerce.number({ error: 'Người thực hiện không hợp lệ' }).int().positive().optional(),
    record_id: z.string().max(50).optional(),
    from: z
      .string()
      .refine((v) => !Number.isNaN(Date.parse(v)), 'Từ ngày không đúng định dạng')
      .optional(),
    to: z
      .string()
      .refine((v) => !Number.isNaN(Date.parse(v)), 'Đến ngày không đúng định dạng')
      .optional(),
  })
  .strict();

type LogRowOf = Parameters<typeof describeLogs>[1][number] & { id: number; at: unknown };

/** export_files.path: the store key (exports/<token>.xlsx); older rows hold a path on the disk */
const isExportKey = (p: string) => /^exports\/[A-Za-z0-9_-]{20,64}\.xlsx$/.test(p);

const HEALTH_TIMEOUT_MS = 3000;

/** true when the check settles in time without error */
async function withTimeout(p: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      p,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('health timeout')), HEALTH_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Health, system logs and export downloads: routes of the platform itself. */
export function registerPlatformRoutes(router: Router, services: Services) {
  router.add({
    method: 'GET',
    url: '/api/health',
    access: 'public',
    summary: 'Tình trạng hệ thống',
    tags: ['Hệ thống'],
    raw: true,
    handler: async (ctx) => {
      const [database, storage] = await Promise.all([
        // a database that does not answer (network cut, pool exhausted) counts as unreachable too
        withTimeout(exec(services.db, sql`select 1`)),
        withTimeout(services.storage.check()),
      ]);
      const data = { database: database ? 'ok' : 'unreachable', storage: storage ? 'ok' : 'unreachable' };
      if (!database) return ctx.reply.code(503).send(envelope(503, 'Không kết nối được cơ sở dữ liệu', data));
      // without its file store the system cannot serve uploads, images or exports: not healthy either
      if (!storage) return ctx.reply.code(503).send(envelope(503, 'Không kết nối được nơi lưu tệp', data));
      return ctx.reply.code(200).send(envelope(200, 'Hệ thống hoạt động bình thường', data));
    },
  });

  router.add({
    method: 'GET',
    url: '/api/admin/system/logs',
    access: { action: 'list', subject: 'system_logs' },
    summary: 'Nhật ký hệ thống',
    tags: ['Hệ thống'],
    query: logsQuery,
    response: logsAnswer,
    handler: async ({ query: q }) => {
      const w = [sql`true`];
      if (q.subject) w.push(sql`subject = ${q.subject}`);
      if (q.action) {
        const actions = q.action.split(',').map((a) => a.trim());
        w.push(
          sql`action in (${sql.join(
            actions.map((a) => sql`${a}`),
            sql`, `,
          )})`,
        );
      }
      if (q.actor_id) w.push(sql`actor_id = ${q.actor_id}`);
      if (q.record_id) w.push(sql`record_id = ${q.record_id}`);
      if (q.from) w.push(sql`at >= ${q.from}`);
      if (q.to) {
        const dateOnly = /^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/.test(q.to);
        w.push(dateOnly ? sql`at < ${new Date(Date.parse(q.to.slice(0, 10)) + 86400000).toISOString()}` : sql`at <= ${q.to}`);
      }
      const where = sql.join(w, sql` and `);
      const [rows, [{ n }]] = await Promise.all([
        exec(
          services.db,
          sql`select id, at, actor_id, actor_username, action, subject, record_id, method, path, code, ip, user_agent, before, after
          from audit_logs where ${where} order by at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
        ),
        exec<{ n: number }>(services.db, sql`select count(*)::int as n from (select 1 from audit_logs where ${where} limit 100001) s`),
      ]);
      return {
        // each row also speaks a Vietnamese sentence with labelled changes (core/log-text.ts)
        entries: await describeLogs(
          services.db,
          rows.map((r) => ({ ...r, at: r.at instanceof Date ? r.at.toISOString() : r.at }) as LogRowOf),
        ),
        pagination: { page: q.page, limit: q.limit, total: n, total_pages: Math.ceil(n / q.limit), next_cursor: null, total_is_estimate: n > 100000 },
      };
    },
  });

  // Exports are fetched by pointing the browser at the URL (no Authorization header): the URL itself,
  // unguessable and short-lived, is the permission.
  router.add({
    method: 'GET',
    url: '/api/exports/:token/:name',
    access: 'public',
    summary: 'Tải tệp Excel đã xuất',
    tags: ['Hệ thống'],
    raw: true,
    // the token is the permission: the request log names it, never shows it
    secretParams: ['token'],
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Mã tệp không hợp lệ'), name: z.string().max(200) }).strict(),
    handler: async (ctx) => {
      const [f] = await exec<{ path: string; file_name: string }>(
        services.db,
        sql`select path, file_name from export_files where token = ${ctx.params.token} and expires_at > now()`,
      );
      // from the shared store, so the process that made the export need not be the one asked
      const body = f && isExportKey(f.path) ? await services.storage.stream(f.path) : null;
      if (!body) throw notFound('Tệp xuất không tồn tại hoặc đã hết hạn');
      return ctx.reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.file_name)}`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}

/** Drops audit rows past their retention and expired exports; run at start and daily. */
export async function housekeeping(services: Services) {
  await exec(services.db, sql`delete from audit_logs where at < now() - make_interval(days => ${services.config.AUDIT_RETENTION_DAYS})`);
  const old = await exec<{ path: string }>(services.db, sql`delete from export_files where expires_at < now() returning path`);
  for (const f of old) {
    if (isExportKey(f.path)) await services.storage.remove(f.path).catch((err) => services.log.warn({ err }, 'export clean-up failed'));
    // written before exports went to the store: a file in DATA_DIR/exports
    else if (path.isAbsolute(f.path) && path.dirname(f.path) === path.join(services.config.dataDir, 'exports')) fs.rmSync(f.path, { force: true });
  }
  // temporary files a process stopped in the middle of an export left behind (this machine's own)
  const tmp = tmpDir(services.config);
  for (const name of fs.existsSync(tmp) ? fs.readdirSync(tmp) : []) {
    const file = path.join(tmp, name);
    const made = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (/^export-.*\.xlsx$/.test(name) && made < Date.now() - 86_400_000) fs.rmSync(file, { force: true });
  }
  await dropOldJobs(services);
  await exec(services.db, sql`delete from login_attempts where at < now() - interval '1 day'`);
  await exec(services.db, sql`delete from sessions where expires_at < now() - interval '7 days' or revoked_at < now() - interval '7 days'`);
}

export { AppError };
