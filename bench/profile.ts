// A CPU profile of one scenario (run with node --cpu-prof): `BENCH_DATABASE_URL=… node --cpu-prof
// --cpu-prof-dir=/tmp/prof --import tsx bench/profile.ts [path]`. Seeds 100,000 rows into a fresh
// database bench_prof_<pid>, serves the app in this process and loads it with wrk for 10 s.
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { seedProductUnits } from './seed';
import { ensureWrk, wrk } from './wrk';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const target = process.argv[2] ?? '/api/admin/product-units?page=1';

async function main() {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = `bench_prof_${process.pid}`;
  ensureWrk();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const dataDir = os.tmpdir();
  const { app } = await buildApp({
    database,
    env: {},
    config: { ADMIN_PASSWORD: 'Bench@12345', DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'no' },
  });
  await seedProductUnits(database, 100_000);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const r = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Bench@12345' }),
  });
  const token = ((await r.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  await wrk(origin, [target], { seconds: 3, connections: 50, headers }); // warm-up
  console.log(JSON.stringify(await wrk(origin, [target], { seconds: Number(process.env.BENCH_SECONDS ?? 10), connections: 50, headers })));
  await app.close();
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  process.exit(0);
}
void main();
