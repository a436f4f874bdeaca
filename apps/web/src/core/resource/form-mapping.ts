import { type FieldDef, MESSAGES, type ResourceDef, toDateOnly, toFieldErrors } from '@nns/shared';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The generic form's three translations: a presented record → antd form values, form values →
 * the request body the zod schema accepts, and validation errors (client or server) → field errors.
 * Pure functions, so they are unit-tested without rendering.
 */
export type Mode = 'create' | 'update';
export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string[]>;

/** Fields the form edits: not server-set, not hidden from forms. */
export function formFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => !f.readOnly && !f.hideInForm);
}

const isZeroDate = (s: string) => /^(000[01]-|2001-01-01)/.test(s);

function toDayjs(v: unknown, dateOnly: boolean): Dayjs | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (dayjs.isDayjs(v)) return v;
  const s = v instanceof Date ? v.toISOString() : String(v);
  if (isZeroDate(s)) return undefined;
  // a date-only value is a calendar day, not an instant: read its YYYY-MM-DD without shifting zones
  const d = dateOnly ? dayjs(s.slice(0, 10), 'YYYY-MM-DD') : dayjs(s);
  return d.isValid() ? d : undefined;
}

/** The object the API attaches beside a ref: `role_id` → `row.role`. */
export const refObjectKey = (field: string) => field.replace(/_id$/, '');
/** The array the API attaches beside a refs field: `tag_ids` → `row.tag_ids_items`. */
export const refsItemsKey = (field: string) => `${field}_items`;

function refId(record: Record<string, unknown>, key: string): unknown {
  const v = record[key];
  if (v !== null && v !== undefined && typeof v !== 'object') return v;
  const obj = (v ?? record[refObjectKey(key)]) as { id?: unknown } | null | undefined;
  return obj?.id ?? undefined;
}

function refIds(record: Record<string, unknown>, key: string): unknown[] {
  const v = record[key];
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' ? (x as { id: unknown }).id : x));
  const items = record[refsItemsKey(key)];
  return Array.isArray(items) ? items.map((x) => (x as { id: unknown }).id) : [];
}

/** Record (as presented by the API) → the form's initial values; `null` record gives the declared defaults. */
export function toFormValues(def: ResourceDef, record: Record<string, unknown> | null): FormValues {
  const out: FormValues = {};
  for (const [key, f] of formFields(def)) {
    const v = record ? record[key] : f.default;
    switch (f.kind) {
      case 'password':
        out[key] = undefined;
        break;
      case 'date':
      case 'datetime':
        out[key] = toDayjs(v, f.kind === 'date');
        break;
      case 'switch':
        out[key] = v === null || v === undefined ? Boolean(f.default) : Boolean(v);
        break;
      case 'ref':
        out[key] = record ? refId(record, key) : (v ?? undefined);
        break;
      case 'refs':
        out[key] = record ? refIds(record, key) : [];
        break;
      case 'images':
      case 'files':
        out[key] = Array.isArray(v) ? [...v] : [];
        break;
      default:
        out[key] = v ?? undefined;
    }
  }
  return out;
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function toNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  const n = Number(
    String(v)
      .replace(/[.\s₫]/g, '')
      .replace(',', '.'),
  );
  return Number.isFinite(n) ? n : (v as number);
}

/**
 * Form values → request body. Dates travel as YYYY-MM-DDT00:00:00Z, datetimes as ISO instants,
 * blanks as null (the server stores null), an empty password is left out (unchanged).
 * `extra` names keys of hand-written form sections that are sent as they are.
 */
export function toRequestBody(def: ResourceDef, values: FormValues, mode: Mode, extra: string[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, f] of formFields(def)) {
    const v = values[key];
    switch (f.kind) {
      case 'password':
        if (!isBlank(v)) body[key] = v;
        break;
      case 'date': {
        const d = toDayjs(v, true);
        body[key] = d ? toDateOnly(d.format('YYYY-MM-DD')) : null;
        break;
      }
      case 'datetime': {
        const d = toDayjs(v, false);
        body[key] = d ? d.toISOString() : null;
        break;
      }
      case 'integer':
      case 'float':
      case 'money':
        body[key] = toNumber(v);
        break;
      case 'ref':
        body[key] = isBlank(v) ? null : toNumber(v);
        break;
      case 'refs':
        body[key] = Array.isArray(v) ? v.map((x) => toNumber(x)) : [];
        break;
      case 'images':
      case 'files':
        body[key] = Array.isArray(v) ? v.filter((x) => typeof x === 'string' && x !== '') : [];
        break;
      case 'switch':
        body[key] = v === undefined || v === null ? (mode === 'create' ? Boolean(f.default) : null) : Boolean(v);
        if (body[key] === null) delete body[key];
        break;
      case 'polygon':
      case 'json':
        body[key] = v ?? null;
        break;
      default:
        body[key] = typeof v === 'string' ? (v.trim() === '' ? null : v) : (v ?? null);
    }
  }
  for (const key of extra) if (key in values) body[key] = values[key];
  return body;
}

/** Adds one message per field, keeping the first of each field first. */
function push(errors: FieldErrors, field: string, message: string) {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** The field an error path points at: `coordinates.0.1` of a polygon field counts for the field. */
function fieldOf(def: ResourceDef, path: string): string {
  const first = path.split(/[.[]/)[0];
  return first in def.fields ? first : path;
}

/**
 * Client validation with the declaration's own zod schema. Required fields are checked first so an
 * emptied field on edit says '{label} bắt buộc' (the update schema would simply skip it).
 */
export function validateBody(def: ResourceDef, body: Record<string, unknown>, mode: Mode): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, f] of formFields(def)) {
    if (f.required && f.kind !== 'password' && f.kind !== 'switch' && isBlank(body[key])) {
      if (mode === 'update' || f.default === undefined) push(errors, key, MESSAGES.required(f.label));
    }
  }
  const declared = Object.fromEntries(Object.entries(body).filter(([k]) => k in def.fields));
  const schema = mode === 'create' ? def.createSchema : def.updateSchema;
  const res = schema.safeParse(declared);
  if (!res.success) {
    for (const e of toFieldErrors(res.error.issues, def.labels)) {
      const field = fieldOf(def, e.field);
      if (!errors[field]) push(errors, field, e.message);
    }
  }
  return errors;
}

/** A 400/409 answer's `data.errors[{field, message}]` → field errors; `_` collects the rest. */
export function serverFieldErrors(def: ResourceDef, data: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const list = (data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(list)) return errors;
  for (const e of list) {
    if (!e || typeof e !== 'object') continue;
    const { field, message } = e as { field?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const f = typeof field === 'string' ? fieldOf(def, field) : '_';
    push(errors, f in def.fields ? f : '_', message);
  }
  return errors;
}

/** Field errors → what antd's `form.setFields` takes (only fields the form shows). */
export function toAntdFields(errors: FieldErrors, shown: Set<string>) {
  return Object.entries(errors)
    .filter(([name]) => shown.has(name))
    .map(([name, errs]) => ({ name, errors: errs }));
}
