import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resourceByName } from '@nns/shared/registry';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec } from '../src/core/resource-store';
import { BIZSTEP_HARVESTING, EPCIS_CONTEXT } from '../src/modules/trace-public/epcis';
import { call, makeApp, makeUser, type TestApp } from './helpers';
import { createSample, gtin13 } from './samples';

/** GET /api/admin/traces/{id}/epcis (issue 14 §9): EPCIS 2.0 JSON-LD valid against GS1's JSON schema (test/epcis/README.md). */
const schemaFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'epcis/EPCIS-JSON-Schema.json');
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`.toUpperCase();

async function traceWithStamps(gtin: string | null) {
  const wardId = await createSample(t, resourceByName.wards);
  const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: uniq('CSSX'), name: 'HTX Chè Tân Cương', ward_id: wardId } });
  const p = await call(t, 'POST', '/api/admin/products', { body: { code: uniq('SP'), name: 'Chè Tân Cương', gtin, manufacture_id: m.body.data.entry.id } });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  const b = await call(t, 'POST', '/api/admin/batches', {
    body: { code: uniq('LO/2025'), product_id: p.body.data.entry.id, manufacture_id: m.body.data.entry.id, planting_date: '2025-01-05T00:00:00Z' },
  });
  for (const [at, activity] of [
    ['2025-04-01T02:00:00Z', 'harvest'],
    ['2025-04-02T02:00:00Z', 'post_harvest'],
    ['2025-03-01T02:00:00Z', 'fertilizing'],
  ]) {
    const d = await call(t, 'POST', '/api/admin/diaries', { body: { batch_id: b.body.data.entry.id, performed_at: at, activity, is_traceable: true } });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
  }
  const tr = await call(t, 'POST', '/api/admin/traces', {
    body: {
      code: uniq('TX'),
      product_id: p.body.data.entry.id,
      batch_id: b.body.data.entry.id,
      manufacture_id: m.body.data.entry.id,
      expired_date: '2026-04-01T00:00:00Z',
    },
  });
  expect(tr.status, JSON.stringify(tr.body)).toBe(200);
  const from = 7_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  const [run] = await exec<{ id: number }>(
    t.app.services.db,
    sql`insert into stamps (product_id, trace_id, manufacture_id, quantity, serial_from, serial_to) values (${p.body.data.entry.id}, ${tr.body.data.entry.id}, ${m.body.data.entry.id}, 3, ${from}, ${from + 2}) returning id`,
  );
  for (let i = 0; i < 3; i++) {
    await exec(
      t.app.services.db,
      sql`insert into stamp_codes (stamp_id, serial, code, status) values (${run.id}, ${from + i}, ${uniq('E').replace(/[^A-Z0-9]/g, '')}, ${i === 2 ? 'voided' : 'issued'})`,
    );
  }
  return { traceId: tr.body.data.entry.id as number, batchCode: b.body.data.entry.code as string, from, wardId };
}

const epcis = (id: number, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/traces/${id}/epcis`, headers: { authorization: `Bearer ${token ?? t.adminToken}` } });

describe('EPCIS', () => {
  it('answers a document valid against the EPCIS 2.0 JSON schema: commissioning with Digital Link URIs, harvesting and packing', async () => {
    const gtin = gtin13();
    const w = await traceWithStamps(gtin);
    const r = await epcis(w.traceId);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/ld\+json/);
    const doc = r.json();
    const ok = validate(doc);
    expect(ajv.errorsText(validate.errors), JSON.stringify(doc)).toBe('No errors');
    expect(ok).toBe(true);
    expect(doc['@context']).toEqual([EPCIS_CONTEXT]);
    expect(doc).toMatchObject({ type: 'EPCISDocument', schemaVersion: '2.0' });
    const events = doc.epcisBody.eventList as Record<string, any>[];
    expect(events.map((e) => e.bizStep)).toEqual([BIZSTEP_HARVESTING, 'packing', 'commissioning']);
    const lotUri = `http://nns.test/01/0${gtin}/10/${encodeURIComponent(w.batchCode)}`;
    expect(events[0]).toMatchObject({ action: 'ADD', quantityList: [{ epcClass: lotUri }], ilmd: { 'cbvmda:lotNumber': w.batchCode } });
    expect(events[1]).toMatchObject({ action: 'OBSERVE', quantityList: [{ epcClass: lotUri }] });
    const commissioning = events[2];
    expect(commissioning).toMatchObject({ type: 'ObjectEvent', action: 'ADD', disposition: 'active', eventTimeZoneOffset: '+07:00' });
    // voided stamps are not commissioned
    expect(commissioning.epcList).toEqual([`http://nns.test/01/0${gtin}/21/${w.from}`, `http://nns.test/01/0${gtin}/21/${w.from + 1}`]);
    expect(commissioning.ilmd).toEqual({ 'cbvmda:lotNumber': w.batchCode, 'cbvmda:itemExpirationDate': '2026-04-01' });
    // the same events keep their ids
    const again = (await epcis(w.traceId)).json();
    expect(again.epcisBody.eventList.map((e: { eventID: string }) => e.eventID)).toEqual(events.map((e) => e.eventID));
  });

  it('is valid for a product without a GTIN too, and the schema refuses a broken document', async () => {
    const w = await traceWithStamps(null);
    const doc = (await epcis(w.traceId)).json();
    expect(validate(doc), ajv.errorsText(validate.errors)).toBe(true);
    const broken = structuredClone(doc);
    broken.epcisBody.eventList[0].action = 'CREATE';
    expect(validate(broken)).toBe(false);
    delete broken.schemaVersion;
    expect(validate(broken)).toBe(false);
  });

  it('needs read:traces and keeps to the ward scope', async () => {
    const w = await traceWithStamps(gtin13());
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/traces/${w.traceId}/epcis` })).statusCode).toBe(401);
    const none = await makeUser(t, { perms: ['list:traces'] });
    expect((await epcis(w.traceId, none.token)).statusCode).toBe(403);
    const otherWard = await createSample(t, resourceByName.wards);
    const outsider = await makeUser(t, { perms: ['read:traces'], wardId: otherWard });
    expect((await epcis(w.traceId, outsider.token)).statusCode).toBe(404);
    const insider = await makeUser(t, { perms: ['read:traces'], wardId: w.wardId });
    expect((await epcis(w.traceId, insider.token)).statusCode).toBe(200);
    expect((await epcis(99999999)).statusCode).toBe(404);
  });
});
