import type { MonitoringType } from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../core/errors';
import { defineModule } from '../../core/module';
import { execPrepared, iso } from '../../core/resource-store';
import type { Database } from '../../db/client';
import { hashDeviceKey } from './device-key';
import { type Station, storeReadings } from './ingest';
import { parseIngestBody } from './ingest-validate';
import { dropExpired, ensureAhead } from './partitions';

export const BAD_KEY = 'Khóa thiết bị không hợp lệ';

/** The station a device key belongs to, or null. */
export async function stationByKey(database: Database, key: string): Promise<Station | null> {
  const [row] = await execPrepared<Station>(
    database.db,
    sql`select id, code, type, ward_id, status, last_reading_at from monitorings where device_key_hash = ${hashDeviceKey(key)}`,
  );
  if (!row) return null;
  return {
    ...row,
    type: Number(row.type) as MonitoringType,
    status: Number(row.status),
    last_reading_at: row.last_reading_at ? (iso(row.last_reading_at) as string) : null,
  };
}

/** Refusals shared by HTTP and MQTT: a station that is switched off, a key of another station. */
export function checkStation(station: Station, code: string | null) {
  if (code !== null && code !== station.code) throw forbidden(`Khóa thiết bị không thuộc trạm ${code}`);
  if (station.status !== 1) throw forbidden('Trạm đang ngừng hoạt động, không nhận dữ liệu');
}

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
      body: z.unknown().describe('{readings: [{measured_at, values}]} hoặc {measured_at, values}; station_code tùy chọn'),
      response: z.object({
        station_id: z.number(),
        stored: z.number(),
        duplicates: z.array(z.string()),
        readings: z.array(readingSchema.extend({ band: z.number().nullable(), aqi: z.number().nullable().optional(), wqi: z.number().nullable().optional() })),
      }),
      message: 'Đã nhận dữ liệu',
      handler: async (ctx) => {
        const key = ctx.req.headers['x-device-key'];
        if (typeof key !== 'string' || !key) throw unauthorized(BAD_KEY);
        const station = await stationByKey(services.database, key);
        if (!station) throw unauthorized(BAD_KEY);
        const { readings, stationCode } = parseIngestBody(station.type, ctx.body);
        checkStation(station, stationCode);
        const r = await storeReadings(services.database, station, readings, {
          // one audit row per batch, not per reading, in the same transaction
          after: (tx, out) =>
            ctx.audit(
              { action: 'ingest', subject: 'monitorings', recordId: station.id, after: { stored: out.stored.length, duplicates: out.duplicates.length } },
              tx,
            ),
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
