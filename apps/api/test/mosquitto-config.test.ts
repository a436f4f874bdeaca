import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The broker configuration of deploy/mosquitto/ (issue 28 §6): no anonymous client, and a device may
 * publish only to its own station's topic, so MQTT_TRUST_TOPIC=yes can trust the topic. A real
 * mosquitto (scripts/ensure-mosquitto.sh installs it) runs the file's auth and ACL on a free local
 * port; the TLS listener is replaced by a plain one (no certificate in the test).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const hasMosquitto = spawnSync('sh', ['-c', 'command -v mosquitto && command -v mosquitto_passwd']).status === 0;
let broker: ChildProcess | null = null;
let url = '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-mosquitto-'));

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  if (!hasMosquitto) return;
  const passwd = path.join(dir, 'passwd');
  fs.writeFileSync(passwd, '');
  for (const [u, p] of [
    ['nns-api', 'api-secret'],
    ['MUA-01', 'secret-1'],
    ['MUA-02', 'secret-2'],
  ]) {
    execFileSync('mosquitto_passwd', ['-b', passwd, u, p]);
  }
  fs.copyFileSync(path.join(root, 'deploy/mosquitto/acl'), path.join(dir, 'acl'));
  const port = await freePort();
  const conf = fs
    .readFileSync(path.join(root, 'deploy/mosquitto/mosquitto.conf'), 'utf8')
    .split('\n')
    .filter((l) => !/^(certfile|keyfile|cafile|tls_version|persistence|persistence_location)\b/.test(l))
    .map((l) =>
      l.startsWith('password_file')
        ? `password_file ${passwd}`
        : l.startsWith('acl_file')
          ? `acl_file ${path.join(dir, 'acl')}`
          : l.startsWith('listener')
            ? `listener ${port} 127.0.0.1`
            : l,
    )
    .join('\n');
  // started as root, mosquitto drops to its own user, which cannot read this private folder: stay
  fs.writeFileSync(path.join(dir, 'mosquitto.conf'), process.getuid?.() === 0 ? `${conf}\nuser root\n` : conf);
  broker = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  url = `mqtt://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((r) =>
      net
        .connect(port, '127.0.0.1')
        .on('connect', function (this: net.Socket) {
          this.destroy();
          r(true);
        })
        .on('error', () => r(false)),
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('mosquitto did not start');
}, 60_000);
afterAll(() => {
  broker?.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});

const connect = (username?: string, password?: string) => mqtt.connectAsync(url, { username, password, reconnectPeriod: 0, connectTimeout: 5000 });

describe.skipIf(!hasMosquitto)('deploy/mosquitto: per-device accounts and ACL', () => {
  it('refuses anonymous and wrong passwords; a device reaches the API on its own topic only', async () => {
    await expect(connect()).rejects.toThrow();
    await expect(connect('MUA-01', 'sai')).rejects.toThrow();
    const api = await connect('nns-api', 'api-secret');
    const seen: string[] = [];
    api.on('message', (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    await api.subscribeAsync('stations/+/readings', { qos: 1 });
    const device = await connect('MUA-01', 'secret-1');
    await device.publishAsync('stations/MUA-01/readings', '{"n":1}', { qos: 1 });
    // another station's topic: the broker drops it (the ACL), so the topic can be trusted
    await device.publishAsync('stations/MUA-02/readings', '{"n":2}', { qos: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toEqual(['stations/MUA-01/readings {"n":1}']);
    // a device reads nobody's readings, not even the other station's
    const spy: string[] = [];
    device.on('message', (topic) => spy.push(topic));
    await device.subscribeAsync('stations/+/readings', { qos: 1 });
    const other = await connect('MUA-02', 'secret-2');
    await other.publishAsync('stations/MUA-02/readings', '{"n":3}', { qos: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(spy).toEqual([]);
    expect(seen).toContain('stations/MUA-02/readings {"n":3}');
    await Promise.all([api.endAsync(), device.endAsync(), other.endAsync()]);
  });
});
