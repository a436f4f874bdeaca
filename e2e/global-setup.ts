import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { API_DIST, ensureApiBundle } from '../scripts/api-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the real API server (which serves apps/web/dist) on a fresh temporary database holding the demo data. The web app
 * must be built first (scripts/e2e.mjs does it); this builds it only when dist is missing. The database is the embedded
 * one in a temporary DATA_DIR, or, with E2E_DATABASE_URL (CI sets it: the browser tests then spend no CPU on the
 * embedded engine's WebAssembly while the API suite runs beside them), a fresh database made on that PostgreSQL
 * server under the URL's name and dropped after.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3999);
  const password = process.env.ADMIN_PASSWORD ?? 'Admin@12345';
  process.env.ADMIN_PASSWORD = password;
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('web build failed');
  }
  // another run (a colleague's, or a server left over) may hold the port: wait for it, never test against it
  const freeBy = Date.now() + 180_000;
  while (await listening(port)) {
    if (Date.now() > freeBy) throw new Error(`port ${port} is in use; set E2E_PORT to another port`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-e2e-'));
  const pgUrl = process.env.E2E_DATABASE_URL;
  const onServer = async (statement: string) => {
    const admin = new URL(pgUrl as string);
    admin.pathname = '/postgres';
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  const pgName = pgUrl ? new URL(pgUrl).pathname.slice(1) : '';
  if (pgUrl) {
    if (!/^[a-z_][a-z0-9_]*$/.test(pgName)) throw new Error(`E2E_DATABASE_URL: the database name '${pgName}' must be a plain identifier`);
    await onServer(`drop database if exists ${pgName} with (force)`);
    await onServer(`create database ${pgName}`);
  }
  // serve a snapshot of the build, so a rebuild during the run (another terminal) cannot pull chunks away
  const webDist = path.join(dataDir, 'web-dist');
  fs.cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
  // the API as `npm start` runs it: its bundle (scripts/api-bundle.mjs, built when a source is newer) run by
  // node; inside the tree, where its packages resolve from node_modules
  await ensureApiBundle();
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child: ChildProcess = spawn(process.execPath, [path.join(API_DIST, 'server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
      // the demo data (Vietnamese producers, batches, the demo accounts): the ward officer's phone spec works on it
      SEED_DEMO: 'yes',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: pgUrl ?? '',
      // a spec may speak for other addresses (X-Forwarded-For from loopback: the sign-in attack of
      // signin-challenge.spec.ts); a request without the header is the peer's, as before
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const dead = await Promise.race([exited, new Promise((r) => setTimeout(() => r('wait'), 300))]);
    if (dead !== 'wait') throw new Error(`server exited (${dead}):\n${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 120 s:\n${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
    }
  }
  return async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    if (!process.env.E2E_KEEP_DATA) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgUrl) await onServer(`drop database if exists ${pgName} with (force)`).catch(() => {});
    }
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host: '127.0.0.1' });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}
