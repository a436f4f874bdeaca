import { addDays, vnDay } from '@nns/shared/culture';
import { sql } from 'drizzle-orm';
import { defineModule } from '../../core/module';
import { exec } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { type DemoSeason, SEASONS } from './demo-data';

const idOf = async (db: Db, table: string, code: string) =>
  (await exec<{ id: number }>(db, sql`select id from ${sql.identifier(table)} where code = ${code} limit 1`))[0]?.id ?? null;

/** a demo row, through the runtime (search text filled, no hooks, no audit) */
const insert = (db: Db, name: string, data: Record<string, unknown>) => resource(name).seed(db, data);

async function seedSeason(db: Db, s: DemoSeason) {
  const manufactureId = await idOf(db, 'manufactures', s.producer);
  const productId = await idOf(db, 'products', s.product);
  const areaId = await idOf(db, 'material_areas', s.area);
  if (!manufactureId || !productId) return;
  if (await idOf(db, 'batches', s.batches[0].code)) return;
  const [unit] = await exec<{ id: number }>(db, sql`select id from product_units where lower(name) = 'kg' or lower(coalesce(symbol, '')) = 'kg' limit 1`);
  const [form] = await exec<{ id: number }>(db, sql`select farming_form_id as id from material_areas where id = ${areaId}`);
  const labors = await exec<{ id: number }>(db, sql`select id from labors where manufacture_id = ${manufactureId} order by id`);

  const processOf = async (name: string, manufacture: number | null) => {
    const id = await insert(db, 'processes', {
      name,
      product_id: manufacture ? productId : null,
      product_group_id: (await exec<{ id: number }>(db, sql`select product_group_id as id from products where id = ${productId}`))[0]?.id ?? null,
      farming_form_id: form?.id ?? null,
      manufacture_id: manufacture,
      description: s.process.description,
    });
    const stageIds: number[] = [];
    for (const [i, st] of s.process.stages.entries()) {
      stageIds.push(
        await insert(db, 'stages', {
          process_id: id,
          position: i + 1,
          name: st.name,
          duration_days: st.days,
          expected_activities: st.activities,
          expected_inputs: st.inputs ?? null,
        }),
      );
    }
    return { id, stageIds };
  };
  if (s.process.template) await processOf(s.process.template, null);
  const process = await processOf(s.process.name, manufactureId);

  const plotIds: number[] = [];
  for (const p of s.plots) {
    if (!areaId) break;
    plotIds.push(
      (await idOf(db, 'raw_material_areas', p.code)) ??
        (await insert(db, 'raw-material-areas', {
          code: p.code,
          name: p.name,
          material_area_id: areaId,
          crop: p.crop,
          acreage: p.ha,
          households: p.households,
        })),
    );
  }

  const today = vnDay(new Date());
  for (const b of s.batches) {
    const planting = addDays(today, -b.plantedDaysAgo);
    const total = s.process.stages.reduce((n, st) => n + st.days, 0);
    const harvested = b.harvestedDaysAgo != null;
    const batchId = await insert(db, 'batches', {
      code: b.code,
      product_id: productId,
      process_id: process.id,
      manufacture_id: manufactureId,
      material_area_id: areaId,
      raw_material_area_id: plotIds[b.plot] ?? null,
      planting_date: `${planting}T00:00:00Z`,
      expected_harvest_date: `${addDays(planting, total - 1)}T00:00:00Z`,
      harvest_date: harvested ? `${addDays(today, -(b.harvestedDaysAgo as number))}T00:00:00Z` : null,
      quantity: b.quantity,
      product_unit_id: unit?.id ?? null,
      expected_yield: b.expected,
      actual_yield: b.actual ?? null,
      price: b.price,
      status: harvested ? 'harvested' : 'in_production',
      note: harvested ? 'Lô đã thu hoạch, chờ đóng sau khi xuất bán hết' : 'Lô đang chăm sóc',
    });
    const elapsed = b.plantedDaysAgo;
    for (const [i, d] of s.diaries.entries()) {
      if (d.day > elapsed) continue;
      await insert(db, 'diaries', {
        batch_id: batchId,
        stage_id: process.stageIds[d.stage],
        labor_id: labors.length ? labors[i % labors.length].id : null,
        performed_at: `${addDays(planting, d.day)}T01:30:00.000Z`,
        activity: d.activity,
        weather: d.weather,
        inputs: d.inputs ?? null,
        note: d.note,
        images: null,
        is_traceable: !!d.traceable,
      });
    }
  }
}

/** Demo seasons of the demo producers' products, areas and labourers. */
export default defineModule({
  name: 'seasons-demo',
  after: ['producers', 'catalog'],
  async seedDemo(services: Services) {
    if (!(await exec(services.db, sql`select 1 from manufactures limit 1`)).length) return;
    await services.db.transaction(async (tx) => {
      for (const s of SEASONS) await seedSeason(tx, s);
    });
  },
});
