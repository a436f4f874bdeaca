// `npm run bench:stamps`: issue 14's stamp figures on PostgreSQL and on PGlite: issuing a run of
// 100,000 stamps (one POST /api/admin/stamps: serial range, 100,000 random codes, set-based inserts),
// and a print sheet of 1,000 stamps (GET /api/admin/print-stamp/{id}/1000: PDF with 1,000 QR codes,
// the job recorded, the stamps marked printed), each timed through the real app (inject) with the
// process's extra memory (peak RSS over the run, sampled every 20 ms, minus the RSS before it).
// Prints a markdown table and writes it to bench/RESULTS-stamps.md.
//   BENCH_STAMPS (100000)  BENCH_SHEET_LINES (1000)  BENCH_ENGINES (postgres,pglite)
//   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres: a database bench_stamps_<pid> is made there and dropped)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAMP_LAYOUT_DEFAULTS } from '@nns/shared/traceability';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { linesPerPage } from '../apps/api/src/modules/origin/stamp-sheet';

const here = path.dirname(fileURLToPath(import.meta.url));
const STAMPS = Number(process.env.BENCH_STAMPS ?? 100_000);
const LINES = Number(process.env.BENCH_SHEET_LINES ?? 1000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Bench@12345';
const say = (m: string) => process.stderr.write(`[bench] ${m}\n`);
const mb = (b: number) => Math.round(b / 1048576);

/** Time and extra memory of one step: the peak RSS seen while it runs, above the RSS at its start. */
async function measure<T>(fn: () => Promise<T>): Promise<{ ms: number; extraMb: number; value: T }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { ms: performance.now() - t, extraMb: mb(peak - before), value };
  } finally {
    clearInterval(timer);
  }
}

async function pgDatabase() {
  const name = `bench_stamps_${process.pid}`;
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

async function benchEngine(engine: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-bench-stamps-'));
  let drop = async () => {};
  let database: Database;
  if (engine === 'postgres') {
    const d = await pgDatabase();
    drop = d.drop;
    database = await openDatabase({ url: d.url });
  } else database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
  const { app } = await buildApp({ database, env: {}, config: { ADMIN_PASSWORD: PASSWORD, DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'no' } });
  try {
    const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
      const r = await app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
      const body = r.json() as { code: number; data: any };
      if (body.code !== 200) throw new Error(`${url}: ${r.body.slice(0, 300)}`);
      return body.data;
    };
    const token = (await call('POST', '/api/auth/login', undefined, { username: 'admin', password: PASSWORD })).token as string;
    const m = await call('POST', '/api/admin/manufactures', token, { code: 'CSSX-BENCH', name: 'Hợp tác xã Cà phê Cầu Đất' });
    const p = await call('POST', '/api/admin/products', token, { code: 'SP-BENCH', name: 'Cà phê Arabica Cầu Đất', manufacture_id: m.entry.id });
    // warm: the insert and sheet paths compiled once on a small run
    const warm = await call('POST', '/api/admin/stamps', token, { product_id: p.entry.id, quantity: 10 });
    await call('GET', `/api/admin/print-stamp/${warm.entry.id}/2`, token);
    say(`${engine}: phát hành ${STAMPS.toLocaleString('vi-VN')} tem…`);
    const issue = await measure(() => call('POST', '/api/admin/stamps', token, { product_id: p.entry.id, quantity: STAMPS }));
    say(`${engine}: in ${LINES} dòng…`);
    const sheet = await measure(() => call('GET', `/api/admin/print-stamp/${issue.value.entry.id}/${LINES}`, token));
    const pdf = await app.inject({ method: 'GET', url: sheet.value.url });
    return [
      {
        engine,
        scenario: `phát hành ${STAMPS.toLocaleString('en')} tem (một yêu cầu)`,
        ms: issue.ms,
        extraMb: issue.extraMb,
        note: `sê-ri ${issue.value.entry.serial_from}–${issue.value.entry.serial_to}`,
      },
      {
        engine,
        scenario: `tờ in ${sheet.value.job.count.toLocaleString('en')} tem (PDF + ghi lần in)`,
        ms: sheet.ms,
        extraMb: sheet.extraMb,
        note: `PDF ${(pdf.rawPayload.length / 1024).toFixed(0)} KB, ${Math.ceil(sheet.value.job.count / (linesPerPage(STAMP_LAYOUT_DEFAULTS) * STAMP_LAYOUT_DEFAULTS.stamps_per_line))} trang A4`,
      },
    ];
  } finally {
    await app.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows = [];
  for (const e of ENGINES) rows.push(...(await benchEngine(e)));
  const lines = [
    `Stamp figures (issue 14): node ${process.version}, ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 16)}Z`,
    '',
    '| engine | scenario | time | extra memory (peak RSS) | note |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows.map((r) => `| ${r.engine} | ${r.scenario} | ${(r.ms / 1000).toFixed(2)} s | ${r.extraMb} MB | ${r.note} |`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  fs.writeFileSync(path.join(here, 'RESULTS-stamps.md'), `${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
