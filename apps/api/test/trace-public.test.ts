import crypto from 'node:crypto';
import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec } from '../src/core/resource-store';
import { INACTIVE_TRACE, UNKNOWN_CODE } from '../src/modules/trace-public/public-page.module';
import { distanceKm } from '../src/modules/trace-public/scans';
import { expectDocumented } from './documented';
import { call, makeApp, makeUser, type TestApp } from './helpers';
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

function view(url: string, o: { ua?: string | null; ip?: string; headers?: Record<string, string>; method?: 'GET' | 'HEAD'; cookie?: string } = {}) {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.cookie) headers.cookie = o.cookie;
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
    await exec<{ status: string; scan_count: number; scanner_count: number; flagged: boolean; anomaly: boolean; activated_at: string | null }>(
      db(),
      sql`select status, scan_count, scanner_count, flagged, anomaly_at is not null as anomaly, activated_at from stamp_codes where code = ${code}`,
    )
  )[0];
/** The scan token a counted page carries for the location consent. */
const tokenOf = (body: string) => /data-scan="([^"]+)"/.exec(body)?.[1] ?? '';
/** The `nns_scan` cookie a page set, as a Cookie header. */
const cookieOf = (r: { headers: Record<string, unknown> }) => {
  const c = ([] as unknown[])
    .concat(r.headers['set-cookie'] ?? [])
    .map(String)
    .find((x) => x.startsWith('nns_scan='));
  return c ? c.split(';')[0] : '';
};
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
    // the location consent carries an unguessable token, never the scan's sequential id; the page sets the scanner cookie
    expect(tokenOf(r.body)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(r.body).not.toContain(`data-scan="${scans[0].id}"`);
    expect(String(r.headers['set-cookie'])).toMatch(/^nns_scan=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    // the roll-up of the day holds it
    const [daily] = await exec<{ scans: number; first_scans: number }>(
      db(),
      sql`select sum(scans)::int as scans, sum(first_scans)::int as first_scans from scan_daily where product_id = ${w.productId}`,
    );
    expect(daily).toEqual({ scans: 1, first_scans: 1 });
  });

  it('marks a stamp scanned by more than N distinct scanners (config) as an anomaly: the page asks to check the seal, it does not say fake', async () => {
    const w = await world();
    const { code } = w.codes[1];
    for (let i = 1; i <= 3; i++) {
      const r = await view(`/truy-xuat/${code}`, { ip: `198.51.100.${10 + i}` });
      expect(r.body).toContain('Tem chính hãng');
    }
    expect(await stampRow(code)).toMatchObject({ flagged: false, anomaly: false });
    const fourth = await view(`/truy-xuat/${code}`, { ip: '198.51.100.20' });
    expect(fourth.body).toContain('Mã này đã được nhiều người kiểm tra, hãy kiểm tra tem niêm phong');
    expect(fourth.body).not.toContain('tem có dấu hiệu bị làm giả');
    expect(fourth.body).toContain('Đã được quét 4 lần trên 4 thiết bị');
    expect(await stampRow(code)).toMatchObject({ scan_count: 4, scanner_count: 4, flagged: false, anomaly: true });
    const [daily] = await exec<{ scans: number; flagged: number }>(
      db(),
      sql`select sum(scans)::int as scans, sum(flagged)::int as flagged from scan_daily where product_id = ${w.productId}`,
    );
    expect(daily).toEqual({ scans: 4, flagged: 0 });
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
    // each consumer saw the count after their own view (six scanners); the fourth and later are asked to check the seal
    const counts = pages.slice(0, 6).map((p) => Number(/Đã được quét (\d+) lần trên \1 thiết bị/.exec(p.body)?.[1] ?? 0));
    expect(counts.filter((n) => n > 0).sort()).toEqual([2, 3, 4, 5, 6]);
    expect(pages.slice(0, 6).filter((p) => p.body.includes('Đây là lần quét đầu tiên'))).toHaveLength(1);
    expect(pages.slice(0, 6).filter((p) => p.body.includes('Mã này đã được nhiều người kiểm tra'))).toHaveLength(3);
    expect(await stampRow(a.code)).toMatchObject({ scan_count: 6, scanner_count: 6, anomaly: true, flagged: false, status: 'activated' });
    expect(await stampRow(b.code)).toMatchObject({ scan_count: 2, scanner_count: 2, anomaly: false, flagged: false });
    const tokens = pages.slice(0, 6).map((p) => tokenOf(p.body));
    expect(new Set(tokens).size).toBe(6);
    const hashes = await exec<{ h: string }>(
      db(),
      sql`select token_hash as h from scans where stamp_code_id = (select id from stamp_codes where code = ${a.code})`,
    );
    expect(hashes.map((x) => x.h).sort()).toEqual(tokens.map((k) => crypto.createHash('sha256').update(k).digest('hex')).sort());
    const [flags] = await exec<{ first: number; flagged: number; scanners: number }>(
      db(),
      sql`select count(*) filter (where first_scan)::int as first, count(*) filter (where flagged)::int as flagged,
        count(*) filter (where new_scanner)::int as scanners from scans where stamp_code_id = (select id from stamp_codes where code = ${a.code})`,
    );
    expect(flags).toEqual({ first: 1, flagged: 0, scanners: 6 });
    const [daily] = await exec<{ scans: number; first_scans: number; flagged: number }>(
      db(),
      sql`select sum(scans)::int as scans, sum(first_scans)::int as first_scans, sum(flagged)::int as flagged from scan_daily where product_id = ${w.productId}`,
    );
    expect(daily).toEqual({ scans: 8, first_scans: 2, flagged: 0 });
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

describe('counterfeit signal (issue 28 §1)', () => {
  const loc = (body: unknown, o: { cookie?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/web/scans/location',
      payload: body as object,
      headers: { 'user-agent': PHONE_UA, ...(o.cookie ? { cookie: o.cookie } : {}) },
      remoteAddress: o.ip ?? '203.0.113.7',
    });
  const outcome = async (r: Promise<{ json: () => { data: { outcome: string } } }>) => (await r).json().data.outcome;
  const DALAT = { lat: 11.9404, long: 108.4583 };
  const SAIGON = { lat: 10.7769, long: 106.7009 };
  const HANOI = { lat: 21.0285, long: 105.8542 };

  it('counts distinct scanners, not page views: a phone reloading stays genuine, and a client without cookies counts once per address and browser', async () => {
    const w = await world();
    const { code } = w.codes[0];
    const first = await view(`/truy-xuat/${code}`, { ip: '100.64.0.1' });
    const cookie = cookieOf(first);
    expect(cookie).toMatch(/^nns_scan=/);
    // seven views in all from one phone, its mobile address changing between them
    for (let i = 2; i <= 7; i++) {
      const r = await view(`/truy-xuat/${code}`, { ip: `100.64.0.${i}`, cookie });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('Tem chính hãng');
      expect(r.headers['set-cookie']).toBeUndefined();
    }
    expect(await stampRow(code)).toMatchObject({ scan_count: 7, scanner_count: 1, flagged: false, anomaly: false });
    // a client that drops cookies, or makes new ones up, from one address and browser: one more scanner
    for (let i = 0; i < 7; i++) {
      const forged = i % 2 ? `nns_scan=${crypto.randomBytes(16).toString('base64url')}` : undefined;
      expect((await view(`/truy-xuat/${code}`, { ip: '198.51.100.77', cookie: forged })).body).toContain('Tem chính hãng');
    }
    // an IPv6 subscriber rotating the lower half of its /64: one more
    for (let i = 1; i <= 5; i++) await view(`/truy-xuat/${code}`, { ip: `2001:db8:1:2::${i.toString(16)}` });
    expect(await stampRow(code)).toMatchObject({ scan_count: 19, scanner_count: 3, flagged: false, anomaly: false });
    const page = await view(`/truy-xuat/${code}`, { ip: '100.64.0.9', cookie });
    expect(page.body).toContain('Tem chính hãng');
    expect(page.body).toContain('Đã được quét 20 lần trên 3 thiết bị');
  });

  it('mass views from many addresses raise an anomaly and tell the producer and the ward officers once, never the fake verdict', async () => {
    const w = await world();
    const { code, serial } = w.codes[0];
    // the producer's own account (users.manufacture_id)
    const producer = await makeUser(t, { perms: ['list:stamps'] });
    await exec(db(), sql`update users set manufacture_id = ${w.manufactureId} where id = ${producer.id}`);
    const officer = await makeUser(t, { perms: ['list:stamps', 'approve:stamps'], wardId: w.wardId });
    const otherWard = await makeUser(t, { perms: ['list:stamps'], wardId: (await world({ stamps: 1 })).wardId });
    // twenty addresses × ten views
    for (let round = 0; round < 10; round++) {
      const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => view(`/truy-xuat/${code}`, { ip: `192.0.2.${10 + i}` })));
      expect(pages.every((p) => p.statusCode === 200 && !p.body.includes('tem có dấu hiệu bị làm giả'))).toBe(true);
    }
    expect(await stampRow(code)).toMatchObject({ scan_count: 200, scanner_count: 20, anomaly: true, flagged: false });
    const page = await view(`/truy-xuat/${code}`, { ip: '192.0.2.10' });
    expect(page.body).toContain('Mã này đã được nhiều người kiểm tra, hãy kiểm tra tem niêm phong');
    expect(page.body).toContain('class="warn"');
    expect(page.body).not.toContain('tem có dấu hiệu bị làm giả');
    const inbox = (userId: number) =>
      exec<{ title: string }>(
        db(),
        sql`select n.title from notification_recipients r join notifications n on n.id = r.notification_id where r.user_id = ${userId} and n.title like ${`Tem số ${serial} %`}`,
      );
    let got: { title: string }[] = [];
    for (let i = 0; i < 100 && got.length === 0; i++) {
      got = await inbox(officer.id);
      if (!got.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(got).toEqual([{ title: `Tem số ${serial} được quét bất thường` }]);
    expect(await inbox(producer.id)).toHaveLength(1);
    expect(await inbox(otherWard.id)).toHaveLength(0);
    // the mark is in the stamp statistics for the ward's officer
    const marked = await call(t, 'GET', '/api/admin/stamp-statistics/marked', { query: { product_id: String(w.productId) } });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expectDocumented(t, 'GET', '/api/admin/stamp-statistics/marked', marked.body);
    expect(marked.body.data.entries, JSON.stringify(marked.body.data.entries)).toEqual([
      expect.objectContaining({ serial, code, scan_count: 201, scanner_count: 20, flagged: false }),
    ]);
    expect(marked.body.data.entries[0].anomaly_at).toMatch(/Z$/);
  });

  it('attaches a location only to the scan the same client just made, by its token, once, within minutes', async () => {
    const w = await world();
    const { code } = w.codes[0];
    const mine = await view(`/truy-xuat/${code}`, { ip: '198.51.100.60' });
    const cookie = cookieOf(mine);
    const token = tokenOf(mine.body);
    const [scan] = await scansOf(code);
    // the old sequential id is refused; a made-up token, another code or a stranger's client find nothing
    const old = await loc({ code, scan_id: scan.id, ...DALAT }, { cookie });
    expect(old.statusCode).toBe(400);
    const bad = await loc({ code, token: 'x', ...DALAT }, { cookie });
    expect(bad.json().data.errors).toEqual([{ field: 'token', message: 'Mã lượt quét không hợp lệ' }]);
    expect(await outcome(loc({ code, token: crypto.randomBytes(16).toString('base64url'), ...DALAT }, { cookie }))).toBe('unknown');
    expect(await outcome(loc({ code: w.codes[1].code, token, ...DALAT }, { cookie }))).toBe('unknown');
    const stranger = cookieOf(await view(`/truy-xuat/${w.codes[2].code}`, { ip: '198.51.100.61' }));
    expect(await outcome(loc({ code, token, ...SAIGON }, { cookie: stranger, ip: '198.51.100.60' }))).toBe('unknown');
    expect(await outcome(loc({ code, token, ...SAIGON }, { ip: '198.51.100.99' }))).toBe('unknown');
    // the consumer's own: once
    const ok = await loc({ code, token, ...DALAT }, { cookie, ip: '198.51.100.62' });
    expect(ok.json().data).toMatchObject({ outcome: 'recorded', flagged: false, note: 'Đã ghi nhận vị trí, cảm ơn bạn' });
    expect(await outcome(loc({ code, token, ...DALAT }, { cookie }))).toBe('unknown');
    // a browser without cookies is known by its address and browser
    const bare = await view(`/truy-xuat/${code}`, { ip: '198.51.100.63' });
    expect(await outcome(loc({ code, token: tokenOf(bare.body), ...DALAT }, { ip: '198.51.100.64' }))).toBe('unknown');
    expect(await outcome(loc({ code, token: tokenOf(bare.body), ...DALAT }, { ip: '198.51.100.63' }))).toBe('recorded');
    // a token older than ten minutes has expired
    const late = await view(`/truy-xuat/${code}`, { ip: '198.51.100.65' });
    await exec(
      db(),
      sql`update scans set scanned_at = now() - interval '11 minutes' where token_hash = ${crypto.createHash('sha256').update(tokenOf(late.body)).digest('hex')}`,
    );
    expect(await outcome(loc({ code, token: tokenOf(late.body), ...DALAT }, { cookie: cookieOf(late) }))).toBe('unknown');
  });

  it("never flags on one client's own scans; flags different scanners farther apart than travel allows once the stamp has the anomaly", async () => {
    expect(distanceKm(SAIGON, HANOI)).toBeGreaterThan(1100);
    const w = await world();
    const { code } = w.codes[0];
    const scanAt = async (ip: string, place: { lat: number; long: number }, cookie?: string) => {
      const r = await view(`/truy-xuat/${code}`, { ip, cookie });
      const c = cookie ?? cookieOf(r);
      return { cookie: c, outcome: await outcome(loc({ code, token: tokenOf(r.body), ...place }, { cookie: c, ip })) };
    };
    // one phone in Đà Lạt then "in" Sài Gòn 230 km away a moment later: its own scans
    const a = await scanAt('198.51.100.70', DALAT);
    expect(a.outcome).toBe('recorded');
    expect((await scanAt('198.51.100.71', SAIGON, a.cookie)).outcome).toBe('recorded');
    // another scanner in Hà Nội: far apart, but two scanners are no verdict yet
    expect((await scanAt('198.51.100.72', HANOI)).outcome).toBe('recorded');
    expect(await stampRow(code)).toMatchObject({ scanner_count: 2, flagged: false, anomaly: false });
    // two more scanners make the anomaly (flag after 3): with it, scanners farther apart than travel allows flag the stamp
    expect((await scanAt('198.51.100.73', { lat: 11.76, long: 108.44 })).outcome).toBe('recorded');
    expect((await scanAt('198.51.100.74', { lat: 11.95, long: 108.45 })).outcome).toBe('flagged');
    expect(await stampRow(code)).toMatchObject({ scanner_count: 4, flagged: true, anomaly: true });
    const page = await view(`/truy-xuat/${code}`, { ip: '198.51.100.75' });
    expect(page.body).toContain('tem có dấu hiệu bị làm giả');
    expect(page.body).toContain('class="bad"');
    const [daily] = await exec<{ flagged: number }>(db(), sql`select sum(flagged)::int as flagged from scan_daily where product_id = ${w.productId}`);
    expect(daily.flagged).toBe(1);
  });

  it('an officer clears a flag with a reason, in the system log, and the page is normal again', async () => {
    const w = await world();
    const { code, serial } = w.codes[0];
    for (let i = 0; i < 4; i++) await view(`/truy-xuat/${code}`, { ip: `198.51.100.${80 + i}` });
    await exec(db(), sql`update stamp_codes set flagged = true where code = ${code}`);
    expect((await view(`/truy-xuat/${code}`, { ip: '198.51.100.80' })).body).toContain('tem có dấu hiệu bị làm giả');
    const url = `/api/admin/stamps/${w.runId}/codes/${serial}/clear-flag`;
    const officer = await makeUser(t, { perms: ['list:stamps', 'approve:stamps'], wardId: w.wardId });
    const viewer = await makeUser(t, { perms: ['list:stamps', 'update:stamps'], wardId: w.wardId });
    const elsewhere = await makeUser(t, { perms: ['list:stamps', 'approve:stamps'], wardId: (await world({ stamps: 1 })).wardId });
    expect((await call(t, 'PUT', url, { token: viewer.token, body: { reason: 'Đã kiểm tra lô hàng' } })).status).toBe(403);
    expect((await call(t, 'PUT', url, { token: elsewhere.token, body: { reason: 'Đã kiểm tra lô hàng' } })).status).toBe(404);
    const noReason = await call(t, 'PUT', url, { token: officer.token, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.errors).toEqual([{ field: 'reason', message: 'Vui lòng nhập lý do gỡ đánh dấu' }]);
    expect((await call(t, 'PUT', url, { token: officer.token, body: { reason: '  ' } })).body.data.errors[0].field).toBe('reason');
    expect((await call(t, 'PUT', `/api/admin/stamps/${w.runId}/codes/1/clear-flag`, { token: officer.token, body: { reason: 'Đã kiểm tra' } })).status).toBe(
      404,
    );
    expect(await stampRow(code)).toMatchObject({ flagged: true, anomaly: true });
    const ok = await call(t, 'PUT', url, { token: officer.token, body: { reason: 'Đã kiểm tra tại cửa hàng: tem niêm phong còn nguyên' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expectDocumented(t, 'PUT', '/api/admin/stamps/:id/codes/:serial/clear-flag', ok.body);
    expect(ok.body.message).toBe('Đã gỡ đánh dấu tem');
    expect(await stampRow(code)).toMatchObject({ flagged: false, anomaly: false, scanner_count: 4 });
    const [log] = await exec<{ action: string; subject: string; record_id: string; before: { flagged: boolean }; after: { reason: string } }>(
      db(),
      sql`select action, subject, record_id, before, after from audit_logs where actor_id = ${officer.id} and action = 'clear-flag' order by id desc limit 1`,
    );
    expect(log).toMatchObject({ action: 'clear-flag', subject: 'stamps', record_id: String(w.runId) });
    expect(log.before).toMatchObject({ flagged: true });
    expect(log.after).toMatchObject({ serial, flagged: false, anomaly_at: null, reason: 'Đã kiểm tra tại cửa hàng: tem niêm phong còn nguyên' });
    const page = await view(`/truy-xuat/${code}`, { ip: '198.51.100.81' });
    expect(page.body).toContain('Tem chính hãng');
    expect((await call(t, 'PUT', url, { token: officer.token, body: { reason: 'Lần nữa' } })).status).toBe(409);
    const marked = await call(t, 'GET', '/api/admin/stamp-statistics/marked', { query: { product_id: String(w.productId) } });
    expect(marked.body.data.entries).toEqual([]);
    // the threshold counts the scanners after the clearing
    for (let i = 0; i < 3; i++) await view(`/truy-xuat/${code}`, { ip: `198.51.100.${90 + i}` });
    expect(await stampRow(code)).toMatchObject({ scanner_count: 7, anomaly: false });
    await view(`/truy-xuat/${code}`, { ip: '198.51.100.95' });
    expect(await stampRow(code)).toMatchObject({ scanner_count: 8, anomaly: true, flagged: false });
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
