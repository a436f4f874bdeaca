import { levelColor, levelLabel, PARAMETERS } from '@nns/shared/monitoring';
import stationsDef from '@nns/shared/resources/monitorings';
import { z } from 'zod';
import { defineModule, type ResourceHooks } from '../../core/module';
import { addRecordAction } from '../../core/record-action';
import { resourceDocs } from '../../core/resource-schema';
import { resource } from '../../core/runtime';
import { echoedKeys } from '../../core/write-path';
import { clearStationKeyCache, hashDeviceKey, newDeviceKey } from './device-key';
import { clearOverviewCache } from './overview';

/** The band's caption and colour beside its number (rain stations use the six rain levels). */
const hooks: ResourceHooks<typeof stationsDef> = {
  present: (row) => {
    const type = row.type;
    const band = row.last_band;
    return {
      ...row,
      last_band_label: band == null ? null : levelLabel(type, band),
      last_band_color: band == null ? null : levelColor(type, band),
    };
  },
  presentedKeys: ['last_band_label', 'last_band_color'],
  presentedTypes: { last_band_label: z.string().nullable(), last_band_color: z.string().nullable() },
  // a station added, moved, switched off or deleted shows on this process's overview at once
  // and a device key's cached station (key rotated, station switched off or deleted) is read again
  afterWrite: () => {
    clearOverviewCache();
    clearStationKeyCache();
  },
};

export default defineModule({
  name: 'monitoring-stations',
  hooks: { monitorings: hooks },
  routes(router, services) {
    const base = '/api/admin/monitorings';
    const tags = [stationsDef.label];
    router.add({
      method: 'POST',
      url: base,
      access: { action: 'create', subject: 'monitorings' },
      summary: 'Thêm trạm quan trắc (trả về khóa thiết bị một lần)',
      tags,
      body: stationsDef.createSchema,
      response: z.object({ entry: resourceDocs(stationsDef).row, device_key: z.string().describe('khóa thiết bị, chỉ trả về một lần') }),
      message: 'Thêm mới thành công',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const key = newDeviceKey();
          const stations = resource('monitorings');
          const data = { ...ctx.body, device_key_hash: hashDeviceKey(key) };
          const row = await stations.create(ctx, db, data, { trusted: ['device_key_hash'] });
          return { ...(await stations.entry(db, row, ctx)), device_key: key };
        }),
    });
    // the spec's client edits with PATCH; the generic PUT stays for the generic form
    addRecordAction(router, services, {
      resource: 'monitorings',
      method: 'PATCH',
      url: `${base}/:id`,
      permission: 'update',
      summary: 'Cập nhật trạm quan trắc',
      tags,
      body: stationsDef.updateSchema,
      bodyIgnores: echoedKeys(stationsDef, hooks),
      message: 'Cập nhật thành công',
      audit: 'update',
      op: 'update',
      change: (ctx) => ({ data: ctx.body }),
    });
    addRecordAction(router, services, {
      resource: 'monitorings',
      url: `${base}/rotate-key/:id`,
      permission: 'update',
      summary: 'Đổi khóa thiết bị của trạm (khóa cũ hết hiệu lực ngay trên tiến trình này, trên các tiến trình khác trong tối đa 5 giây)',
      tags,
      response: z.object({ id: z.number().int(), device_key: z.string() }),
      message: 'Đã tạo khóa thiết bị mới',
      audit: 'rotate-key',
      change() {
        const key = newDeviceKey();
        // the key is shown once, in the answer; the audit names the station, never the key
        return { data: { device_key_hash: hashDeviceKey(key) }, trusted: ['device_key_hash'], auditKeys: ['code'], reply: key };
      },
      answer: (_db, row, _ctx, key) => ({ id: row.id, device_key: key }),
      // the old key stops at once in this process (committed now); another process's cache keeps it up to STATION_KEY_CACHE_MS
      afterCommit: () => clearStationKeyCache(),
    });
    router.add({
      method: 'GET',
      url: `${base}/water-config`,
      access: { action: 'list', subject: 'monitorings' },
      summary: 'Thông số đo của từng loại trạm (khóa, tên, đơn vị, giới hạn vật lý)',
      tags,
      response: z.object({
        entries: z.array(
          z.object({
            type: z.number().int().describe('loại trạm'),
            parameters: z
              .record(z.string(), z.object({ label: z.string(), unit: z.string(), min: z.number(), max: z.number() }))
              .describe('mã thông số → tên, đơn vị, giới hạn'),
          }),
        ),
      }),
      handler: async () => ({ entries: Object.entries(PARAMETERS).map(([type, params]) => ({ type: Number(type), parameters: params })) }),
    });
  },
});
