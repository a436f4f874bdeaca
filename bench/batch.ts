// Issue 13's batch detail alone, for profiling and plans: `BENCH_DATABASE_URL=… node [--cpu-prof
// --cpu-prof-dir=/tmp/prof] --import tsx bench/batch.ts [diaries]`. Seeds `diaries` (default 1,000,000)
// diaries, 200 per batch, into a fresh database bench_batch_<pid>, prints EXPLAIN (ANALYZE, BUFFERS)
// of the detail's diary queries, then loads GET /api/admin/batches/timeline/:id with wrk at 4 and at
// 50 connections (BENCH_SECONDS each, default 10) in this process, and drops the database.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { seedBatchDiaries } from './seed-diaries';
import { ensureWrk, wrk } from './wrk';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(process.argv[2] ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // BENCH_REUSE=<database>: a database kept by an earlier BENCH_KEEP run (seeded, its checkpoint done)
  const reuse = process.env.BENCH_REUSE;
  const name = reuse ?? `bench_batch_${process.pid}`;
  ensureWrk();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    const dataDir = os.tmpdir();
    const { app } = await buildApp({
      database,
      env: {},
      config: { ADMIN_PASSWORD: 'Bench@12345', DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'no' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const r = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Bench@12345' }),
    });
    const token = ((await r.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
    const t0 = Date.now();
    const batchId = reuse ? 1 : await seedBatchDiaries(app, database, token, rows);
    console.log(`seeded ${rows} diaries in ${((Date.now() - t0) / 1000).toFixed(1)} s; batch ${batchId}`);
    const plans = [
      sql`select stage_id, min(performed_at) as first, max(performed_at) as last, count(*)::int as n from diaries where batch_id = ${batchId} group by stage_id`,
      sql`select performed_at, inputs from diaries where batch_id = ${batchId} and inputs is not null`,
      sql`select * from diaries where batch_id = ${batchId} order by performed_at, id limit 500`,
    ];
    for (const q of plans) {
      const plan = await database.query<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${q}`);
      console.log(plan.map((p) => p['QUERY PLAN']).join('\n'), '\n');
    }
    // the plan a prepared statement settles on after five runs (PostgreSQL's generic plan: no value known)
    const one = new pg.Client({ connectionString: url.toString() });
    await one.connect();
    await one.query('set plan_cache_mode = force_generic_plan');
    await one.query('prepare first_page(int) as select * from diaries where batch_id = $1 order by performed_at, id limit 21');
    const generic = await one.query(`explain (analyze, buffers) execute first_page(${Number(batchId)})`);
    console.log('generic plan:\n', generic.rows.map((p) => p['QUERY PLAN']).join('\n'), '\n');
    await one.end();
    if (process.env.BENCH_KEEP) {
      console.log(`kept database ${name} (BENCH_KEEP)`);
      process.exit(0);
    }
    const path = `/api/admin/batches/timeline/${batchId}`;
    const answer = await fetch(`${origin}${path}`, { headers });
    console.log(`answer: ${answer.status}, ${(await answer.arrayBuffer()).byteLength} bytes`);
    await wrk(origin, [path], { seconds: 3, connections: 50, headers }); // warm-up
    for (const connections of [4, 50]) {
      const m = await wrk(origin, [path], { seconds, connections, headers });
      console.log(`${connections} connections: ${JSON.stringify(m)} (load ${os.loadavg()[0].toFixed(1)})`);
    }
    await new Promise((r) => setTimeout(r, 3000)); // what wrk left queued is answered before the pool closes
    await app.close();
  } finally {
    await database.close();
    if (!reuse) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  process.exit(0);
}
void main();
