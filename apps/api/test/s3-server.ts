import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** s3rver's own keys: it checks request signatures against them. */
export const S3_KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Server {
  port: number;
  endpoint: string;
  /** STORAGE_URL for a bucket and prefix on this server */
  url(bucket: string, prefix?: string): string;
  stop(): Promise<void>;
}

/** Starts an S3-protocol server (s3rver) in a child process on a free port, with these buckets. */
export async function startS3Server(buckets = ['nns-test']): Promise<S3Server> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3rver-process.cjs');
  // s3rver's dependencies use old OpenSSL digests on some Node versions: allow them in that process only
  const child: ChildProcess = fork(script, [buckets.join(',')], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: ['--openssl-legacy-provider'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${err}`)), 20_000);
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.stderr?.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}): ${err}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    port,
    endpoint,
    url: (bucket, prefix) => `s3://${bucket}${prefix ? `/${prefix}` : ''}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&path_style=true`,
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
