#!/usr/bin/env node
// `npm run test:e2e`: writes the registries, builds the web app when its sources are newer than the
// build, makes sure Debian's Chromium is there, then runs Playwright (extra arguments are passed on).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.endsWith('.test.ts') || e.name.endsWith('.test.tsx')) continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

// CI checks the registries as committed (as scripts/test.mjs does): writing them would touch the resource
// index, and the web app built beside the static checks would look stale and be built again
if (run('node', ['scripts/gen-resources.mjs', ...(process.env.CI ? ['--check'] : [])]) !== 0) process.exit(1);
const index = path.join(root, 'apps/web/dist/index.html');
const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
const sources = Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/shared/src')));
if (!built || sources > built || process.argv.includes('--build')) {
  console.log('e2e: building the web app...');
  if (run('npm', ['run', 'build', '-w', 'apps/web', '--silent']) !== 0) process.exit(1);
}
if (run('bash', ['scripts/ensure-chromium.sh']) !== 0) process.exit(1);
const args = process.argv.slice(2).filter((a) => a !== '--build');
process.exit(run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...args]));
