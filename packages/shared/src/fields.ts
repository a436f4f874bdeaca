import { z } from 'zod';
import { DATE_ONLY_RE } from './dates';
import { isUploadUrl, uploadExtension } from './media';
import {
  CITIZEN_ID_RE,
  citizenIdProblem,
  isEmail,
  isGtin,
  isUsername,
  LANDLINE_RE,
  LEGACY_PHONE_RE,
  MESSAGES,
  normalizePhone,
  PHONE_INPUT_MAX,
  phoneProblem,
  TAX_CODE_RE,
  taxCodeProblem,
} from './validators';

/**
 * Field builders: each field of a resource is declared once with its Vietnamese label and
 * metadata. The same object gives the zod schema (server and client validation), the database
 * column, the list column, the filter, the form widget and the Excel column.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'email'
  | 'phone'
  | 'password'
  | 'code'
  | 'integer'
  | 'float'
  | 'money'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'ref'
  | 'refs'
  | 'image'
  | 'images'
  | 'file'
  | 'files'
  | 'polygon'
  | 'switch'
  | 'json';

export interface EnumOption<V extends string | number = string | number> {
  value: V;
  label: string;
  color?: string;
}

/** A list of enum options whose type keeps the values ('pending' | 'approved'), so a row's enum field is their union. */
export const enumOptions = <const V extends string | number>(list: EnumOption<V>[]): EnumOption<V>[] => list;

export type TextFormat = 'username' | 'citizen_id' | 'tax_code' | 'gtin' | 'slug' | 'url';

export interface FieldOptions {
  label: string;
  required?: boolean;
  /** part of the accent-insensitive text search */
  search?: boolean;
  /** offered as a list filter (equality; a from/to range for dates and numbers) */
  filter?: boolean;
  sort?: boolean;
  /** unique among live rows; a duplicate answers 409 */
  unique?: boolean;
  max?: number;
  min?: number;
  default?: unknown;
  /** set by the server only (never accepted in a body) */
  readOnly?: boolean;
  /** accepted in a body, never presented (password) */
  writeOnly?: boolean;
  /** not shown on forms (still presented) */
  hideInForm?: boolean;
  help?: string;
  placeholder?: string;
  /** text sub-format with its own validator */
  format?: TextFormat;
  /** form layout: fields with span 24 take a whole row */
  span?: number;
  /**
   * ref: what the database does to this record when the referenced one is deleted (the foreign key's
   * rule). 'restrict' (default): the delete is refused (409 naming what uses it); 'set null': the link
   * is emptied; 'cascade': this record goes with it.
   */
  onDelete?: 'restrict' | 'set null' | 'cascade';
  /** phone: an organisation's number, a landline (02…, 11 digits) is accepted too */
  landline?: boolean;
  /** shown on forms only while each named field holds one of the values (a notification's audience id); sent empty otherwise */
  showWhen?: Record<string, unknown[]>;
  /** a `showWhen` field that may stay empty while shown (the form marks `showWhen` fields required otherwise) */
  optionalWhenShown?: boolean;
  /**
   * ref / refs: the path under /api/admin the form's picker asks instead of the target's list, when
   * the user may pick only some records ('roles/assignable': the roles the user may give). Same
   * answer shape (`entries`, with `search`, `ids`, `limit`); list filters still use the whole list.
   */
  refPath?: string;
  /**
   * enum: the values an account of a narrower scope may choose (a ward officer's notification goes to
   * their ward or one of its users); scope 'all' chooses any. The form offers only these; the server
   * checks them with the ids they name.
   */
  scopeOptions?: Partial<Record<'province' | 'ward', string[]>>;
}

/** Whether a field with `showWhen` applies to these values (always, without it). */
export function fieldApplies(f: Pick<FieldOptions, 'showWhen'>, values: Record<string, unknown>): boolean {
  return !f.showWhen || Object.entries(f.showWhen).every(([k, allowed]) => allowed.includes(values[k]));
}

export interface FieldDef extends FieldOptions {
  kind: FieldKind;
  options?: EnumOption[];
  /** ref / refs: the target resource name and the field shown for it */
  ref?: string;
  refLabel?: string;
  /** json: the shape, when known */
  shape?: z.ZodType;
  /** integer columns that may exceed 2^31 */
  big?: boolean;
}

/** ids are 32-bit serials: a larger number is no id (and would overflow the column) */
export const MAX_ID = 2147483647;
/** characters that reorder how text is shown (the 'Trojan source' trick): never in a stored text */
export const BIDI_OVERRIDE_RE = /[\u202A-\u202E\u2066-\u2069]/;
/** a value made only of invisible characters (zero-width spaces and joiners, BOM) and spaces */
export const INVISIBLE_ONLY_RE = /^[\s\u200B-\u200D\u2060\uFEFF]+$/;

const mk = (kind: FieldKind, o: FieldOptions, extra: Partial<FieldDef> = {}): FieldDef => ({ kind, ...o, ...extra });

/** The options a field's type keeps: what its row, input and filter types follow from. */
type KeptKeys = 'required' | 'readOnly' | 'writeOnly' | 'filter' | 'default';
/** A builder's defaults under the caller's options (the caller's win, as at run time). */
type Over<D, O> = Omit<D, keyof O> & O;
/**
 * A declared field: a FieldDef whose type also keeps its kind, the options of KeptKeys as written
 * (`required: true`), and what X adds (an enum's options with their values, a json field's shape).
 */
export type Field<K extends FieldKind, O = object, X = object> = Omit<FieldDef, 'kind' | keyof X | Extract<keyof O, KeptKeys>> & {
  kind: K;
} & Pick<O, Extract<keyof O, KeptKeys>> &
  X;

// the run-time object is the FieldDef mk builds; the type only remembers what the call said
const typed = <K extends FieldKind, O, X = object>(kind: K, o: FieldOptions, extra: Partial<FieldDef> = {}) => mk(kind, o, extra) as unknown as Field<K, O, X>;

export const text = <O extends FieldOptions>(o: O) => typed<'text', O>('text', { max: 255, ...o });
export const code = <O extends FieldOptions>(o: O) => typed<'code', O>('code', { max: 64, search: true, ...o });
export const textarea = <O extends FieldOptions>(o: O) => typed<'textarea', O>('textarea', { max: 5000, span: 24, ...o });
export const richtext = <O extends FieldOptions>(o: O) => typed<'richtext', O>('richtext', { max: 200000, span: 24, ...o });
export const email = <O extends FieldOptions>(o: O) => typed<'email', O>('email', { max: 255, ...o });
export const phone = <O extends FieldOptions>(o: O) => typed<'phone', O>('phone', { max: 20, ...o });
export const password = <O extends FieldOptions>(o: O) => typed<'password', Over<{ writeOnly: true }, O>>('password', { writeOnly: true, ...o });
export const integer = <O extends FieldOptions & { big?: boolean }>(o: O) => typed<'integer', O>('integer', o);
export const float = <O extends FieldOptions>(o: O) => typed<'float', O>('float', o);
export const money = <O extends FieldOptions>(o: O) => typed<'money', O>('money', { min: 0, ...o }, { big: true });
export const date = <O extends FieldOptions>(o: O) => typed<'date', O>('date', o);
export const datetime = <O extends FieldOptions>(o: O) => typed<'datetime', O>('datetime', o);
/** The options' values become the row's type when they keep them (enumOptions, or a literal list). */
export const enumField = <const V extends string | number, O extends FieldOptions>(options: EnumOption<V>[], o: O) =>
  typed<'enum', O, { options: EnumOption<V>[] }>('enum', o, { options });
export const ref = <O extends FieldOptions & { refLabel?: string }>(resource: string, o: O) =>
  typed<'ref', O>('ref', o, { ref: resource, refLabel: o.refLabel ?? 'name' });
export const refs = <O extends FieldOptions & { refLabel?: string }>(resource: string, o: O) =>
  typed<'refs', O>('refs', { span: 24, ...o }, { ref: resource, refLabel: o.refLabel ?? 'name' });
export const image = <O extends FieldOptions>(o: O) => typed<'image', O>('image', o);
export const images = <O extends FieldOptions>(o: O) => typed<'images', O>('images', { span: 24, ...o });
export const file = <O extends FieldOptions>(o: O) => typed<'file', O>('file', o);
export const files = <O extends FieldOptions>(o: O) => typed<'files', O>('files', { span: 24, ...o });
export const polygon = <O extends FieldOptions>(o: O) => typed<'polygon', O>('polygon', { span: 24, ...o });
export const bool = <O extends FieldOptions>(o: O) => typed<'switch', Over<{ default: false }, O>>('switch', { default: false, ...o });
export const json = <S extends z.ZodType, O extends FieldOptions>(shape: S, o: O) => typed<'json', O, { shape: S }>('json', { span: 24, ...o }, { shape });

/** A stored polygon (GeoJSON). */
export type GeoPolygon = z.output<typeof GEO_POLYGON>;

/** The value type of each kind, as rows hold it and validated bodies carry it. */
interface KindValues {
  text: string;
  textarea: string;
  richtext: string;
  email: string;
  phone: string;
  password: string;
  code: string;
  integer: number;
  float: number;
  money: number;
  date: string;
  datetime: string;
  enum: string | number;
  ref: number;
  refs: number[];
  image: string;
  images: string[];
  file: string;
  files: string[];
  polygon: GeoPolygon;
  switch: boolean;
  json: unknown;
}

/** The value of a declared field (without null): its enum values, its json shape's type, or its kind's. */
export type FieldValue<F> = F extends { kind: 'enum'; options: EnumOption<infer V>[] }
  ? V
  : F extends { kind: 'json'; shape: infer S extends z.ZodType }
    ? z.output<S>
    : F extends { kind: infer K extends FieldKind }
      ? KindValues[K]
      : unknown;

/**
 * Identifiers whose rules grew stricter than the rows already stored (a tax code's check digit, a
 * CCCD's province code, a mobile carrier prefix): the reason a value is refused, or null. A create
 * checks them in its schema; an update's schema checks only the older shape, and the write path
 * (checkIdentifiers) applies the rule to a value that changes, so an existing row is never rewritten
 * or blocked for a value nobody touched (GET /api/admin/identifier-report lists those rows).
 */
export function identifierProblem(f: FieldDef, v: string): string | null {
  if (f.kind === 'phone') return phoneProblem(v, f.label, !!f.landline);
  if (f.format === 'tax_code') return taxCodeProblem(v, f.label);
  if (f.format === 'citizen_id') return citizenIdProblem(v, f.label);
  return null;
}

/** Whether a field carries an identifier rule of identifierProblem. */
export const isIdentifierField = (f: FieldDef) => f.kind === 'phone' || f.format === 'tax_code' || f.format === 'citizen_id';

const LEGACY_SHAPES: Partial<Record<TextFormat, RegExp>> = { tax_code: TAX_CODE_RE, citizen_id: CITIZEN_ID_RE };

const FORMAT_CHECKS: Record<TextFormat, [(v: string) => boolean, (label: string) => string]> = {
  username: [isUsername, () => MESSAGES.username],
  citizen_id: [(v) => CITIZEN_ID_RE.test(v), () => MESSAGES.citizenId],
  tax_code: [(v) => TAX_CODE_RE.test(v), (l) => MESSAGES.taxCodeShape(l)],
  gtin: [isGtin, () => MESSAGES.gtin],
  slug: [(v) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), (l) => MESSAGES.invalid(l)],
  url: [(v) => /^(https?:\/\/|\/)[^\s]+$/.test(v), (l) => `${l} phải là địa chỉ bắt đầu bằng http://, https:// hoặc /`],
};

export const GEO_POLYGON = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])).min(1)),
});

/** Why a value is not a stored upload of the right kind; null when it is one. */
function uploadMessage(v: unknown, kind: 'image' | 'file'): string | null {
  if (typeof v !== 'string' || !uploadExtension(v)) return MESSAGES.upload;
  return isUploadUrl(v, kind) ? null : MESSAGES.uploadImage;
}

/** Blank strings count as empty: a required field then says '{label} bắt buộc'. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function baseSchema(f: FieldDef, mode: 'create' | 'update' = 'create'): z.ZodType {
  const L = f.label;
  const req = MESSAGES.required(L);
  const typeErr = (msg: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined ? req : msg) });
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'richtext':
    case 'code':
    case 'password': {
      // one spelling of Vietnamese (NFC: 'ệ' as one character, not e + two marks), so search and uniqueness see one value
      let s = z
        .string(typeErr(MESSAGES.invalid(L)))
        .trim()
        .normalize('NFC');
      if (f.kind === 'password') s = z.string(typeErr(MESSAGES.invalid(L)));
      if (f.min) s = s.min(f.min, MESSAGES.minLength(L, f.min));
      if (f.max) s = s.max(f.max, MESSAGES.maxLength(L, f.max));
      if (f.kind !== 'password') {
        s = s.refine((v) => !BIDI_OVERRIDE_RE.test(v), MESSAGES.bidi(L)).refine((v) => v === '' || !INVISIBLE_ONLY_RE.test(v), MESSAGES.invisible(L));
      }
      if (f.format) {
        const [check, msg] = FORMAT_CHECKS[f.format];
        const shaped = s.refine(check, msg(L));
        if (!LEGACY_SHAPES[f.format] || mode === 'update') return shaped;
        return shaped.superRefine((v, ctx) => {
          const problem = check(v) ? identifierProblem(f, v) : null;
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        });
      }
      return s;
    }
    case 'email':
      return z
        .string(typeErr(MESSAGES.email))
        .trim()
        .max(f.max ?? 255, MESSAGES.maxLength(L, f.max ?? 255))
        .refine(isEmail, MESSAGES.email);
    case 'phone': {
      // stored in the one canonical form (normalizePhone: leading 0, digits only), so unique checks see one number
      const message = f.landline ? MESSAGES.phoneOrLandline : MESSAGES.phone;
      const s = z.string(typeErr(message)).trim().max(PHONE_INPUT_MAX, MESSAGES.maxLength(L, PHONE_INPUT_MAX)).transform(normalizePhone);
      if (mode === 'update') return s.refine((v) => LEGACY_PHONE_RE.test(v) || (!!f.landline && LANDLINE_RE.test(v)), message);
      return s.superRefine((v, ctx) => {
        const problem = phoneProblem(v, L, !!f.landline);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      });
    }
    case 'integer':
    case 'money': {
      let n = z.number(typeErr(MESSAGES.integer(L))).int(MESSAGES.integer(L));
      if (f.min !== undefined) n = n.min(f.min, MESSAGES.min(L, f.min));
      if (f.max !== undefined) n = n.max(f.max, MESSAGES.max(L, f.max));
      if (!f.big && f.max === undefined) n = n.max(2147483647, MESSAGES.max(L, 2147483647));
      if (f.big) n = n.max(Number.MAX_SAFE_INTEGER, MESSAGES.invalid(L));
      return n;
    }
    case 'float': {
      let n = z.number(typeErr(MESSAGES.number(L)));
      if (f.min !== undefined) n = n.min(f.min, MESSAGES.min(L, f.min));
      if (f.max !== undefined) n = n.max(f.max, MESSAGES.max(L, f.max));
      return n;
    }
    case 'date':
      return z.string(typeErr(MESSAGES.date(L))).refine((v) => DATE_ONLY_RE.test(v) && !Number.isNaN(Date.parse(v)), MESSAGES.date(L));
    case 'datetime':
      return z.string(typeErr(MESSAGES.date(L))).refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), MESSAGES.date(L));
    case 'enum': {
      const values = (f.options ?? []).map((o) => o.value);
      // the document names the values and their labels; the check (and its message) stays the refine
      const type = values.every((v) => typeof v === 'number') ? 'integer' : values.every((v) => typeof v === 'string') ? 'string' : undefined;
      return z
        .any()
        .refine((v) => values.includes(v), MESSAGES.enum(L))
        .meta({ ...(type && { type }), enum: values, 'x-enum-labels': (f.options ?? []).map((o) => o.label) });
    }
    case 'ref':
      return z
        .number(typeErr(MESSAGES.invalid(L)))
        .int(MESSAGES.invalid(L))
        .positive(MESSAGES.invalid(L))
        .max(MAX_ID, MESSAGES.invalid(L));
    case 'refs':
      return z.array(z.number().int().positive().max(MAX_ID), typeErr(MESSAGES.invalid(L))).max(1000, MESSAGES.invalid(L));
    // only files stored through our uploads route (content-checked there): no outside or data: URLs
    case 'image':
    case 'file': {
      const kind = f.kind === 'image' ? 'image' : 'file';
      return z.string(typeErr(MESSAGES.invalid(L))).superRefine((v, ctx) => {
        const msg = uploadMessage(v, kind);
        if (msg) ctx.addIssue({ code: 'custom', message: msg });
      });
    }
    case 'images':
    case 'files': {
      const kind = f.kind === 'images' ? 'image' : 'file';
      const max = f.max ?? 20;
      // one message on the field itself (not on 'images.0'), so the form shows it under the widget
      return z
        .array(z.unknown().meta({ type: 'string', description: 'địa chỉ tệp đã tải lên (/uploads/…)' }), typeErr(MESSAGES.invalid(L)))
        .superRefine((list, ctx) => {
          if (list.length > max) return ctx.addIssue({ code: 'custom', message: `${L} tối đa ${max} tệp` });
          const msg = list.map((v) => uploadMessage(v, kind)).find(Boolean);
          if (msg) ctx.addIssue({ code: 'custom', message: msg });
        });
    }
    case 'polygon':
      return GEO_POLYGON;
    case 'switch':
      return z.boolean(typeErr(MESSAGES.invalid(L)));
    case 'json':
      return f.shape ?? z.unknown();
  }
}

/** The input schema of one field: optional fields accept null or blank (stored as null). */
export function fieldSchema(f: FieldDef, mode: 'create' | 'update'): z.ZodType {
  const base = baseSchema(f, mode);
  const isEmptyish = (v: unknown) =>
    v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0 && f.required);
  if (f.required) {
    const inner = z.preprocess(blankToUndefined, base);
    if (mode === 'update') return inner.optional();
    if (f.default !== undefined) return z.preprocess((v) => (isEmptyish(v) ? f.default : v), base);
    return z.preprocess((v) => (v === null ? undefined : v), inner);
  }
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' && f.kind !== 'password' ? null : v), base.nullable().optional());
}

export function fieldSchemas(fields: Record<string, FieldDef>, mode: 'create' | 'update') {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, f] of Object.entries(fields)) {
    if (f.readOnly) continue;
    shape[key] = fieldSchema(f, mode);
  }
  return shape;
}

/** zod issues → [{field, message}] with the message already in Vietnamese. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], labels: Record<string, string> = {}) {
  return issues.map((i) => {
    const field = i.path.map(String).join('.') || '_';
    const label = labels[String(i.path[0])] ?? field;
    let message = i.message;
    if (i.code === 'unrecognized_keys') {
      return { field: (i as { keys: string[] }).keys.join(','), message: MESSAGES.unknown((i as { keys: string[] }).keys.join(', ')) };
    }
    if (!message || /^(Invalid|Expected|Too|Unrecognized)/.test(message)) message = MESSAGES.invalid(label);
    return { field, message };
  });
}
