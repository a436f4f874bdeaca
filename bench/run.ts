// `npm run bench`: the list engine under load, on PostgreSQL and on PGlite, each beside its ceiling.
// Seeds 1,000,000 product units (generate_series), starts the real app (buildApp + listen on a port,
// logging at warn as in production) and a bare Fastify server on the same table (bench/bare.ts), loads
// both with wrk (bench/wrk.ts, installed with apt-get when missing) and prints one markdown table:
// absolute figures (req/s, p50, p99) and each as a ratio to its ceiling (also written to bench/RESULTS.md).
//   BENCH_SECONDS (10)  BENCH_CONNECTIONS (50)  BENCH_ROWS (1000000)  BENCH_PGLITE_ROWS (BENCH_ROWS)
//   BENCH_REPEAT (1: rounds of the list and read scenarios, each figure the median of its rounds)
//   BENCH_SHARED_READS (yes; no: the app's identical waiting reads are not shared, db/shared-read.ts)
//   BENCH_CPU_PROF (a directory: Node's CPU profile of each measured run, bench/cpu-prof.ts)
//   BENCH_ANSWER_CACHE_SECONDS (the app's default; 0: PGlite's answer cache off)  BENCH_PAGE_ANCHOR_ROWS (the app's default; 0: no page anchors)
//   BENCH_ONLY (every scenario: a comma list of keys, e.g. page1,page5000,batchDetail4,batchDetail; a
//   shortened run never writes bench/RESULTS.md; bench/jobs.ts's jobsHealthIdle, jobsHealth, jobsPage1Idle,
//   jobsPage1 (health and page 1 while ten exports run as jobs, bench/RESULTS-jobs.md); issue 15's ingest500, ingest1, chart1y and overview of
//   bench/monitoring.ts run only when named here, with BENCH_MONITORING_READINGS and _STATIONS)  BENCH_ENGINES (postgres,pglite)  BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres:
//   a temporary database bench_<pid> is made there and dropped at the end)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resourceByName } from '@nns/shared/registry';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { DEFAULT_POOL_SIZE } from '../apps/api/src/lib/pool-size';
import { DIARIES_PAGE } from '../apps/api/src/modules/culture/batches.module';
import { startBare } from './bare';
import { profiled } from './cpu-prof';
import { benchDischarge, DISCHARGE_KEYS } from './discharge';
import { benchJobs, finishedJob, JOBS_KEYS, startJob } from './jobs';
import { benchMonitoring, MONITORING_KEYS } from './monitoring';
import { type Measure, medianMeasure, type Row, renderTable } from './report';
import { seedProductUnits } from './seed';
import { DIARIES_PER_BATCH, seedBatchDiaries } from './seed-diaries';
import { ensureWrk, wrk } from './wrk';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPEAT = Math.max(1, Math.floor(Number(process.env.BENCH_REPEAT ?? 1)));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? ROWS);
const rowsOf = (engine: 'pglite' | 'postgres') => (engine === 'pglite' ? PGLITE_ROWS : ROWS);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Bench@12345';
const LIST = '/api/admin/product-units';
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((k) => k.trim())) : null;
const wanted = (key: string) => !ONLY || ONLY.has(key);
/** Issue 13's detail at low concurrency: its p99 is the route's own, not 50 connections queued behind each other. */
const FEW_CONNECTIONS = 4;

const say = (m: string) => process.stderr.write(`[bench] ${m}\n`);
const mb = (b: number) => Math.round(b / 1048576);

/** One wrk run (SECONDS, CONNECTIONS unless given) walking `paths` in turn. */
function load(base: string, paths: string[], o: { headers?: Record<string, string>; duration?: number; connections?: number } = {}): Promise<Measure> {
  return wrk(base, paths, { seconds: o.duration ?? SECONDS, connections: o.connections ?? CONNECTIONS, headers: o.headers });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the server has worked off what the last run left queued (wrk stops sending at
 * its deadline, the server still answers what it took in): health answers fast twice in a row. On
 * PGlite the queue is the database's own, and a slow scenario's backlog would otherwise land on the next.
 */
async function drained(base: string) {
  const until = Date.now() + 120_000;
  let fast = 0;
  while (fast < 2 && Date.now() < until) {
    const t = performance.now();
    await fetch(`${base}/api/health`).catch(() => null);
    fast = performance.now() - t < 100 ? fast + 1 : 0;
    await sleep(200);
  }
}

async function getJson(url: string, token: string) {
  const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await r.json()) as { code: number; data: Record<string, any> };
  if (body.code !== 200) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

async function freshPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${process.pid}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<Row[]> {
  const ROWS = rowsOf(engine);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-bench-'));
  let database: Database;
  let drop = async () => {};
  let url: string | undefined;
  if (engine === 'postgres') {
    const d = await freshPgDatabase();
    drop = d.drop;
    url = d.url;
    // the pool as the server makes it: DATABASE_POOL_SIZE or its default (lib/pool-size.ts); the bare server's is as large
    // BENCH_SHARED_READS=no: every read runs on its own, as on the bare server (db/shared-read.ts)
    database = await openDatabase({
      url: d.url,
      poolSize: Number(process.env.DATABASE_POOL_SIZE || DEFAULT_POOL_SIZE),
      sharedReads: process.env.BENCH_SHARED_READS !== 'no',
    });
  } else {
    database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
  }
  // BENCH_ANSWER_CACHE_SECONDS=0: the embedded engine's answer cache off (core/answer-cache.ts), to measure without hits
  const answerCache: Record<string, number> = process.env.BENCH_ANSWER_CACHE_SECONDS
    ? { ANSWER_CACHE_SECONDS: Number(process.env.BENCH_ANSWER_CACHE_SECONDS) }
    : {};
  // BENCH_PAGE_ANCHOR_ROWS=0: no page anchors (core/page-anchors.ts): every jump walks the index from the start
  if (process.env.BENCH_PAGE_ANCHOR_ROWS) Object.assign(answerCache, { PAGE_ANCHOR_ROWS: Number(process.env.BENCH_PAGE_ANCHOR_ROWS) });
  const { app } = await buildApp({
    database,
    env: {},
    config: { ADMIN_PASSWORD: PASSWORD, DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'no', ...answerCache },
  });
  app.get('/bench/hello', async () => ({ hello: 'world' }));
  const discharge = (b: string, token: string) =>
    benchDischarge({ engine, database, base: b, token, seconds: SECONDS, connections: CONNECTIONS, say, drained, wanted });
  // BENCH_ONLY=dischargeMap (issue 16's overview map): only the works are seeded, not the million product units
  if (ONLY && [...ONLY].every((k) => DISCHARGE_KEYS.includes(k))) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const b = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const r = await fetch(`${b}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const rows = await discharge(b, ((await r.json()) as { data: { token: string } }).data.token);
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    return rows;
  }
  const t0 = Date.now();
  say(`${engine}: đang tạo ${ROWS.toLocaleString('vi-VN')} đơn vị tính…`);
  await seedProductUnits(database, ROWS);
  say(`${engine}: đã tạo dữ liệu trong ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const columns = ['id', ...Object.keys(resourceByName['product-units'].fields), 'created_at', 'updated_at', 'created_by', 'updated_by', 'deleted_at'];
  const bare = await startBare({ url, pglite: database.pglite, table: 'product_units', columns });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };

  // cursors handed out at several depths (pages 1 … ~100,000 of 10 rows): shallow ones and deep ones
  const pages = [1, 10, 100, 1000, 5000, 20000, 50000, 80000, 99000].filter((p) => p * 10 < ROWS);
  const cursors: { page: number; cursor: string }[] = [];
  for (const page of pages) cursors.push({ page, cursor: (await getJson(`${base}${LIST}?page=${page}`, token)).pagination.next_cursor });
  const cursorPaths = (xs: typeof cursors) => xs.map((c) => `${LIST}?cursor=${c.cursor}`);
  const shallow = cursors.filter((c) => c.page <= 1000);
  const deep = cursors.filter((c) => c.page >= 20000);
  const first = await getJson(`${base}${LIST}?page=1`, token);
  const ids = Array.from({ length: 1000 }, (_, i) => 1 + ((i * 7919 * 131) % ROWS));
  // common words (an eighth of the table is 'cà phê'; with the number, a few rows) and a rare code (one row)
  const common = 'ca phe 1234';
  const rare = `dv${ROWS - 1}`;
  const searchCommon = `${LIST}?search=${encodeURIComponent(common)}`;
  const searchRare = `${LIST}?search=${encodeURIComponent(rare)}`;
  const foundCommon = await getJson(`${base}${searchCommon}`, token);
  const foundRare = await getJson(`${base}${searchRare}`, token);
  say(
    `${engine}: tổng ước tính ${first.pagination.total} (ước tính: ${first.pagination.total_is_estimate}); '${common}' thấy ${foundCommon.pagination.total}, '${rare}' thấy ${foundRare.pagination.total}`,
  );

  const rows: Row[] = [];
  type Scenario = [scenario: string, key: string, paths: string[], o?: Parameters<typeof load>[2], on?: string];
  const measure = async (round: number, [scenario, key, paths, o = { headers }, on = base]: Scenario): Promise<Measure> => {
    say(`${engine}: ${scenario} (${SECONDS} s, ${o?.connections ?? CONNECTIONS} kết nối)${REPEAT > 1 ? ` — vòng ${round + 1}/${REPEAT}` : ''}…`);
    const load1 = Math.round(os.loadavg()[0] * 10) / 10;
    const m = { ...(await profiled(`${engine}-${key}${round ? `-${round + 1}` : ''}`, () => load(on, paths, o))), load: load1 };
    await drained(base);
    return m;
  };
  const run = async (...a: Scenario) => {
    if (wanted(a[1])) rows.push({ key: a[1], scenario: a[0], engine, m: await measure(0, a) });
  };
  // the list and read scenarios: planned first, then measured in BENCH_REPEAT rounds (each round runs
  // every one once, so a slower minute of the machine lands on all of them), each figure the median
  const plan: Scenario[] = [];
  const planned = (...a: Scenario) => {
    if (wanted(a[1])) plan.push(a);
  };
  // warm-up, not recorded: the pools open their connections, PostgreSQL's backends fill their catalogue
  // caches and V8 compiles the hot path; otherwise the first list scenario (page 1) pays for all of it
  say(`${engine}: khởi động (không ghi nhận)…`);
  const warm = [`${LIST}?page=1`, ...cursorPaths(cursors), `${LIST}?page=5000`, searchCommon, searchRare, ...ids.slice(0, 50).map((id) => `${LIST}/${id}`)];
  await load(base, warm, { headers, duration: Math.min(SECONDS, 8) });
  await load(bare.base, ['/bare/list', ...ids.slice(0, 50).map((id) => `/bare/read/${id}`)], { duration: Math.min(SECONDS, 4) });
  await drained(base);
  planned('trần: hello-world (Fastify trần)', 'bareHello', ['/bare/hello'], {}, bare.base);
  planned('trần: truy vấn trang 1 (10 dòng theo id giảm dần)', 'bareList', ['/bare/list'], {}, bare.base);
  planned(
    'trần: đọc theo id',
    'bareRead',
    ids.map((id) => `/bare/read/${id}`),
    {},
    bare.base,
  );
  planned('hello-world (cùng máy chủ API)', 'hello', ['/bench/hello'], {});
  planned('danh sách trang 1 (đăng nhập, phạm vi, kiểm tra, phong bì)', 'page1', [`${LIST}?page=1`]);
  planned(
    'xem chi tiết theo id',
    'read',
    ids.map((id) => `${LIST}/${id}`),
  );
  planned('nhảy tới trang 5.000', 'page5000', [`${LIST}?page=5000`]);
  // 21 neighbouring deep pages in turn (offsets 49,890–50,090: two anchor intervals), not one page again and again
  planned(
    'nhảy tới các trang 4.990–5.010 lần lượt',
    'pageNear',
    Array.from({ length: 21 }, (_, i) => `${LIST}?page=${4990 + i}`),
  );
  planned(`trang kế theo con trỏ, nông (trang ${shallow.map((c) => c.page + 1).join(', ')})`, 'cursor', cursorPaths(shallow));
  if (deep.length)
    planned(`trang kế theo con trỏ, sâu (trang ${deep.map((c) => (c.page + 1).toLocaleString('en')).join(', ')})`, 'cursorDeep', cursorPaths(deep));
  planned(`tìm không dấu, từ phổ biến ('${common}', ${foundCommon.pagination.total} kết quả)`, 'searchCommon', [searchCommon]);
  planned(`tìm không dấu, mã hiếm ('${rare}', ${foundRare.pagination.total} kết quả)`, 'searchRare', [searchRare]);
  const runs = new Map<Scenario, Measure[]>(plan.map((a) => [a, []]));
  for (let round = 0; round < REPEAT; round++) for (const a of plan) runs.get(a)?.push(await measure(round, a));
  for (const [a, ms] of runs) rows.push({ key: a[1], scenario: a[0], engine, m: medianMeasure(ms) });
  await bare.close();
  if (DISCHARGE_KEYS.some(wanted)) rows.push(...(await discharge(base, token)));
  // issue 28: health and page 1 while ten large exports run as background jobs (bench/jobs.ts)
  if (JOBS_KEYS.some(wanted)) rows.push(...(await benchJobs({ engine, base, token, list: LIST, seconds: SECONDS, say, drained, wanted })));

  // issue 15 (bench/monitoring.ts): only when named in BENCH_ONLY, its seed of 50,000,000 readings takes minutes
  if (ONLY && MONITORING_KEYS.some((k) => ONLY.has(k)))
    rows.push(...(await benchMonitoring({ base, token, database, engine, seconds: SECONDS, connections: CONNECTIONS }, wanted)));

  if (!wanted('batchDetail') && !wanted('batchDetail4') && !wanted('export') && !wanted('signin')) {
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    return rows;
  }
  // issue 13: a batch's detail screen (the batch, its 200 diaries, the stage timeline, the safe harvest)
  // with as many diaries in the table as product units above
  const t1 = Date.now();
  say(`${engine}: đang tạo ${ROWS.toLocaleString('vi-VN')} nhật ký sản xuất…`);
  const batchId = await seedBatchDiaries(app, database, token, ROWS);
  say(`${engine}: đã tạo nhật ký trong ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  const timeline = `/api/admin/batches/timeline/${batchId}`;
  await load(base, [timeline], { headers, duration: Math.min(SECONDS, 4) });
  await drained(base);
  const detail = `chi tiết lô: lô + ${DIARIES_PER_BATCH} nhật ký (trả ${DIARIES_PAGE} đầu) + dòng thời gian (${ROWS.toLocaleString('en')} nhật ký trong bảng)`;
  await run(`${detail}, ${FEW_CONNECTIONS} kết nối`, 'batchDetail4', [timeline], { headers, connections: FEW_CONNECTIONS });
  await run(`${detail}, ${CONNECTIONS} kết nối`, 'batchDetail', [timeline]);

  // export (before sign-in, whose argon2 queue outlives its run): the inactive tenth of the table,
  // 100,000 rows at 1,000,000; RSS of this whole process sampled
  if (wanted('export')) {
    say(`${engine}: xuất Excel ${Math.round(ROWS / 10).toLocaleString('vi-VN')} dòng…`);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    // the export runs as a background job (202 {job}): timed until the job is done
    const job = await finishedJob(base, await startJob(base, `${LIST}/export?is_active=false`, token), token);
    if (job.status !== 'done' || !job.result) throw new Error(`xuất Excel: ${job.status} ${job.error ?? ''}`);
    const exp = job.result as { rows: number };
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    rows.push({
      key: 'export',
      scenario: `xuất Excel ${exp.rows.toLocaleString('en')} dòng (.xlsx, ghi dạng luồng)`,
      engine,
      exp: { seconds, rows: exp.rows, rssBefore: mb(rssBefore), rssPeak: mb(peak) },
    });
  }

  const signinFile = path.join(here, 'signin.ts');
  if (!wanted('signin')) say(`${engine}: BENCH_ONLY: bỏ qua đăng nhập`);
  else if (fs.existsSync(signinFile)) {
    const { benchSignin } = await import('./signin');
    say(`${engine}: đăng nhập (bench/signin.ts)…`);
    const load1 = Math.round(os.loadavg()[0] * 10) / 10;
    const r = await benchSignin(base, { username: 'admin', password: PASSWORD, duration: SECONDS, connections: CONNECTIONS });
    await drained(base);
    rows.push({
      key: 'signin',
      scenario: 'đăng nhập (POST /api/auth/login; autocannon, bench/signin.ts)',
      engine,
      m: { rps: r.reqPerSec, p50: r.p50, p99: r.p99, non2xx: r.non2xx, errors: r.errors, total: 0, load: load1 },
    });
  } else {
    say(`${engine}: bench/signin.ts không có, bỏ qua đăng nhập`);
  }

  await app.close();
  await database.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

/** Each engine runs in a process of its own: one engine's memory (PGlite's heap) does not weigh on the other's numbers. */
function engineInChild(engine: string): Promise<Row[]> {
  const out = path.join(os.tmpdir(), `nns-bench-${engine}-${process.pid}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), `--engine=${engine}`, `--out=${out}`], {
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`đo trên ${engine} thất bại (mã thoát ${code})`));
      const rows = JSON.parse(fs.readFileSync(out, 'utf8')) as Row[];
      fs.rmSync(out, { force: true });
      resolve(rows);
    });
  });
}

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = arg('engine') as 'pglite' | 'postgres' | undefined;
  if (only) {
    fs.writeFileSync(arg('out') as string, JSON.stringify(await benchEngine(only)));
    process.exit(0);
  }
  ensureWrk(say);
  const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
  const up = [uptime()];
  const rows: Row[] = [];
  for (const engine of ENGINES) rows.push(...(await engineInChild(engine)));
  up.push(uptime());
  let web: unknown = null;
  const webFile = path.join(here, 'web-size.ts'); // written by the web side; optional
  if (fs.existsSync(webFile)) {
    try {
      web = await (await import(webFile)).webSizes();
    } catch (err) {
      say(`không đo được kích thước gói web: ${(err as Error).message}`);
    }
  }
  const counts = Object.fromEntries(ENGINES.map((e) => [e, rowsOf(e)]));
  const table = renderTable(rows, web, {
    seconds: SECONDS,
    connections: CONNECTIONS,
    rows: counts,
    cpus: os.cpus().length,
    node: process.version,
    uptime: up,
    repeat: REPEAT,
  });
  console.log(table);
  if (SECONDS >= 10 && ROWS >= 1_000_000 && !ONLY && process.env.BENCH_WRITE !== 'no') {
    const file = path.join(here, 'RESULTS.md');
    // the table is replaced; the notes written under it (from the first '## ' heading) are kept
    const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const notes = old.search(/^## /m);
    fs.writeFileSync(file, notes >= 0 ? `${table.trimEnd()}\n\n${old.slice(notes)}` : table);
    spawnSync('npx', ['biome', 'format', '--write', file], { stdio: 'ignore' }); // the repository's lint formats markdown
  } else say('chạy rút gọn (BENCH_SECONDS/BENCH_ROWS/BENCH_ONLY): không ghi bench/RESULTS.md');
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
