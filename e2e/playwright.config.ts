import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);

/** Browser tests against the built app on a real server (global-setup.ts starts it). */
export default defineConfig({
  testDir: here,
  testMatch: /.*\.spec\.ts$/,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // one retry on CI, reported as flaky: a test that fails twice still fails
  retries: process.env.CI ? 1 : 0,
  outputDir: path.join(root, 'test-results/e2e'),
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, 'test-results/e2e.json') }]],
  globalSetup: path.join(here, 'global-setup.ts'),
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 1366, height: 768 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    // the app leaves antd's motions out when the system asks to reduce motion (antd-root.tsx): the
    // tests then wait for no fade or slide, and Chromium paints no frames of one
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // recorded on the retry only: recording every test (retain-on-failure) costs about a third of the
    // run's time, and a test that fails once is run again on CI with its trace, so a failure still comes
    // with one
    trace: 'on-first-retry',
    acceptDownloads: true,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
