import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec } from '../src/core/resource-store';
import { INACTIVE_TRACE, UNKNOWN_CODE } from '../src/modules/trace-public/public-page.module';
import { distanceKm } from '../src/modules/trace-public/scans';
import { call, makeApp, type TestApp } from './helpers';
import { createSample, gtin13 } from './samples';

/** The public trace page, scans and GS1 Digital Link (issue 14 §2, §5, §7, §10). */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ SCAN_FLAG_AFTER: 3, SCAN_RATE_PER_10_MIN: 20 });
});
afterAll(async () => t?.close());

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`.toUpperCase();
let serialBase = 9_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const db = () => t.app.services.db;

function view(url: string, o: { ua?: string | null; ip?: string; headers?: Record<string, string>; method?: 'GET' | 'HEAD' } = {}) {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  // inject would send its own 'lightMyRequest' agent: an empty one stands for none
  headers['user-agent'] = o.ua === null ? '' : (o.ua ?? PHONE_UA);
  return t.app.inject({ method: o.method ?? 'GET', url, headers, remoteAddress: o.ip ?? '203.0.113.7' });
}

/** A producer, a product with a GTIN, a batch with diaries (one not traceable), a trace, and a run of stamps. */
async function world(o: { active?: boolean; stamps?: number } = {}) {
  const wardId = await createSample(t, resourceByName.wards);
  const m = await call(t, 'POST', '/api/admin/manufactures', {
    body: { code: uniq('CSSX'), name: 'HTX Cà phê Cầu Đất', ward_id: wardId, address: '12 Trần Phú', certifications: [{ type: 'vietgap', number: 'VG-01' }] },
  });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const manufactureId = m.body.data.entry.id as number;
  const gtin = gtin13();
  const p = await call(t, 'POST', '/api/admin/products', {
    body: { code: uniq('SP'), name: 'Cà phê Arabica Cầu Đất <b>', gtin, manufacture_id: manufactureId },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  const productId = p.body.data.entry.id as number;
  const area = await call(t, 'POST', '/api/admin/material-areas', {
    body: { code: uniq('VNL'), name: 'Vùng Cầu Đất', acreage: 12.5, manufacture_id: manufactureId, lat: 11.87, long: 108.55 },
  });
  expect(area.status, JSON.stringify(area.body)).toBe(200);
  const b = await call(t, 'POST', '/api/admin/batches', {
    body: { code: uniq('LO'), product_id: productId, manufacture_id: manufactureId, planting_date: '2025-03-01T00:00:00Z' },
  });
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  const batchId = b.body.data.entry.id as number;
  for (const [at, activity, traceable] of [
    ['2025-03-02T01:00:00Z', 'planting', true],
    ['2025-04-10T01:00:00Z', 'fertilizing', false],
    ['2025-05-20T01:00:00Z', 'harvest', true],
  ] as const) {
    const d = await call(t, 'POST', '/api/admin/diaries', {
      body: { batch_id: batchId, performed_at: at, activity, is_traceable: traceable, note: `Ghi chú ${activity}` },
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
  }
  const tr = await call(t, 'POST', '/api/admin/traces', {
    body: {
      code: uniq('TX'),
      product_id: productId,
      batch_id: batchId,
      manufacture_id: manufactureId,
      material_area_id: area.body.data.entry.id,
      planting_date: '2025-03-01T00:00:00Z',
      harvest_date: '2025-05-20T00:00:00Z',
      expired_date: '2026-05-20T00:00:00Z',
      distributors: [{ name: 'Đại lý Nông sản Sạch Đà Lạt', address: '5 Phan Đình Phùng' }],
      active: o.active ?? true,
    },
  });
  expect(tr.status, JSON.stringify(tr.body)).toBe(200);
  const trace = tr.body.data.entry as { id: number; code: string };
  const count = o.stamps ?? 3;
  const from = (serialBase += 1000);
  const [run] = await exec<{ id: number }>(
    db(),
    sql`insert into stamps (product_id, trace_id, manufacture_id, quantity, serial_from, serial_to) values (${productId}, ${trace.id}, ${manufactureId}, ${count}, ${from}, ${from + count - 1}) returning id`,
  );
  const codes: { code: string; serial: number }[] = [];
  for (let i = 0; i < count; i++) {
    const code = uniq('S')
      .replace(/[^A-Z0-9]/g, '')
      .slice(-13);
    await exec(db(), sql`insert into stamp_codes (stamp_id, serial, code, status) values (${run.id}, ${from + i}, ${code}, 'printed')`);
    codes.push({ code, serial: from + i });
  }
  return { wardId, manufactureId, productId, gtin, batchCode: b.body.data.entry.code as string, trace, codes, runId: run.id };
}

const stampRow = async (code: string) =>
  (
    await exec<{ status: string; scan_count: number; flagged: boolean; activated_at: string | null }>(
      db(),
      sql`select status, scan_count, flagged, activated_at from stamp_codes where code = ${code}`,
    )
  )[0];
const scansOf = async (code: string) =>
  exec<{ id: number; ip: string; user_agent: string; ward_id: number; first_scan: boolean }>(
    db(),
    sql`select id::float8 as id, ip, user_agent, ward_id, first_scan from scans where stamp_code_id = (select id from stamp_codes where code = ${code}) order by id`,
  );

describe('trace page', () => {
  it('shows a trace in Vietnamese, escaped, with producer, area, dates, traceable diaries only, distributors and Open Graph, cacheable', async () => {
    const w = await world();
    const r = await view(`/truy-xuat/${w.trace.code}?fbclid=abc`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const body = r.body;
    expect(body).toContain('<html lang="vi">');
    expect(body).toContain('Cà phê Arabica Cầu Đất &lt;b&gt;');
    expect(body).not.toContain('Cầu Đất <b>');
    expect(body).toContain('HTX Cà phê Cầu Đất');
    expect(body).toContain('12 Trần Phú');
    expect(body).toContain('VietGAP VG-01');
    expect(body).toContain('Vùng Cầu Đất');
    expect(body).toContain('https://www.openstreetmap.org/?mlat=11.87&amp;mlon=108.55');
    expect(body).toContain('20/05/2025');
    expect(body).toContain('Gieo trồng');
    expect(body).toContain('Thu hoạch');
    expect(body).not.toContain('Bón phân');
    expect(body.indexOf('Gieo trồng')).toBeLessThan(body.indexOf('Ghi chú harvest'));
    expect(body).toContain('Đại lý Nông sản Sạch Đà Lạt');
    expect(body).toContain(`<meta property="og:url" content="http://nns.test/truy-xuat/${w.trace.code}">`);
    expect(body).toContain('og:title');
    expect(body).not.toContain('<script');
    expect(Buffer.byteLength(body)).toBeLessThan(50 * 1024);
    expect(r.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    // a trace page records no scan
    expect((await exec(db(), sql`select 1 from scans where trace_id = ${w.trace.id}`)).length).toBe(0);
  });

  it('answers 404 with the warning for an unknown or malformed code and 410 for an inactive trace', async () => {
    for (const code of ['KHONGCO123', 'a%20b', 'x'.repeat(65)]) {
      const r = await view(`/truy-xuat/${code}`);
      expect(r.statusCode, code).toBe(404);
      expect(r.body).toContain(UNKNOWN_CODE);
    }
    const w = await world({ active: false });
    const r = await view(`/truy-xuat/${w.trace.code}`);
    expect(r.statusCode).toBe(410);
    expect(r.body).toContain(INACTIVE_TRACE);
    const s = await view(`/truy-xuat/${w.codes[0].code}`);
    expect(s.statusCode).toBe(410);
    expect(await scansOf(w.codes[0].code)).toHaveLength(0);
  });
});

describe('stamp page and scans', () => {
  it('records one scan per view: the first activates the stamp, the page shows the serial and genuineness, never shared-cached', async () => {
    const w = await world();
    const { code, serial } = w.codes[0];
    const r = await view(`/truy-xuat/${code}`, { ip: '198.51.100.1' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('private, no-cache');
    expect(r.body).toContain('Tem chính hãng');
    expect(r.body).toContain(String(serial));
    expect(r.body).toContain('Đây là lần quét đầu tiên');
    expect(r.body).toContain('Cà phê Arabica Cầu Đất');
    expect(r.body).toContain('<script>');
    const row = await stampRow(code);
    expect(row.status).toBe('activated');
    expect(row.scan_count).toBe(1);
    expect(row.activated_at).not.toBeNull();
    const scans = await scansOf(code);
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ ip: '198.51.100.1', user_agent: PHONE_UA, ward_id: w.wardId, first_scan: true });
    expect(r.body).toContain(`data-scan="${scans[0].id}"`);
    // the roll-up of the day holds it
    const [daily] = await exec<{ scans: number; first_scans: number }>(
      db(),
      sql`select sum(scans)::int as scans, sum(first_scans)::int as first_scans from scan_daily where product_id = ${w.productId}`,
    );
    expect(daily).toEqual({ scans: 1, first_scans: 1 });
  });

  it('flags a stamp scanned more than N times (config) and the page warns the consumer', async () => {
    const w = await world();
    const { code } = w.codes[1];
    for (let i = 1; i <= 3; i++) {
      const r = await view(`/truy-xuat/${code}`, { ip: `198.51.100.${10 + i}` });
      expect(r.body).toContain('Tem chính hãng');
    }
    expect((await stampRow(code)).flagged).toBe(false);
    const fourth = await view(`/truy-xuat/${code}`, { ip: '198.51.100.20' });
    expect(fourth.body).toContain('tem có dấu hiệu bị làm giả');
    expect(fourth.body).toContain('đã được quét <b>4</b> lần');
    expect(await stampRow(code)).toMatchObject({ scan_count: 4, flagged: true });
    const [daily] = await exec<{ scans: number; flagged: number }>(
      db(),
      sql`select sum(scans)::int as scans, sum(flagged)::int as flagged from scan_daily where product_id = ${w.productId}`,
    );
    expect(daily).toEqual({ scans: 4, flagged: 1 });
  });

  it('does not count bots, link previews, prefetches, HEAD or a missing user agent', async () => {
    const w = await world();
    const { code } = w.codes[0];
    const cases: { ua?: string | null; headers?: Record<string, string> }[] = [
      { ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
      { ua: 'Zalo-Bot/1.0' },
      { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { ua: 'TelegramBot (like TwitterBot)' },
      { ua: 'curl/8.5.0' },
      { ua: null },
      { headers: { 'sec-purpose': 'prefetch;prerender' } },
      { headers: { purpose: 'prefetch' } },
    ];
    for (const o of cases) {
      const r = await view(`/truy-xuat/${code}`, o);
      expect(r.statusCode, JSON.stringify(o)).toBe(200);
      expect(r.body).toContain('Tem chính hãng');
      expect(r.body).not.toContain('<script>');
    }
    expect((await view(`/truy-xuat/${code}`, { method: 'HEAD' })).statusCode).toBe(200);
    expect(await stampRow(code)).toMatchObject({ scan_count: 0, status: 'printed' });
    expect(await scansOf(code)).toHaveLength(0);
    // Zalo's in-app browser is a consumer
    await view(`/truy-xuat/${code}`, { ua: `${PHONE_UA} Zalo iOS/470` });
    expect((await stampRow(code)).scan_count).toBe(1);
  });

  it('stops counting one address past its limit but still shows the page', async () => {
    const w = await world({ stamps: 2 });
    const ip = '192.0.2.99';
    for (let i = 0; i < 20; i++) await view(`/truy-xuat/${w.codes[i % 2].code}`, { ip });
    const past = await view(`/truy-xuat/${w.codes[0].code}`, { ip });
    expect(past.statusCode).toBe(200);
    expect(past.body).toContain('Cà phê Arabica');
    const [{ n }] = await exec<{ n: number }>(db(), sql`select count(*)::int as n from scans where ip = ${ip}`);
    expect(n).toBe(20);
    // another address is counted
    await view(`/truy-xuat/${w.codes[0].code}`, { ip: '192.0.2.100' });
    expect((await scansOf(w.codes[0].code)).length).toBe(11);
  });

  it('records views arriving together in one statement with the same counts, flags and limits as one by one', async () => {
    const w = await world({ stamps: 3 });
    const [a, b, c] = w.codes;
    // six consumers at once on one stamp (flag after 3), a bot among them, two views of another stamp
    const pages = await Promise.all([
      ...[1, 2, 3, 4, 5, 6].map((i) => view(`/truy-xuat/${a.code}`, { ip: `198.51.100.${120 + i}` })),
      view(`/truy-xuat/${a.code}`, { ua: 'Zalo-Bot/1.0' }),
      view(`/truy-xuat/${b.code}`, { ip: '198.51.100.140' }),
      view(`/truy-xuat/${b.code}`, { ip: '198.51.100.141' }),
      view(`/truy-xuat/NOPE${a.code}`),
    ]);
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 404]);
    // each consumer saw the count after their own view; the fourth and later are warned
    const counts = pages.slice(0, 6).map((p) => Number(/đã được quét <b>(\d+)<\/b> lần/.exec(p.body)?.[1] ?? 0));
    expect(counts.filter((n) => n > 0).sort()).toEqual([4, 5, 6]);
    expect(pages.slice(0, 6).filter((p) => p.body.includes('Đây là lần quét đầu tiên'))).toHaveLength(1);
    expect(await stampRow(a.code)).toMatchObject({ scan_count: 6, flagged: true, status: 'activated' });
    expect(await stampRow(b.code)).toMatchObject({ scan_count: 2, flagged: false });
    const ids = pages.slice(0, 6).map((p) => Number(/data-scan="(\d+)"/.exec(p.body)?.[1]));
    expect(new Set(ids).size).toBe(6);
    expect((await scansOf(a.code)).map((s) => s.id).sort()).toEqual([...ids].sort());
    const [flags] = await exec<{ first: number; flagged: number }>(
      db(),
      sql`select count(*) filter (where first_scan)::int as first, count(*) filter (where flagged)::int as flagged from scans where stamp_code_id = (select id from stamp_codes where code = ${a.code})`,
    );
    expect(flags).toEqual({ first: 1, flagged: 1 });
    const [daily] = await exec<{ scans: number; first_scans: number; flagged: number }>(
      db(),
      sql`select sum(scans)::int as scans, sum(first_scans)::int as first_scans, sum(flagged)::int as flagged from scan_daily where product_id = ${w.productId}`,
    );
    expect(daily).toEqual({ scans: 8, first_scans: 2, flagged: 1 });
    // one address at once past its limit (20): exactly 20 counted
    const ip = '192.0.2.150';
    const burst = await Promise.all(Array.from({ length: 26 }, (_, i) => view(`/truy-xuat/${[b, c][i % 2].code}`, { ip })));
    expect(burst.every((p) => p.statusCode === 200)).toBe(true);
    const [{ n }] = await exec<{ n: number }>(db(), sql`select count(*)::int as n from scans where ip = ${ip}`);
    expect(n).toBe(20);
  });

  it('refuses a voided stamp with 404 and records nothing', async () => {
    const w = await world();
    const { code } = w.codes[2];
    await exec(db(), sql`update stamp_codes set status = 'voided', voided_at = now() where code = ${code}`);
    const r = await view(`/truy-xuat/${code}`);
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain(UNKNOWN_CODE);
    expect(await scansOf(code)).toHaveLength(0);
  });

  it('stores a location the consumer shares once, and flags two places more than 50 km apart within a day', async () => {
    expect(distanceKm({ lat: 10.7769, long: 106.7009 }, { lat: 21.0285, long: 105.8542 })).toBeGreaterThan(1100);
    const w = await world();
    const { code } = w.codes[0];
    const first = await view(`/truy-xuat/${code}`, { ip: '198.51.100.50' });
    const scanId = Number(/data-scan="(\d+)"/.exec(first.body)?.[1]);
    const loc = (body: unknown) => call(t, 'POST', '/api/web/scans/location', { body, token: '' });
    const bad = await loc({ code, scan_id: scanId, lat: 123, long: 106 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toEqual({ field: 'lat', message: 'Vĩ độ không hợp lệ' });
    const ok = await loc({ code, scan_id: scanId, lat: 11.94, long: 108.44 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ outcome: 'recorded', flagged: false });
    // once only, and only with the stamp's own code
    expect((await loc({ code, scan_id: scanId, lat: 10.77, long: 106.7 })).body.data.outcome).toBe('unknown');
    const second = await view(`/truy-xuat/${code}`, { ip: '198.51.100.51' });
    const secondId = Number(/data-scan="(\d+)"/.exec(second.body)?.[1]);
    expect((await loc({ code: w.codes[1].code, scan_id: secondId, lat: 10.77, long: 106.7 })).body.data.outcome).toBe('unknown');
    // 20 km away: still fine
    expect((await loc({ code, scan_id: secondId, lat: 11.76, long: 108.44 })).body.data.outcome).toBe('recorded');
    const third = await view(`/truy-xuat/${code}`, { ip: '198.51.100.52' });
    const thirdId = Number(/data-scan="(\d+)"/.exec(third.body)?.[1]);
    const far = await loc({ code, scan_id: thirdId, lat: 10.77, long: 106.7 });
    expect(far.body.data).toMatchObject({ outcome: 'flagged', flagged: true });
    expect((await stampRow(code)).flagged).toBe(true);
    expect((await view(`/truy-xuat/${code}`, { ip: '198.51.100.53' })).body).toContain('tem có dấu hiệu bị làm giả');
  });

  it('keeps scans in monthly partitions created ahead', async () => {
    const parts = await exec<{ name: string }>(
      db(),
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'scans' order by 1`,
    );
    const now = new Date();
    const month = (d: number) => {
      const x = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + d, 1));
      return `scans_${x.getUTCFullYear()}${String(x.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(parts.map((p) => p.name)).toEqual(expect.arrayContaining([month(0), month(1), month(2), 'scans_default']));
    const [{ n }] = await exec<{ n: number }>(db(), sql`select count(*)::int as n from scans_default`);
    expect(n).toBe(0);
  });
});

describe('GS1 Digital Link', () => {
  it('redirects /01/{gtin}/10/{lot} to the trace page and /21/{serial} to the stamp page (307)', async () => {
    const w = await world();
    for (const lot of [w.trace.code, w.batchCode]) {
      const r = await view(`/01/${w.gtin}/10/${encodeURIComponent(lot)}`);
      expect(r.statusCode, lot).toBe(307);
      expect(r.headers.location).toBe(`http://nns.test/truy-xuat/${w.trace.code}`);
    }
    const padded = await view(`/01/0${w.gtin}/10/${w.trace.code}/21/${w.codes[1].serial}`);
    expect(padded.statusCode).toBe(307);
    expect(padded.headers.location).toBe(`http://nns.test/truy-xuat/${w.codes[1].code}`);
    expect((await view(`/01/${w.gtin}/21/${w.codes[0].serial}`)).headers.location).toBe(`http://nns.test/truy-xuat/${w.codes[0].code}`);
    // a redirect is not a scan
    expect(await scansOf(w.codes[1].code)).toHaveLength(0);
  });

  it('refuses a bad check digit or malformed path with 400 and an unknown lot or serial with 404', async () => {
    const w = await world();
    const wrong = w.gtin.slice(0, -1) + ((Number(w.gtin.at(-1)) + 1) % 10);
    const r = await view(`/01/${wrong}/10/${w.trace.code}`);
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('Số kiểm tra của mã GTIN không đúng');
    expect((await view(`/01/${w.gtin}/21/1/10/${w.trace.code}`)).statusCode).toBe(400);
    expect((await view(`/01/123/10/X`)).statusCode).toBe(400);
    expect((await view(`/01/${w.gtin}/10/KHONGCO`)).statusCode).toBe(404);
    expect((await view(`/01/${w.gtin}/10/${w.trace.code}/21/1`)).statusCode).toBe(404);
    // another product's GTIN does not reach this trace
    const other = await world();
    expect((await view(`/01/${other.gtin}/10/${w.trace.code}`)).statusCode).toBe(404);
    await exec(db(), sql`update stamp_codes set status = 'voided' where code = ${w.codes[0].code}`);
    expect((await view(`/01/${w.gtin}/21/${w.codes[0].serial}`)).statusCode).toBe(404);
  });
});
