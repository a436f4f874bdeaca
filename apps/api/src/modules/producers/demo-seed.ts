import crypto from 'node:crypto';
import { type LngLat, polygonAreaHa, toGeoPolygon } from '@nns/shared/geo';
import { thumbKeyOf } from '@nns/shared/media';
import { resourceByName } from '@nns/shared/registry';
import { withGs1CheckDigit } from '@nns/shared/validators';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { hashPassword } from '../../core/passwords';
import { col } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/core';
import { APPS, DISTRIBUTORS, LABORS, PRODUCERS } from './demo-data';

/** An irregular hexagon of about `ha` hectares around a centre, as a field boundary drawn by hand would be. */
export function plotAround(lat: number, long: number, ha: number, seed = 1): ReturnType<typeof toGeoPolygon> {
  const radii = [1, 0.82, 1.12, 0.9, 1.06, 0.78].map((r, i) => r + ((seed * (i + 3)) % 7) / 70);
  const ring = (scale: number): LngLat[] =>
    radii.map((r, i) => {
      const a = (i / radii.length) * 2 * Math.PI + seed / 10;
      const dLat = (Math.sin(a) * r * scale) / 111_320;
      const dLong = (Math.cos(a) * r * scale) / (111_320 * Math.cos((lat * Math.PI) / 180));
      return [Number((long + dLong).toFixed(6)), Number((lat + dLat).toFixed(6))];
    });
  const unit = polygonAreaHa(toGeoPolygon(ring(100)));
  return toGeoPolygon(ring(100 * Math.sqrt(ha / unit)));
}

async function hasTable(db: Db, table: string) {
  const [r] = await exec<{ t: string | null }>(db, sql`select to_regclass(${table})::text as t`);
  return !!r?.t;
}

/** The id of the first row whose name (or, for units, symbol) matches one of the names; null when absent. */
async function findId(db: Db, table: string, names: string[], like = false): Promise<number | null> {
  if (!(await hasTable(db, table))) return null;
  for (const n of names) {
    const cond = like
      ? sql`name ilike ${`%${n}%`}`
      : table === 'product_units'
        ? sql`(lower(name) = lower(${n}) or lower(coalesce(symbol, '')) = lower(${n}))`
        : sql`lower(name) = lower(${n})`;
    const [r] = await exec<{ id: number }>(db, sql`select id from ${col(table)} where ${cond} order by id limit 1`);
    if (r) return r.id;
  }
  return null;
}

/** A ward by its official code (the first of `codes` the database holds). */
async function findWard(db: Db, codes: string[]): Promise<number | null> {
  if (!codes.length || !(await hasTable(db, 'wards'))) return null;
  const rows = await exec<{ id: number; code: string }>(
    db,
    sql`select id, code from wards where code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  for (const c of codes) {
    const r = rows.find((x) => x.code === c);
    if (r) return r.id;
  }
  return null;
}

/** Inserts a record of a declared resource unless one with the same code (or key) exists; returns its id. */
async function upsertByKey(db: Db, name: string, data: Record<string, unknown>, key = 'code'): Promise<number> {
  const def = resourceByName[name];
  const [found] = await exec<{ id: number }>(db, sql`select id from ${col(def.table)} where ${col(key)} = ${data[key]} limit 1`);
  if (found) return found.id;
  return resource(name).seed(db, data);
}

/** A plain product picture (colour field and a disc), stored like an upload, so lists show thumbnails. */
async function demoImage(s: Services, colour: string, variant: number): Promise<string> {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${colour}"/><circle cx="${300 + variant * 200}" cy="300" r="170" fill="#ffffff" fill-opacity="0.35"/>
    <rect x="60" y="470" width="680" height="60" rx="12" fill="#000000" fill-opacity="0.15"/></svg>`);
  const base = `media/demo/${crypto.randomBytes(8).toString('hex')}`;
  const png = await sharp(svg).png().toBuffer();
  await s.storage.put(`${base}.png`, png);
  await s.storage.put(thumbKeyOf(`${base}.png`), await sharp(png).resize(320).webp().toBuffer());
  await s.db.insert(uploads).values({ key: `${base}.png`, original_name: 'demo.png', mime: 'image/png', size: png.length, width: 800, height: 600 });
  return `/uploads/${base}.png`;
}

const day = (d: string) => `${d}T00:00:00Z`;

export async function seedProducers(s: Services) {
  const db = s.db;
  const productIds = new Map<string, number>();
  const producerIds = new Map<string, number>();
  let i = 0;
  for (const p of PRODUCERS) {
    i++;
    const wardId = await findWard(db, p.ward);
    const manufactureId = await upsertByKey(db, 'manufactures', {
      code: p.code,
      name: p.name,
      representative: p.representative,
      tax_code: p.tax_code,
      business_license_no: p.business_license_no,
      phone: p.phone,
      email: p.email,
      website: p.website ?? null,
      address: p.address,
      ward_id: wardId,
      lat: p.lat,
      long: p.long,
      description: p.description,
      certifications: p.certifications,
      status: 'active',
      manufacturing_form_id: await findId(db, 'manufacturing_forms', [p.form]),
      manufacturing_sector_id: await findId(db, 'manufacturing_sectors', [p.sector]),
    });
    producerIds.set(p.code, manufactureId);
    let n = 0;
    for (const pr of p.products) {
      n++;
      const [known] = await exec<{ id: number }>(db, sql`select id from products where code = ${pr.code} limit 1`);
      if (known) {
        productIds.set(pr.code, known.id);
        continue;
      }
      const images = [await demoImage(s, pr.colour, 0), await demoImage(s, pr.colour, 1)];
      const id = await upsertByKey(db, 'products', {
        code: pr.code,
        gtin: withGs1CheckDigit(`893${p.gs1}${String(n * 101).padStart(5, '0')}`),
        name: pr.name,
        product_group_id: await findId(db, 'product_groups', [pr.group]),
        product_unit_id: await findId(db, 'product_units', [pr.unit]),
        manufacture_id: manufactureId,
        farming_form_id: await findId(db, 'farming_forms', [pr.farming]),
        price: pr.price,
        images,
        description: pr.description,
        ingredients: pr.ingredients,
        usage: pr.usage,
        storage: pr.storage,
        shelf_life_days: pr.shelf,
        certifications: pr.ocop ? p.certifications.filter((c) => c.type === 'ocop') : p.certifications.filter((c) => c.type !== 'ocop'),
        ocop_stars: pr.ocop ?? null,
        status: pr.status,
        is_highlight: !!pr.highlight,
      });
      productIds.set(pr.code, id);
    }
    const a = p.area;
    await upsertByKey(db, 'material-areas', {
      code: a.code,
      name: a.name,
      manufacture_id: manufactureId,
      acreage: a.enteredHa ?? a.ha,
      address: a.address,
      ward_id: a.ward ? await findWard(db, a.ward) : wardId,
      lat: a.lat,
      long: a.long,
      boundary: plotAround(a.lat, a.long, a.ha, i),
      farming_form_id: await findId(db, 'farming_forms', [a.farming]),
      product_ids: p.products.map((x) => productIds.get(x.code)).filter(Boolean),
      certifications: p.certifications.filter((c) => c.type !== 'ocop'),
      description: `Vùng nguyên liệu của ${p.name}, ranh giới đo bằng GPS cầm tay.`,
    });
  }
  for (const d of DISTRIBUTORS) {
    const { products, ward, ...rest } = d;
    const wardId = await findWard(db, ward);
    await upsertByKey(db, 'distributors', { ...rest, ward_id: wardId, product_ids: products.map((c) => productIds.get(c)).filter(Boolean) });
  }
  const password = await hashPassword('NhatKy@2025');
  for (const l of LABORS) {
    const { producer, birthday, ...rest } = l;
    await upsertByKey(db, 'labors', { ...rest, birthday: day(birthday), manufacture_id: producerIds.get(producer) ?? null, password });
  }
  for (const a of APPS) {
    const { ward, birthday, ...rest } = a;
    await upsertByKey(db, 'apps', { ...rest, birthday: day(birthday), ward_id: await findWard(db, ward) }, 'phone');
  }
}
