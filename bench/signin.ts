// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

export interface BenchResult {
  name: string;
  reqPerSec: number;
  /** latency percentiles in milliseconds */
  p50: number;
  p99: number;
  /** answers that were not 2xx (a 401 or 429 here means the run measured the wrong thing) */
  non2xx: number;
  errors: number;
}

export interface SigninOptions {
  username: string;
  password: string;
  name?: string;
  /** seconds, default 15 */
  duration?: number;
  /** default 50 */
  connections?: number;
}

/**
 * Sign-in throughput: POST /api/auth/login with valid credentials, autocannon 15 s / 50
 * connections. Rate limiting counts failures only; at most 5 checks of one account are in flight at a
 * time (docs/auth.md), the other connections wait their turn rather than being refused, so a valid
 * account is never held back. The cost measured is argon2id verification (OWASP parameters), the
 * attempt's reservation and one session insert per answer.
 */
export async function benchSignin(baseUrl: string, opts: SigninOptions): Promise<BenchResult> {
  const url = `${baseUrl.replace(/\/$/, '')}/api/auth/login`;
  const body = JSON.stringify({ username: opts.username, password: opts.password });
  const headers = { 'content-type': 'application/json' };
  // a wrong account would turn the run into a rate-limit benchmark: check once first
  const probeStart = performance.now();
  const probe = await fetch(url, { method: 'POST', headers, body });
  const probeMs = performance.now() - probeStart;
  if (probe.status !== 200) throw new Error(`benchSignin: sign-in as ${opts.username} answered ${probe.status}: ${await probe.text()}`);
  const r = await autocannon({
    url,
    method: 'POST',
    headers,
    body,
    duration: opts.duration ?? 15,
    connections: opts.connections ?? 50,
  });
  // autocannon drops its connections at the deadline, but the sign-ins they sent still wait their turn
  // for the account (five at a time) and run on: sign in again until one is answered about as fast as
  // the probe was, i.e. nothing was ahead of it, so the caller may close the app and its pool behind
  // them (without this the bench's log held a dozen 'Cannot use a pool after calling end on the pool'
  // from those late handlers)
  for (const until = Date.now() + 30_000; Date.now() < until; ) {
    const t = performance.now();
    await fetch(url, { method: 'POST', headers, body });
    if (performance.now() - t < 2 * probeMs + 50) break;
  }
  return {
    name: opts.name ?? 'sign-in (POST /api/auth/login)',
    reqPerSec: Math.round(r.requests.average * 10) / 10,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
