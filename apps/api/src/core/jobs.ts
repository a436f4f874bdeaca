import type { Action, Subject } from '@nns/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { writeAudit } from './audit';
import { AppError, notFound } from './errors';
import type { AuditEntry, Ctx, RouteDef, Router, SessionUser } from './module';
import { notify } from './notify';
import { exec, iso } from './resource-store';
import type { Services } from './services';

/**
 * Background jobs (issue 28 point 5): exports, large stamp runs and print sheets. The request checks
 * its input and permission, queues a row in `jobs` and answers 202 at once; a process claims the row
 * (`for update skip locked`, under one advisory lock so the per-user count is exact: each job runs
 * once, whatever the number of processes), runs it in chunks that yield to the event loop (PGlite
 * runs every statement in one thread: health and list requests interleave between chunks), stores
 * the result (a download URL of the shared store) for an hour and notifies its owner.
 */

/** Timings; tests shorten them. */
export const jobLimits = {
  /** how often an idle process looks for queued jobs (a job queued by this process starts at once) */
  pollMs: 1000,
  /** a running job whose process stopped writing its heartbeat this long ago is taken again */
  staleMs: 120_000,
  /** how long a result stays downloadable, like an export link */
  ttlMinutes: 60,
  /** progress is written at most this often */
  progressMs: 500,
};

/** Lets the event loop run what is waiting (requests, timers) between two chunks of a job. */
export const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

export interface JobRun {
  id: number;
  services: Services;
  /** the owner as they are now (permissions, scope), reloaded when the job starts */
  user: SessionUser;
  params: Record<string, unknown>;
  /** a Ctx for code written for routes (exports, findOne): user, services, audit; no request */
  ctx: Ctx;
  /** done of total (written at most every `progressMs`) */
  progress(done: number, total: number): Promise<void>;
}

/**
 * What a job leaves: a file to download (`url` of the shared store), or, with `page: true`, a screen
 * of the app to open (`url` is its route, `label` the link's text: a stamp run issued in the
 * background). `notice` replaces the owner's default 'file ready' notification.
 */
export type JobResult = { url: string; file_name?: string; rows?: number; page?: boolean; label?: string; notice?: string } & Record<string, unknown>;
type Runner = (run: JobRun) => Promise<JobResult>;

interface Queue {
  runners: Map<string, Runner>;
  running: number;
  kick(): void;
}
const queues = new WeakMap<Services, Queue>();

function queueOf(s: Services): Queue {
  let q = queues.get(s);
  if (!q) {
    q = { runners: new Map(), running: 0, kick: () => {} };
    queues.set(s, q);
  }
  return q;
}

/** Declares what a kind of job does (modules call it from `routes`, beside the route that queues it). */
export function defineJob(s: Services, kind: string, run: Runner) {
  queueOf(s).runners.set(kind, run);
}

const STATUS_LABEL: Record<string, string> = {
  queued: 'Đang chờ',
  running: 'Đang chạy',
  done: 'Hoàn thành',
  failed: 'Lỗi',
  expired: 'Đã hết hạn',
};

/** A job as its owner sees it (an expired result is gone). */
export function presentJob(r: Record<string, unknown>) {
  const expired = r.status === 'done' && r.expires_at != null && Date.parse(iso(r.expires_at) as string) <= Date.now();
  const status = expired ? 'expired' : String(r.status);
  const result = status === 'done' ? (r.result as Record<string, unknown> | null) : null;
  return {
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    status,
    status_label: STATUS_LABEL[status],
    progress: Number(r.progress),
    error: r.error ?? null,
    result,
    download_url: result && !result.page ? `/api/admin/jobs/${r.id}/download` : null,
    created_at: iso(r.created_at),
    started_at: r.started_at ? iso(r.started_at) : null,
    finished_at: r.finished_at ? iso(r.finished_at) : null,
    expires_at: r.expires_at ? iso(r.expires_at) : null,
  };
}
export type JobView = ReturnType<typeof presentJob>;

/** A job as `presentJob` shows it (the owner's routes' answers in the OpenAPI document). */
export const jobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed', 'expired']),
  status_label: z.string(),
  progress: z.number(),
  error: z.string().nullable(),
  /** a file (`url` of the store), or with `page` a screen of the app (`url` its route, `label` the link's text) */
  result: z
    .object({
      url: z.string(),
      file_name: z.string().optional(),
      rows: z.number().optional(),
      page: z.boolean().optional(),
      label: z.string().optional(),
      notice: z.string().optional(),
    })
    .passthrough()
    .nullable(),
  download_url: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});

/** The 202 answer of a route that queues a job (for the OpenAPI document). */
export const jobAnswer = z.object({
  job: z.object({ id: z.number(), kind: z.string(), title: z.string(), status: z.string(), status_label: z.string(), progress: z.number() }).passthrough(),
});

const JOB_COLUMNS = sql`id, kind, title, status, progress, error, result, created_at, started_at, finished_at, expires_at`;

/**
 * Queues a job for the caller and answers it (the route answers 202 with it). The caller's
 * permission for the route is checked again when the job starts, with the account as it is then.
 */
export async function startJob(
  ctx: Ctx,
  job: { kind: string; title: string; params: Record<string, unknown>; access: { action: string; subject: string } },
): Promise<{ job: JobView }> {
  const s = ctx.services;
  const { kind, title, params } = job;
  if (!queueOf(s).runners.has(kind)) throw new Error(`job kind ${kind} is not declared`);
  const origin = {
    method: ctx.req.method,
    path: ctx.req.url.split('?')[0],
    ip: ctx.req.ip,
    ua: ctx.req.headers['user-agent']?.slice(0, 500) ?? null,
    permission: `${job.access.action}:${job.access.subject}`,
  };
  const [row] = await exec<Record<string, unknown>>(
    s.db,
    sql`insert into jobs (kind, title, user_id, params) values (${kind}, ${title.slice(0, 200)}, ${ctx.user?.id ?? null}, ${JSON.stringify({ ...params, _origin: origin })}::jsonb)
        returning ${JOB_COLUMNS}`,
  );
  queueOf(s).kick();
  return { job: presentJob(row) };
}

/** The account as it is now: a job started later than its request sees a changed role or scope. */
async function loadUser(s: Services, id: number): Promise<SessionUser | null> {
  const [u] = await exec<Record<string, unknown>>(
    s.db,
    sql`select u.id, u.username, u.full_name, u.role_id, u.scope, u.province_id, u.ward_id, u.manufacture_id,
          array(select p.action || ':' || p.subject from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = u.role_id) as permissions
        from users u where u.id = ${id} and u.status = 'active'`,
  );
  if (!u) return null;
  return {
    ...(u as unknown as SessionUser),
    id: Number(u.id),
    session_id: 0,
    must_change_password: false,
    permissions: new Set(u.permissions as string[]),
  };
}

/** Takes the oldest queued job this process knows, if its owner runs fewer than JOBS_PER_USER. */
async function claim(s: Services, kinds: string[]): Promise<Record<string, unknown> | null> {
  if (!kinds.length) return null;
  const stale = jobLimits.staleMs;
  return s.db.transaction(async (db) => {
    // one claim at a time across processes, so two cannot both see a user below the limit
    await exec(db, sql`select pg_advisory_xact_lock(hashtext('nns_jobs_claim'))`);
    const [row] = await exec<Record<string, unknown>>(
      db,
      sql`update jobs set status = 'running', started_at = now(), heartbeat_at = now(), attempts = attempts + 1, progress = 0
          where id = (
            select j.id from jobs j
            where (j.status = 'queued' or (j.status = 'running' and j.heartbeat_at < now() - make_interval(secs => ${stale / 1000}) and j.attempts < 3))
              and j.kind = any(${`{${kinds.join(',')}}`}::text[])
              and (j.user_id is null or (select count(*) from jobs r where r.user_id = j.user_id and r.status = 'running'
                and r.heartbeat_at >= now() - make_interval(secs => ${stale / 1000})) < ${s.config.JOBS_PER_USER})
            order by j.id limit 1 for update skip locked)
          returning id, kind, title, user_id, params`,
    );
    return row ?? null;
  });
}

async function finish(s: Services, id: number, status: 'done' | 'failed', result: JobResult | null, error: string | null) {
  await exec(
    s.db,
    sql`update jobs set status = ${status}, progress = ${status === 'done' ? 100 : sql`progress`}, result = ${result ? JSON.stringify(result) : null}::jsonb,
          error = ${error}, finished_at = now(), expires_at = now() + make_interval(mins => ${jobLimits.ttlMinutes}) where id = ${id}`,
  );
}

async function runOne(s: Services, row: Record<string, unknown>) {
  const id = Number(row.id);
  const runner = queueOf(s).runners.get(String(row.kind)) as Runner;
  const { _origin: origin, ...params } = (row.params ?? {}) as Record<string, unknown> & { _origin?: Record<string, string | null> };
  const userId = row.user_id == null ? null : Number(row.user_id);
  let last = 0;
  const beat = setInterval(() => {
    exec(s.db, sql`update jobs set heartbeat_at = now() where id = ${id} and status = 'running'`).catch(() => {});
  }, jobLimits.staleMs / 4);
  beat.unref();
  let status: 'done' | 'failed' = 'failed';
  let notice: string | null = null;
  try {
    const user = userId == null ? null : await loadUser(s, userId);
    if (!user) throw new AppError(403, 'Tài khoản không còn hoạt động');
    if (origin?.permission && !user.permissions.has(origin.permission)) throw new AppError(403, 'Tài khoản không còn quyền thực hiện tác vụ này');
    const req = {
      user,
      method: origin?.method ?? 'GET',
      url: origin?.path ?? '',
      ip: origin?.ip ?? null,
      headers: { 'user-agent': origin?.ua ?? undefined },
      routeOptions: { config: {} },
    } as unknown as FastifyRequest;
    const ctx = {
      req,
      reply: undefined as never,
      params: {},
      query: {},
      body: undefined,
      user,
      services: s,
      audit: (entry: AuditEntry, tx: Db = s.db) => writeAudit(tx, req, entry),
    } as Ctx;
    const result = await runner({
      id,
      services: s,
      user,
      params,
      ctx,
      async progress(done, total) {
        const now = Date.now();
        if (now - last < jobLimits.progressMs || total <= 0) return;
        last = now;
        const pct = Math.max(0, Math.min(99, Math.floor((100 * done) / total)));
        await exec(s.db, sql`update jobs set progress = ${pct}, heartbeat_at = now() where id = ${id}`);
      },
    });
    await finish(s, id, 'done', result, null);
    status = 'done';
    if (typeof result.notice === 'string') notice = result.notice;
  } catch (err) {
    const message = err instanceof AppError ? err.message : 'Lỗi hệ thống khi chạy tác vụ, vui lòng thử lại sau';
    if (!(err instanceof AppError)) s.log.error({ err, job: id }, 'job failed');
    await finish(s, id, 'failed', null, message).catch((e) => s.log.error({ err: e, job: id }, 'job state not saved'));
  } finally {
    clearInterval(beat);
  }
  if (userId != null) {
    const content =
      status === 'done'
        ? (notice ?? `${row.title}: tệp đã sẵn sàng, tải về trong mục Tác vụ (trong ${jobLimits.ttlMinutes} phút).`)
        : `${row.title}: không hoàn thành. Xem chi tiết trong mục Tác vụ.`;
    await notify(s, { audience: 'user', user_id: userId }, { title: status === 'done' ? 'Tác vụ đã xong' : 'Tác vụ bị lỗi', content }).catch((err) =>
      s.log.warn({ err, job: id }, 'job notification failed'),
    );
  }
}

/** Runs queued jobs in this process: up to JOBS_CONCURRENCY at once, polled and kicked by `startJob`; the result stops it. */
export function startJobs(s: Services): () => Promise<void> {
  const q = queueOf(s);
  let stopped = false;
  let claiming = false;
  let again = false;
  const active = new Set<Promise<void>>();
  const fill = async () => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        while (!stopped && q.running < s.config.JOBS_CONCURRENCY) {
          const row = await claim(s, [...q.runners.keys()]);
          if (!row) break;
          q.running++;
          const p = runOne(s, row).finally(() => {
            q.running--;
            active.delete(p);
            void fill();
          });
          active.add(p);
        }
      } while (again && !stopped);
    } catch (err) {
      if (!stopped) s.log.warn({ err }, 'job claim failed');
    } finally {
      claiming = false;
    }
  };
  q.kick = () => void fill();
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await fill();
      arm();
    }, jobLimits.pollMs);
    timer.unref();
  };
  void fill();
  arm();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    while (claiming) await new Promise((r) => setTimeout(r, 10));
    // jobs under way finish before the database closes
    await Promise.allSettled([...active]);
  };
}

const jobParams = z
  .object({
    id: z.coerce
      .number({ error: 'Mã tác vụ không hợp lệ' })
      .int('Mã tác vụ không hợp lệ')
      .positive('Mã tác vụ không hợp lệ')
      .max(2147483647, 'Mã tác vụ không hợp lệ'),
  })
  .strict();

async function ownJob(s: Services, ctx: Ctx, id: number) {
  const [row] = await exec<Record<string, unknown>>(s.db, sql`select ${JOB_COLUMNS} from jobs where id = ${id} and user_id = ${ctx.user?.id ?? 0}`);
  // another user's job does not exist for the caller
  if (!row) throw notFound('Không tìm thấy tác vụ');
  return presentJob(row);
}

/** The owner's routes: their jobs, one job, its result. */
export function registerJobRoutes(router: Router, s: Services) {
  const tags = ['Tác vụ'];
  router.add({
    method: 'GET',
    url: '/api/admin/jobs',
    access: 'authenticated',
    summary: 'Các tác vụ nền của tôi (xuất Excel, in tem…), mới nhất trước, kèm tiến độ và đường dẫn tải kết quả',
    tags,
    query: z.object({ active: z.enum(['0', '1'], { error: 'active phải là 0 hoặc 1' }).optional() }).strict(),
    response: z.object({ entries: z.array(jobSchema) }),
    async handler(ctx) {
      const rows = await exec<Record<string, unknown>>(
        s.db,
        sql`select ${JOB_COLUMNS} from jobs where user_id = ${ctx.user?.id ?? 0}
            ${ctx.query.active === '1' ? sql`and status in ('queued', 'running')` : sql``} order by id desc limit 50`,
      );
      return { entries: rows.map(presentJob) };
    },
  });
  router.add({
    method: 'GET',
    url: '/api/admin/jobs/:id',
    access: 'authenticated',
    summary: 'Một tác vụ nền của tôi: trạng thái, tiến độ, kết quả',
    tags,
    params: jobParams,
    response: z.object({ job: jobSchema }),
    handler: async (ctx) => ({ job: await ownJob(s, ctx, ctx.params.id) }),
  });
  router.add({
    method: 'GET',
    url: '/api/admin/jobs/:id/download',
    access: 'authenticated',
    summary: 'Tải kết quả của một tác vụ đã xong (chuyển tới tệp trong 1 giờ sau khi xong)',
    tags,
    params: jobParams,
    raw: true,
    handler: async (ctx) => {
      const job = await ownJob(s, ctx, ctx.params.id);
      if (job.status === 'expired') throw new AppError(410, 'Kết quả của tác vụ đã hết hạn, vui lòng chạy lại');
      if (job.status !== 'done' || !job.result?.url) throw new AppError(409, 'Tác vụ chưa xong');
      // a job whose result is a screen of the app (a stamp run) has no file
      if (job.result.page) throw notFound('Tác vụ này không có tệp để tải về');
      return ctx.reply.code(302).header('location', String(job.result.url)).header('cache-control', 'no-store').send();
    },
  });
}

/** Finished jobs a day past their expiry are dropped (their files expire with their export rows). */
export async function dropOldJobs(s: Services) {
  await exec(s.db, sql`delete from jobs where status in ('done', 'failed') and expires_at < now() - interval '1 day'`);
}

/**
 * A route whose work runs as a job: the request is validated (and `check`ed) as usual and answers
 * 202 with the queued job; the job then runs the route's own handler with the same params and
 * query, as the account is when it starts.
 */
export function addJobRoute(
  router: Router,
  s: Services,
  def: RouteDef<any, any, any> & { access: { action: Action; subject: Subject }; job: { kind: string; title: string; check?(ctx: Ctx): unknown } },
) {
  const { job, handler, ...route } = def;
  defineJob(s, job.kind, async (run) => (await handler({ ...run.ctx, params: run.params.params, query: run.params.query })) as JobResult);
  router.add({
    ...route,
    status: 202,
    message: 'Đã nhận yêu cầu, tác vụ đang chạy nền',
    response: jobAnswer,
    handler: async (ctx) => {
      await job.check?.(ctx);
      return startJob(ctx, { kind: job.kind, title: job.title, params: { params: ctx.params, query: ctx.query }, access: def.access });
    },
  });
}
