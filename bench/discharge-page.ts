// Issue 16's overview map in Chromium with 10,000 works: `npx tsx bench/discharge-page.ts` (after
// `npm run build`). Starts the real server on a temporary embedded database (no demo data), signs in,
// answers the overview call with 10,000 generated works (the same shape as the server's, spread over
// Viet Nam), opens /admin/discharge-construction/overview at 1366×768 (BENCH_PAGE_WIDTH/HEIGHT) and prints the time until the
// clusters are drawn, the long tasks (> 50 ms) the page ran, and the time a zoom step takes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../e2e/chromium';

const N = Number(process.env.BENCH_DISCHARGE_WORKS ?? 10_000);
const PORT = Number(process.env.BENCH_PAGE_PORT ?? 3931);
const PASSWORD = 'Bench@12345';
const base = `http://127.0.0.1:${PORT}`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-discharge-page-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'no', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 240; i++) {
      if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const login = await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      })
    ).json();
    // the server's flat shape: [id, lat, long, type, exceeded] × N
    const points = Array.from({ length: N }, (_, i) => {
      const g = i + 1;
      const r5 = (n: number) => Math.round(n * 1e5) / 1e5;
      return [g, r5(8.6 + (((g * 7919) % 10000) / 10000) * 14.8), r5(102.2 + (((g * 104729) % 10000) / 10000) * 7.2), 1 + (g % 4), g % 12 === 0 ? 1 : 0];
    }).flat();
    const answer = JSON.stringify({
      code: 200,
      message: 'OK',
      data: {
        fields: [],
        points,
        counts: [1, 2, 3, 4].map((t) => ({ wastewater_type: t, label: `Loại ${t}`, color: '#1677ff', n: N / 4 })),
        exceeded: Math.floor(N / 12),
        period: { kind: 'this-month', from: '2026-11', to: '2026-11' },
      },
    });
    const browser = await chromium.launch({ executablePath: chromiumPath() });
    const page = await browser.newPage({
      viewport: { width: Number(process.env.BENCH_PAGE_WIDTH ?? 1366), height: Number(process.env.BENCH_PAGE_HEIGHT ?? 768) },
    });
    await page.addInitScript(
      (s) => {
        localStorage.setItem('nns.session', s);
        (window as unknown as { longTasks: number[] }).longTasks = [];
        (window as unknown as { longTaskStarts: number[] }).longTaskStarts = [];
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) {
            const w = window as unknown as { longTasks: number[]; longTaskStarts: number[] };
            w.longTasks.push(e.duration);
            w.longTaskStarts.push(e.startTime);
          }
        }).observe({ type: 'longtask', buffered: true });
      },
      JSON.stringify({ token: login.data.token, user: login.data.entry }),
    );
    await page.route('**/api/admin/discharge-constructs/overview*', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: answer }));
    await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
    await page.goto(`${base}/admin/home`);
    await page.waitForLoadState('networkidle');
    const t0 = Date.now();
    const navAt = await page.evaluate(() => {
      (window as unknown as { longTasks: number[] }).longTasks = [];
      (window as unknown as { longTaskStarts: number[] }).longTaskStarts = [];
      return performance.now();
    });
    await page.evaluate(() => {
      // a client-side navigation, as the menu does: the shell stays, the screen's chunk loads
      window.history.pushState({}, '', '/admin/discharge-construction/overview');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    // the screen is there (its chunks loaded, the answer read), then the map says how many clusters and works it drew on its canvas
    await page.getByTestId('discharge-map').waitFor();
    const mapShown = Date.now() - t0;
    const drawnCount = () => page.evaluate(() => Number(document.querySelector('[data-testid="discharge-map"]')?.getAttribute('data-drawn') ?? -1));
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="discharge-map"]')?.getAttribute('data-drawn') ?? -1) > 0, null, {
      polling: 10,
      timeout: 60_000,
    });
    const drawn = Date.now() - t0;
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const clusters = await drawnCount();
    // when each long task started, after the navigation (ms): the screen's chunks or the map's drawing
    const taskStarts = await page.evaluate((at) => (window as unknown as { longTaskStarts: number[] }).longTaskStarts.map((s) => Math.round(s - at)), navAt);
    const z0 = Date.now();
    await page.getByRole('button', { name: 'Phóng to' }).click();
    await page.waitForTimeout(400); // the zoom animation (250 ms) and the redraw on moveend
    const zoomTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.slice(-3));
    console.log(
      JSON.stringify({
        works: N,
        answerKB: Math.round(answer.length / 1024),
        navigationToMapMs: mapShown,
        navigationToClustersMs: drawn,
        clusters,
        longTasksMs: tasks.map(Math.round),
        longTaskStartsMs: taskStarts,
        longestTaskMs: Math.round(Math.max(0, ...tasks)),
        zoomStepMs: Date.now() - z0,
        lastLongTasksMs: zoomTasks.map(Math.round),
      }),
    );
    await page.screenshot({ path: path.join(os.tmpdir(), `discharge-${N}-${page.viewportSize()?.width}.png`) });
    await browser.close();
  } finally {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
