#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) and the Vite dev server with hot reload, which
// proxies /api to the API.
import { spawn, spawnSync } from 'node:child_process';

spawnSync('node', ['scripts/gen-resources.mjs'], { stdio: 'inherit' });
const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { stdio: 'inherit', env: { SEED_DEMO: 'auto', ...process.env } }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
