import net from 'node:net';
import aedes from 'aedes';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWard } from './accounts-helpers';
import { call, makeApp, type TestApp } from './helpers';

/** MQTT ingest through a real broker: aedes in this process (a new machine has no mosquitto), on a free port. */
let t: TestApp;
type Broker = InstanceType<typeof aedes>;
let broker: Broker;
let server: net.Server;
let url: string;
beforeAll(async () => {
  // aedes is CommonJS: its default export is the factory (the named createBroker is not seen from ESM)
  broker = (aedes as unknown as () => Broker)();
  server = net.createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  t = await makeApp({ MQTT_URL: url, MONITORING_ALERT_CHECK_SECONDS: 0 });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => broker.close(() => r()));
  await new Promise<void>((r) => server.close(() => r()));
});

async function until<T>(f: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('MQTT ingest', () => {
  it('stores readings published to stations/{code}/readings with the same checks and idempotence', async () => {
    const ward = await makeWard(t, 'Phường MQTT');
    const r = await call(t, 'POST', '/api/admin/monitorings', { body: { code: 'MUA-MQTT', name: 'Trạm mưa MQTT', type: 3, ward_id: ward } });
    const { entry, device_key } = r.body.data;
    const device = await mqtt.connectAsync(url);
    const errors: any[] = [];
    await device.subscribeAsync('stations/MUA-MQTT/readings/errors');
    device.on('message', (_topic, payload) => errors.push(JSON.parse(payload.toString())));
    const count = async () =>
      (await t.database.query<{ n: number }>(sql`select count(*)::int as n from monitoring_readings where station_id = ${entry.id}`))[0].n;
    const readings = [
      { measured_at: '2026-11-20T01:00:00Z', values: { rain_mm: 2 } },
      { measured_at: '2026-11-20T01:10:00Z', values: { rain_mm: 7 } },
    ];
    await device.publishAsync('stations/MUA-MQTT/readings', JSON.stringify({ device_key, readings }), { qos: 1 });
    expect(await until(async () => (await count()) === 2)).toBe(true);
    // resent: no duplicate
    await device.publishAsync('stations/MUA-MQTT/readings', JSON.stringify({ device_key, readings }), { qos: 1 });
    // out of range: refused per field, answered on the errors topic
    await device.publishAsync('stations/MUA-MQTT/readings', JSON.stringify({ device_key, measured_at: '2026-11-20T02:00:00Z', values: { rain_mm: -1 } }), {
      qos: 1,
    });
    // another station's topic with this key: refused
    await device.publishAsync('stations/KHAC/readings', JSON.stringify({ device_key, readings }), { qos: 1 });
    const e = await until(async () => errors.length >= 1 && errors);
    expect(e[0]).toMatchObject({ code: 400, errors: [{ field: 'values.rain_mm', message: 'Lượng mưa phải từ 0 mm đến 500 mm (nhận được -1 mm)' }] });
    // a wrong key
    await device.publishAsync('stations/MUA-MQTT/readings', JSON.stringify({ device_key: 'nns_sai', readings }), { qos: 1 });
    const e2 = await until(async () => errors.length >= 2 && errors);
    expect(e2[1]).toMatchObject({ code: 401, message: 'Khóa thiết bị không hợp lệ' });
    expect(await count()).toBe(2);
    const g = await call(t, 'GET', `/api/admin/monitorings/${entry.id}`);
    expect(g.body.data.entry).toMatchObject({ last_band: 3, last_band_label: 'Mưa', last_values: { rain_mm: 7 } });
    await device.endAsync();
  });
});
