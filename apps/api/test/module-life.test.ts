import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DemoSeedError, seedDemo, startModules } from '../src/core/lifecycle';
import type { ServerModule } from '../src/core/module';
import type { Services } from '../src/core/services';
import { ADMIN_PASSWORD } from './admin-password';
import { serverHarness, startServer } from './server-process';

/** Modules own their life (issue 30 §3): start/stop, demo seeds in `after` order, a failing seed stops the start. */
const { ownData } = serverHarness('life', ADMIN_PASSWORD);

const services = () => {
  const errors: unknown[] = [];
  const s = { log: { error: (o: unknown) => errors.push(o), warn: () => {}, info: () => {} } } as unknown as Services;
  return { s, errors };
};

describe('module life', () => {
  it('starts modules once the app is ready, in `after` order, and stops them at close in reverse', async () => {
    const seen: string[] = [];
    const mod = (name: string, after?: string[], stop = true): ServerModule => ({
      name,
      after,
      async start() {
        seen.push(`start ${name}`);
        return stop ? async () => void seen.push(`stop ${name}`) : undefined;
      },
    });
    const app = Fastify();
    startModules(app, services().s, [mod('c', ['b']), mod('a'), mod('b', ['a']), mod('quiet', [], false)], []);
    expect(seen).toEqual([]);
    await app.ready();
    expect(seen).toEqual(['start a', 'start b', 'start c', 'start quiet']);
    await app.close();
    expect(seen.slice(4)).toEqual(['stop c', 'stop b', 'stop a']);
  });

  it('a start that fails names its module and the app does not become ready; what started is stopped', async () => {
    const seen: string[] = [];
    const app = Fastify();
    startModules(
      app,
      services().s,
      [
        { name: 'first', start: () => () => void seen.push('stop first') },
        {
          name: 'broken',
          after: ['first'],
          start: () => {
            throw new Error('cổng MQTT bị từ chối');
          },
        },
      ],
      [],
    );
    await expect(app.ready()).rejects.toThrow('Mô-đun "broken" không khởi động được (start): cổng MQTT bị từ chối');
    await app.close();
    expect(seen).toEqual(['stop first']);
  });

  it('an `after` naming an unknown module, or a cycle, fails at start naming them', () => {
    expect(() => startModules(Fastify(), services().s, [{ name: 'a', after: ['missing'] }], [])).toThrow(/a.*missing/);
    expect(() =>
      startModules(
        Fastify(),
        services().s,
        [
          { name: 'a', after: ['b'] },
          { name: 'b', after: ['a'] },
        ],
        [],
      ),
    ).toThrow(/a → b → a|b → a → b/);
  });

  it('demo seeds run after the seeds they name, and the first failure stops the rest with its module named', async () => {
    const ran: string[] = [];
    const seed = (name: string, after?: string[], fail = false): ServerModule => ({
      name,
      after,
      async seedDemo() {
        if (fail) throw new Error('thiếu phường 24781');
        ran.push(name);
      },
    });
    // named so that the name order would be wrong: accounts before areas, zones before producers
    await seedDemo([seed('accounts', ['producers', 'areas']), seed('producers', ['areas']), seed('areas'), seed('zones')], services().s);
    expect(ran).toEqual(['areas', 'producers', 'accounts', 'zones']);

    ran.length = 0;
    const err = await seedDemo([seed('areas'), seed('producers', ['areas'], true), seed('traces', ['producers'])], services().s).catch((e) => e);
    expect(err).toBeInstanceOf(DemoSeedError);
    expect(err.module).toBe('producers');
    expect(err.message).toBe('Không tạo được dữ liệu mẫu: mô-đun "producers" lỗi (seedDemo): thiếu phường 24781');
    expect(ran).toEqual(['areas']);
  });

  it('npm start: a demo seed that fails stops the server with its message and exit code 1, before it listens', async () => {
    const env = await ownData();
    // the store's folder is a file: the first seed that stores a picture (the producers') fails
    fs.rmSync(path.join(env.DATA_DIR, 'uploads'), { recursive: true, force: true });
    fs.writeFileSync(path.join(env.DATA_DIR, 'uploads'), 'không phải thư mục');
    const err = (await startServer({ ...env, SEED_DEMO: 'yes' }, 180_000).then(
      (s) => {
        s.child.kill('SIGKILL');
        return new Error(`the server listened on half a demo:\n${s.output()}`);
      },
      (e: Error) => e,
    )) as Error;
    expect(err.message).toMatch(/^server exited \(1\) before listening/);
    expect(err.message).toMatch(/Không tạo được dữ liệu mẫu: mô-đun "[a-z-]+" lỗi \(seedDemo\): E(NOTDIR|EXIST)/);
    expect(err.message).toContain('Máy chủ không khởi động.');
  }, 240_000);
});
