// `npm run bench:content` (npx tsx bench/content.ts): the public content API (issue 17 'Speed'):
// GET /api/web/articles page 1 and one article by slug, beside the same server's hello-world, with
// wrk, on PostgreSQL and PGlite. Seeds BENCH_ARTICLES articles (generate_series; nine in ten
// published, over two years, in six categories, each with a few paragraphs of text) and walks 2,000 slugs.
//   BENCH_ARTICLES (100000)  BENCH_SECONDS (10)  BENCH_CONNECTIONS (50)  BENCH_ENGINES (postgres,pglite)
//   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres: a temporary database is made there and dropped)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { ensureWrk, wrk } from './wrk';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const say = (m: string) => process.stderr.write(`[bench] ${m}\n`);

const BODY = '<p>Sau thu hoạch, bà con cần tỉa cành, bón phân hữu cơ và vệ sinh vườn để cây phục hồi.</p>'.repeat(12);

async function seed(database: Database) {
  const q = (s: ReturnType<typeof sql>) => database.db.execute(s);
  await q(sql`insert into categories (name, slug, status, sort_order) select 'Chuyên mục ' || g, 'chuyen-muc-' || g, true, g from generate_series(1, 6) g`);
  for (let from = 1; from <= ARTICLES; from += 50_000) {
    const to = Math.min(ARTICLES, from + 49_999);
    await q(
      sql`insert into articles (title, slug, summary, content, category_id, status, is_published, published_at, author, search_text)
        select 'Bản tin nông nghiệp số ' || g, 'ban-tin-nong-nghiep-so-' || g, 'Tóm tắt bản tin số ' || g, ${BODY},
          (select min(id) from categories) + g % 6, 'approved', g % 10 <> 0, now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute',
          'Ban biên tập', 'ban tin nong nghiep so ' || g
        from generate_series(${from}::int, ${to}::int) g`,
    );
  }
  await q(sql`analyze`);
}

async function one(engine: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-bench-content-'));
  let database: Database;
  let drop = async () => {};
  if (engine === 'postgres') {
    const name = `bench_content_${process.pid}`;
    const admin = async (s: string) => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(s);
      await c.end();
    };
    await admin(`create database ${name}`);
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
      config: { DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'no', OFFICIAL_UNITS: 'no', ADMIN_PASSWORD: 'Bench@12345' },
    });
    app.get('/bench/hello', async () => ({ hello: 'world' }));
    const t0 = Date.now();
    await seed(database);
    say(`${engine}: ${ARTICLES.toLocaleString('en')} bài viết trong ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (process.env.BENCH_EXPLAIN === '1') {
      const plan = (await database.db.execute(
        sql`explain (analyze, buffers) select a.id, a.title, a.slug, a.summary, a.thumbnail, a.author, a.published_at, a.is_hot, a.is_highlight, c.id as c_id, c.name as c_name, c.slug as c_slug from articles a left join categories c on c.id = a.category_id where a.is_published and a.published_at <= now() order by a.published_at desc, a.id desc limit 11`,
      )) as unknown as { rows: Record<string, string>[] };
      say(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const slugs = (await database.db.execute(sql`select slug from articles where is_published order by id limit 2000`)) as unknown as {
      rows: { slug: string }[];
    };
    const bySlug = slugs.rows.map((r) => `/api/web/articles/${r.slug}`);
    await wrk(base, ['/bench/hello', '/api/web/articles', ...bySlug.slice(0, 50)], { seconds: 3, connections: 10 });
    const hello = await wrk(base, ['/bench/hello'], { seconds: SECONDS, connections: CONNECTIONS });
    const page1 = await wrk(base, ['/api/web/articles'], { seconds: SECONDS, connections: CONNECTIONS });
    const slug = await wrk(base, bySlug, { seconds: SECONDS, connections: CONNECTIONS });
    await app.close();
    return { engine, hello, page1, slug };
  } finally {
    await drop().catch(() => {});
  }
}

ensureWrk(say);
const out: string[] = [
  `Nội dung công khai (${ARTICLES.toLocaleString('en')} bài viết; wrk ${SECONDS} s, ${CONNECTIONS} kết nối; máy ${os.cpus().length} lõi, tải ${os.loadavg()[0].toFixed(1)})`,
  '',
  '| engine | hello-world req/s | trang 1 req/s | tỉ lệ | p99 ms | theo slug req/s | tỉ lệ | p99 ms | lỗi/non-2xx |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const e of ENGINES) {
  const r = await one(e);
  const pct = (x: number) => `${Math.round((x / r.hello.rps) * 100)} %`;
  out.push(
    `| ${r.engine} | ${r.hello.rps} | ${r.page1.rps} | ${pct(r.page1.rps)} | ${r.page1.p99} | ${r.slug.rps} | ${pct(r.slug.rps)} | ${r.slug.p99} | ${r.page1.errors + r.slug.errors}/${r.page1.non2xx + r.slug.non2xx} |`,
  );
  say(out.at(-1) as string);
}
console.log(out.join('\n'));
process.exit(0);
