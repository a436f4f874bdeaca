#!/usr/bin/env node
// `npm test`: every test. Unit and API suites (vitest: shared, api, web), then the browser tests
// (Playwright + Debian's Chromium, installed when missing). Prints 'N passed, N failed' and writes
// test-results/summary-<name>.json so .ci/run can add suites up.
//   TEST_DATABASE_URL=postgres://… runs the API suite on that PostgreSQL server.
//   --api-only runs only the API suite (CI's PostgreSQL pass).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiOnly = process.argv.includes('--api-only');
const name = process.argv.find((a) => a.startsWith('--name='))?.slice(7) ?? (apiOnly ? 'api' : 'all');
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

// CI checks that the committed registries are current (.ci/run runs `npm run gen -- --check` first);
// a developer's run writes them, as `npm start` does
if (run('node', ['scripts/gen-resources.mjs', ...(process.env.CI ? ['--check'] : [])]) !== 0) process.exit(1);
let passed = 0;
let failed = 0;
// stamp sheets need the DejaVu font and the tests render them back with pdftoppm
if (run('bash', ['scripts/ensure-pdf-tools.sh']) !== 0) failed += 1;

const vitestJson = path.join(out, `vitest-${name}.json`);
fs.rmSync(vitestJson, { force: true });
const projects = apiOnly ? ['--project', 'api'] : [];

const vitestCode = run('npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numTotalTestSuites && r.testResults.some((s) => s.status === 'failed' && !s.assertionResults.length) ? 1 : 0);
} else if (vitestCode !== 0) failed += 1;
if (vitestCode !== 0 && failed === 0) failed += 1;

// The browser tests run after the unit and API suites, not beside them: on two cores the two together
// take longer than one after the other, each computing while the other does (bench/RESULTS.md).
if (!apiOnly) {
  console.log('\n== browser tests');
  if (run('bash', ['scripts/ensure-chromium.sh']) !== 0) failed += 1;
  const e2eJson = path.join(out, 'e2e.json');
  fs.rmSync(e2eJson, { force: true });
  const code = run('node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson });
  let e2eFailed = 0;
  if (fs.existsSync(e2eJson)) {
    const s = JSON.parse(fs.readFileSync(e2eJson, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    e2eFailed = s.unexpected ?? 0;
  }
  if (code !== 0 && e2eFailed === 0) e2eFailed = 1;
  failed += e2eFailed;
}

fs.writeFileSync(path.join(out, `summary-${name}.json`), JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
