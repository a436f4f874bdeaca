import crypto from 'node:crypto';
import { type FieldDef, fieldApplies, type ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { withTaxCheckDigit } from '@nns/shared/validators';
import { call, type TestApp, uploadedImageUrl } from './helpers';

const rnd = () => crypto.randomBytes(3).toString('hex');
const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join('');

export function gtin13(prefix = '893'): string {
  const body = (prefix + digits(12)).slice(0, 12);
  const sum = body
    .split('')
    .reverse()
    .reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

/** Per-resource overrides for fields whose valid value a generic rule cannot guess. */
export const SAMPLE_OVERRIDES: Record<string, Record<string, unknown>> = {
  // a sample district lies in another sample province; a ward straight under its province is the 2025 shape
  wards: { district_id: null },
  // the audience 'all' names no id (the others must stay empty)
  notifications: { audience: 'all', role_id: null, province_id: null, ward_id: null, user_id: null, scheduled_at: null },
  // a diary's stage must belong to its batch's process and its labor to the batch's producer: samples of their own would not
  diaries: { stage_id: null, labor_id: null },
  // a trace's expiry comes after its harvest (the sample's dates are all one day)
  // a trace takes its product and producer from its batch, and a run's trace must be of its product: samples of their own would not
  traces: { expired_date: '2026-01-15T00:00:00Z', batch_id: null },
  stamps: { trace_id: null },
  // a calendar's variety must be of its crop: a sample variety of its own would not
  'seasonal-calendars': { product_plant_id: null },
  // a permit's documents are PDFs (the sample's upload is an image) and its standard must be in the limits table;
  // the sample's type (domestic) takes K, not the industrial Kq and Kf
  'discharge-constructs': { documents: [], standard_code: null, kq_class: null, kf_class: null },
  // a video's address is a real YouTube one (its embed page and thumbnail are worked out from it)
  // an album of images holds no documents (the module empties the other kind's list)
  libraries: { kind: 'images', documents: null },
  videos: { source: 'youtube', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', file: null },
};

/** Fields a sample leaves out because the server derives them (a ward account's province is its ward's). */
const SAMPLE_DERIVED: Record<string, string[]> = { users: ['province_id'] };

function textSample(f: FieldDef, key: string): string {
  switch (f.format) {
    case 'username':
      return `u_${rnd()}`;
    case 'citizen_id':
      // a province code of birth registration (079 Hồ Chí Minh), then 9 digits
      return `079${digits(9)}`;
    case 'tax_code': {
      let code: string | null = null;
      while (!code) code = withTaxCheckDigit(digits(9));
      return code;
    }
    case 'gtin':
      return gtin13();
    case 'slug':
      return `mau-${rnd()}`;
    case 'url':
      return `https://example.vn/${rnd()}`;
  }
  const s = key === 'code' || f.kind === 'code' ? `MA${rnd().toUpperCase()}` : `Mẫu ${f.label} ${rnd()}`;
  return s.slice(0, f.max ?? 255);
}

/** A valid value for one field; refs create their target record first. */
export async function sampleValue(t: TestApp, def: ResourceDef, key: string, f: FieldDef, depth: number): Promise<unknown> {
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'richtext':
    case 'code':
      return textSample(f, key);
    case 'email':
      return `mau.${rnd()}@example.vn`;
    case 'phone':
      return `091${digits(7)}`;
    case 'password':
      return 'MatKhau@123';
    case 'integer':
      return Math.max(f.min ?? 1, Math.min(f.max ?? 5, 5));
    case 'money':
      return 150000;
    case 'float':
      return Math.max(f.min ?? 1.5, Math.min(f.max ?? 1.5, 1.5));
    case 'date':
      return '2025-01-15T00:00:00Z';
    case 'datetime':
      return '2025-01-15T08:30:00.000Z';
    case 'enum':
      return f.options?.[0]?.value;
    case 'switch':
      return true;
    case 'image':
    case 'file':
      return uploadedImageUrl(t);
    case 'images':
    case 'files':
      return [await uploadedImageUrl(t)];
    case 'polygon':
      return {
        type: 'Polygon',
        coordinates: [
          [
            [108.0, 12.0],
            [108.01, 12.0],
            [108.01, 12.01],
            [108.0, 12.0],
          ],
        ],
      };
    case 'ref':
    case 'refs': {
      if (!f.ref || f.ref === def.name || depth > 4) return undefined;
      const target = resourceByName[f.ref];
      if (!target) return undefined;
      const id = await createSample(t, target, depth + 1);
      return f.kind === 'ref' ? id : [id];
    }
    default:
      return undefined;
  }
}

export async function sampleBody(t: TestApp, def: ResourceDef, depth = 0): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(def.fields)) {
    if (f.readOnly) continue;
    if (f.kind === 'json' && !f.required) continue;
    if ((f.kind === 'ref' || f.kind === 'refs') && !f.required && depth > 0) continue;
    const v = await sampleValue(t, def, key, f, depth);
    if (v !== undefined) body[key] = v;
  }
  for (const k of SAMPLE_DERIVED[def.name] ?? []) delete body[k];
  // an account's scope: the sample's ward when it has one (a nested sample has none: scope all)
  if (def.name === 'users') body.scope = body.ward_id ? 'ward' : 'all';
  // a field the form hides for the sample's other values is not sent (the server clears it)
  for (const [key, f] of Object.entries(def.fields)) if (!fieldApplies(f, body)) delete body[key];
  // an article's thumbnail is an image of the media library (content/articles.module.ts)
  if (def.name === 'articles' && typeof body.thumbnail === 'string') {
    const r = await call(t, 'POST', '/api/admin/images', { body: { file: body.thumbnail, alt: 'Ảnh mẫu' } });
    if (r.status !== 200) throw new Error(`sample image: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return { ...body, ...SAMPLE_OVERRIDES[def.name] };
}

export async function createSample(t: TestApp, def: ResourceDef, depth = 0): Promise<number> {
  const body = await sampleBody(t, def, depth);
  const r = await call(t, 'POST', `/api/admin/${def.name}`, { body });
  if (r.status !== 200) throw new Error(`sample ${def.name}: ${r.status} ${JSON.stringify(r.body)} for ${JSON.stringify(body)}`);
  return r.body.data.entry.id;
}
