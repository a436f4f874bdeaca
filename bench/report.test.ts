import assert from 'node:assert/strict';
import { test } from 'vitest';
import { medianMeasure, renderTable, webRows } from './report';
import { breakdown, type Download, kindOf, sizeRows, transferBytes } from './web-size';

const d = (url: string, kind: Download['kind'], bytes: number): Download => ({ url: `http://x${url}`, kind, rawBytes: bytes, bytes });

test('web figures are rows of the same table: name, KB gzip, target, ✓/✗', () => {
  const signIn = [d('/', 'html', 600), d('/assets/index.js', 'js', 100 * 1024), d('/assets/index.css', 'css', 2048), d('/assets/f.woff2', 'font', 20 * 1024)];
  const admin = [...signIn, d('/assets/antd.js', 'js', 300 * 1024), d('/api/admin/profile', 'api', 900)];
  const rows = sizeRows(signIn, admin);
  const md = renderTable([], rows, { seconds: 1, connections: 1, rows: 1, cpus: 2, node: 'v20' });
  const lines = md.split('\n');
  const head = lines.findIndex((l) => l.startsWith('| kịch bản |'));
  const body = lines.slice(head + 2).filter((l) => l.startsWith('| Web:'));
  assert.equal(body.length, 3);
  assert.equal(body[0], '| Web: trang đăng nhập /auth/login, JS | Chromium | — | — | — | — | ≤ 150 KB gzip | ✓ 100 KB | |');
  assert.match(body[1], /\| Web: trang đăng nhập, mọi tệp tải về \| Chromium \|.*\| — \| 122\.6 KB \| \|$/);
  // 100 + 2 + 20 + 300 KB + the page, the API answer left out: over 400 KB
  assert.match(body[2], /≤ 400 KB gzip \| ✗ 422\.6 KB \|/);
  assert.ok(!md.includes('{"name"'), 'no JSON bullets');
  assert.match(md, /JS 400 KB · CSS 2 KB · phông chữ 20 KB · HTML 0\.6 KB/);
});

test('no web figures, no web rows', () => {
  assert.deepEqual(webRows(null), []);
});

test('what counts as what, and how it travels', () => {
  assert.equal(kindOf('http://x/assets/a-1.js', 'text/javascript'), 'js');
  assert.equal(kindOf('http://x/assets/f.woff2', 'font/woff2'), 'font');
  assert.equal(kindOf('http://x/api/admin/profile', 'application/json'), 'api');
  assert.equal(kindOf('http://x/admin/home', 'text/html; charset=utf-8'), 'html');
  const text = Buffer.from('const a = 1;\n'.repeat(1000));
  assert.ok(transferBytes(text, 'js', 'text/javascript') < text.length / 10);
  const font = Buffer.alloc(5000, 7);
  assert.equal(transferBytes(font, 'font', 'font/woff2'), 5000);
  assert.equal(breakdown([d('/a.js', 'js', 1024), d('/api/x', 'api', 99999)]), 'JS 1 KB');
});

test('BENCH_REPEAT: each figure is the median of its rounds, counts are summed', () => {
  const m = (rps: number, p99: number, load: number) => ({ rps, p50: rps / 1000, p99, total: rps * 10, non2xx: 1, errors: 0, load });
  const one = m(5000, 20, 1);
  assert.equal(medianMeasure([one]), one);
  assert.deepEqual(medianMeasure([m(5000, 30, 1.5), m(7000, 12, 1), m(6000, 14, 2)]), {
    rps: 6000,
    p50: 6,
    p99: 14,
    total: 180_000,
    non2xx: 3,
    errors: 0,
    load: 1.5,
  });
  // an even count: the mean of the middle two
  assert.equal(medianMeasure([m(4000, 10, 1), m(5000, 20, 1), m(6000, 30, 1), m(9000, 40, 1)]).p99, 25);
});

test('a figure under background jobs is a ratio to the same route without jobs: req/s and p99', () => {
  const m = (rps: number, p99: number) => ({ rps, p50: 1, p99, total: 1, non2xx: 0, errors: 0 });
  const rows = [
    { key: 'jobsHealthIdle', scenario: 'health, không có tác vụ', engine: 'pglite' as const, m: m(2000, 4) },
    { key: 'jobsHealth', scenario: 'health khi có tác vụ', engine: 'pglite' as const, m: m(500, 40) },
  ];
  const line = renderTable(rows, null, { seconds: 1, connections: 4, rows: 1, cpus: 2, node: 'v20' })
    .split('\n')
    .find((l) => l.startsWith('| health khi có tác vụ'));
  assert.match(line ?? '', /\| 25 %, p99 ×10 khi không có tác vụ \| — \|/);
});
