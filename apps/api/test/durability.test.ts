import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serverHarness, signIn } from './server-process';

const PG = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Admin@12345';
const { ownData, start } = serverHarness('dur', PASSWORD);

const json = { 'content-type': 'application/json' };

// each test starts real server processes (a cold start migrates a new database): slower than inject
describe(`a real server process (${PG ? 'PostgreSQL' : 'PGlite'})`, { timeout: 180_000 }, () => {
  it('keeps a write answered 200 through kill -9 and a restart', async () => {
    const env = await ownData();
    const first = await start(env);
    const token = await signIn(first.url, 'admin', PASSWORD);
    const name = `Thùng ${crypto.randomBytes(4).toString('hex')}`;
    const r = await fetch(`${first.url}/api/admin/product-units`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ name }),
    });
    expect(r.status).toBe(200);
    const id = ((await r.json()) as { data: { entry: { id: number } } }).data.entry.id;
    first.child.kill('SIGKILL'); // right after the answer: no clean shutdown, no checkpoint
    expect(await first.exited).toBe('SIGKILL');

    const second = await start(env);
    // the session was written to the database too: the same token still works
    const g = await fetch(`${second.url}/api/admin/product-units/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(g.status, second.output()).toBe(200);
    expect(((await g.json()) as { data: { entry: { name: string } } }).data.entry.name).toBe(name);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('on SIGTERM finishes the requests in flight, then exits 0', async () => {
    const env = await ownData();
    const s = await start({ ...env, LOG_LEVEL: 'debug' }); // its request log (arrivals show at debug) tells when all have arrived
    // sign-ins are slow on purpose (argon2id): several are still running when the signal arrives
    const body = JSON.stringify({ username: 'admin', password: PASSWORD });
    const inFlight = Array.from({ length: 6 }, () =>
      fetch(`${s.url}/api/auth/login`, { method: 'POST', headers: json, body }).then(async (r) => ({
        status: r.status,
        code: ((await r.json()) as { code: number }).code,
      })),
    );
    const arrived = () => s.output().split('"incoming request"').length - 1;
    while (arrived() < 6) await new Promise((r) => setTimeout(r, 5));
    s.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers).toEqual(Array.from({ length: 6 }, () => ({ status: 200, code: 200 })));
    expect(await s.exited).toBe(0);
    // and it is gone: nothing listens any more
    await expect(fetch(`${s.url}/api/health`)).rejects.toThrow();
  });
});
