#!/usr/bin/env node
// `npm start`: writes the registries, builds the web app and the API bundle when their sources changed
// since the last build, then runs the bundled API server (which serves the app) with plain node and
// forwards stop signals to it. The API tests start the same bundle (scripts/api-bundle.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureApiBundle, runEntry } from './api-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

run('node', ['scripts/gen-resources.mjs']);
const index = path.join(root, 'apps/web/dist/index.html');
const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
const sources = Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/shared/src')));
if (!built || sources > built) {
  console.log('Đang build giao diện quản trị (một lần)...');
  // quietly: no file-size listing, no library warnings; only errors are shown
  run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', path.join(root, 'apps/web')]);
}

await ensureApiBundle();
runEntry('server');
