// The plans of the list's searches on a seeded table: `BENCH_DATABASE_URL=… node --import tsx
// bench/explain.ts [rows] ['term' …]`. Seeds `rows` (default 1,000,000) product units into a fresh
// database bench_explain_<pid> and prints EXPLAIN (ANALYZE, BUFFERS) of the engine's own page-1 query
// (whereOf + the default sort) for each term, then drops the database.
import os from 'node:os';
import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { col, orderSql, sortOf, whereOf, whereSql } from '../apps/api/src/core/resource-query';
import { selectList } from '../apps/api/src/core/resource-store';
import { openDatabase } from '../apps/api/src/db/client';
import { seedProductUnits } from './seed';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(process.argv[2] ?? 1_000_000);
const terms = process.argv.slice(3).length ? process.argv.slice(3) : ['ca phe 1234', 'dv999999', 'ca phe', 'thung ca phe 99'];

async function main() {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = `bench_explain_${process.pid}`;
  await admin.query(`create database ${name}`);
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
    const t0 = Date.now();
    await seedProductUnits(database, rows);
    console.log(`seeded ${rows} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const def = resourceByName['product-units'];
    for (const search of terms) {
      const q = { page: 1, limit: 10, search };
      const w = whereOf(def, q, null);
      const query = sql`select ${selectList(def)} from ${col(def.table)}${whereSql(w)}${orderSql(sortOf(def, q))} limit 11`;
      for (let i = 0; i < 2; i++) await database.query(query); // warm the cache
      const plan = await database.query<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
      const found = await database.query(query);
      console.log(`\n=== '${search}' (${found.length} rows on page 1)`);
      console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
    }
    await app.close();
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  process.exit(0);
}
void main();
