import districtsDef from '@nns/shared/resources/districts';
import provincesDef from '@nns/shared/resources/provinces';
import regionsDef from '@nns/shared/resources/regions';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, conflict } from '../../core/errors';
import { importQuery, importResponse, isDryRun, uploadedFile } from '../../core/import';
import { type Ctx, defineModule } from '../../core/module';
import { resourceDocs, rowWithoutRefs } from '../../core/resource-schema';
import { attachRefs, exec, findOne, present } from '../../core/resource-store';
import { idParams } from '../../core/router';
import type { Db } from '../../db/client';
import { applyOfficialList, readShippedList, shippedLists } from './official-list';
import { ensureOfficialUnits } from './official-units';
import { seedRows } from './seed';
import { importUnits, readUnits, unitsTemplate } from './units-import';

/** A district or ward listed under its province or district. */
const unitLine = z.object({ id: z.number().int(), code: z.string().nullable(), name: z.string(), level: z.string().nullable() });
const listChange = z.object({
  kind: z.enum(['add', 'rename', 'level', 'move', 'recode', 'deactivate', 'delete', 'reactivate']),
  tier: z.enum(['province', 'district', 'ward']),
  code: z.string(),
  name: z.string(),
  from: z.string().optional(),
  to: z.string().optional(),
  references: z.number().optional(),
});
const officialListResponse = importResponse.extend({
  source: z.string(),
  whole: z.boolean(),
  counts: z.record(z.string(), z.number()),
  changes: z.array(listChange),
  changes_total: z.number(),
});
const officialListQuery = importQuery.extend({
  whole: z.enum(['1', '0'], { error: 'whole chỉ nhận 1 hoặc 0' }).optional(),
});
const S = 'administrative_areas' as const;

/** A ward's district must lie in the ward's province. */
async function checkWardDistrict(db: Db, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  const districtId = 'district_id' in data ? data.district_id : existing?.district_id;
  const provinceId = 'province_id' in data ? data.province_id : existing?.province_id;
  if (districtId == null) return data;
  const [d] = await exec<{ province_id: number }>(db, sql`select province_id from districts where id = ${districtId}`);
  if (d && d.province_id !== provinceId) {
    throw badRequest([{ field: 'district_id', message: 'Quận/huyện không thuộc tỉnh/thành phố đã chọn' }]);
  }
  return data;
}

async function refuseWithChildren(db: Db, q: ReturnType<typeof sql>, what: string) {
  const [{ n }] = await exec<{ n: number }>(db, q);
  if (n > 0) throw conflict(`Không thể xóa vì còn ${n} ${what} trực thuộc`);
}

export default defineModule({
  name: 'areas',
  hooks: {
    wards: {
      beforeCreate: (data, _ctx, tx) => checkWardDistrict(tx, data),
      beforeUpdate: (data, existing, _ctx, tx) => checkWardDistrict(tx, data, existing),
    },
    provinces: {
      beforeDelete: async (row, _ctx, tx) => {
        await refuseWithChildren(tx, sql`select count(*)::int as n from districts where province_id = ${row.id}`, 'quận/huyện');
        await refuseWithChildren(tx, sql`select count(*)::int as n from wards where province_id = ${row.id}`, 'phường/xã');
      },
    },
    districts: {
      beforeDelete: (row, _ctx, tx) => refuseWithChildren(tx, sql`select count(*)::int as n from wards where district_id = ${row.id}`, 'phường/xã'),
    },
  },
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/provinces/:id',
      access: { action: 'read', subject: S },
      tags: [provincesDef.label],
      summary: 'Chi tiết tỉnh/thành phố kèm các quận/huyện và số phường/xã',
      params: idParams,
      response: z.object({
        entry: rowWithoutRefs(provincesDef).extend({
          districts: z.array(unitLine.extend({ wards_count: z.number().int() })),
          wards_count: z.number().int(),
          direct_wards_count: z.number().int().describe('phường/xã trực thuộc tỉnh (không qua quận/huyện)'),
        }),
      }),
      handler: async (ctx) => {
        const row = await findOne(services.db, provincesDef, ctx.params.id, ctx as Ctx);
        const districts = await exec(
          services.db,
          sql`select d.id, d.code, d.name, d.level,
          (select count(*)::int from wards w where w.district_id = d.id) as wards_count
          from districts d where d.province_id = ${row.id} order by d.code`,
        );
        const [c] = await exec<{ total: number; direct: number }>(
          services.db,
          sql`select count(*)::int as total,
          count(*) filter (where district_id is null)::int as direct from wards where province_id = ${row.id}`,
        );
        return { entry: { ...present(provincesDef, row, ctx as Ctx), districts, wards_count: c.total, direct_wards_count: c.direct } };
      },
    });
    router.add({
      method: 'GET',
      url: '/api/admin/districts/:id',
      access: { action: 'read', subject: S },
      tags: [districtsDef.label],
      summary: 'Chi tiết quận/huyện kèm các phường/xã',
      params: idParams,
      response: z.object({ entry: resourceDocs(districtsDef).row.extend({ wards: z.array(unitLine), wards_count: z.number().int() }) }),
      handler: async (ctx) => {
        const row = await findOne(services.db, districtsDef, ctx.params.id, ctx as Ctx);
        await attachRefs(services.db, districtsDef, [row]);
        const wards = await exec(services.db, sql`select id, code, name, level from wards where district_id = ${row.id} order by code`);
        return { entry: { ...present(districtsDef, row, ctx as Ctx), wards, wards_count: wards.length } };
      },
    });
    router.add({
      method: 'POST',
      url: '/api/admin/provinces/import-units',
      access: { action: 'create', subject: S },
      tags: [provincesDef.label],
      summary: 'Nhập danh mục đơn vị hành chính chính thức (Mã, Tên, Cấp, Mã cấp trên); dry_run=1 để kiểm tra trước',
      query: importQuery,
      multipart: true,
      response: importResponse,
      message: 'Đã xử lý tệp nhập',
      handler: async (ctx) => {
        const dryRun = isDryRun(ctx.query);
        const s = await importUnits(services, ctx as Ctx, await uploadedFile(ctx as Ctx), dryRun);
        if (!dryRun) ctx.req.audited = true;
        return s;
      },
    });
    router.add({
      method: 'GET',
      url: '/api/admin/provinces/official-lists',
      access: { action: 'read', subject: S },
      tags: [provincesDef.label],
      summary: 'Các danh mục ĐVHC chính thức kèm theo phần mềm (tệp có ngày, mới nhất trước)',
      response: z.object({ entries: z.array(z.object({ file: z.string(), date: z.string() })) }),
      handler: async () => ({ entries: shippedLists() }),
    });
    router.add({
      method: 'POST',
      url: '/api/admin/provinces/official-list',
      access: { action: 'update', subject: S },
      tags: [provincesDef.label],
      summary:
        'Cập nhật theo một danh mục ĐVHC chính thức kèm theo (cả nước): dry_run=1 (mặc định) chỉ liệt kê thêm mới, đổi tên, đổi cấp, đổi mã và đơn vị không còn trong danh mục',
      query: importQuery,
      body: z.object({ file: z.string({ error: 'Chọn danh mục' }).min(1, 'Chọn danh mục').max(100) }).strict(),
      response: officialListResponse,
      message: 'Đã đối chiếu danh mục',
      handler: async (ctx) => {
        const dryRun = isDryRun(ctx.query);
        const units = readShippedList(ctx.body.file);
        const s = await applyOfficialList(services, ctx as Ctx, units, { source: `danh mục ${ctx.body.file}`, whole: true, dryRun });
        if (!dryRun) ctx.req.audited = true;
        return s;
      },
    });
    router.add({
      method: 'POST',
      url: '/api/admin/provinces/official-list/upload',
      access: { action: 'update', subject: S },
      tags: [provincesDef.label],
      summary:
        'Cập nhật theo danh mục ĐVHC tải lên (Excel: Mã, Tên, Cấp, Mã cấp trên, Mã cũ): whole=1 khi tệp là cả nước, nếu không chỉ xét các tỉnh có trong tệp; dry_run=1 (mặc định) để xem trước',
      query: officialListQuery,
      multipart: true,
      response: officialListResponse,
      message: 'Đã đối chiếu danh mục',
      handler: async (ctx) => {
        const dryRun = isDryRun(ctx.query);
        const c = ctx as Ctx;
        const part = await c.req.file().catch(() => undefined);
        if (!part) throw badRequest([{ field: 'file', message: 'Vui lòng chọn tệp Excel (.xlsx) để nhập' }]);
        const units = await readUnits(await part.toBuffer());
        const s = await applyOfficialList(services, c, units, { source: `tệp tải lên ${part.filename}`, whole: ctx.query.whole === '1', dryRun });
        if (!dryRun) ctx.req.audited = true;
        return s;
      },
    });
    router.add({
      method: 'GET',
      url: '/api/admin/provinces/import-units-template',
      access: { action: 'create', subject: S },
      tags: [provincesDef.label],
      summary: 'Tệp mẫu nhập đơn vị hành chính',
      raw: true,
      handler: async (ctx) => {
        ctx.reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', 'attachment; filename="mau-nhap-don-vi-hanh-chinh.xlsx"')
          .send(await unitsTemplate());
      },
    });
  },
  /** The national list of administrative units, loaded in the migrations' transaction (OFFICIAL_UNITS=yes, the default). */
  async afterMigrate(tx, { config, log }) {
    if (config.OFFICIAL_UNITS !== 'yes') return;
    const r = await ensureOfficialUnits(tx);
    if (!r.skipped) log.info({ ...r }, 'official administrative units loaded');
  },
  /**
   * The demo stands on the national list (every database loads it at start, official-units.ts; loaded
   * here too when OFFICIAL_UNITS=no, since the demo's producers and officers sit in its wards): Lâm Đồng
   * (68) in the two-level shape of 1 July 2025, Tỉnh An Giang (91) and Thành phố Cần Thơ (92) for the
   * rice and pangasius producers, and two regions over them.
   */
  async seedDemo(services) {
    await services.db.transaction((tx) => ensureOfficialUnits(tx).then(() => undefined));
    const rows = await exec<{ id: number; code: string }>(services.db, sql`select id, code from provinces where code in ('68', '91', '92')`);
    const p = new Map(rows.map((r) => [r.code, r.id]));
    const lamDong = p.get('68');
    await seedRows(services, regionsDef, [
      { code: 'TN', name: 'Tây Nguyên', description: 'Vùng cà phê, hồ tiêu, sầu riêng và rau hoa ôn đới.', province_ids: [lamDong] },
      {
        code: 'DBSCL',
        name: 'Đồng bằng sông Cửu Long',
        description: 'Vựa lúa, trái cây và cá tra của cả nước.',
        province_ids: [p.get('91'), p.get('92')],
      },
    ]);
  },
});
