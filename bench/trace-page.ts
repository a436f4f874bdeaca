// `npx tsx bench/trace-page.ts`: the public page of a stamp (look-up by code + scan insert + render)
// beside the same server's hello-world, with wrk, on PostgreSQL and PGlite (issue 14 'Speed').
// Seeds BENCH_STAMPS stamps and BENCH_SCANS past scans (generate_series; the roll-up trigger stands
// aside while seeding, as in a restore), then walks 2,000 stamp codes with a phone's user agent, each
// request from another address (X-Forwarded-For, TRUST_PROXY=true) so the per-address limit counts as
// it would for a crowd of consumers.
//   BENCH_STAMPS (1000000)  BENCH_SCANS (1000000)  BENCH_SECONDS (10)  BENCH_CONNECTIONS (50)
//   BENCH_ENGINES (postgres,pglite)  BENCH_ASYNC_COMMIT (0)  BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { ensureWrk, wrk } from './wrk';

const STAMPS = Number(process.env.BENCH_STAMPS ?? 1_000_000);
const SCANS = Number(process.env.BENCH_SCANS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const PASSWORD = 'Bench@12345';
const say = (m: string) => process.stderr.write(`[bench] ${m}\n`);

async function seed(database: Database) {
  const q = (s: ReturnType<typeof sql>) => database.db.execute(s);
  await q(sql`insert into manufactures (code, name) values ('BENCH', 'Cơ sở đo tải')`);
  await q(
    sql`insert into products (code, name, gtin, manufacture_id, status) select 'BENCH-SP', 'Cà phê đo tải', '8930000000019', id, 'approved' from manufactures where code = 'BENCH'`,
  );
  await q(sql`insert into traces (code, product_id, manufacture_id) select 'BENCH-TX', p.id, p.manufacture_id from products p where p.code = 'BENCH-SP'`);
  await q(
    sql`insert into stamps (product_id, trace_id, manufacture_id, quantity, serial_from, serial_to) select p.id, t.id, p.manufacture_id, ${STAMPS}, 1, ${STAMPS} from products p join traces t on t.product_id = p.id where p.code = 'BENCH-SP'`,
  );
  for (let from = 1; from <= STAMPS; from += 500_000) {
    const to = Math.min(STAMPS, from + 499_999);
    await q(
      sql`insert into stamp_codes (stamp_id, serial, code, status) select (select id from stamps limit 1), g, upper(substr(md5(g::text), 1, 13)), 'printed' from generate_series(${from}::int, ${to}::int) g`,
    );
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('nns.restoring', 'on', true)`);
    for (let from = 1; from <= SCANS; from += 500_000) {
      const to = Math.min(SCANS, from + 499_999);
      await tx.execute(
        sql`insert into scans (scanned_at, stamp_code_id, stamp_id, product_id, ip, user_agent) select now() - (g % 60) * interval '1 day', 1 + g % ${STAMPS}, 1, (select id from products where code = 'BENCH-SP'), '10.9.' || (g % 250) || '.1', 'seed' from generate_series(${from}::int, ${to}::int) g`,
      );
    }
  });
  await q(sql`analyze`);
}

async function one(engine: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-bench-trace-'));
  let database: Database;
  let drop = async () => {};
  if (engine === 'postgres') {
    const name = `bench_trace_${process.pid}`;
    const admin = async (s: string) => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(s);
      await c.end();
    };
    await admin(`create database ${name}`);
    // BENCH_ASYNC_COMMIT=1: the whole database without waiting for the WAL flush at commit (to see what the flush costs)
    if (process.env.BENCH_ASYNC_COMMIT === '1') await admin(`alter database ${name} set synchronous_commit = off`);
    drop = () => admin(`drop database if exists ${name} with (force)`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
  } else {
    database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
  }
  try {
    const { app } = await buildApp({
      database,
      env: {},
      config: { DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'no', OFFICIAL_UNITS: 'no', TRUST_PROXY: true, ADMIN_PASSWORD: PASSWORD },
    });
    app.get('/bench/hello', async () => ({ hello: 'world' }));
    const t0 = Date.now();
    await seed(database);
    say(`${engine}: ${STAMPS.toLocaleString('en')} tem, ${SCANS.toLocaleString('en')} lượt quét trong ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const codes = (await database.db.execute(sql`select code from stamp_codes order by serial limit 2000`)) as unknown as { rows: { code: string }[] };
    const paths = codes.rows.map((r) => `/truy-xuat/${r.code}`);
    const headers = { 'user-agent': UA };
    await wrk(base, ['/bench/hello', ...paths.slice(0, 50)], { seconds: 3, connections: 10, headers, varyClient: true });
    const hello = await wrk(base, ['/bench/hello'], { seconds: SECONDS, connections: CONNECTIONS, headers });
    const page = await wrk(base, paths, { seconds: SECONDS, connections: CONNECTIONS, headers, varyClient: true });
    const after = (await database.db.execute(sql`select count(*)::int as n from scans where user_agent <> 'seed'`)) as unknown as { rows: { n: number }[] };
    // a year of daily roll-ups of 200 products (each from its producer's ward, 8 slots a day: 584,000 rows), then the year's
    // statistics of one product, one request at a time
    await database.db.execute(
      sql`insert into products (code, name, status) select 'BENCH-SP' || g, 'Sản phẩm đo tải ' || g, 'approved' from generate_series(2, 200) g`,
    );
    await database.db.execute(
      sql`insert into scan_daily (day, product_id, manufacture_id, ward_id, slot, scans, first_scans, flagged)
        select current_date - d, p.id, 1, 1 + p.id % 20, s, 1 + (d + p.id + s) % 7, (d + s) % 2, 0
        from products p, generate_series(0, 364) d, generate_series(0, 7) s where p.code like 'BENCH-SP%'
        on conflict do nothing`,
    );
    await database.db.execute(sql`analyze scan_daily`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const product = (await database.db.execute(sql`select id from products where code = 'BENCH-SP'`)) as unknown as { rows: { id: number }[] };
    const day = (n: number) => new Date(Date.now() + 7 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);
    const statsPath = `/api/admin/scan-statistics?product_id=${product.rows[0].id}&from=${day(364)}&to=${day(0)}`;
    const stats = await wrk(base, [statsPath], { seconds: Math.min(SECONDS, 5), connections: 1, threads: 1, headers: { authorization: `Bearer ${token}` } });
    await app.close();
    return { engine, hello, page, recorded: after.rows[0].n, stats };
  } finally {
    await drop().catch(() => {});
  }
}

ensureWrk(say);
const out: string[] = [
  `Trang công khai của tem (${STAMPS.toLocaleString('en')} tem, ${SCANS.toLocaleString('en')} lượt quét có sẵn; wrk ${SECONDS} s, ${CONNECTIONS} kết nối; máy ${os.cpus().length} lõi, tải ${os.loadavg()[0].toFixed(1)})`,
  '',
  '| engine | hello-world req/s | trang tem req/s | tỉ lệ | p50 ms | p99 ms | lượt quét ghi | lỗi/non-2xx | thống kê 1 năm p50 / p99 ms (1 kết nối) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const e of ENGINES) {
  const r = await one(e);
  out.push(
    `| ${r.engine} | ${r.hello.rps} | ${r.page.rps} | ${Math.round((r.page.rps / r.hello.rps) * 100)} % | ${r.page.p50} | ${r.page.p99} | ${r.recorded.toLocaleString('en')} | ${r.page.errors}/${r.page.non2xx} | ${r.stats.p50} / ${r.stats.p99}${r.stats.non2xx ? ` (${r.stats.non2xx} non-2xx)` : ''} |`,
  );
  say(out.at(-1) as string);
}
console.log(out.join('\n'));
process.exit(0);
