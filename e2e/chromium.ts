import fs from 'node:fs';

/**
 * The browser the browser tests and the bench drive: CHROMIUM_PATH, else Debian's headless shell
 * (package chromium-headless-shell, the "old headless" build Playwright itself prefers for headless
 * runs: no browser UI to keep, less CPU than the full browser in our tests), else
 * Debian's full Chromium. scripts/ensure-chromium.sh installs the headless shell when neither is there.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium-headless-shell';
}
