import assert from 'node:assert/strict';
import { test } from 'vitest';
import { type Row, ratioOf, renderTable } from './report';
import { parseWrk, wrkScript } from './wrk';

test('the wrk script sets the headers, walks the paths and prints one JSON line', () => {
  const lua = wrkScript(['/a?x="1"', '/b'], { authorization: 'Bearer t"k' });
  assert.match(lua, /local paths = \{ "\/a\?x=\\"1\\"", "\/b" \}/);
  assert.match(lua, /wrk\.headers\["authorization"\] = "Bearer t\\"k"/);
  assert.match(lua, /function done\(summary, latency, requests\)/);
  assert.match(lua, /@@wrk /);
});

test("wrk's summary line becomes a measure in req/s and ms", () => {
  const m = parseWrk('Running 10s test\n@@wrk {"requests":123456,"duration_us":10000000,"p50_us":3456,"p99_us":21000,"errors":2,"non2xx":1}\n');
  assert.deepEqual(m, { rps: 12345.6, p50: 3.5, p99: 21, total: 123456, non2xx: 1, errors: 2 });
  assert.throws(() => parseWrk('unable to connect'), /no summary/);
});

test('each figure is shown as a share of its ceiling, and the targets are checked', () => {
  const m = (rps: number, p99 = 5) => ({ rps, p50: 1, p99, total: rps, non2xx: 0, errors: 0 });
  const rows: Row[] = [
    { key: 'bareHello', scenario: 'bare hello', engine: 'postgres', m: m(80000) },
    { key: 'bareList', scenario: 'bare list', engine: 'postgres', m: m(13000) },
    { key: 'bareRead', scenario: 'bare read', engine: 'postgres', m: m(20000) },
    { key: 'page1', scenario: 'page 1', engine: 'postgres', m: m(8000, 15) },
    { key: 'read', scenario: 'read', engine: 'postgres', m: m(10000) },
    { key: 'searchRare', scenario: 'rare', engine: 'postgres', m: m(4000) },
    { key: 'page1', scenario: 'page 1', engine: 'pglite', m: m(1000) },
  ];
  assert.equal(ratioOf(rows[3], rows), '10 % hello trần · 61.5 % truy vấn trần');
  assert.equal(ratioOf(rows[4], rows), '50 % đọc trần');
  assert.equal(ratioOf(rows[5], rows), '50 % trang 1');
  const md = renderTable(rows, null, {
    seconds: 10,
    connections: 50,
    rows: { postgres: 1000000, pglite: 100000 },
    cpus: 2,
    node: 'v20',
    uptime: ['up 1 day, load average: 1.00'],
  });
  assert.match(md, /PostgreSQL: 1,000,000 đơn vị tính; PGlite: 100,000 đơn vị tính; wrk 50 kết nối × 10 s/);
  assert.match(md, /uptime: up 1 day/);
  assert.match(
    md,
    /\| page 1 \| PostgreSQL \| 8,000 \| 1 \| 15 \| 10 % hello trần · 61\.5 % truy vấn trần \| ≥ 10 % hello trần, ≥ 60 % truy vấn trần, p99 ≤ 20 ms \| ✓ \|/,
  );
  assert.match(md, /\| read \| PostgreSQL \| 10,000 .*≥ 60 % đọc trần \| ✗ \|/);
  assert.match(md, /\| rare \| PostgreSQL \| 4,000 .*≥ 50 % trang 1 \| ✓ \|/);
  assert.match(md, /\| page 1 \| PGlite \| 1,000 .*≥ 25 % PostgreSQL \| ✗ 12\.5 % \|/);
});
