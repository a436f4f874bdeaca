import crypto from 'node:crypto';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { serverHarness, signIn } from './server-process';

const PG = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Admin@12345';
const { ownData, start } = serverHarness('stop', PASSWORD);

interface Answer {
  status?: number;
  connection?: string;
  body?: { code: number; message: string; data: { entry?: { id: number; name: string } } | null };
  error?: string;
}

/** One request on a connection of its own (no keep-alive pool): an unanswered connection shows as an error. */
function send(url: string, method: string, p: string, token: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${url}${p}`,
      {
        method,
        agent: false,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          let parsed: Answer['body'];
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode, connection: String(res.headers.connection ?? ''), body: parsed });
        });
        res.on('error', (e) => resolve({ error: `${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}` }));
      },
    );
    req.on('error', (e) => resolve({ error: `${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}` }));
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.end(payload);
  });
}

describe(`SIGTERM under a burst (${PG ? 'PostgreSQL' : 'PGlite'})`, { timeout: 240_000 }, () => {
  it('answers every connection (200 before the signal, 503 + Connection: close after), keeps every write answered 200, exits 0', async () => {
    const env = { ...(await ownData()), SHUTDOWN_DRAIN_MS: '2000' };
    const s = await start(env);
    const token = await signIn(s.url, 'admin', PASSWORD);
    const stamp = crypto.randomBytes(3).toString('hex');
    const TOTAL = 200;
    let answered = 0;
    const results: Promise<Answer & { kind: string; name?: string }>[] = [];
    for (let i = 0; i < TOTAL; i++) {
      const kind = i % 3 === 0 ? 'list' : 'write';
      const name = `Đơn vị ${stamp} ${i}`;
      const p =
        kind === 'write' ? send(s.url, 'POST', '/api/admin/product-units', token, { name }) : send(s.url, 'GET', '/api/admin/product-units?limit=5', token);
      results.push(
        p.then((a) => {
          answered++;
          return { ...a, kind, name: kind === 'write' ? name : undefined };
        }),
      );
    }
    // mid-burst: some answered, most not yet
    while (answered < 20) await new Promise((r) => setTimeout(r, 2));
    const signalAt = Date.now();
    const answeredAtSignal = answered;
    s.child.kill('SIGTERM');
    // the health check says 503 at once, and a request arriving in the drain window gets the envelope
    await new Promise((r) => setTimeout(r, 100));
    const health = await send(s.url, 'GET', '/api/health', token);
    const late = await send(s.url, 'POST', '/api/admin/product-units', token, { name: `Muộn ${stamp}` });
    const all = await Promise.all(results);
    const code = await s.exited;
    const errors = all.filter((a) => a.error);
    const ok = all.filter((a) => a.status === 200);
    const refused = all.filter((a) => a.status === 503);
    console.log(
      `SIGTERM burst: ${TOTAL} requests, signal after ${answeredAtSignal} answers; ${ok.length} × 200, ${refused.length} × 503, ${errors.length} unanswered; exit ${code} ${Date.now() - signalAt} ms after the signal`,
    );
    expect(errors.map((e) => e.error)).toEqual([]);
    expect(ok.length + refused.length).toBe(TOTAL);
    expect(code).toBe(0);
    expect(health.status).toBe(503);
    expect(health.connection).toBe('close');
    expect(late.status).toBe(503);
    expect(late.connection).toBe('close');
    expect(late.body?.message).toBe('Máy chủ đang khởi động lại hoặc dừng để bảo trì, vui lòng thử lại sau ít giây');
    for (const r of refused) expect(r.body?.code).toBe(503);

    // every write answered 200 is in the database; none answered 503 is
    const again = await start(env);
    const t2 = await signIn(again.url, 'admin', PASSWORD);
    const rows: string[] = [];
    for (let page = 1; ; page++) {
      const r = await send(again.url, 'GET', `/api/admin/product-units?limit=100&page=${page}&search=${encodeURIComponent(stamp)}`, t2);
      const entries = (r.body as unknown as { data: { entries: { name: string }[] } }).data.entries;
      rows.push(...entries.map((e) => e.name));
      if (entries.length < 100) break;
    }
    const written = all.filter((a) => a.kind === 'write' && a.status === 200).map((a) => a.name as string);
    const refusedWrites = all.filter((a) => a.kind === 'write' && a.status === 503).map((a) => a.name as string);
    expect(written.length).toBeGreaterThan(0);
    for (const n of written) expect(rows).toContain(n);
    for (const n of refusedWrites) expect(rows).not.toContain(n);
    expect(rows).not.toContain(`Muộn ${stamp}`);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
