import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { execStatic, SHARED } from '../../db/sql';

type Row = Record<string, any>;

/** The article a public by-slug read shows: its card, text, type and tags, in one statement. */
const SELECT = `select a.id, a.title, a.slug, a.summary, a.thumbnail, a.author, a.published_at, a.is_hot, a.is_highlight,
  c.id as c_id, c.name as c_name, c.slug as c_slug, a.content, a.seo_title, a.seo_description, t.id as t_id, t.name as t_name, t.slug as t_slug,
  (select coalesce(json_agg(json_build_object('name', g.name, 'slug', g.slug) order by g.name), '[]'::json) from tags g where g.id = any(a.tag_ids)) as tags
  from articles a left join categories c on c.id = a.category_id left join article_types t on t.id = a.article_type_id
  where a.slug = $1 and a.is_published and a.published_at <= $2::timestamptz`;

const TEXT = [SELECT.split('$1')[0], SELECT.split('$1')[1].split('$2')[0], SELECT.split('$2')[1]];

/**
 * One published article by slug (null when none is public): a fixed text, its two values bound
 * (execStatic). Planning this three-table join with its tags subquery was most of the read on PGlite
 * (`bench/RESULTS-content.md`), so the statement is named there too and its plan kept (db/sql.ts).
 */
export async function readArticleBySlug(database: Database, slug: string, now: string): Promise<Row | undefined> {
  const [r] = await execStatic<Row>(
    database.db,
    'web-article|slug',
    (v) => sql.join([sql.raw(TEXT[0]), sql`${v('slug')}`, sql.raw(TEXT[1]), sql`${v('now')}`, sql.raw(TEXT[2])]),
    { slug, now },
    SHARED,
  );
  return r;
}
