import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { ADMIN_PASSWORD } from './admin-password';
import { nodeArgs } from './bundle';
import { tempPgDatabase } from './pg-temp';
import { injected, seedDataDir } from './templates';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** everything the process wrote, for failure messages */
  output(): string;
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
}

/**
 * Starts the real server (apps/api/src/server.ts, bundled: bundle.ts) on a free port and waits for its URL.
 * `args` are node's (another bundle of the server: start-bundle.test.ts).
 */
export function startServer(env: Record<string, string>, timeoutMs = 90_000, args = nodeArgs('server')): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    // the national list of units (3,355 rows) is left out as makeApp leaves it out: no process test needs it
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'no', OFFICIAL_UNITS: 'no', LOG_LEVEL: 'warn', PUBLIC_URL: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${out}`));
    }, timeoutMs);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /(http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1].replace('localhost', '127.0.0.1'), output: () => out, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (b: Buffer) => {
      out += b.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  const r = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await r.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * What a test file that spawns real servers needs, cleaned up after the file: temporary DATA_DIRs, on
 * PostgreSQL (TEST_DATABASE_URL) a fresh database each, and servers killed if a test left them running.
 */
export function serverHarness(prefix: string, adminPassword = 'Admin@12345') {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nns-${prefix}-`));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  return {
    cleanups,
    tempDir,
    /**
     * Environment of a server on its own data: a copy of global-setup's migrated and seeded database
     * (its admin has ADMIN_PASSWORD), so the process does not spend 10 s of CPU making one; the one
     * cold start on a new DATA_DIR is hardening-datadir.test.ts's, and the browser tests' server's.
     */
    async ownData(): Promise<Record<string, string>> {
      const env: Record<string, string> = { DATA_DIR: tempDir(), ADMIN_PASSWORD: adminPassword };
      const pg = process.env.TEST_DATABASE_URL;
      const seeded = adminPassword === ADMIN_PASSWORD;
      if (!pg && seeded) await seedDataDir(env.DATA_DIR);
      if (pg) {
        const t = await tempPgDatabase(pg, prefix, seeded ? await injected('pgTemplate') : undefined);
        cleanups.push(t.drop);
        env.DATABASE_URL = t.url;
      }
      return env;
    },
    async start(env: Record<string, string>): Promise<ServerProcess> {
      const s = await startServer(env);
      cleanups.push(() => {
        if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
        return s.exited;
      });
      return s;
    },
  };
}
