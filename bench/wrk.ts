// Load with wrk (a C load generator: autocannon in Node takes half of a 2-core machine and becomes the
// bottleneck). Debian's package is installed when missing and running as root, as the browser tests
// install Chromium. Several paths are walked in turn and headers set from a generated Lua script; the
// script's done() prints the figures as one JSON line, read back here.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measure } from './report';

export const WRK = '/usr/bin/wrk';

/** wrk on PATH, or installed with apt-get (root only); throws with the command to run otherwise. */
export function ensureWrk(say: (m: string) => void = () => {}): string {
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error("wrk is missing: install it with 'sudo apt-get install -y wrk'");
  say("installing Debian's wrk (apt-get install -y wrk)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    r = spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env });
  }
  if (r.status !== 0) throw new Error('apt-get install wrk failed');
  return WRK;
}

const luaString = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;

/**
 * The Lua script of one run: headers of every request, the paths walked in turn (each wrk thread
 * starts at a different one), a non-2xx counter and a done() printing one JSON line with '@@wrk ' before it.
 */
export function wrkScript(paths: string[], headers: Record<string, string> = {}, varyClient = false): string {
  const lines = [
    `local paths = { ${paths.map(luaString).join(', ')} }`,
    'local i = 0',
    ...Object.entries(headers).map(([k, v]) => `wrk.headers[${luaString(k)}] = ${luaString(v)}`),
    'local threads = {}',
    'function setup(thread) thread:set("id", #threads) table.insert(threads, thread) end',
    'function init(args) i = id * 7 non2xx = 0 end',
    // varyClient: each request from another address (X-Forwarded-For, with TRUST_PROXY): a crowd of phones, not one client
    varyClient
      ? 'function request() i = i + 1 wrk.headers["X-Forwarded-For"] = "10." .. (i % 250) .. "." .. (math.floor(i / 250) % 250) .. "." .. (math.floor(i / 62500) % 250) return wrk.format(nil, paths[(i % #paths) + 1]) end'
      : 'function request() i = i + 1 return wrk.format(nil, paths[(i % #paths) + 1]) end',
    'function response(status, headers, body) if status < 200 or status > 299 then non2xx = non2xx + 1 end end',
    'function done(summary, latency, requests)',
    '  local bad = 0',
    '  for _, t in ipairs(threads) do bad = bad + (t:get("non2xx") or 0) end',
    '  local e = summary.errors',
    '  io.write(string.format(\'@@wrk {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d,"non2xx":%d}\\n\',',
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),',
    '    e.connect + e.read + e.write + e.timeout, bad))',
    'end',
  ];
  return `${lines.join('\n')}\n`;
}

/** Parses the JSON line of wrkScript's done() into a Measure (latencies in ms). */
export function parseWrk(out: string): Measure {
  const line = out.split('\n').find((l) => l.startsWith('@@wrk '));
  if (!line) throw new Error(`wrk printed no summary:\n${out.slice(-2000)}`);
  const r = JSON.parse(line.slice(6)) as { requests: number; duration_us: number; p50_us: number; p99_us: number; errors: number; non2xx: number };
  return {
    rps: r.duration_us ? Math.round((r.requests / r.duration_us) * 1e7) / 10 : 0,
    p50: Math.round(r.p50_us / 100) / 10,
    p99: Math.round(r.p99_us / 100) / 10,
    total: r.requests,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export interface WrkOptions {
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** wrk threads (default: the machine's CPUs, at most 2: the server needs the rest) */
  threads?: number;
  /** a different X-Forwarded-For on every request (the server trusts it with TRUST_PROXY) */
  varyClient?: boolean;
  /** a whole Lua script instead of wrkScript's (it must print the same '@@wrk' line in done()) */
  script?: string;
}

/** One wrk run against `base` walking `paths`; the Lua script lives in a temporary directory removed after. */
export async function wrk(base: string, paths: string[], o: WrkOptions): Promise<Measure> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-wrk-'));
  const script = path.join(dir, 'run.lua');
  fs.writeFileSync(script, o.script ?? wrkScript(paths, o.headers, o.varyClient));
  const threads = o.threads ?? Math.max(1, Math.min(2, os.cpus().length));
  const args = [
    '-t',
    String(threads),
    '-c',
    String(Math.max(o.connections, threads)),
    '-d',
    `${o.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    base + paths[0],
  ];
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (b) => {
        text += b;
      });
      child.stderr.on('data', (b) => {
        text += b;
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk: exit code ${code}\n${text.slice(-2000)}`))));
    });
    return parseWrk(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
