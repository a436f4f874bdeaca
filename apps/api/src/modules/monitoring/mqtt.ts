import mqtt, { type MqttClient } from 'mqtt';
import { AppError } from '../../core/errors';
import type { Services } from '../../core/services';
import { checkStation, stationByKey } from './ingest.module';
import { storeCoalesced } from './ingest-queue';
import { parseIngestBody } from './ingest-validate';
import { insectParameters } from './insects.module';

/** Devices publish to stations/{code}/readings; MQTT 3 has no headers, so the key travels in the payload. */
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

export async function handle(s: Services, code: string, payload: Buffer) {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new AppError(400, 'Dữ liệu gửi lên không phải JSON');
  }
  const key = body && typeof body === 'object' ? (body as { device_key?: unknown }).device_key : undefined;
  if (typeof key !== 'string' || !key) throw new AppError(401, 'Khóa thiết bị không hợp lệ');
  const station = await stationByKey(s.database, key);
  if (!station) throw new AppError(401, 'Khóa thiết bị không hợp lệ');
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
