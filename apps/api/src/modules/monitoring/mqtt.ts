import { BAND_PRESETS, type BandConfig, type MonitoringType } from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { AppError } from '../../core/errors';
import { execPrepared, iso } from '../../core/resource-store';
import type { Services } from '../../core/services';
import type { Station } from './ingest';
import { checkStation, stationByKey } from './ingest.module';
import { storeCoalesced } from './ingest-queue';
import { parseIngestBody } from './ingest-validate';
import { insectParameters } from './insects.module';

/**
 * Devices publish to stations/{code}/readings; MQTT 3 has no headers, so the key travels in the payload,
 * unless MQTT_TRUST_TOPIC=yes: the broker then authenticates each device and its ACL lets it publish to
 * its own topic only (deploy/mosquitto/), so the topic names the station and no key is sent.
 */
export const MQTT_TOPIC = 'stations/+/readings';

/**
 * Subscribes to the broker at MQTT_URL with the mqtt client library: each message is the HTTP
 * ingest's body plus `device_key`, checked the same way (key, station of the topic, per-type
 * bounds) and stored with the same idempotence. A refusal is answered on
 * stations/{code}/readings/errors (the device has no HTTP answer to read) and logged.
 */
export function startMqtt(s: Services, url: string): { client: MqttClient; stop(): Promise<void> } {
  const client = mqtt.connect(url, { clientId: `nns-api-${process.pid}-${Math.random().toString(36).slice(2, 8)}`, reconnectPeriod: 2000 });
  client.on('connect', () => client.subscribe(MQTT_TOPIC, { qos: 1 }));
  client.on('error', (err) => s.log.warn({ err }, 'MQTT error'));
  client.on('message', (topic, payload) => {
    const code = topic.split('/')[1] ?? '';
    void handle(s, code, payload).then(
      (r) => s.log.debug({ code, ...r }, 'MQTT readings stored'),
      (err: unknown) => {
        const message = err instanceof AppError ? err.message : 'Lỗi máy chủ khi lưu dữ liệu';
        const errors = err instanceof AppError ? ((err.data as { errors?: unknown } | null)?.errors ?? null) : null;
        if (!(err instanceof AppError)) s.log.error({ err }, 'MQTT ingest failed');
        client.publish(`stations/${code}/readings/errors`, JSON.stringify({ code: err instanceof AppError ? err.status : 500, message, errors }));
      },
    );
  });
  return { client, stop: () => client.endAsync() };
}

/** The station a trusted topic names, with the band config in force for its ward (as stationByKey reads it). */
async function stationByCode(s: Services, code: string) {
  const [row] = await execPrepared<Station & { config: BandConfig | string | null }>(
    s.db,
    sql`select m.id, m.code, m.type, m.ward_id, m.status, m.last_reading_at, c.config from monitorings m
      left join lateral (select config from monitoring_configs where type = m.type and (ward_id is null or ward_id = m.ward_id) order by ward_id nulls last limit 1) c on true
      where m.code = ${code}`,
  );
  if (!row) return null;
  const type = Number(row.type) as MonitoringType;
  return {
    ...row,
    id: Number(row.id),
    ward_id: Number(row.ward_id),
    type,
    status: Number(row.status),
    last_reading_at: row.last_reading_at ? iso(row.last_reading_at) : null,
    config: row.config == null ? BAND_PRESETS[type] : typeof row.config === 'string' ? (JSON.parse(row.config) as BandConfig) : row.config,
  };
}

export async function handle(s: Services, code: string, payload: Buffer) {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new AppError(400, 'Dữ liệu gửi lên không phải JSON');
  }
  const key = body && typeof body === 'object' ? (body as { device_key?: unknown }).device_key : undefined;
  let station: Awaited<ReturnType<typeof stationByKey>>;
  if (typeof key === 'string' && key) {
    // a key, when sent, is checked whatever the setting
    station = await stationByKey(s.database, key);
    if (!station) throw new AppError(401, 'Khóa thiết bị không hợp lệ');
  } else if (key === undefined && s.config.MQTT_TRUST_TOPIC === 'yes') {
    // the broker authenticated the device and its ACL allows it only its own topic: the topic names it
    station = await stationByCode(s, code);
    if (!station) throw new AppError(401, 'Trạm của chủ đề MQTT không tồn tại');
  } else {
    throw new AppError(401, 'Khóa thiết bị không hợp lệ');
  }
  checkStation(station, code);
  const extra = station.type === 6 ? await insectParameters(s.db) : undefined;
  const { readings } = parseIngestBody(station.type, body, Date.now(), extra);
  const r = await storeCoalesced(s.database, {
    station,
    readings,
    config: station.config,
    audit: { method: 'MQTT', path: `stations/${code}/readings`, ip: null, user_agent: null },
  });
  return { stored: r.stored.length, duplicates: r.duplicates.length };
}
