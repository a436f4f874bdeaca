import crypto from 'node:crypto';
import { parseVideoUrl, slugify } from '@nns/shared';
import { thumbKeyOf } from '@nns/shared/media';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { defineModule } from '../../core/module';
import { exec } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/core';
import { DEMO_ARTICLES, DEMO_CATEGORIES, DEMO_IMAGES, DEMO_TYPES, DEMO_VIDEOS } from './demo-data';
import { clearWebCache } from './web-answer';

/** a demo row, through the runtime (search text filled, no hooks, no audit) */
const insert = (db: Db, name: string, data: Record<string, unknown>) => resource(name).seed(db, data);

/** A plain picture of one colour with a few hills, stored like an upload (with its thumbnail). */
async function picture(s: Services, colour: string, i: number): Promise<string> {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540">
    <rect width="960" height="540" fill="${colour}"/>
    <circle cx="${760 - i * 60}" cy="120" r="60" fill="#fff8dc" fill-opacity="0.8"/>
    <path d="M0 400 Q 240 ${300 - i * 10} 480 400 T 960 380 V540 H0 Z" fill="#000" fill-opacity="0.18"/>
    <path d="M0 470 Q 300 ${410 + i * 8} 620 470 T 960 460 V540 H0 Z" fill="#000" fill-opacity="0.25"/></svg>`);
  const key = `media/demo/content-${crypto.randomBytes(8).toString('hex')}.png`;
  const png = await sharp(svg).png().toBuffer();
  await s.storage.put(key, png);
  await s.storage.put(thumbKeyOf(key), await sharp(png).resize(320).webp().toBuffer());
  await s.db.insert(uploads).values({ key, original_name: 'demo.png', mime: 'image/png', size: png.length, width: 960, height: 540 });
  return `/uploads/${key}`;
}

/**
 * The portal's demo content: categories (a small tree), article types, tags, six library images
 * (one still without alt text), twelve articles in every state of the workflow (published, one
 * taken down with its reason, one waiting for approval, drafts), two videos and an album.
 */
export default defineModule({
  name: 'content-demo',
  // the demo editor (bientap) writes the content
  after: ['accounts-demo'],
  async seedDemo(s) {
    const db = s.db;
    const [done] = await exec(db, sql`select 1 from categories where slug = ${slugify(DEMO_CATEGORIES[0].name)}`);
    if (done) return;
    const [editor] = await exec<{ id: number }>(db, sql`select id from users where username = 'bientap'`);
    const by = editor?.id ?? null;
    const cats = new Map<string, number>();
    for (const c of DEMO_CATEGORIES) {
      cats.set(
        c.key,
        await insert(db, 'categories', {
          name: c.name,
          slug: slugify(c.name),
          parent_id: c.parent ? cats.get(c.parent) : null,
          description: c.description,
          sort_order: c.sort_order,
          status: true,
          created_by: by,
        }),
      );
    }
    const types = new Map<string, number>();
    for (const t of DEMO_TYPES)
      types.set(t.key, await insert(db, 'article-types', { name: t.name, slug: slugify(t.name), sort_order: t.sort_order, is_active: true }));
    const tags = new Map<string, number>();
    for (const name of [...new Set(DEMO_ARTICLES.flatMap((a) => a.tags))]) tags.set(name, await insert(db, 'tags', { name, slug: slugify(name) }));
    const images: string[] = [];
    for (const [i, im] of DEMO_IMAGES.entries()) {
      const url = await picture(s, im.colour, i);
      images.push(url);
      await insert(db, 'images', { file: url, title: im.title, alt: im.alt || null, width: 960, height: 540, mime: 'image/png', created_by: by });
    }
    for (const a of DEMO_ARTICLES) {
      const published = a.state === 'published';
      await insert(db, 'articles', {
        title: a.title,
        slug: slugify(a.title),
        summary: a.summary,
        content: a.content.replace(/\{image:(\d+)\}/g, (_, n) => images[Number(n)]),
        thumbnail: images[a.image],
        category_id: cats.get(a.category),
        article_type_id: types.get(a.type),
        tag_ids: a.tags.map((t) => tags.get(t)),
        author: 'Ban biên tập Cổng nông nghiệp số',
        status: a.state === 'pending' || a.state === 'draft' ? a.state : 'approved',
        is_published: published,
        published_at: published || a.state === 'taken_down' ? a.date : null,
        take_down_reason: a.reason ?? null,
        taken_down_at: a.state === 'taken_down' ? '2026-11-04T01:00:00Z' : null,
        is_hot: !!a.hot,
        is_highlight: !!a.highlight,
        view_count: published ? 120 + a.title.length * 7 : 0,
        seo_title: a.title,
        seo_description: a.summary,
        created_by: by,
        created_at: a.date,
        updated_at: a.date,
      });
    }
    for (const [i, v] of DEMO_VIDEOS.entries()) {
      const ref = parseVideoUrl(v.url);
      await insert(db, 'videos', {
        title: v.title,
        source: v.source,
        url: v.url,
        embed_url: ref?.embed_url,
        thumbnail_url: ref?.thumbnail_url,
        thumbnail: images[i === 0 ? 0 : 4],
        sort_order: i,
        status: 1,
      });
    }
    await insert(db, 'libraries', {
      name: 'Hình ảnh sản xuất nông nghiệp phường',
      kind: 'images',
      cover: images[4],
      description: 'Vườn cà phê, cánh đồng lúa và nhà kính rau của các hộ sản xuất trong phường',
      images: [images[0], images[1], images[4], images[3]],
      sort_order: 0,
      status: 1,
    });
    clearWebCache();
  },
});
