import type { ResourceDef } from '@nns/shared';
import bannersDef from '@nns/shared/resources/banner-images';
import contactDef from '@nns/shared/resources/contact';
import footerDef from '@nns/shared/resources/footer';
import siteConfigsDef from '@nns/shared/resources/site-configs';
import { BANNER_SLOTS, BANNER_STATES, bannerState, type MenuItem } from '@nns/shared/site';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, conflict, type FieldError } from '../../core/errors';
import { type Ctx, defineModule, type ResourceHooks, type Router } from '../../core/module';
import { col } from '../../core/resource-query';
import { resourceDocs } from '../../core/resource-schema';
import { exec, present } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import { readScopeAlso } from '../../core/scope';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { seedSite } from './demo';

const day = (v: unknown) => (v ? Date.parse(String(v)) : null);

/** A season calendar names a ward or a region, and its windows run forward: sowing, then harvest. */
async function checkCalendar(merged: Record<string, unknown>, tx: Db) {
  const errors: FieldError[] = [];
  if (merged.ward_id == null && merged.region_id == null) errors.push({ field: 'ward_id', message: 'Chọn phường/xã hoặc vùng áp dụng lịch' });
  const [sf, st, hf, ht] = ['sowing_from', 'sowing_to', 'harvest_from', 'harvest_to'].map((k) => day(merged[k]));
  if (sf != null && st != null && st < sf) errors.push({ field: 'sowing_to', message: 'Ngày kết thúc gieo trồng phải sau ngày bắt đầu' });
  if (hf != null && ht != null && ht < hf) errors.push({ field: 'harvest_to', message: 'Ngày kết thúc thu hoạch phải sau ngày bắt đầu' });
  if (sf != null && hf != null && hf < sf) errors.push({ field: 'harvest_from', message: 'Thu hoạch phải bắt đầu sau khi gieo trồng' });
  if (merged.product_plant_id != null && merged.plant_id != null) {
    const [pp] = await exec<{ plant_id: number }>(tx, sql`select plant_id from product_plants where id = ${Number(merged.product_plant_id)}`);
    if (pp && Number(pp.plant_id) !== Number(merged.plant_id)) errors.push({ field: 'product_plant_id', message: 'Giống không thuộc cây trồng đã chọn' });
  }
  if (errors.length) throw badRequest(errors, errors[0].message);
}

function checkBannerPeriod(merged: Record<string, unknown>) {
  const from = day(merged.active_from);
  const to = day(merged.active_to);
  if (from != null && to != null && to < from) throw badRequest([{ field: 'active_to', message: 'Thời gian kết thúc hiển thị phải sau thời gian bắt đầu' }]);
}

/**
 * A region's season calendar (no ward) concerns every ward of the region's provinces: their officers
 * read it (list, detail, timeline) but only an account that sees everything writes it (DOMAIN.md:
 * 'ward or region'; a region spans provinces, so no ward or province officer owns it).
 */
readScopeAlso('seasonal-calendars', (u) => {
  const province = u.scope === 'ward' ? sql`(select province_id from wards where id = ${u.ward_id ?? 0})` : sql`${u.province_id ?? 0}::int`;
  return sql`(ward_id is null and region_id in (select id from regions where ${province} = any(province_ids)))`;
});

/** Whether the account may only read this calendar (a region's, for an officer of a ward or province). */
const calendarReadOnly = (row: Record<string, unknown>, ctx: Ctx | null) => !!ctx?.user && ctx.user.scope !== 'all' && row.ward_id == null;

export const siteHooks: Record<string, ResourceHooks> = {
  'seasonal-calendars': {
    present: (row, ctx) => ({ ...row, read_only: calendarReadOnly(row, ctx) }),
    presentedKeys: ['read_only'],
    presentedTypes: { read_only: z.boolean() },
    beforeCreate: async (data, _ctx, tx) => {
      await checkCalendar(data, tx);
      return data;
    },
    beforeUpdate: async (data, existing, _ctx, tx) => {
      await checkCalendar({ ...existing, ...data }, tx);
      return data;
    },
  },
  'banner-images': {
    beforeCreate: (data) => {
      checkBannerPeriod(data);
      return data;
    },
    beforeUpdate: (data, existing) => {
      checkBannerPeriod({ ...existing, ...data });
      return data;
    },
    // the list and the form show whether a banner is on the portal now
    present: (row) => ({ ...row, display_state: bannerState(row) }),
    presentedKeys: ['display_state'],
    presentedTypes: { display_state: z.literal(Object.keys(BANNER_STATES)).meta({ 'x-enum-labels': Object.values(BANNER_STATES).map((s) => s.label) }) },
  },
  menus: {
    beforeCreate: async (data, _ctx, tx) => {
      await checkMenuLinks(tx, data.items);
      return data;
    },
    beforeUpdate: async (data, _existing, _ctx, tx) => {
      if ('items' in data) await checkMenuLinks(tx, data.items);
      return data;
    },
    present: (row) => ({ ...row, items: row.items ?? [] }),
  },
};

/**
 * Every article or category a menu links to must exist when the menu is saved: one 400 error per
 * item that names it (field items.<path>.ref_id, so the form shows them under the tree). An article
 * not (yet) published may be linked: the public menu leaves it out until it is (web.module.ts).
 */
async function checkMenuLinks(db: Db, items: unknown) {
  const links: { path: string; item: MenuItem }[] = [];
  const walk = (xs: MenuItem[], at: string) =>
    xs.forEach((i, n) => {
      if (i.kind !== 'url' && i.ref_id) links.push({ path: `${at}.${n}`, item: i });
      walk(i.children ?? [], `${at}.${n}.children`);
    });
  walk(Array.isArray(items) ? (items as MenuItem[]) : [], 'items');
  if (!links.length) return;
  const ids = (kind: string) => `{${[...new Set(links.filter((l) => l.item.kind === kind).map((l) => Number(l.item.ref_id)))].join(',')}}`;
  const found = await exec<{ kind: string; id: number }>(
    db,
    sql`select 'article' as kind, id from articles where id = any(${ids('article')}::int[])
      union all select 'category', id from categories where id = any(${ids('category')}::int[])`,
  );
  const have = new Set(found.map((r) => `${r.kind}:${r.id}`));
  const errors: FieldError[] = links
    .filter((l) => !have.has(`${l.item.kind}:${Number(l.item.ref_id)}`))
    .map((l) => ({
      field: `${l.path}.ref_id`,
      message: `Mục '${l.item.title}': ${l.item.kind === 'article' ? 'bài viết' : 'chuyên mục'} đã liên kết không còn tồn tại, hãy chọn lại`,
    }));
  if (errors.length) throw badRequest(errors, errors[0].message);
}

/** The one row of a single-record resource (footer, contact, site settings), oldest first should there be more. */
export async function singleRow(db: Db, def: ResourceDef, lock = false): Promise<Record<string, unknown> | undefined> {
  const [row] = await exec(db, sql`select * from ${col(def.table)} order by id limit 1${lock ? sql` for update` : sql``}`);
  return row;
}

/**
 * GET, PUT and POST on a single record (spec §7 footer, contact, configs/logo): GET answers it (null
 * before it is first saved), PUT saves it (created when missing), POST creates it when missing (409
 * once it exists). Writes go through the one write path, under a lock so two first saves make one row.
 */
function registerSingle(router: Router, services: Services, def: ResourceDef, path: string) {
  const url = `/api/admin/${path}`;
  const tags = [def.label];
  const S = def.subject;
  const single = resource(def.name);
  // the record as the generic read answers it; null before the first save
  const entryAnswer = z.object({ entry: resourceDocs(def).row.nullable() });
  const save = (ctx: Ctx, mode: 'create' | 'update') =>
    services.db.transaction(async (tx) => {
      await exec(tx, sql`select pg_advisory_xact_lock(hashtext(${`single:${def.table}`}))`);
      const existing = await singleRow(tx, def, true);
      if (existing && mode === 'create') throw conflict(`${def.label} đã có, hãy cập nhật thay vì tạo mới`);
      const data = ctx.body;
      return single.entry(tx, existing ? await single.update(ctx, tx, existing, data) : await single.create(ctx, tx, data), ctx);
    });
  router.add({
    method: 'GET',
    url,
    access: { action: 'read', subject: S },
    summary: `${def.label} (bản ghi duy nhất; null khi chưa lưu)`,
    tags,
    response: entryAnswer,
    handler: async (ctx) => {
      const row = await singleRow(services.db, def);
      return row ? single.entry(services.db, row, ctx) : { entry: null };
    },
  });
  router.add({
    method: 'PUT',
    url,
    access: { action: 'update', subject: S },
    summary: `Cập nhật ${def.label.toLowerCase()} (tạo mới khi chưa có)`,
    tags,
    body: def.updateSchema,
    bodyIgnores: ['id', 'created_at', 'updated_at', 'created_by', 'updated_by'],
    response: entryAnswer,
    message: 'Cập nhật thành công',
    handler: (ctx) => save(ctx, 'update'),
  });
  router.add({
    method: 'POST',
    url,
    access: { action: 'create', subject: S },
    summary: `Tạo ${def.label.toLowerCase()} khi chưa có`,
    tags,
    body: def.createSchema,
    response: entryAnswer,
    message: 'Thêm mới thành công',
    handler: (ctx) => save(ctx, 'create'),
  });
}

const orderBody = z
  .object({
    ids: z
      .array(z.number({ error: 'Mã banner không hợp lệ' }).int().positive().max(2147483647), { error: 'Danh sách banner không hợp lệ' })
      .max(200, 'Tối đa 200 banner'),
  })
  .strict();

export default defineModule({
  name: 'site',
  // the demo's season calendars name the agricultural species, the demo wards and regions
  after: ['agricultural', 'areas'],
  hooks: siteHooks,
  seedDemo: seedSite,
  routes(router, services) {
    registerSingle(router, services, footerDef, 'footer');
    registerSingle(router, services, contactDef, 'contact');
    registerSingle(router, services, siteConfigsDef, 'configs/logo');
    // every single record also answers at its resource's own path (POST /api/admin/site-configs creates it as the generic create would)
    registerSingle(router, services, siteConfigsDef, siteConfigsDef.name);

    const slotAnswer = z.object({ entries: z.array(resourceDocs(bannersDef).row) });
    for (const slot of BANNER_SLOTS) {
      const url = `/api/admin/configs/${slot.config}`;
      const tags = [bannersDef.label];
      const slotRows = (db: Db, lock = false) =>
        exec(db, sql`select * from banner_images where position = ${slot.position} order by sort_order, id${lock ? sql` for update` : sql``}`);
      router.add({
        method: 'GET',
        url,
        access: { action: 'list', subject: 'config_image' },
        summary: `${slot.label}: các ảnh theo thứ tự hiển thị, kèm trạng thái hiển thị hiện tại`,
        tags,
        response: slotAnswer,
        handler: async (ctx) => ({ entries: (await slotRows(services.db)).map((r) => present(bannersDef, r, ctx)) }),
      });
      router.add({
        method: 'PUT',
        url,
        access: { action: 'update', subject: 'config_image' },
        summary: `${slot.label}: sắp xếp lại thứ tự (danh sách mã theo thứ tự mới, đủ mọi ảnh của vị trí)`,
        tags,
        body: orderBody,
        response: slotAnswer,
        message: 'Đã lưu thứ tự',
        handler: (ctx) =>
          services.db.transaction(async (tx) => {
            const rows = await slotRows(tx, true);
            const ids = ctx.body.ids;
            const have = new Set(rows.map((r) => Number(r.id)));
            if (ids.length !== have.size || new Set(ids).size !== ids.length || ids.some((id) => !have.has(id))) {
              throw badRequest([{ field: 'ids', message: `Danh sách phải gồm đúng mọi ảnh của ${slot.label.toLowerCase()}, mỗi ảnh một lần` }]);
            }
            const byId = new Map(rows.map((r) => [Number(r.id), r]));
            for (const [i, id] of ids.entries()) {
              const existing = byId.get(id) as Record<string, unknown>;
              if (Number(existing.sort_order) === i) continue;
              await resource(bannersDef.name).update(ctx, tx, existing, { sort_order: i }, { auditKeys: ['sort_order'], audit: 'reorder' });
            }
            return { entries: (await slotRows(tx)).map((r) => present(bannersDef, r, ctx)) };
          }),
      });
    }
  },
});
