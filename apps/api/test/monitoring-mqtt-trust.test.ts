import net from 'node:net';
import aedes from 'aedes';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../src/modules/monitoring/mqtt';
import { makeWard } from './accounts-helpers';
import { call, makeApp, type TestApp } from './helpers';

/**
 * MQTT_TRUST_TOPIC=yes (issue 28 §6): behind a broker that authenticates each device and lets it publish
 * only to its own stations/{code}/readings (deploy/mosquitto/), the topic names the station and the
 * payload carries no device key. A key, when sent, is still checked; without the setting no key is refused.
 */
let t: TestApp;
type Broker = InstanceType<typeof aedes>;
let broker: Broker;
let server: net.Server;
let url: string;
beforeAll(async () => {
  broker = (aedes as unknown as () => Broker)();
  server = net.createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  t = await makeApp({ MQTT_URL: url, MQTT_TRUST_TOPIC: 'yes', MONITORING_ALERT_CHECK_SECONDS: 0 });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => broker.close(() => r()));
  await new Promise<void>((r) => server.close(() => r()));
});

async function until<T>(f: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('MQTT: a device authenticated by the broker', () => {
  it('stores readings sent without a key on the station’s own topic; a wrong key and an unknown station are refused', async () => {
    const ward = await makeWard(t, 'Phường MQTT tin chủ đề');
    const code = `MUA-TT-${Date.now().toString(36).toUpperCase()}`;
    const r = await call(t, 'POST', '/api/admin/monitorings', { body: { code, name: 'Trạm mưa tin chủ đề', type: 3, ward_id: ward } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { entry } = r.body.data;
    const device = await mqtt.connectAsync(url);
    const errors: any[] = [];
    await device.subscribeAsync(`stations/${code}/readings/errors`);
    await device.subscribeAsync('stations/KHONG-CO/readings/errors');
    device.on('message', (_topic, payload) => errors.push(JSON.parse(payload.toString())));
    const count = async () =>
      (await t.database.query<{ n: number }>(sql`select count(*)::int as n from monitoring_readings where station_id = ${entry.id}`))[0].n;
    const readings = [
      { measured_at: '2026-11-20T01:00:00Z', values: { rain_mm: 2 } },
      { measured_at: '2026-11-20T01:10:00Z', values: { rain_mm: 7 } },
    ];
    await device.publishAsync(`stations/${code}/readings`, JSON.stringify({ readings }), { qos: 1 });
    expect(await until(async () => (await count()) === 2)).toBe(true);
    // a key sent is checked: a wrong one is refused even here
    await device.publishAsync(`stations/${code}/readings`, JSON.stringify({ device_key: 'nns_sai', readings }), { qos: 1 });
    const e = await until(async () => errors.length >= 1 && errors);
    expect(e[0]).toMatchObject({ code: 401, message: 'Khóa thiết bị không hợp lệ' });
    // a topic naming no station
    await device.publishAsync('stations/KHONG-CO/readings', JSON.stringify({ readings }), { qos: 1 });
    const e2 = await until(async () => errors.length >= 2 && errors);
    expect(e2[1]).toMatchObject({ code: 401, message: 'Trạm của chủ đề MQTT không tồn tại' });
    await device.endAsync();
    expect(await count()).toBe(2);
  });

  it('without MQTT_TRUST_TOPIC a message without a key is refused (the default)', async () => {
    const services = { ...t.app.services, config: { ...t.app.services.config, MQTT_TRUST_TOPIC: 'no' as const } };
    await expect(handle(services, 'BAT-KY', Buffer.from(JSON.stringify({ readings: [] })))).rejects.toMatchObject({
      status: 401,
      message: 'Khóa thiết bị không hợp lệ',
    });
  });
});
