import constructsDef from '@nns/shared/resources/discharge-constructs';
import inventoryDef from '@nns/shared/resources/discharge-inventory';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineModule } from '../../core/module';
import { addRecordAction } from '../../core/record-action';
import { resourceDocs } from '../../core/resource-schema';
import { attachRefs, exec, findOne, present, selectList } from '../../core/resource-store';
import { echoedKeys } from '../../core/write-path';
import type { Db } from '../../db/client';

const detailBody = z
  .object({
    construct_id: z.coerce.number({ error: 'Công trình xả thải bắt buộc' }).int('Công trình xả thải không hợp lệ').positive('Công trình xả thải không hợp lệ'),
    survey_year: z.coerce
      .number({ error: 'Năm kiểm kê không hợp lệ' })
      .int('Năm kiểm kê không hợp lệ')
      .min(2000, 'Năm kiểm kê không hợp lệ')
      .max(2100, 'Năm kiểm kê không hợp lệ')
      .optional(),
  })
  .strict();

/** Reads a work's inventory of one survey year (the latest without one), with the years on record. */
export async function inventoryOf(db: Db, constructId: number, year?: number) {
  const rows = await exec(db, sql`select ${selectList(inventoryDef)} from discharge_inventory where construct_id = ${constructId} order by survey_year desc`);
  const row = year === undefined ? rows[0] : rows.find((r) => Number(r.survey_year) === year);
  return { row: row ?? null, years: rows.map((r) => Number(r.survey_year)) };
}

/** Inventory (spec §7): the detail is a POST with construct_id, the edit a PATCH with the payload minus id. */
export default defineModule({
  name: 'discharge-inventory',
  routes(router, services) {
    const base = '/api/admin/discharge-inventory';
    const tags = [inventoryDef.label];
    router.add({
      method: 'POST',
      url: `${base}/detail`,
      access: { action: 'read', subject: 'discharge_inventory' },
      summary: 'Kiểm kê của một công trình theo năm (construct_id, survey_year trong thân yêu cầu); entry null khi chưa có',
      tags,
      body: detailBody,
      response: z.object({ entry: resourceDocs(inventoryDef).row.nullable(), years: z.array(z.number().int()) }),
      handler: async (ctx) => {
        await findOne(services.db, constructsDef, ctx.body.construct_id, ctx);
        const { row, years } = await inventoryOf(services.db, ctx.body.construct_id, ctx.body.survey_year);
        if (row) await attachRefs(services.db, inventoryDef, [row]);
        return { entry: row ? present(inventoryDef, row, ctx) : null, years };
      },
    });
    addRecordAction(router, services, {
      resource: 'discharge-inventory',
      method: 'PATCH',
      url: `${base}/:id`,
      permission: 'update',
      summary: 'Cập nhật kiểm kê xả thải',
      tags,
      body: inventoryDef.updateSchema,
      bodyIgnores: echoedKeys(inventoryDef),
      message: 'Cập nhật thành công',
      audit: 'update',
      op: 'update',
      change: (ctx) => ({ data: ctx.body }),
    });
  },
});
