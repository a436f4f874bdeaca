import { MAX_ID } from '@nns/shared';
import { BAND_PRESETS, bandConfigErrors, bandConfigSchema, levelColor, levelsOf, type MonitoringType, parametersOf, TYPE_OF_KEY } from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { type Ctx, defineModule } from '../../core/module';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';
import { configInForce } from './band-config';
import { clearStationKeyCache } from './device-key';

/** spec §7 names: air-wtc, water-wtc, rain-wtc, soil-wtc, weather-wtc (insect per order: not yet) */
const KINDS = ['air', 'water', 'rain', 'soil', 'weather'] as const;

export const OWN_WARD_ONLY = 'Bạn chỉ được cấu hình ngưỡng của phường/xã của mình';
export const PROVINCE_WARDS_ONLY = 'Phường/xã này không thuộc tỉnh/thành phố của bạn';
export const DEFAULT_ALL_ONLY =
  'Ngưỡng mặc định áp dụng cho mọi phường/xã trong cả nước: chỉ tài khoản phạm vi toàn quốc được sửa; hãy chọn một phường/xã thuộc tỉnh/thành phố của bạn';

const wardQuery = z
  .object({
    ward_id: z.coerce.number({ error: 'Phường/xã không hợp lệ' }).int('Phường/xã không hợp lệ').positive('Phường/xã không hợp lệ').max(MAX_ID).optional(),
  })
  .strict();
const writeBody = bandConfigSchema.extend({ ward_id: z.number().int().positive().max(MAX_ID).nullable().optional() }).strict();

/**
 * Which ward's config a request is about, by the user's scope (issue 28 §3b): scope 'all' names any
 * ward with `ward_id`, or none for the default every ward in the country falls back to; a province
 * officer names a ward of their province (reading without one shows the default, which only scope
 * 'all' may change); anyone else gets their own ward and may not name another. `write`: the default
 * is refused to all but scope 'all'.
 */
export async function wardOf(db: Db, ctx: Ctx, asked: number | null | undefined, write = false): Promise<number | null> {
  const user = ctx.user;
  const refuse = (message: string) => badRequest([{ field: 'ward_id', message }], message);
  if (!user || user.scope === 'all') return asked ?? null;
  if (user.scope === 'province') {
    if (asked == null) {
      if (write) throw refuse(DEFAULT_ALL_ONLY);
      return null;
    }
    const [w] = await exec<{ province_id: number | null }>(db, sql`select province_id from wards where id = ${asked}`);
    if (!w) throw refuse('Phường/xã không tồn tại');
    if (user.province_id == null || Number(w.province_id) !== user.province_id) throw refuse(PROVINCE_WARDS_ONLY);
    return asked;
  }
  if (asked != null && asked !== user.ward_id) throw refuse(OWN_WARD_ONLY);
  if (user.ward_id == null && write) throw refuse(DEFAULT_ALL_ONLY);
  return user.ward_id ?? null;
}

/** The ward a config is about, named on the screen and in the system log (with its province). */
export async function wardNamed(db: Db, wardId: number | null) {
  if (wardId == null) return null;
  const [w] = await exec<{ id: number; name: string; province_name: string | null }>(
    db,
    sql`select w.id, w.name, p.name as province_name from wards w left join provinces p on p.id = w.province_id where w.id = ${wardId}`,
  );
  return w ? { id: Number(w.id), name: w.name, province_name: w.province_name } : null;
}

/** A level of a type's bands, with its colour (the screens' legend). */
export const levelSchema = z.object({ level: z.number().int(), label: z.string(), color: z.string() });
const configAnswer = z.object({
  type: z.number().int().describe('loại trạm'),
  ward_id: z.number().int().nullable(),
  ward: z
    .object({ id: z.number().int(), name: z.string(), province_name: z.string().nullable() })
    .nullable()
    .describe('phường/xã được cấu hình; null: mặc định cả nước'),
  source: z.enum(['ward', 'default', 'preset']).describe('ward: của phường/xã; default: mặc định đã lưu; preset: ngưỡng quốc gia'),
  config: bandConfigSchema,
  preset: bandConfigSchema,
  levels: z.array(levelSchema),
  parameters: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string(), min: z.number(), max: z.number() })),
});

async function answer(db: Db, type: MonitoringType, wardId: number | null) {
  const [{ config, source }, ward] = await Promise.all([configInForce(db, type, wardId), wardNamed(db, wardId)]);
  const params = parametersOf(type);
  return {
    type,
    ward_id: wardId,
    // the ward edited, named (null: the national default)
    ward,
    // 'ward': the ward's own; 'default': the default saved for the type; 'preset': the national one
    source,
    config,
    preset: BAND_PRESETS[type],
    levels: levelsOf(type).map((o) => ({ level: o.value, label: o.label, color: levelColor(type, Number(o.value)) })),
    parameters: Object.entries(params).map(([key, p]) => ({ key, ...p })),
  };
}

export default defineModule({
  name: 'monitoring-configs',
  routes(router, services) {
    for (const kind of KINDS) {
      const type = TYPE_OF_KEY[kind];
      const url = `/api/admin/monitoring-configs/${kind}-wtc`;
      const tags = ['Ngưỡng quan trắc'];
      router.add({
        method: 'GET',
        url,
        access: { action: 'list', subject: 'monitorings' },
        summary: `Ngưỡng cảnh báo trạm ${kind} đang áp dụng (mặc định hoặc của phường/xã)`,
        tags,
        query: wardQuery,
        response: configAnswer,
        handler: async (ctx) => answer(services.db, type, await wardOf(services.db, ctx, ctx.query.ward_id)),
      });
      for (const method of ['POST', 'PUT'] as const) {
        router.add({
          method,
          url,
          access: { action: 'update', subject: 'monitorings' },
          summary: `Lưu ngưỡng cảnh báo trạm ${kind} (các khoảng liền nhau, không chồng, không hở)`,
          tags,
          body: writeBody,
          response: configAnswer,
          message: 'Lưu cấu hình thành công',
          handler: async (ctx) => {
            const wardId = await wardOf(services.db, ctx, ctx.body.ward_id, true);
            const config = { parameters: ctx.body.parameters };
            const errors = bandConfigErrors(type, config);
            if (errors.length) throw badRequest(errors, errors[0].message);
            return (
              services.db
                .transaction(async (tx) => {
                  if (wardId != null && !(await exec(tx, sql`select 1 from wards where id = ${wardId}`)).length)
                    throw badRequest([{ field: 'ward_id', message: 'Phường/xã không tồn tại' }]);
                  // the bands in force before (the ward's own, or those it fell back to), for the system log
                  const was = await configInForce(tx, type, wardId);
                  const ward = await wardNamed(tx, wardId);
                  const [before] = await exec<{ id: number; config: unknown }>(
                    tx,
                    wardId == null
                      ? sql`select id, config from monitoring_configs where type = ${type} and ward_id is null for update`
                      : sql`select id, config from monitoring_configs where type = ${type} and ward_id = ${wardId} for update`,
                  );
                  if (before)
                    await exec(
                      tx,
                      sql`update monitoring_configs set config = ${JSON.stringify(config)}::jsonb, updated_at = now(), updated_by = ${ctx.user?.id ?? null} where id = ${before.id}`,
                    );
                  else
                    await exec(
                      tx,
                      sql`insert into monitoring_configs (type, ward_id, config, updated_by) values (${type}, ${wardId}, ${JSON.stringify(config)}::jsonb, ${ctx.user?.id ?? null})`,
                    );
                  await ctx.audit(
                    {
                      action: 'update-config',
                      subject: 'monitorings',
                      recordId: before?.id ?? null,
                      // the ward is named inside both sides: the log keeps only keys whose value changed
                      before: { bands: { ward_id: wardId, ward_name: ward?.name ?? null, source: was.source, config: was.config } },
                      after: { type, bands: { ward_id: wardId, ward_name: ward?.name ?? null, source: wardId == null ? 'default' : 'ward', config } },
                    },
                    tx,
                  );
                  return answer(tx, type, wardId);
                })
                // a device key's cached station carries the config in force: read again (after the commit)
                .finally(clearStationKeyCache)
            );
          },
        });
      }
    }
  },
});
