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

export const ADMIN_ONLY_WARD = "Chỉ tài khoản 'admin' được chọn phường/xã; cấu hình của bạn theo phường/xã của tài khoản";

const wardQuery = z
  .object({
    ward_id: z.coerce.number({ error: 'Phường/xã không hợp lệ' }).int('Phường/xã không hợp lệ').positive('Phường/xã không hợp lệ').max(MAX_ID).optional(),
  })
  .strict();
const writeBody = bandConfigSchema.extend({ ward_id: z.number().int().positive().max(MAX_ID).nullable().optional() }).strict();

/**
 * Which ward's config a request is about (spec §6): the user 'admin' names one with `ward_id` (none:
 * the default); anyone else gets their own ward (a user bound to no ward: the default) and may not
 * name one.
 */
export function wardOf(ctx: Ctx, asked: number | null | undefined): number | null {
  const user = ctx.user;
  if (user?.username === 'admin') return asked ?? null;
  if (asked != null && asked !== user?.ward_id) throw badRequest([{ field: 'ward_id', message: ADMIN_ONLY_WARD }]);
  return user?.scope === 'ward' ? (user.ward_id ?? null) : null;
}

async function answer(db: Db, type: MonitoringType, wardId: number | null) {
  const { config, source } = await configInForce(db, type, wardId);
  const params = parametersOf(type);
  return {
    type,
    ward_id: wardId,
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
        handler: (ctx) => answer(services.db, type, wardOf(ctx, ctx.query.ward_id)),
      });
      for (const method of ['POST', 'PUT'] as const) {
        router.add({
          method,
          url,
          access: { action: 'update', subject: 'monitorings' },
          summary: `Lưu ngưỡng cảnh báo trạm ${kind} (các khoảng liền nhau, không chồng, không hở)`,
          tags,
          body: writeBody,
          message: 'Lưu cấu hình thành công',
          handler: async (ctx) => {
            const wardId = wardOf(ctx, ctx.body.ward_id);
            const config = { parameters: ctx.body.parameters };
            const errors = bandConfigErrors(type, config);
            if (errors.length) throw badRequest(errors, errors[0].message);
            return (
              services.db
                .transaction(async (t) => {
                  const tx = t as unknown as Db;
                  if (wardId != null && !(await exec(tx, sql`select 1 from wards where id = ${wardId}`)).length)
                    throw badRequest([{ field: 'ward_id', message: 'Phường/xã không tồn tại' }]);
                  const [before] = await exec<{ id: number; config: unknown }>(
                    tx,
                    wardId == null
                      ? sql`select id, config from monitoring_configs where type = ${type} and ward_id is null for update`
                      : sql`select id, config from monitoring_configs where type = ${type} and ward_id = ${wardId} for update`,
                  );
                  if (before)
                    await tx.execute(
                      sql`update monitoring_configs set config = ${JSON.stringify(config)}::jsonb, updated_at = now(), updated_by = ${ctx.user?.id ?? null} where id = ${before.id}`,
                    );
                  else
                    await tx.execute(
                      sql`insert into monitoring_configs (type, ward_id, config, updated_by) values (${type}, ${wardId}, ${JSON.stringify(config)}::jsonb, ${ctx.user?.id ?? null})`,
                    );
                  await ctx.audit(
                    {
                      action: 'update-config',
                      subject: 'monitorings',
                      recordId: before?.id ?? null,
                      before: before ? { ward_id: wardId, config: before.config } : undefined,
                      after: { type, ward_id: wardId, config },
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
