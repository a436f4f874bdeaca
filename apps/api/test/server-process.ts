import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** everything the process wrote, for failure messages */
  output(): string;
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
}

/** Starts the real server (`node --import tsx apps/api/src/server.ts`) on a free port and waits for its URL. */
export function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'no', LOG_LEVEL: 'warn', PUBLIC_URL: '', DATABASE_URL: '', ...env },
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
