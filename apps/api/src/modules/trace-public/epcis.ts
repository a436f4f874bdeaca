/**
 * A trace's events as an EPCIS 2.0 JSON-LD document (issue 14 §9, DOMAIN.md 'Traceability facts'):
 * the commissioning of each stamp run as an ObjectEvent (ADD, commissioning, active) whose epcList
 * holds the stamps' GS1 Digital Link URIs `/01/{gtin}/21/{serial}` with the lot in `ilmd`; the
 * harvest diaries as ObjectEvents adding the lot (`/01/{gtin}/10/{lot}` in quantityList), and the
 * post-harvest diaries and the packaging date as packing. Checked against the standard's JSON schema
 * in apps/api/test/trace-epcis.test.ts.
 */
import crypto from 'node:crypto';
import { digitalLinkUri, isAi82 } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { exec, iso } from '../../core/resource-store';
import type { Db } from '../../db/client';

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
/** Our own vocabulary for what CBV 2.0 has no business step for (a harvest); any URI outside the CBV namespace is allowed. */
export const BIZSTEP_HARVESTING = 'urn:nong-nghiep-so:bizstep:harvesting';

type Json = Record<string, unknown>;

const VN_OFFSET = '+07:00';

export async function epcisDocument(db: Db, traceId: number, publicUrl: string): Promise<Json> {
  const [t] = await exec<{
    code: string;
    gtin: string | null;
    batch_code: string | null;
    batch_id: number | null;
    packaging_date: unknown;
    expired_date: unknown;
    created_at: unknown;
    m_code: string | null;
  }>(
    db,
    sql`select t.code, p.gtin, b.code as batch_code, t.batch_id, t.packaging_date, t.expired_date, t.created_at, m.code as m_code
      from traces t join products p on p.id = t.product_id left join batches b on b.id = t.batch_id left join manufactures m on m.id = t.manufacture_id
      where t.id = ${traceId}`,
  );
  const lot = t.batch_code ?? t.code;
  const gtin = t.gtin ? t.gtin.padStart(14, '0') : null;
  // without a GTIN, or with a lot that is no AI 10 value (over 20 characters, diacritics, spaces), there
  // is no Digital Link for the lot: the public page of the code stands for it, so every link resolves
  const lotClass = gtin && isAi82(lot) ? digitalLinkUri(publicUrl, { gtin, lot }) : `${publicUrl}/truy-xuat/${encodeURIComponent(t.code)}`;
  const bizLocation = t.m_code ? { bizLocation: { id: `urn:nong-nghiep-so:manufacture:${encodeURIComponent(t.m_code)}` } } : {};
  const ilmd: Json = { 'cbvmda:lotNumber': lot };
  if (t.expired_date) ilmd['cbvmda:itemExpirationDate'] = (iso(t.expired_date) as string).slice(0, 10);
  const events: Json[] = [];

  const diaries = t.batch_id
    ? await exec<{ id: number; performed_at: unknown; activity: string }>(
        db,
        sql`select id, performed_at, activity from diaries where batch_id = ${t.batch_id} and is_traceable and activity in ('harvest', 'post_harvest') order by performed_at, id`,
      )
    : [];
  for (const d of diaries) {
    const harvest = d.activity === 'harvest';
    events.push({
      type: 'ObjectEvent',
      eventTime: iso(d.performed_at),
      eventTimeZoneOffset: VN_OFFSET,
      eventID: `urn:uuid:${uuidOf(`diary:${d.id}`)}`,
      quantityList: [{ epcClass: lotClass }],
      action: harvest ? 'ADD' : 'OBSERVE',
      bizStep: harvest ? BIZSTEP_HARVESTING : 'packing',
      disposition: harvest ? 'active' : 'in_progress',
      ...bizLocation,
      ...(harvest ? { ilmd } : {}),
    });
  }
  if (t.packaging_date && !diaries.some((d) => d.activity === 'post_harvest')) {
    events.push({
      type: 'ObjectEvent',
      eventTime: iso(t.packaging_date),
      eventTimeZoneOffset: VN_OFFSET,
      eventID: `urn:uuid:${uuidOf(`packing:${traceId}`)}`,
      quantityList: [{ epcClass: lotClass }],
      action: 'OBSERVE',
      bizStep: 'packing',
      disposition: 'in_progress',
      ...bizLocation,
    });
  }

  const runs = await exec<{ id: number; created_at: unknown; serials: string[] | string }>(
    db,
    sql`select s.id, s.created_at, array(select sc.serial::text from stamp_codes sc where sc.stamp_id = s.id and sc.status <> 'voided' order by sc.serial) as serials
      from stamps s where s.trace_id = ${traceId} order by s.id`,
  );
  for (const r of runs) {
    const serials = Array.isArray(r.serials) ? r.serials : String(r.serials).replace(/[{}]/g, '').split(',').filter(Boolean);
    if (!serials.length) continue;
    events.push({
      type: 'ObjectEvent',
      eventTime: iso(r.created_at),
      eventTimeZoneOffset: VN_OFFSET,
      eventID: `urn:uuid:${uuidOf(`stamps:${r.id}`)}`,
      epcList: serials.map((serial) => (gtin ? digitalLinkUri(publicUrl, { gtin, serial }) : `${publicUrl}/truy-xuat/serial/${serial}`)),
      action: 'ADD',
      bizStep: 'commissioning',
      disposition: 'active',
      ...bizLocation,
      ilmd,
    });
  }
  events.sort((a, b) => String(a.eventTime).localeCompare(String(b.eventTime)));
  return {
    '@context': [EPCIS_CONTEXT],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: new Date().toISOString(),
    epcisBody: { eventList: events },
  };
}

/** A stable UUID (v5-like layout from SHA-1) for an event, so the same event keeps its id across exports. */
function uuidOf(name: string): string {
  const h = crypto.createHash('sha1').update(`nns:${name}`).digest('hex') as string;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
