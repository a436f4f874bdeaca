// `npm run bench`: the list engine under load, on PGlite and on PostgreSQL, beside a hello-world
// route of the same server. Seeds 1,000,000 product units, starts the real app in this process
// (buildApp + listen, logging at warn as in production), runs autocannon from a child process and
// prints one table (also written to bench/RESULTS.md).
//   BENCH_SECONDS (15)  BENCH_CONNECTIONS (50)  BENCH_ROWS (1000000)  BENCH_ENGINES (pglite,postgres)
//   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres: a fresh database nns_bench is made there)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { type Measure, type Row, renderTable } from './report';
import { seedProductUnits } from './seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Bench@12345';
const LIST = '/api/admin/product-units';

const say = (m: string) => process.stderr.write(`[bench] ${m}\n`);
const mb = (b: number) => Math.round(b / 1048576);

function load(
  base: string,
  paths: string[],
  o: { method?: string; headers?: Record<string, string>; body?: string; duration?: number } = {},
): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'load.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Measure) : reject(new Error(`autocannon: mã thoát ${code}`))));
    child.stdin.end(JSON.stringify({ base, paths, duration: SECONDS, connections: CONNECTIONS, ...o }));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the server has worked off what the last run left queued (autocannon stops sending at
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
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await run('drop database if exists nns_bench with (force)');
  await run('create database nns_bench');
  const url = new URL(PG_URL);
  url.pathname = '/nns_bench';
  return { url: url.toString(), drop: () => run('drop database if exists nns_bench with (force)') };
}

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-bench-'));
  let database: Database;
  let drop = async () => {};
  if (engine === 'postgres') {
    const d = await freshPgDatabase();
    drop = d.drop;
    database = await openDatabase({ url: d.url });
  } else {
    database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
  }
  const { app } = await buildApp({ database, env: {}, config: { ADMIN_PASSWORD: PASSWORD, DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'no' } });
  app.get('/bench/hello', async () => ({ hello: 'world' }));
  const t0 = Date.now();
  say(`${engine}: đang tạo ${ROWS.toLocaleString('vi-VN')} đơn vị tính…`);
  await seedProductUnits(database, ROWS);
  say(`${engine}: đã tạo dữ liệu trong ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
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
  const search = `${LIST}?search=${encodeURIComponent('hạt điều 1234')}`;
  const found = await getJson(`${base}${search}`, token);
  say(`${engine}: tổng ước tính ${first.pagination.total} (ước tính: ${first.pagination.total_is_estimate}); tìm kiếm thấy ${found.pagination.total}`);

  const rows: Row[] = [];
  const run = async (scenario: string, key: string, paths: string[], o: Parameters<typeof load>[2] = { headers }) => {
    say(`${engine}: ${scenario} (${SECONDS} s, ${CONNECTIONS} kết nối)…`);
    const load1 = Math.round(os.loadavg()[0] * 10) / 10;
    rows.push({ key, scenario, engine, m: { ...(await load(base, paths, o)), load: load1 } });
    await drained(base);
  };
  // warm-up, not recorded: the pool opens its connections, PostgreSQL's backends fill their catalogue
  // caches and V8 compiles the hot path; otherwise the first list scenario (page 1) pays for all of it
  say(`${engine}: khởi động (không ghi nhận)…`);
  const warm = [`${LIST}?page=1`, ...cursorPaths(cursors), `${LIST}?page=5000`, search, ...ids.slice(0, 50).map((id) => `${LIST}/${id}`)];
  await load(base, warm, { headers, duration: Math.min(SECONDS, 8) });
  await drained(base);
  await run('hello-world (cùng máy chủ)', 'hello', ['/bench/hello'], {});
  await run('danh sách trang 1 (có tổng số)', 'page1', [`${LIST}?page=1`]);
  await run(`trang kế theo con trỏ, nông (trang ${shallow.map((c) => c.page + 1).join(', ')})`, 'cursor', cursorPaths(shallow));
  if (deep.length)
    await run(`trang kế theo con trỏ, sâu (trang ${deep.map((c) => (c.page + 1).toLocaleString('en')).join(', ')})`, 'cursorDeep', cursorPaths(deep));
  await run('nhảy tới trang 5.000', 'page5000', [`${LIST}?page=5000`]);
  await run("danh sách có tìm kiếm ('hạt điều 1234')", 'search', [search]);
  await run(
    'xem chi tiết theo id',
    'read',
    ids.map((id) => `${LIST}/${id}`),
  );

  // export (before sign-in, whose argon2 queue outlives its run): the inactive tenth of the table,
  // 100,000 rows at 1,000,000; RSS of this whole process sampled
  say(`${engine}: xuất Excel ${Math.round(ROWS / 10).toLocaleString('vi-VN')} dòng…`);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const exp = await getJson(`${base}${LIST}/export?is_active=false`, token);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  rows.push({
    key: 'export',
    scenario: `xuất Excel ${exp.rows.toLocaleString('en')} dòng (.xlsx, ghi dạng luồng)`,
    engine,
    exp: { seconds, rows: exp.rows, rssBefore: mb(rssBefore), rssPeak: mb(peak) },
  });

  const signinFile = path.join(here, 'signin.ts');
  if (fs.existsSync(signinFile)) {
    const { benchSignin } = await import('./signin');
    say(`${engine}: đăng nhập (bench/signin.ts)…`);
    const load1 = Math.round(os.loadavg()[0] * 10) / 10;
    const r = await benchSignin(base, { username: 'admin', password: PASSWORD, duration: SECONDS, connections: CONNECTIONS });
    await drained(base);
    rows.push({
      key: 'signin',
      scenario: 'đăng nhập (POST /api/auth/login)',
      engine,
      m: { rps: r.reqPerSec, p50: r.p50, p99: r.p99, non2xx: r.non2xx, errors: r.errors, total: 0, load: load1 },
    });
  } else {
    await run('đăng nhập (POST /api/auth/login)', 'signin', ['/api/auth/login'], {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
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
  const rows: Row[] = [];
  for (const engine of ENGINES) rows.push(...(await engineInChild(engine)));
  let web: unknown = null;
  const webFile = path.join(here, 'web-size.ts'); // written by the web side; optional
  if (fs.existsSync(webFile)) {
    try {
      web = await (await import(webFile)).webSizes();
    } catch (err) {
      say(`không đo được kích thước gói web: ${(err as Error).message}`);
    }
  }
  const table = renderTable(rows, web, { seconds: SECONDS, connections: CONNECTIONS, rows: ROWS, cpus: os.cpus().length, node: process.version });
  console.log(table);
  if (SECONDS >= 15 && ROWS >= 1_000_000) fs.writeFileSync(path.join(here, 'RESULTS.md'), table);
  else say('chạy rút gọn (BENCH_SECONDS/BENCH_ROWS): không ghi bench/RESULTS.md');
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
