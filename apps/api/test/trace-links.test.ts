import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec } from '../src/core/resource-store';
import { PRODUCT_PAGE } from '../src/modules/trace-public/public-page.module';
import { call, makeApp, type TestApp } from './helpers';
import { gtin13 } from './samples';

/**
 * Every link the product prints resolves (issue 29 §8, DOMAIN.md 'Traceability facts'): `/01/{gtin}`
 * alone answers 307 to the product's default page, and an EPCIS document names a Digital Link lot
 * only for a batch code that is an AI 10 value.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`.toUpperCase();
const BASE = 'http://nns.test';

async function product(gtin: string) {
  // a ward of its own, written directly: the test is about links, not the administrative list
  const c = uniq('T')
    .replace(/[^A-Z0-9]/g, '')
    .slice(-10);
  const [pv] = await exec<{ id: number }>(t.app.services.db, sql`insert into provinces (code, name) values (${c}, 'Tỉnh thử') returning id`);
  const [w] = await exec<{ id: number }>(t.app.services.db, sql`insert into wards (code, name, province_id) values (${c}, 'Xã thử', ${pv.id}) returning id`);
  const wardId = w.id;
  const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: uniq('CSSX'), name: 'HTX Bưởi Tân Triều', ward_id: wardId } });
  const p = await call(t, 'POST', '/api/admin/products', { body: { code: uniq('SP'), name: 'Bưởi Tân Triều', gtin, manufacture_id: m.body.data.entry.id } });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return { productId: p.body.data.entry.id as number, manufactureId: m.body.data.entry.id as number };
}

async function trace(productId: number, manufactureId: number, o: { active?: boolean; batchCode?: string } = {}) {
  let batch_id: number | undefined;
  if (o.batchCode) {
    const b = await call(t, 'POST', '/api/admin/batches', {
      body: { code: o.batchCode, product_id: productId, manufacture_id: manufactureId, planting_date: '2025-01-05T00:00:00Z' },
    });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    batch_id = b.body.data.entry.id;
    const d = await call(t, 'POST', '/api/admin/diaries', {
      body: { batch_id, performed_at: '2025-04-01T02:00:00Z', activity: 'harvest', is_traceable: true },
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
  }
  const code = uniq('TX');
  const tr = await call(t, 'POST', '/api/admin/traces', {
    body: { code, product_id: productId, manufacture_id: manufactureId, active: o.active ?? true, ...(batch_id ? { batch_id } : {}) },
  });
  expect(tr.status, JSON.stringify(tr.body)).toBe(200);
  return { id: tr.body.data.entry.id as number, code };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Follows a link the product printed: a 307 (at most one) to a page that answers 200. */
async function resolves(link: string): Promise<string> {
  expect(link.startsWith(BASE), link).toBe(true);
  let r = await get(link.slice(BASE.length));
  if (r.statusCode === 307) {
    const to = String(r.headers.location);
    expect(to.startsWith(BASE), to).toBe(true);
    r = await get(to.slice(BASE.length));
  }
  expect(r.statusCode, `${link}: ${r.body.slice(0, 300)}`).toBe(200);
  return r.body;
}

describe('GS1 Digital Link: the GTIN alone', () => {
  it("answers 307 to the product's newest active trace (an inactive newer one passed over), for GTIN-13 and GTIN-14", async () => {
    const gtin = gtin13();
    const p = await product(gtin);
    const older = await trace(p.productId, p.manufactureId);
    const newest = await trace(p.productId, p.manufactureId);
    await trace(p.productId, p.manufactureId, { active: false });
    for (const path of [`/01/${gtin}`, `/01/0${gtin}`]) {
      const r = await get(path);
      expect(r.statusCode, r.body).toBe(307);
      expect(r.headers.location).toBe(`${BASE}/truy-xuat/${newest.code}`);
    }
    expect(await resolves(`${BASE}/01/${gtin}`)).toContain(newest.code);
    expect(older.code).not.toBe(newest.code);
  });

  it('answers 307 to the product page when no trace is active, and that page shows the product', async () => {
    const gtin = gtin13();
    const p = await product(gtin);
    await trace(p.productId, p.manufactureId, { active: false });
    const r = await get(`/01/${gtin}`);
    expect(r.statusCode, r.body).toBe(307);
    expect(r.headers.location).toBe(`${BASE}${PRODUCT_PAGE}0${gtin}`);
    const page = await resolves(`${BASE}/01/${gtin}`);
    expect(page).toContain('Bưởi Tân Triều');
    expect(page).toContain('HTX Bưởi Tân Triều');
  });

  it('answers 404 for a well-formed GTIN no product has (or a deleted product), 400 for a malformed one', async () => {
    const gtin = gtin13();
    expect((await get(`/01/${gtin}`)).statusCode).toBe(404);
    expect((await get(`${PRODUCT_PAGE}0${gtin}`)).statusCode).toBe(404);
    const p = await product(gtin);
    expect((await get(`/01/${gtin}`)).statusCode).toBe(307);
    expect((await call(t, 'DELETE', `/api/admin/products/${p.productId}`)).status).toBe(200);
    expect((await get(`/01/${gtin}`)).statusCode).toBe(404);
    const bad = `${gtin.slice(0, 12)}${(Number(gtin[12]) + 1) % 10}`;
    expect((await get(`/01/${bad}`)).statusCode).toBe(400);
    expect((await get(`${PRODUCT_PAGE}12345`)).statusCode).toBe(404);
  });
});

describe('EPCIS links resolve', () => {
  const epcis = async (id: number) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/admin/traces/${id}/epcis`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { epcisBody: { eventList: { quantityList?: { epcClass: string }[]; ilmd?: Record<string, string> }[] } };
  };

  it('a batch code that is an AI 10 value is the Digital Link lot, and it resolves to the trace', async () => {
    const gtin = gtin13();
    const p = await product(gtin);
    const lot = `L-${Date.now().toString(36).toUpperCase()}/${++n}`;
    const tr = await trace(p.productId, p.manufactureId, { batchCode: lot });
    const doc = await epcis(tr.id);
    const epcClass = doc.epcisBody.eventList[0].quantityList?.[0].epcClass as string;
    expect(epcClass).toBe(`${BASE}/01/0${gtin}/10/${encodeURIComponent(lot)}`);
    expect(await resolves(epcClass)).toContain(tr.code);
  });

  it.each([
    ['with diacritics and spaces', () => `Lô Đông Xuân ${++n}`],
    ['over 20 characters', () => `LO${Date.now()}${++n}ABCDEFGHIJ`],
  ])('a batch code %s links to the trace page instead, which resolves; the lot number stays in ilmd', async (_, make) => {
    const gtin = gtin13();
    const p = await product(gtin);
    const lot = make();
    const tr = await trace(p.productId, p.manufactureId, { batchCode: lot });
    const doc = await epcis(tr.id);
    const harvest = doc.epcisBody.eventList[0];
    expect(harvest.quantityList?.[0].epcClass).toBe(`${BASE}/truy-xuat/${tr.code}`);
    expect(harvest.ilmd?.['cbvmda:lotNumber']).toBe(lot);
    expect(await resolves(harvest.quantityList?.[0].epcClass as string)).toContain(tr.code);
  });
});
