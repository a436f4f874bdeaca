import { type FieldDef, MESSAGES, type ResourceDef, toDateOnly, toFieldErrors } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import dayjs, { type Dayjs } from 'dayjs';
import { dayToWall, instantToWall, wallDay, wallToInstant } from '../vn-time';

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

/**
 * A stored value → the picker value. A date-only value is a calendar day (its YYYY-MM-DD, no zone);
 * a datetime is an instant shown at UTC+7 whatever the browser's zone (see core/vn-time.ts).
 */
function toPicker(v: unknown, dateOnly: boolean): Dayjs | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (dayjs.isDayjs(v)) return v.isValid() ? v : undefined;
  const s = v instanceof Date ? v.toISOString() : String(v);
  if (isZeroDate(s)) return undefined;
  if (dateOnly) return dayToWall(s);
  // a bare day typed or restored for a datetime field means that day at 00:00 in Vietnam
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? dayToWall(s) : instantToWall(s);
}

/** The object the API attaches beside a ref: `role_id` → `row.role`. */
export const refObjectKey = (field: string) => field.replace(/_id$/, '');
/** The array the API attaches beside a refs field: `product_ids` → `row.product_items` (resource-store.ts). */
export const refsItemsKey = (field: string) => `${field.replace(/_ids$/, '')}_items`;

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
        out[key] = toPicker(v, f.kind === 'date');
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

/**
 * A typed or pasted number → a number. Vietnamese writes '1.500.000' (dots group thousands) and
 * '1,5' (a comma before the decimals); a float also comes as '1.5' (InputNumber, JSON, a pasted
 * coordinate such as '10.762'). So: with both marks the last one is the decimal mark; repeated
 * marks group thousands; a lone comma is decimal; a lone dot is decimal, except that in an integer
 * or money field '1.500' (three digits after it) groups thousands. Anything else is returned as it
 * came, so validation names the field rather than a wrong number being saved.
 */
export function parseNumber(v: unknown, kind: 'integer' | 'money' | 'float' = 'float'): number | null | unknown {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return v;
  const s = v.replace(/[\s\u00a0₫]/g, '').replace(/(?:VNĐ|VND|đ)$/i, '');
  if (s === '') return null;
  if (!/^[-+]?[\d.,]+$/.test(s)) return v;
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  let group = '';
  let decimal = '';
  if (dots && commas) {
    decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    group = decimal === '.' ? ',' : '.';
  } else if (dots > 1) group = '.';
  else if (commas > 1) group = ',';
  else if (commas === 1) decimal = ',';
  else if (dots === 1) {
    if (kind !== 'float' && /^[-+]?\d{1,3}\.\d{3}$/.test(s)) group = '.';
    else decimal = '.';
  }
  let body = s;
  if (group) {
    const [int, ...rest] = decimal ? [s.slice(0, s.lastIndexOf(decimal)), s.slice(s.lastIndexOf(decimal) + 1)] : [s];
    // thousands groups are three digits each after the first
    if (!new RegExp(`^[-+]?\\d{1,3}(\\${group}\\d{3})+$`).test(int)) return v;
    body = int.split(group).join('') + (rest.length ? `.${rest[0]}` : '');
  } else if (decimal) body = s.replace(decimal, '.');
  const n = Number(body);
  return Number.isFinite(n) ? n : v;
}

/**
 * Form values → request body. Dates travel as YYYY-MM-DDT00:00:00Z, datetimes as ISO instants
 * (the picked wall clock read at UTC+7),
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
        const d = toPicker(v, true);
        body[key] = d ? toDateOnly(wallDay(d)) : null;
        break;
      }
      case 'datetime': {
        const d = toPicker(v, false);
        body[key] = d ? wallToInstant(d) : null;
        break;
      }
      case 'integer':
      case 'float':
      case 'money':
        body[key] = parseNumber(v, f.kind);
        break;
      case 'ref':
        body[key] = isBlank(v) ? null : parseNumber(v, 'integer');
        break;
      case 'refs':
        body[key] = Array.isArray(v) ? v.map((x) => parseNumber(x, 'integer')) : [];
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

/** What the signed-in account sees (the server's docs/accounts.md), as the session user carries it. */
export interface UserScope {
  scope?: unknown;
  province_id?: unknown;
  ward_id?: unknown;
}

const ACCOUNT_SCOPES = ['all', 'province', 'ward'];
/** An enum field whose values are the account scopes (users.scope, administrative accounts). */
export const isScopeEnum = (f: FieldDef) =>
  f.kind === 'enum' &&
  (f.options ?? [])
    .map((o) => String(o.value))
    .sort()
    .join() === 'all,province,ward';

/** The account scopes this user may give: none wider than their own. */
export function scopeChoices(user: UserScope | null | undefined): string[] {
  const own = ACCOUNT_SCOPES.indexOf(String(user?.scope ?? 'all'));
  return ACCOUNT_SCOPES.slice(Math.max(own, 0));
}

/** The values a scoped user may pick in an enum that declares `scopeOptions` (a notification's audience); undefined: all. */
export function enumChoices(f: FieldDef, user: UserScope | null | undefined): string[] | undefined {
  const scope = user?.scope;
  if (!f.scopeOptions || (scope !== 'ward' && scope !== 'province')) return undefined;
  return f.scopeOptions[scope] ?? [];
}

/**
 * The filters a picker of provinces or wards gets for a scoped user: a ward officer is offered their
 * ward (and its province) only; a province officer their province and its wards.
 */
export function scopePins(resource: string, user: UserScope | null | undefined): Record<string, string> {
  const ward = user?.ward_id;
  const province = user?.province_id;
  const level = geoLevelOf(resource);
  if (user?.scope === 'ward' && ward != null) {
    if (level === 'ward') return { ids: String(ward) };
    if (level === 'province' && province != null) return { ids: String(province) };
  }
  if (user?.scope === 'province' && province != null) {
    if (level === 'ward') return { province_id: String(province) };
    if (level === 'province') return { ids: String(province) };
  }
  return {};
}

/** The administrative level a resource declares (`geoLevel`: provinces, wards), if any. */
export const geoLevelOf = (resource: string | undefined) => (resource ? resourceByName[resource]?.config.geoLevel : undefined);

/** A new record of a scoped user starts in their ward / province (and, for an account, with their scope). */
export function scopeDefaults(def: ResourceDef, user: UserScope | null | undefined): FormValues {
  const out: FormValues = {};
  if (!user || user.scope === 'all' || user.scope == null) return out;
  for (const [key, f] of formFields(def)) {
    const level = f.kind === 'ref' ? geoLevelOf(f.ref) : undefined;
    if (level === 'ward' && user.scope === 'ward' && user.ward_id != null) out[key] = user.ward_id;
    else if (level === 'province' && user.province_id != null) out[key] = user.province_id;
    else if (isScopeEnum(f)) out[key] = user.scope;
    else if (f.kind === 'enum' && f.scopeOptions) {
      const allowed = enumChoices(f, user);
      if (allowed && !allowed.includes(String(f.default))) out[key] = allowed[0] ?? null;
    }
  }
  return out;
}
