// The first admin screen on the wire (issue 34 §2): what a ward officer's browser really receives, as
// Chromium's network layer counts it (CDP Network.loadingFinished encodedDataLength: headers and
// body as they came over the socket, compressed or not), from an empty cache: the sign-in page
// (/auth/login), sign-in as the README's ward officer (canbo.phuong), /admin/home drawn and the
// network quiet. The built app (apps/web/dist, `npm run build` first, so the .br/.gz exist) is served
// by the real API server on an in-memory database with the demo data, twice over the same database:
// HTTP_COMPRESSION=on (the default) and off (everything as it is, the state before compression).
// Run: `npx tsx bench/wire.ts` (add --files for each response); prints the figures against the goal.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../e2e/chromium';
import { type Kind, kindOf, WEB_DIST } from './web-size';

export const WIRE_GOAL = 300 * 1024;
const WARD_OFFICER = { username: 'canbo.phuong', password: 'NongNghiep@2026' };

export interface Received {
  url: string;
  kind: Kind;
  /** bytes received for the response (headers and body) as they travelled */
  wire: number;
  /** of which the response's status line and headers (CDP responseReceived encodedDataLength) */
  headers: number;
  /** the body once decoded */
  decoded: number;
  encoding: string;
}

async function startServers(dist: string) {
  const { buildApp, seedDemo } = await import('../apps/api/src/app');
  const { openDatabase } = await import('../apps/api/src/db/client');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-wire-'));
  const database = await openDatabase({ dir: 'memory://' });
  const config = { DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'silent' as const, SEED_DEMO: 'no' as const, WEB_DIST: dist };
  const on = await buildApp({ database, logger: false, env: {}, config: { ...config, HTTP_COMPRESSION: 'on' } });
  await seedDemo(on.app.services);
  const off = await buildApp({ database, logger: false, env: {}, config: { ...config, HTTP_COMPRESSION: 'off' } });
  const urls: string[] = [];
  for (const { app } of [on, off]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  }
  return {
    on: urls[0],
    off: urls[1],
    async close() {
      await on.app.close();
      await off.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sign-in page → sign in as the ward officer → /admin/home, in a fresh context (empty cache). */
async function walk(browser: import('@playwright/test').Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const meta = new Map<string, { url: string; type: string; encoding: string; status: number; headers: number }>();
  const got: Received[] = [];
  let failed = 0;
  cdp.on('Network.responseReceived', (e) => {
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    meta.set(e.requestId, {
      url: e.response.url,
      type: h['content-type'] ?? '',
      encoding: h['content-encoding'] ?? '',
      status: e.response.status,
      headers: e.response.encodedDataLength,
    });
  });
  const decodedLen = new Map<string, number>();
  cdp.on('Network.dataReceived', (e) => decodedLen.set(e.requestId, (decodedLen.get(e.requestId) ?? 0) + e.dataLength));
  cdp.on('Network.loadingFinished', (e) => {
    const m = meta.get(e.requestId);
    if (!m) return;
    got.push({
      url: m.url,
      kind: kindOf(m.url, m.type),
      wire: e.encodedDataLength,
      headers: m.headers,
      decoded: decodedLen.get(e.requestId) ?? 0,
      encoding: m.encoding || '—',
    });
  });
  cdp.on('Network.loadingFailed', () => failed++);
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
  };
  try {
    await page.goto(`${base}/auth/login`);
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await settle();
    const signInCount = got.length;
    await page.getByLabel('Tên đăng nhập').fill(WARD_OFFICER.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(WARD_OFFICER.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/admin\/home$/, { timeout: 60_000 });
    await page.getByRole('heading', { name: /Xin chào/ }).waitFor({ timeout: 60_000 });
    await settle();
    return { signIn: got.slice(0, signInCount), all: [...got], failed };
  } finally {
    await context.close();
  }
}

const kb = (b: number) => `${(Math.round((b / 1024) * 10) / 10).toLocaleString('en')} KB`;
const total = (rs: Received[], kinds?: Kind[]) => rs.filter((r) => !kinds || kinds.includes(r.kind)).reduce((n, r) => n + r.wire, 0);
const KINDS: Kind[] = ['js', 'css', 'font', 'html', 'image', 'api', 'other'];
const LABEL: Record<Kind, string> = { js: 'JS', css: 'CSS', font: 'phông chữ', html: 'HTML', image: 'ảnh', api: 'API (JSON)', other: 'khác' };
const breakdown = (rs: Received[]) =>
  KINDS.map((k) => [k, total(rs, [k]), rs.filter((r) => r.kind === k).length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n, c]) => `${LABEL[k]} ${kb(n)} (${c})`)
    .join(' · ');

export async function measureWire(dist = WEB_DIST) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: run \`npm run build\``);
  const { chromium } = await import('@playwright/test');
  const servers = await startServers(dist);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    // off first, then on: neither run warms anything the other reads (fresh contexts, the server's answer caches are per process state but small)
    const off = await walk(browser, servers.off);
    const on = await walk(browser, servers.on);
    return { on, off };
  } finally {
    await browser.close();
    await servers.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const load = execSync('uptime').toString().trim();
  const { on, off } = await measureWire();
  const rows = [
    ['trang đăng nhập (/auth/login)', total(off.signIn), total(on.signIn), undefined],
    ['màn hình quản trị đầu tiên (đăng nhập → /admin/home), tất cả', total(off.all), total(on.all), WIRE_GOAL],
    ['  trong đó tệp của ứng dụng (không tính API)', total(off.all) - total(off.all, ['api']), total(on.all) - total(on.all, ['api']), undefined],
    ['  trong đó API (JSON)', total(off.all, ['api']), total(on.all, ['api']), undefined],
  ] as const;
  console.log(`uptime lúc bắt đầu: ${load}`);
  console.log(`${'đo trên dây (CDP encodedDataLength)'.padEnd(66)} ${'không nén'.padStart(12)} ${'có nén'.padStart(12)}  mục tiêu`);
  for (const [name, a, b, goal] of rows) {
    const g = goal ? `≤ ${kb(goal)} ${b <= goal ? '✓' : '✗'}` : '';
    console.log(`${name.padEnd(66)} ${kb(a).padStart(12)} ${kb(b).padStart(12)}  ${g}`);
  }
  console.log(`có nén:    ${breakdown(on.all)}`);
  console.log(`không nén: ${breakdown(off.all)}`);
  const heads = (rs: Received[]) => rs.reduce((n, r) => n + r.headers, 0);
  console.log(`trong đó dòng trạng thái và tiêu đề HTTP: ${kb(heads(on.all))} (có nén), ${kb(heads(off.all))} (không nén)`);
  console.log(`phản hồi: ${on.all.length} (có nén), ${off.all.length} (không nén); lỗi tải: ${on.failed}, ${off.failed}`);
  if (process.argv.includes('--files')) {
    for (const r of [...on.all].sort((a, b) => b.wire - a.wire)) {
      console.log(
        `${r.kind.padEnd(6)} ${r.encoding.padEnd(5)} ${kb(r.wire).padStart(10)} ${kb(r.decoded).padStart(10)}  ${new URL(r.url).pathname}${new URL(r.url).search}`,
      );
    }
  }
  process.exit(0);
}
