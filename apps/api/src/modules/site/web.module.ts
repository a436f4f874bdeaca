import { MAX_ID, type ResourceDef } from '@nns/shared';
import bannersDef from '@nns/shared/resources/banner-images';
import contactDef from '@nns/shared/resources/contact';
import footerDef from '@nns/shared/resources/footer';
import calendarsDef from '@nns/shared/resources/seasonal-calendars';
import shippingDef from '@nns/shared/resources/shipping-methods';
import siteConfigsDef from '@nns/shared/resources/site-configs';
import websitesDef from '@nns/shared/resources/websites';
import { BANNER_POSITIONS, type MenuItem, SEASONS } from '@nns/shared/site';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineModule } from '../../core/module';
import { whereSql } from '../../core/resource-query';
import { rowPick } from '../../core/resource-schema';
import { exec, iso, presentRow } from '../../core/resource-store';
import type { Db } from '../../db/client';
import { sendCached } from './public-cache';
import { singleRow } from './site.module';

/**
 * The public content API of the site settings (issue 17 item 6): no sign-in, read-only, only what is
 * switched on, public and (banners) inside its active period now; answers carry an ETag and a short
 * Cache-Control so the portal and a CDN revalidate cheaply. Bookkeeping (authors, search text) never leaves.
 */
const tags = ['Nội dung công khai'];
const publicKeys = (def: ResourceDef) => ['id', ...Object.keys(def.fields).filter((k) => !def.fields[k].writeOnly), 'updated_at'];
const pick = (def: ResourceDef, row: Record<string, unknown>, keys = publicKeys(def)) => {
  const out = presentRow(def, row);
  return Object.fromEntries(keys.filter((k) => k in out).map((k) => [k, out[k]]));
};
const BANNER_KEYS = ['id', 'position', 'title', 'image', 'alt', 'link', 'active_from', 'active_to', 'sort_order'];
const WEBSITE_KEYS = ['id', 'name', 'url', 'logo', 'description', 'sort_order'];
const SHIPPING_KEYS = ['id', 'name', 'fee', 'description'];
const CALENDAR_KEYS = [...publicKeys(calendarsDef).filter((k) => k !== 'visibility'), 'plant', 'product_plant', 'ward', 'region'];

/** A public menu item: an article item carries its `slug` while the article is published. */
const publicItem: z.ZodType = z.lazy(() =>
  z.object({
    key: z.string(),
    title: z.string(),
    kind: z.enum(['url', 'article', 'category']),
    url: z.string().nullable().optional(),
    ref_id: z.number().int().nullable().optional(),
    new_tab: z.boolean().optional(),
    slug: z.string().nullable().optional().describe('đường dẫn bài viết hoặc chuyên mục trên cổng'),
    children: z.array(publicItem).optional(),
  }),
);
const publicMenu = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string().describe('vị trí menu (đầu trang, chân trang)'),
  items: z.array(publicItem),
  updated_at: z.string(),
});
const entriesOf = (row: z.ZodType) => z.object({ entries: z.array(row) });

const idParam = (label: string) =>
  z.coerce
    .number({ error: `${label} không hợp lệ` })
    .int(`${label} không hợp lệ`)
    .positive(`${label} không hợp lệ`)
    .max(MAX_ID, `${label} không hợp lệ`)
    .optional();

export default defineModule({
  name: 'site-web',
  routes(router, services) {
    const db = services.db;

    router.add({
      method: 'GET',
      url: '/api/web/menus',
      access: 'public',
      raw: true,
      summary:
        'Menu đầu trang và chân trang của cổng thông tin: mỗi vị trí một menu (menu đang bật, sửa gần nhất); cây mục liên kết tới đường dẫn, bài viết hoặc chuyên mục (mục có bài viết chưa đăng hoặc chuyên mục đã tắt được bỏ qua)',
      tags,
      response: entriesOf(publicMenu),
      handler: async (ctx) => {
        const rows = await exec(
          db,
          sql`select distinct on (position) id, name, position, items, updated_at from menus where status = 1 order by position, updated_at desc, id desc`,
        );
        const menus = rows.map((r) => ({ ...r, items: (r.items ?? []) as MenuItem[], updated_at: iso(r.updated_at) }));
        await publicItems(db, menus);
        return sendCached(ctx, { entries: menus });
      },
    });

    router.add({
      method: 'GET',
      url: '/api/web/banners',
      access: 'public',
      raw: true,
      summary: 'Banner đang hiển thị (bật và trong thời gian hiển thị), theo vị trí và thứ tự',
      tags,
      query: z
        .object({ position: z.enum(BANNER_POSITIONS.map((o) => String(o.value)) as [string, ...string[]], { error: 'Vị trí banner không hợp lệ' }).optional() })
        .strict(),
      response: entriesOf(rowPick(bannersDef, BANNER_KEYS)),
      handler: async (ctx) => {
        // the server's clock as a parameter (not now()), so what 'now' means is one clock for the whole app
        const now = new Date().toISOString();
        const w: SQL[] = [sql`status = 1`, sql`(active_from is null or active_from <= ${now})`, sql`(active_to is null or active_to >= ${now})`];
        if (ctx.query.position) w.push(sql`position = ${ctx.query.position}`);
        const rows = await exec(db, sql`select * from banner_images${whereSql(w)} order by position, sort_order, id`);
        return sendCached(ctx, { entries: rows.map((r) => pick(bannersDef, r, BANNER_KEYS)) });
      },
    });

    const singles: [string, ResourceDef, string][] = [
      ['/api/web/footer', footerDef, 'Chân trang của cổng thông tin'],
      ['/api/web/contact', contactDef, 'Thông tin liên hệ của cổng thông tin'],
      ['/api/web/site-info', siteConfigsDef, 'Logo và thông tin website (tên, khẩu hiệu, mô tả, SEO)'],
    ];
    for (const [url, def, summary] of singles) {
      router.add({
        method: 'GET',
        url,
        access: 'public',
        raw: true,
        summary,
        tags,
        response: z.object({ entry: rowPick(def, publicKeys(def)).nullable() }),
        handler: async (ctx) => {
          const row = await singleRow(db, def);
          return sendCached(ctx, { entry: row ? pick(def, row) : null });
        },
      });
    }

    router.add({
      method: 'GET',
      url: '/api/web/websites',
      access: 'public',
      raw: true,
      summary: 'Website liên kết đang hiển thị, theo thứ tự',
      tags,
      response: entriesOf(rowPick(websitesDef, WEBSITE_KEYS)),
      handler: async (ctx) => {
        const rows = await exec(db, sql`select * from websites where status = 1 order by sort_order, name, id limit 200`);
        return sendCached(ctx, { entries: rows.map((r) => pick(websitesDef, r, WEBSITE_KEYS)) });
      },
    });

    router.add({
      method: 'GET',
      url: '/api/web/shipping-methods',
      access: 'public',
      raw: true,
      summary: 'Phương thức vận chuyển đang áp dụng (phí tính bằng VNĐ)',
      tags,
      response: entriesOf(rowPick(shippingDef, SHIPPING_KEYS)),
      handler: async (ctx) => {
        const rows = await exec(db, sql`select * from shipping_methods where status = 1 order by fee, name, id limit 200`);
        return sendCached(ctx, { entries: rows.map((r) => pick(shippingDef, r, SHIPPING_KEYS)) });
      },
    });

    router.add({
      method: 'GET',
      url: '/api/web/seasonal-calendars',
      access: 'public',
      raw: true,
      summary: 'Lịch thời vụ công khai: lọc theo phường/xã, vùng, cây trồng, năm và vụ; mỗi lịch kèm tên cây, giống, phường/xã, vùng',
      tags,
      query: z
        .object({
          ward_id: idParam('Phường/xã'),
          region_id: idParam('Vùng'),
          plant_id: idParam('Cây trồng'),
          year: z.coerce.number({ error: 'Năm không hợp lệ' }).int('Năm không hợp lệ').min(2000, 'Năm không hợp lệ').max(2100, 'Năm không hợp lệ').optional(),
          season: z.enum(SEASONS.map((o) => String(o.value)) as [string, ...string[]], { error: 'Vụ không hợp lệ' }).optional(),
          page: z.coerce
            .number({ error: 'Trang không hợp lệ' })
            .int('Trang không hợp lệ')
            .min(1, 'Trang không hợp lệ')
            .max(10000, 'Trang không hợp lệ')
            .default(1),
          limit: z.coerce
            .number({ error: 'Số dòng không hợp lệ' })
            .int('Số dòng không hợp lệ')
            .min(1, 'Số dòng không hợp lệ')
            .max(100, 'Tối đa 100 dòng')
            .default(50),
        })
        .strict(),
      response: z.object({
        entries: z.array(rowPick(calendarsDef, CALENDAR_KEYS)),
        pagination: z.object({ page: z.number(), limit: z.number(), has_more: z.boolean() }),
      }),
      handler: async (ctx) => {
        const q = ctx.query;
        const w: SQL[] = [sql`c.visibility = 1`];
        if (q.ward_id) w.push(sql`c.ward_id = ${q.ward_id}`);
        if (q.region_id) w.push(sql`c.region_id = ${q.region_id}`);
        if (q.plant_id) w.push(sql`c.plant_id = ${q.plant_id}`);
        if (q.year) w.push(sql`c.year = ${q.year}`);
        if (q.season) w.push(sql`c.season = ${q.season}`);
        const rows = await calendarPage(db, w, q.page, q.limit);
        return sendCached(ctx, {
          entries: rows.slice(0, q.limit).map((r) => pick(calendarsDef, r, CALENDAR_KEYS)),
          pagination: { page: q.page, limit: q.limit, has_more: rows.length > q.limit },
        });
      },
    });
  },
});

type LinkedItem = MenuItem & { slug?: string | null };

/**
 * The items the public sees: an article item carries the `slug` the portal links by while its article
 * is published (its time has come), a category item while its category is switched on; an item whose
 * target is not public is left out, with the items nested under it (they hang from a link that no
 * longer leads anywhere). One query for every article and category of every menu.
 */
async function publicItems(db: Db, menus: { items: LinkedItem[] }[]) {
  const all: LinkedItem[] = [];
  const walk = (xs: LinkedItem[]) => {
    for (const i of xs) {
      all.push(i);
      walk(i.children ?? []);
    }
  };
  for (const m of menus) walk(m.items);
  const want = (kind: string) => `{${[...new Set(all.filter((i) => i.kind === kind && i.ref_id).map((i) => Number(i.ref_id)))].join(',')}}`;
  const slugs = new Map<string, string>();
  if (all.some((i) => i.kind !== 'url')) {
    const found = await exec<{ kind: string; id: number; slug: string }>(
      db,
      sql`select 'article' as kind, id, slug from articles where id = any(${want('article')}::int[]) and is_published and published_at <= ${new Date().toISOString()}
        union all select 'category', id, slug from categories where id = any(${want('category')}::int[]) and status`,
    );
    for (const r of found) slugs.set(`${r.kind}:${Number(r.id)}`, r.slug);
  }
  const prune = (xs: LinkedItem[]): LinkedItem[] =>
    xs.flatMap((i) => {
      if (i.kind === 'url') return [{ ...i, ...(i.children ? { children: prune(i.children) } : {}) }];
      const slug = slugs.get(`${i.kind}:${Number(i.ref_id)}`);
      return slug ? [{ ...i, slug, ...(i.children ? { children: prune(i.children) } : {}) }] : [];
    });
  for (const m of menus) m.items = prune(m.items);
}

/** One page (and one row more, to know whether another follows) of public calendars with their names joined. */
async function calendarPage(db: Db, w: SQL[], page: number, limit: number) {
  const rows = await exec(
    db,
    sql`select c.*, p.name as plant_name, pp.name as product_plant_name, wd.name as ward_name, r.name as region_name
    from seasonal_calendars c join plants p on p.id = c.plant_id left join product_plants pp on pp.id = c.product_plant_id
    left join wards wd on wd.id = c.ward_id left join regions r on r.id = c.region_id${whereSql(w)}
    order by c.year desc, c.sowing_from, c.id limit ${limit + 1} offset ${(page - 1) * limit}`,
  );
  for (const r of rows) {
    r.plant = { id: r.plant_id, name: r.plant_name };
    r.product_plant = r.product_plant_id ? { id: r.product_plant_id, name: r.product_plant_name } : null;
    r.ward = r.ward_id ? { id: r.ward_id, name: r.ward_name } : null;
    r.region = r.region_id ? { id: r.region_id, name: r.region_name } : null;
  }
  return rows;
}
