import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backupTo, restoreFrom } from '../src/db/backup';
import { cannotOpenMessage, openDatabase } from '../src/db/client';
import { DataDirLocked, lockDataDir } from '../src/db/data-lock';
import { migrate } from '../src/db/migrate';
import { nodeArgs } from './bundle';
import { serverHarness, signIn } from './server-process';
import { emptyPglite } from './templates';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PASSWORD = 'Admin@12345';
const { tempDir: tmpDir, start } = serverHarness('lock', PASSWORD);

/** Starts a server that is expected to stop before listening; resolves with its exit code and output. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | string; output: string }> {
  try {
    const s = await start(env);
    s.child.kill('SIGKILL');
    throw new Error(`the second server started: ${s.output()}`);
  } catch (err) {
    const m = /server exited \((.+?)\) before listening:\n([\s\S]*)$/.exec((err as Error).message);
    if (!m) throw err;
    return { code: Number.isNaN(Number(m[1])) ? m[1] : Number(m[1]), output: m[2] };
  }
}

const json = { 'content-type': 'application/json' };

// the embedded engine's own lock: the PostgreSQL pass (TEST_DATABASE_URL) would only run it a second time
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('one process per embedded database (DATA_DIR lock)', { timeout: 240_000 }, () => {
  it('refuses a second server and a backup on the same DATA_DIR, leaves the first unharmed; after kill -9 a restart takes the lock over', async () => {
    const dir = tmpDir();
    const env = { DATA_DIR: dir, ADMIN_PASSWORD: PASSWORD };
    const first = await start(env);
    const lockFile = path.join(dir, 'pglite.lock');
    // the banner names the interface it listens on (the harness narrows HOST to 127.0.0.1)
    expect(first.output()).toMatch(/Đang nghe trên 127\.0\.0\.1, cổng \d+/);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(first.child.pid);
    const token = await signIn(first.url, 'admin', PASSWORD);
    const name = `Bao ${crypto.randomBytes(4).toString('hex')}`;
    const w = await fetch(`${first.url}/api/admin/product-units`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ name }),
    });
    expect(w.status).toBe(200);
    const id = ((await w.json()) as { data: { entry: { id: number } } }).data.entry.id;

    // a second server on the same directory: refused before opening a file, naming the first
    const second = await refusedStart(env);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`đang được tiến trình pid ${first.child.pid} (máy chủ`);
    expect(second.output).toContain('DATA_DIR');
    expect(second.output).not.toContain('Aborted');

    // a backup while it runs: refused too
    const backup = spawnSync(process.execPath, [...nodeArgs('backup'), path.join(dir, 'b.tar.gz')], {
      cwd: root,
      env: { ...process.env, ...env, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(backup.status).toBe(1);
    expect(backup.stderr).toContain(`Sao lưu thất bại: Cơ sở dữ liệu nhúng tại ${path.join(dir, 'pglite')} đang được tiến trình pid ${first.child.pid}`);
    expect(fs.existsSync(path.join(dir, 'b.tar.gz'))).toBe(false);

    // the first is unharmed: health, reads and writes
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    const r = await fetch(`${first.url}/api/admin/product-units/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    const w2 = await fetch(`${first.url}/api/admin/product-units`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `${name} 2` }),
    });
    expect(w2.status).toBe(200);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(first.child.pid);

    // a crash leaves the lock behind; its pid no longer runs, so a restart takes it over
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(fs.existsSync(lockFile)).toBe(true);
    const third = await start(env);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(third.child.pid);
    const g = await fetch(`${third.url}/api/admin/product-units/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(g.status, third.output()).toBe(200);
    expect(((await g.json()) as { data: { entry: { name: string } } }).data.entry.name).toBe(name);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // a clean stop removes the lock
    expect(fs.existsSync(lockFile)).toBe(false);

    // and with the server stopped, the backup runs
    const ok = spawnSync(process.execPath, [...nodeArgs('backup'), path.join(dir, 'b.tar.gz')], {
      cwd: root,
      env: { ...process.env, ...env, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(ok.status, ok.stderr).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('in one process: a live owner refuses, a dead one is taken over, an unreadable fresh file is waited for', () => {
    const dir = path.join(tmpDir(), 'pglite');
    const file = `${dir}.lock`;
    // pid 1 always runs
    fs.writeFileSync(file, JSON.stringify({ pid: 1, purpose: 'máy chủ', since: new Date().toISOString() }));
    let refused: unknown;
    try {
      lockDataDir(dir, 'sao lưu');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLocked);
    expect((refused as Error).message).toContain('tiến trình pid 1 (máy chủ');
    // a pid beyond pid_max never runs
    fs.writeFileSync(file, JSON.stringify({ pid: 2 ** 30, purpose: 'máy chủ', since: new Date().toISOString() }));
    const lock = lockDataDir(dir, 'sao lưu');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, purpose: 'sao lưu' });
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('a database that does not open says how to restore the last backup', () => {
    const m = cannotOpenMessage('/srv/nns/data/pglite', new Error('Aborted()'));
    expect(m).toContain('Không mở được cơ sở dữ liệu nhúng tại /srv/nns/data/pglite');
    expect(m).toContain('npm run restore');
    expect(m).toContain('DATA_DIR=/srv/nns/data-khoi-phuc');
  });
});

/** Modes (octal text) of a directory and everything under it that are not owner-only (0700 dirs, 0600 files). */
function notOwnerOnly(dir: string): string[] {
  const bad: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    const mode = st.mode & 0o777;
    if (st.isDirectory()) {
      if (mode !== 0o700) bad.push(`${p} ${mode.toString(8)}`);
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else if (st.isFile() && mode !== 0o600) bad.push(`${p} ${mode.toString(8)}`);
  };
  walk(dir);
  return bad;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database is readable and writable by its owner only', { timeout: 600_000 }, () => {
  it('a new DATA_DIR, a copied one and a restored one: directories 0700, files 0600 (pg_control included), open and after close', async () => {
    const fresh = path.join(tmpDir(), 'data');
    const a = await openDatabase({ dir: path.join(fresh, 'pglite') });
    expect(notOwnerOnly(fresh)).toEqual([]);
    expect(fs.statSync(path.join(fresh, 'pglite/global/pg_control')).mode & 0o777).toBe(0o600);
    // files PostgreSQL creates while it runs (a table, its WAL) are owner-only once closed, and unreachable meanwhile (0700 directory)
    await a.query(sql`create table perms_probe as select generate_series(1, 20000) as n`);
    await a.query(sql`checkpoint`);
    await a.close();
    expect(notOwnerOnly(fresh)).toEqual([]);

    // a copy of a data directory made elsewhere (cp keeps PGlite's 0666): tightened when opened
    const copied = path.join(tmpDir(), 'pglite');
    const src = await emptyPglite(copied);
    expect(notOwnerOnly(copied)).toEqual([]);
    await migrate(src);
    const file = path.join(tmpDir(), 'b.tar.gz');
    await backupTo(src, path.join(tmpDir(), 'uploads'), file);
    await src.close();

    const restoredDir = path.join(tmpDir(), 'data');
    const target = await openDatabase({ dir: path.join(restoredDir, 'pglite') });
    await restoreFrom(target, path.join(restoredDir, 'uploads'), file);
    await target.close();
    expect(notOwnerOnly(path.join(restoredDir, 'pglite'))).toEqual([]);
    expect(fs.statSync(restoredDir).mode & 0o777).toBe(0o700);
  });
});
