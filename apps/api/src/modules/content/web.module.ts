import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineModule } from '../../core/module';
import { sendPublic } from '../../core/public-answer';
import { execPrepared, execStatic, iso } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { articleViewsOf, startArticleViews } from './article-views';
import { readArticleBySlug } from './slug-read';
import { cachedAnswer, sendCached } from './web-answer';

const TAGS = ['Nội dung công khai (website)'];
const WEB_MAX_LIMIT = 50;

const pageShape = {
  page: z.coerce
    .number({ error: 'Trang phải là số nguyên dương' })
    .int('Trang phải là số nguyên dương')
    .min(1, 'Trang phải là số nguyên dương')
    .max(10_000, 'Trang quá lớn')
    .default(1),
  limit: z.coerce
    .number({ error: 'Số bài mỗi trang phải là số nguyên' })
    .int('Số bài mỗi trang phải là số nguyên')
    .min(1, 'Số bài mỗi trang tối thiểu là 1')
    .max(WEB_MAX_LIMIT, `Số bài mỗi trang tối đa là ${WEB_MAX_LIMIT}`)
    .default(10),
};
const slugParam = (label: string) =>
  z
    .string()
    .max(320, `${label} không hợp lệ`)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `${label} không hợp lệ`);

const articlesQuery = z
  .object({ ...pageShape, category: slugParam('Chuyên mục').optional(), tag: slugParam('Thẻ').optional(), type: slugParam('Loại bài viết').optional() })
  .strict();
const pageQuery = z.object(pageShape).strict();
const librariesQuery = z
  .object({ ...pageShape, kind: z.enum(['images', 'documents'], { error: 'Loại thư viện phải là images hoặc documents' }).optional() })
  .strict();

const ref = z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable();
const articleCard = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  thumbnail: z.string().nullable(),
  author: z.string().nullable(),
  published_at: z.string(),
  is_hot: z.boolean(),
  is_highlight: z.boolean(),
  category: ref,
});
const webPagination = z.object({ page: z.number(), limit: z.number(), has_more: z.boolean() });
const articleFull = articleCard.extend({
  content: z.string(),
  article_type: ref,
  tags: z.array(z.object({ name: z.string(), slug: z.string() })),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
});
const categoryNode: z.ZodType = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), slug: z.string(), description: z.string().nullable(), children: z.array(categoryNode) }),
);
const video = z.object({
  id: z.number(),
  title: z.string(),
  source: z.string(),
  embed_url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  description: z.string().nullable(),
});
const library = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  cover: z.string().nullable(),
  description: z.string().nullable(),
  item_count: z.number(),
});

type Row = Record<string, any>;
const CARD_COLUMNS = sql.raw(
  'a.id, a.title, a.slug, a.summary, a.thumbnail, a.author, a.published_at, a.is_hot, a.is_highlight, c.id as c_id, c.name as c_name, c.slug as c_slug',
);
const refOf = (r: Row, p: string) => (r[`${p}_id`] == null ? null : { id: r[`${p}_id`], name: r[`${p}_name`], slug: r[`${p}_slug`] });
const card = (r: Row) => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  summary: r.summary,
  thumbnail: r.thumbnail,
  author: r.author,
  published_at: String(iso(r.published_at)),
  is_hot: !!r.is_hot,
  is_highlight: !!r.is_highlight,
  category: refOf(r, 'c'),
});

/**
 * The public content API (issue 17 §6) for articles, categories, videos and libraries: no sign-in,
 * read-only, only what is published (an article whose time has come: the clock of this process,
 * sent as a parameter, so a scheduled article appears at its minute) and public. Answers carry an
 * ETag and Cache-Control, and each process keeps an answer a second (web-answer.ts). Page 1 of the articles is one fixed prepared statement;
 * no list counts its rows (`has_more` from one row more than the page).
 */
export default defineModule({
  name: 'content-web',
  // views of public articles counted in memory, written every few seconds and at close
  start: (s) => startArticleViews(s),
  routes(router, services) {
    const db = services.db;
    const views = articleViewsOf(services);
    router.add({
      method: 'GET',
      url: '/api/web/articles',
      access: 'public',
      raw: true,
      summary: 'Bài viết đã đăng (mới nhất trước), lọc theo chuyên mục (gồm chuyên mục con), thẻ hoặc loại bài viết (đường dẫn)',
      tags: TAGS,
      query: articlesQuery,
      response: z.object({ entries: z.array(articleCard), pagination: webPagination }),
      handler: (ctx) =>
        sendCached(ctx, async () => {
          const { page, limit, category, tag, type } = ctx.query;
          const now = new Date().toISOString();
          const offset = (page - 1) * limit;
          const take = sql.raw(String(limit + 1));
          let rows: Row[];
          if (page === 1 && !category && !tag && !type) {
            rows = await execStatic(
              db,
              `web-articles|page1|${limit}`,
              (v) =>
                sql`select ${CARD_COLUMNS} from articles a left join categories c on c.id = a.category_id
                where a.is_published and a.published_at <= ${v('now')}::timestamptz order by a.published_at desc, a.id desc limit ${take}`,
              { now },
            );
          } else {
            const w: SQL[] = [sql`a.is_published`, sql`a.published_at <= ${now}::timestamptz`];
            if (category)
              w.push(
                sql`a.category_id in (select id from categories where status and (slug = ${category} or parent_id = (select id from categories where slug = ${category})))`,
              );
            if (tag) w.push(sql`a.tag_ids @> array[(select id from tags where slug = ${tag})]`);
            if (type) w.push(sql`a.article_type_id = (select id from article_types where slug = ${type})`);
            rows = await execPrepared(
              db,
              sql`select ${CARD_COLUMNS} from articles a left join categories c on c.id = a.category_id
              where ${sql.join(w, sql` and `)} order by a.published_at desc, a.id desc limit ${take} offset ${offset}::int`,
            );
          }
          const has_more = rows.length > limit;
          return { entries: rows.slice(0, limit).map(card), pagination: { page, limit, has_more } };
        }),
    });

    router.add({
      method: 'GET',
      url: '/api/web/articles/:slug',
      access: 'public',
      raw: true,
      summary: 'Một bài viết đã đăng, theo đường dẫn',
      tags: TAGS,
      params: z.object({ slug: slugParam('Đường dẫn bài viết') }).strict(),
      response: z.object({ entry: articleFull }),
      handler: async (ctx) => {
        const answer = await cachedAnswer(
          ctx,
          async () => {
            const r = await readArticleBySlug(services.database, ctx.params.slug, new Date().toISOString());
            if (!r) return null;
            const tags = typeof r.tags === 'string' ? JSON.parse(r.tags) : r.tags;
            return {
              entry: { ...card(r), content: r.content, article_type: refOf(r, 't'), tags, seo_title: r.seo_title, seo_description: r.seo_description },
            };
          },
          'Không tìm thấy bài viết',
        );
        // a view of a published article, counted in memory and written every few seconds (article-views.ts)
        if (answer.status === 200) views.hit(ctx.params.slug);
        return sendPublic(ctx, answer);
      },
    });

    router.add({
      method: 'GET',
      url: '/api/web/categories',
      access: 'public',
      raw: true,
      summary: 'Cây chuyên mục đang hoạt động',
      tags: TAGS,
      response: z.object({ entries: z.array(categoryNode) }),
      handler: (ctx) =>
        sendCached(ctx, async () => {
          const rows = await execStatic<Row>(
            db,
            'web-categories',
            () => sql`select id, name, slug, description, parent_id from categories where status order by sort_order, name, id`,
          );
          const nodes = new Map<number, Row>(rows.map((r) => [r.id, { id: r.id, name: r.name, slug: r.slug, description: r.description, children: [] }]));
          const roots: Row[] = [];
          for (const r of rows) {
            if (r.parent_id == null) roots.push(nodes.get(r.id) as Row);
            else nodes.get(r.parent_id)?.children.push(nodes.get(r.id));
          }
          return { entries: roots };
        }),
    });

    router.add({
      method: 'GET',
      url: '/api/web/videos',
      access: 'public',
      raw: true,
      summary: 'Video công khai',
      tags: TAGS,
      query: pageQuery,
      response: z.object({ entries: z.array(video), pagination: webPagination }),
      handler: (ctx) =>
        sendCached(ctx, async () => {
          const { page, limit } = ctx.query;
          const rows = await execPrepared<Row>(
            db,
            sql`select id, title, source, embed_url, coalesce(thumbnail, thumbnail_url) as thumbnail, description from videos where status = 1
            order by sort_order, id desc limit ${limit + 1} offset ${(page - 1) * limit}::int`,
          );
          return { entries: rows.slice(0, limit), pagination: { page, limit, has_more: rows.length > limit } };
        }),
    });

    const libraryColumns = sql.raw(
      `id, name, kind, cover, description, coalesce(jsonb_array_length(case when kind = 'documents' then documents else images end), 0)::int as item_count`,
    );
    router.add({
      method: 'GET',
      url: '/api/web/libraries',
      access: 'public',
      raw: true,
      summary: 'Thư viện công khai (album ảnh, tài liệu)',
      tags: TAGS,
      query: librariesQuery,
      response: z.object({ entries: z.array(library), pagination: webPagination }),
      handler: (ctx) =>
        sendCached(ctx, async () => {
          const { page, limit, kind } = ctx.query;
          const rows = await execPrepared<Row>(
            db,
            sql`select ${libraryColumns} from libraries where status = 1${kind ? sql` and kind = ${kind}` : sql``}
            order by sort_order, id desc limit ${limit + 1} offset ${(page - 1) * limit}::int`,
          );
          return { entries: rows.slice(0, limit), pagination: { page, limit, has_more: rows.length > limit } };
        }),
    });

    router.add({
      method: 'GET',
      url: '/api/web/libraries/:id',
      access: 'public',
      raw: true,
      summary: 'Một thư viện công khai với ảnh hoặc tài liệu theo thứ tự',
      tags: TAGS,
      params: idParams,
      response: z.object({ entry: library.extend({ items: z.array(z.string()) }) }),
      handler: (ctx) =>
        sendCached(
          ctx,
          async () => {
            const [r] = await execPrepared<Row>(db, sql`select ${libraryColumns}, images, documents from libraries where id = ${ctx.params.id} and status = 1`);
            if (!r) return null;
            const { images, documents, ...rest } = r;
            const items = (r.kind === 'documents' ? documents : images) ?? [];
            return { entry: { ...rest, items } };
          },
          'Không tìm thấy thư viện',
        ),
    });
  },
});
