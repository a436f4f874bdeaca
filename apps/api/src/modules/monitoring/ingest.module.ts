import { BAND_PRESETS, type BandConfig, INGEST_BATCH_MAX, type MonitoringType } from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../core/errors';
import { instanceId } from '../../core/instance-id';
import { defineModule } from '../../core/module';
import { execPrepared, iso } from '../../core/resource-store';
import type { Database } from '../../db/client';
import { hashDeviceKey, KEY_CACHE_MAX, keyCache, STATION_KEY_CACHE_MS, stationKeyCacheHeld } from './device-key';
import type { Station } from './ingest';
import { storeCoalesced } from './ingest-queue';
import { parseIngestBody } from './ingest-validate';
import { insectParameters } from './insects.module';
import { dropExpired, ensureAhead } from './partitions';

export const BAD_KEY = 'Khóa thiết bị không hợp lệ';

/**
 * The station a device key belongs to, or null, with the band config in force for its ward (its
 * own, else the type's default, else the national preset: band-config.ts), in one statement, or from
 * this process's short cache (STATION_KEY_CACHE_MS).
 */
export async function stationByKey(database: Database, key: string): Promise<(Station & { config: BandConfig }) | null> {
  const hash = hashDeviceKey(key);
  const cacheKey = `${instanceId(database)}|${hash}`;
  const now = Date.now();
  const hit = keyCache.get(cacheKey);
  if (hit && now - hit.at < STATION_KEY_CACHE_MS) return hit.station;
  const [row] = await execPrepared<Station & { config: BandConfig | string | null }>(
    database.db,
    sql`select m.id, m.code, m.type, m.ward_id, m.status, m.last_reading_at, c.config from monitorings m
      left join lateral (select config from monitoring_configs where type = m.type and (ward_id is null or ward_id = m.ward_id) order by ward_id nulls last limit 1) c on true
      where m.device_key_hash = ${hash}`,
  );
  if (!row) {
    keyCache.delete(cacheKey);
    return null;
  }
  const type = Number(row.type) as MonitoringType;
  const station = {
    ...row,
    id: Number(row.id),
    ward_id: Number(row.ward_id),
    type,
    status: Number(row.status),
    last_reading_at: row.last_reading_at ? iso(row.last_reading_at) : null,
    config: row.config == null ? BAND_PRESETS[type] : typeof row.config === 'string' ? (JSON.parse(row.config) as BandConfig) : row.config,
  };
  if (!stationKeyCacheHeld(now)) {
    if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
    keyCache.set(cacheKey, { station, at: now });
  }
  return station;
}

/** Refusals shared by HTTP and MQTT: a station that is switched off, a key of another station. */
export function checkStation(station: Station, code: string | null) {
  if (code !== null && code !== station.code) throw forbidden(`Khóa thiết bị không thuộc trạm ${code}`);
  if (station.status !== 1) throw forbidden('Trạm đang ngừng hoạt động, không nhận dữ liệu');
}

const INGEST_READING = {
  type: 'object',
  required: ['measured_at', 'values'],
  properties: {
    measured_at: { type: 'string', format: 'date-time', description: 'thời điểm đo (ISO 8601)' },
    values: { type: 'object', additionalProperties: { type: 'number' }, description: 'mã thông số → giá trị đo' },
  },
};
const STATION_CODE = { type: 'string', description: 'mã trạm, nếu gửi phải khớp với khóa thiết bị' };
const INGEST_BATCH = {
  type: 'object',
  required: ['readings'],
  properties: { readings: { type: 'array', maxItems: INGEST_BATCH_MAX, items: INGEST_READING }, station_code: STATION_CODE },
};

const readingSchema = z.object({ measured_at: z.string().describe('ISO 8601'), values: z.record(z.string(), z.number()) });

export default defineModule({
  name: 'monitoring-ingest',
  routes(router, services) {
    router.add({
      method: 'POST',
      url: '/api/ingest/readings',
      // devices authenticate with their key (X-Device-Key), not a session
      access: 'public',
      summary: 'Thiết bị gửi dữ liệu đo (một bản ghi hoặc tối đa 1.000), xác thực bằng tiêu đề X-Device-Key',
      tags: ['Quan trắc: nhận dữ liệu'],
      // read by parseIngestBody (its own messages per reading); the document spells the two shapes out
      body: z
        .unknown()
        .describe('{readings: [{measured_at, values}]} hoặc {measured_at, values}; station_code tùy chọn')
        .meta({ anyOf: [INGEST_BATCH, { ...INGEST_READING, properties: { ...INGEST_READING.properties, station_code: STATION_CODE } }] }),
      response: z.object({
        station_id: z.number(),
        stored: z.number(),
        duplicates: z.array(z.string()),
        readings: z.array(
          readingSchema.extend({
            band: z.number().nullable(),
            aqi: z.number().nullable().optional(),
            aqi_reason: z.string().nullable().optional().describe('vì sao giờ này không có VN_AQI (không có bụi PM10/PM2.5)'),
            wqi: z.number().nullable().optional(),
            rain_24h: z.number().optional().describe('trạm mưa: lượng mưa 24 giờ tính đến lần đo, căn cứ xếp cấp mưa'),
          }),
        ),
      }),
      message: 'Đã nhận dữ liệu',
      handler: async (ctx) => {
        const key = ctx.req.headers['x-device-key'];
        if (typeof key !== 'string' || !key) throw unauthorized(BAD_KEY);
        const station = await stationByKey(services.database, key);
        if (!station) throw unauthorized(BAD_KEY);
        // an insect station sends densities per order, keyed by the orders' codes
        const extra = station.type === 6 ? await insectParameters(services.db) : undefined;
        const { readings, stationCode } = parseIngestBody(station.type, ctx.body, Date.now(), extra);
        checkStation(station, stationCode);
        // one audit row per batch, not per reading, written by the statement that stores the readings
        ctx.req.audited = true;
        // stored together with the other small requests of this moment (ingest-queue.ts), answered its own
        const r = await storeCoalesced(services.database, {
          station,
          readings,
          config: station.config,
          audit: {
            method: ctx.req.method,
            path: ctx.req.url.split('?')[0],
            ip: ctx.req.ip ?? null,
            user_agent: ctx.req.headers['user-agent']?.slice(0, 500) ?? null,
          },
        });
        return { station_id: station.id, stored: r.stored.length, duplicates: r.duplicates, readings: r.stored };
      },
    });
  },
});

/** Partitions ahead and retention, at start and daily. */
export function startPartitionKeeper(database: Database, months: number, log: { warn(o: unknown, m: string): void }) {
  const run = async () => {
    try {
      await ensureAhead(database);
      await dropExpired(database, months);
    } catch (err) {
      log.warn({ err }, 'monitoring partitions upkeep failed');
    }
  };
  const timer = setInterval(run, 24 * 3_600_000);
  timer.unref();
  return { first: run(), stop: () => clearInterval(timer) };
}
