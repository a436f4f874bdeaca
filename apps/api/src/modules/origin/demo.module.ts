import { addDays, vnDay } from '@nns/shared/culture';
import { resourceByName } from '@nns/shared/registry';
import { STAMP_LAYOUT_DEFAULTS } from '@nns/shared/traceability';
import { sql } from 'drizzle-orm';
import { defineModule } from '../../core/module';
import { searchTextOf } from '../../core/resource-query';
import { exec, insertSql, iso } from '../../core/resource-store';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { insertCodes } from './stamp-codes';
import { nextSerial } from './stamp-runs';

const DISTRIBUTORS: Record<string, { name: string; address: string; phone: string }[]> = {
  'SP-HONG-TREOGIO': [
    { name: 'Cửa hàng Đặc sản Đà Lạt Xanh', address: '12 Nguyễn Thị Minh Khai, Phường Xuân Hương – Đà Lạt, Lâm Đồng', phone: '02633822123' },
    { name: 'Siêu thị Nông sản sạch Phú Mỹ Hưng', address: '88 Nguyễn Văn Linh, Phường Tân Mỹ, TP. Hồ Chí Minh', phone: '0909123456' },
  ],
  'SP-CF-NHAN-1KG': [{ name: 'Đại lý Cà phê Cầu Đất', address: 'Xã Xuân Trường, Lâm Đồng', phone: '0912345678' }],
};

async function insert(db: Db, name: string, data: Record<string, unknown>): Promise<number> {
  const def = resourceByName[name];
  const row = { ...data };
  if (def.searchFields.length) row.search_text = searchTextOf(def, row);
  const [r] = await exec<{ id: number }>(db, insertSql(def, row));
  return r.id;
}

/**
 * Demo traceability (SEED_DEMO): a trace on each harvested demo batch (coffee, ST25 rice) with
 * its dates and distributors, and a run of 60 stamps on the coffee trace (the persimmon batch is still growing).
 */
export default defineModule({
  // after 'seasons-demo' (the batches): demo seeds run in module name order
  name: 'traceability-demo',
  async seedDemo(services: Services) {
    if ((await exec(services.db, sql`select 1 from traces limit 1`)).length) return;
    const batches = await exec<Record<string, unknown>>(
      services.db,
      sql`select b.id, b.code, b.product_id, b.manufacture_id, b.material_area_id, b.planting_date, b.harvest_date, p.code as product_code, p.name as product_name,
                 p.shelf_life_days, a.certifications
          from batches b join products p on p.id = b.product_id left join material_areas a on a.id = b.material_area_id
          where b.status = 'harvested' and b.harvest_date is not null order by b.id`,
    );
    if (!batches.length) return;
    await services.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      let coffee: { id: number; product_id: number; manufacture_id: number; packaging: string } | null = null;
      for (const b of batches) {
        const harvest = vnDay(iso(b.harvest_date) as string);
        const packaging = addDays(harvest, 2);
        const expiry = addDays(packaging, Number(b.shelf_life_days ?? 0) || 365);
        const id = await insert(db, 'traces', {
          code: `TX-${String(b.code).replace(/^LO-/, '')}`,
          product_id: b.product_id,
          batch_id: b.id,
          manufacture_id: b.manufacture_id,
          material_area_id: b.material_area_id,
          planting_date: `${vnDay(iso(b.planting_date) as string)}T00:00:00Z`,
          harvest_date: `${harvest}T00:00:00Z`,
          packaging_date: `${packaging}T00:00:00Z`,
          expired_date: `${expiry}T00:00:00Z`,
          quantity: null,
          distributors: DISTRIBUTORS[String(b.product_code)] ?? [],
          certificates: b.certifications ?? null,
          description: `Hồ sơ truy xuất của lô ${b.code}: ${b.product_name}, thu hoạch ngày ${harvest.split('-').reverse().join('/')}.`,
          active: true,
        });
        if (!coffee || b.product_code === 'SP-CF-NHAN-1KG') {
          coffee = { id, product_id: Number(b.product_id), manufacture_id: Number(b.manufacture_id), packaging };
        }
      }
      if (!coffee) return;
      const from = await nextSerial(db);
      const n = 60;
      const [p] = await exec<{ name: string }>(db, sql`select name from products where id = ${coffee.product_id}`);
      const runId = await insert(db, 'stamps', {
        name: `${p?.name ?? 'Sản phẩm'} – đợt tem mẫu`,
        product_id: coffee.product_id,
        trace_id: coffee.id,
        manufacture_id: coffee.manufacture_id,
        quantity: n,
        serial_from: from,
        serial_to: from + n - 1,
        packaging_date: `${coffee.packaging}T00:00:00Z`,
        ...STAMP_LAYOUT_DEFAULTS,
        stamps_per_line: 3,

        stamp_attributes: [{ text: 'Arabica Cầu Đất', font_size: 6, horizontal: 31, vertical: 20 }],
        status: 'issued',
        printed_count: 0,
        voided_count: 0,
      });
      await insertCodes(db, runId, from, n);
    });
  },
});
