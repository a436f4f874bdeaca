// Background jobs (issue 28 point 5) under load: GET /api/health and the list's page 1 at few connections
// (their own latency), first with no job, then while BENCH_JOB_EXPORTS (10) large exports run as jobs
// (the inactive tenth of the product units each, 100,000 rows at 1,000,000; JOBS_CONCURRENCY of them at
// once, the rest queued). Each figure under jobs is shown as a ratio to the same route without jobs in
// the same run (req/s and p99). `BENCH_ONLY=jobsHealthIdle,jobsHealth,jobsPage1Idle,jobsPage1 npm run bench`
// runs them alone; a full `npm run bench` runs them after the list scenarios.
import os from 'node:os';
import type { Measure, Row } from './report';
import { wrk } from './wrk';

export const JOBS_KEYS = ['jobsHealthIdle', 'jobsHealth', 'jobsPage1Idle', 'jobsPage1'];
const EXPORTS = Number(process.env.BENCH_JOB_EXPORTS ?? 10);
/** few connections: the p99 is the route's own wait behind the jobs, not a queue of wrk's connections */
const CONNECTIONS = 4;

interface Ctx {
  engine: Row['engine'];
  base: string;
  token: string;
  /** the list route (its export is `${list}/export`) */
  list: string;
  seconds: number;
  say: (m: string) => void;
  drained: (base: string) => Promise<void>;
  wanted: (key: string) => boolean;
}

interface JobState {
  id: number;
  status: string;
  result?: { url: string; rows?: number } | null;
  error?: string | null;
}

async function call(base: string, path: string, token: string) {
  const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await r.json()) as { code: number; message: string; data: Record<string, any> };
}

/** Starts a route that answers 202 {job} and returns the job's id. */
export async function startJob(base: string, path: string, token: string): Promise<number> {
  const env = await call(base, path, token);
  if (env.code !== 202 || !env.data?.job) throw new Error(`${path}: ${JSON.stringify(env).slice(0, 300)}`);
  return Number(env.data.job.id);
}

/** The job once it is no longer queued or running (polled every `everyMs`). */
export async function finishedJob(base: string, id: number, token: string, everyMs = 100): Promise<JobState> {
  for (;;) {
    const env = await call(base, `/api/admin/jobs/${id}`, token);
    if (env.code !== 200) throw new Error(`job ${id}: ${env.message}`);
    const job = env.data.job as JobState;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function unfinished(base: string, token: string): Promise<number> {
  const env = await call(base, '/api/admin/jobs?active=1', token);
  return (env.data?.entries as unknown[] | undefined)?.length ?? 0;
}

export async function benchJobs(c: Ctx): Promise<Row[]> {
  const rows: Row[] = [];
  const headers = { authorization: `Bearer ${c.token}` };
  const health = '/api/health';
  const page1 = `${c.list}?page=1`;
  const measure = async (key: string, scenario: string, path: string, settle: boolean): Promise<Measure | null> => {
    if (!c.wanted(key)) return null;
    c.say(`${c.engine}: ${scenario} (${c.seconds} s)…`);
    const load = Math.round(os.loadavg()[0] * 10) / 10;
    const m = { ...(await wrk(c.base, [path], { seconds: c.seconds, connections: CONNECTIONS, headers })), load };
    if (settle) await c.drained(c.base);
    rows.push({ key, scenario, engine: c.engine, m });
    return m;
  };
  await wrk(c.base, [health, page1], { seconds: Math.min(c.seconds, 4), connections: CONNECTIONS, headers }); // warm-up
  await c.drained(c.base);
  await measure('jobsHealthIdle', `GET ${health}, không có tác vụ nền, ${CONNECTIONS} kết nối`, health, true);
  await measure('jobsPage1Idle', `danh sách trang 1, không có tác vụ nền, ${CONNECTIONS} kết nối`, page1, true);

  const exportPath = `${c.list}/export?is_active=false`;
  const started = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < EXPORTS; i++) ids.push(await startJob(c.base, exportPath, c.token));
  c.say(`${c.engine}: ${EXPORTS} tác vụ xuất Excel đã xếp hàng (${ids[0]}–${ids[ids.length - 1]})`);
  const what = `trong khi ${EXPORTS} tác vụ xuất Excel chạy nền`;
  await measure('jobsHealth', `GET ${health} ${what}, ${CONNECTIONS} kết nối`, health, false);
  const leftAfterHealth = await unfinished(c.base, c.token);
  await measure('jobsPage1', `danh sách trang 1 ${what}, ${CONNECTIONS} kết nối`, page1, false);
  const leftAfterPage1 = await unfinished(c.base, c.token);
  const jobs = await Promise.all(ids.map((id) => finishedJob(c.base, id, c.token, 250)));
  const seconds = (performance.now() - started) / 1000;
  const failed = jobs.filter((j) => j.status !== 'done');
  const perFile = jobs[0]?.result?.rows ?? 0;
  c.say(
    `${c.engine}: ${EXPORTS} tác vụ xong sau ${seconds.toFixed(1)} s (${perFile.toLocaleString('en')} dòng mỗi tệp); còn chạy/chờ khi đo xong health: ${leftAfterHealth}, trang 1: ${leftAfterPage1}${failed.length ? `; ${failed.length} lỗi: ${failed[0].error}` : ''}`,
  );
  // what was measured under jobs says how many were still under way when its window closed
  for (const r of rows) {
    if (r.key === 'jobsHealth') r.scenario += ` (${perFile.toLocaleString('en')} dòng mỗi tệp; cuối lượt đo còn ${leftAfterHealth} tác vụ chạy/chờ)`;
    if (r.key === 'jobsPage1') r.scenario += ` (cuối lượt đo còn ${leftAfterPage1} tác vụ chạy/chờ; cả ${EXPORTS} xong sau ${seconds.toFixed(0)} s)`;
  }
  if (failed.length) throw new Error(`${failed.length} tác vụ xuất Excel lỗi: ${failed[0].error}`);
  await c.drained(c.base);
  return rows;
}
