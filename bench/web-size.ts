// The web's weight (issue 3), measured the way a ward officer's browser meets it: the built app
// (apps/web/dist, `npm run build` first) served by the real API server on a throw-away in-memory
// database, opened in Chromium (Playwright, e2e/chromium.ts: Debian's headless shell, or CHROMIUM_PATH) with an empty cache.
// Every response is recorded: the sign-in page as it opens (/auth/login), then the whole path to
// the first admin screen (sign in through the form, /admin/home drawn, the network quiet), which
// includes the chunks fetched on that navigation (route patching, the notice host…), CSS and the
// font files the page really asks for. Text (HTML, JS, CSS, JSON, SVG) counts at gzip -9, as a
// compressing server or proxy would send it; fonts (woff2) and images count as they are, being
// compressed already. API answers are data, not the app: listed apart, outside the totals.
// Run alone: `npx tsx bench/web-size.ts` (prints the table rows and a breakdown).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromiumPath } from '../e2e/chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = process.env.WEB_DIST ?? path.join(here, '../apps/web/dist');
export const TARGETS = { signInJs: 150 * 1024, firstAdminTotal: 400 * 1024 };

/** One figure of the bench table: `targetBytes` absent means shown for information. */
export interface WebSize {
  name: string;
  gzipBytes: number;
  targetBytes?: number;
  /** a short breakdown, e.g. 'JS 310 KB · CSS 3 KB · phông chữ 60 KB' */
  detail?: string;
}

export type Kind = 'js' | 'css' | 'font' | 'html' | 'image' | 'api' | 'other';

export interface Download {
  url: string;
  kind: Kind;
  rawBytes: number;
  /** what travels: gzip -9 for text, the file itself for fonts and images */
  bytes: number;
}

export function kindOf(url: string, contentType: string): Kind {
  const p = new URL(url).pathname;
  if (p.startsWith('/api/')) return 'api';
  if (/javascript/.test(contentType) || /\.m?js$/.test(p)) return 'js';
  if (/text\/css/.test(contentType) || /\.css$/.test(p)) return 'css';
  if (/font|woff/.test(contentType) || /\.(woff2?|ttf|otf)$/.test(p)) return 'font';
  if (/text\/html/.test(contentType)) return 'html';
  if (/^image\//.test(contentType) || /\.(png|jpe?g|gif|webp|svg|ico)$/.test(p)) return 'image';
  return 'other';
}

const compressedAlready = (kind: Kind, contentType: string) => kind === 'font' || (kind === 'image' && !/svg/.test(contentType));

export function transferBytes(body: Buffer, kind: Kind, contentType: string): number {
  if (compressedAlready(kind, contentType) || body.length === 0) return body.length;
  return Math.min(body.length, gzipSync(body, { level: 9 }).length);
}

const KIND_LABEL: Record<Kind, string> = { js: 'JS', css: 'CSS', font: 'phông chữ', html: 'HTML', image: 'ảnh', api: 'API', other: 'khác' };
const kb = (b: number) => `${(Math.round((b / 1024) * 10) / 10).toLocaleString('en')} KB`;

export function sum(ds: Download[], kinds?: Kind[]): number {
  return ds.filter((d) => (kinds ? kinds.includes(d.kind) : d.kind !== 'api')).reduce((n, d) => n + d.bytes, 0);
}

export function breakdown(ds: Download[]): string {
  const kinds: Kind[] = ['js', 'css', 'font', 'html', 'image', 'other'];
  return kinds
    .map((k) => [k, sum(ds, [k])] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${KIND_LABEL[k]} ${kb(n)}`)
    .join(' · ');
}

/** The table rows from what the browser downloaded on each leg. */
export function sizeRows(signIn: Download[], firstAdmin: Download[]): WebSize[] {
  return [
    { name: 'Web: trang đăng nhập /auth/login, JS', gzipBytes: sum(signIn, ['js']), targetBytes: TARGETS.signInJs },
    { name: 'Web: trang đăng nhập, mọi tệp tải về', gzipBytes: sum(signIn), detail: breakdown(signIn) },
    {
      name: 'Web: màn hình quản trị đầu tiên (/auth/login → đăng nhập → /admin/home), mọi tệp tải về',
      gzipBytes: sum(firstAdmin),
      targetBytes: TARGETS.firstAdminTotal,
      detail: breakdown(firstAdmin),
    },
  ];
}

async function startServer(dist: string) {
  const { buildApp } = await import('../apps/api/src/app');
  const { openDatabase } = await import('../apps/api/src/db/client');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-web-size-'));
  const password = 'WebSize@12345';
  const database = await openDatabase({ dir: 'memory://' });
  const { app } = await buildApp({
    database,
    logger: false,
    env: {},
    config: { ADMIN_PASSWORD: password, DATA_DIR: dataDir, dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'no', WEB_DIST: dist },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    base,
    password,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the sign-in page, signs in and waits for /admin/home; every response recorded per leg. */
export async function measureInBrowser(dist = WEB_DIST): Promise<{ signIn: Download[]; firstAdmin: Download[] }> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: run \`npm run build\``);
  const { chromium } = await import('@playwright/test');
  const server = await startServer(dist);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
    const page = await context.newPage();
    const seen: Promise<Download | null>[] = [];
    page.on('response', (res) => {
      seen.push(
        (async () => {
          if (res.status() >= 300 && res.status() < 400) return null;
          const body = await res.body().catch(() => Buffer.alloc(0));
          const type = res.headers()['content-type'] ?? '';
          const kind = kindOf(res.url(), type);
          return { url: res.url(), kind, rawBytes: body.length, bytes: transferBytes(body, kind, type) };
        })(),
      );
    });
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
    };
    const collect = async () => (await Promise.all(seen)).filter((d): d is Download => !!d);

    await page.goto(`${server.base}/auth/login`);
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await settle();
    const signIn = await collect();

    await page.getByLabel('Tên đăng nhập').fill('admin');
    await page.getByLabel('Mật khẩu', { exact: true }).fill(server.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/admin\/home$/);
    await page.getByRole('heading', { name: /Xin chào/ }).waitFor();
    await settle();
    const firstAdmin = await collect();
    return { signIn, firstAdmin };
  } finally {
    await browser.close();
    await server.close();
  }
}

export async function webSizes(dist = WEB_DIST): Promise<WebSize[]> {
  const { signIn, firstAdmin } = await measureInBrowser(dist);
  return sizeRows(signIn, firstAdmin);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { signIn, firstAdmin } = await measureInBrowser();
  for (const r of sizeRows(signIn, firstAdmin)) {
    const t = r.targetBytes ? ` (mục tiêu ≤ ${kb(r.targetBytes)}: ${r.gzipBytes <= r.targetBytes ? '✓' : '✗'})` : '';
    console.log(`${r.name.padEnd(96)} ${kb(r.gzipBytes).padStart(10)}${t}${r.detail ? `\n    ${r.detail}` : ''}`);
  }
  if (process.argv.includes('--files')) {
    for (const d of [...firstAdmin].sort((a, b) => b.bytes - a.bytes)) {
      console.log(`${d.kind.padEnd(6)} ${kb(d.bytes).padStart(10)} ${kb(d.rawBytes).padStart(10)}  ${new URL(d.url).pathname}`);
    }
  }
  process.exit(0);
}
