import { sql } from 'drizzle-orm';
import { execStatic } from '../../core/resource-store';
import type { Database } from '../../db/client';

type Row = Record<string, any>;

/** The article a public by-slug read shows: its card, text, type and tags, in one statement. */
const SELECT = `select a.id, a.title, a.slug, a.summary, a.thumbnail, a.author, a.published_at, a.is_hot, a.is_highlight,
  c.id as c_id, c.name as c_name, c.slug as c_slug, a.content, a.seo_title, a.seo_description, t.id as t_id, t.name as t_name, t.slug as t_slug,
  (select coalesce(json_agg(json_build_object('name', g.name, 'slug', g.slug) order by g.name), '[]'::json) from tags g where g.id = any(a.tag_ids)) as tags
  from articles a left join categories c on c.id = a.category_id left join article_types t on t.id = a.article_type_id
  where a.slug = $1 and a.is_published and a.published_at <= $2::timestamptz`;

const TEXT = [SELECT.split('$1')[0], SELECT.split('$1')[1].split('$2')[0], SELECT.split('$2')[1]];
const NAME = 'web_article_slug';
const prepared = new WeakSet<object>();

/**
 * One published article by slug (null when none is public). On PostgreSQL: a named prepared statement
 * (execStatic). On PGlite a parameterised query is parsed and PLANNED on every call (its extended
 * protocol: parse, describe, bind, execute), and planning this three-table join with its tags subquery
 * was most of the read (EXPLAIN: 25 ms planning cold, ~3–4 ms warm, against 0.3–0.5 ms executing;
 * `bench/RESULTS-content.md`). So on PGlite the statement is PREPAREd once in its one session and each
 * read is one EXECUTE over the simple protocol, which reuses the plan. Its two values are embedded as
 * literals: the slug has passed the route's pattern ([a-z0-9-]) and the time is an ISO string made here.
 */
export async function readArticleBySlug(database: Database, slug: string, now: string): Promise<Row | undefined> {
  const pl = database.pglite;
  if (!pl || !/^[a-z0-9-]+$/.test(slug) || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(now)) {
    const [r] = await execStatic<Row>(
      database.db,
      'web-article|slug',
      (v) => sql.join([sql.raw(TEXT[0]), sql`${v('slug')}`, sql.raw(TEXT[1]), sql`${v('now')}`, sql.raw(TEXT[2])]),
      { slug, now },
    );
    return r;
  }
  const prepare = () => pl.exec(`prepare ${NAME}(text, timestamptz) as ${SELECT}`);
  const run = async () => (await pl.exec(`execute ${NAME}('${slug}', '${now}')`))[0]?.rows[0] as Row | undefined;
  if (!prepared.has(pl)) {
    // another app built on this engine in the same process (tests) may have prepared it already
    await prepare().catch(() => undefined);
    prepared.add(pl);
  }
  try {
    return await run();
  } catch {
    // the tables changed under the plan (a restore, a migration): prepared again, once
    await pl.exec(`deallocate ${NAME}`).catch(() => undefined);
    await prepare();
    return run();
  }
}
