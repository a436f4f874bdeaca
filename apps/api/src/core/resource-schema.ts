import { type FieldDef, GEO_POLYGON, type ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { z } from 'zod';
import { hooksOf } from './extensions';
import type { ResourceHooks } from './module';
import { refKeyOf, selectColumns } from './resource-store';

/**
 * JSON schemas of the answers of a declared resource's generic list and read routes, built once per
 * resource from its declaration and given to Fastify as the 200 response schema: fast-json-stringify
 * then writes each answer from compiled code instead of JSON.stringify walking every key (issue 11).
 *
 * A key the schema does not name would silently disappear from the answer (additionalProperties:
 * false), so the record's keys are exactly what the engine writes: the declared fields that are not
 * writeOnly, the system keys, the reference objects attachRefs adds, and the keys a module's present()
 * hook adds, which the hook declares in `presentedKeys` (already required so a PUT may echo them).
 * test/response-schema.test.ts reads a real answer of every resource against these keys.
 *
 * Types are only given where both drivers return one JS type for the column (text, integer, boolean);
 * anything else (json, arrays, floats, references) is `{}`, written by JSON.stringify as before, so an
 * answer parses equal to what JSON.stringify made of the same object.
 */
type JsonSchema = Record<string, unknown>;

const STR: JsonSchema = { type: ['string', 'null'] };
const INT: JsonSchema = { type: ['integer', 'null'] };
const BOOL: JsonSchema = { type: ['boolean', 'null'] };
const ANY: JsonSchema = {};

const TEXT_KINDS = new Set(['text', 'textarea', 'richtext', 'email', 'phone', 'code', 'image', 'file', 'date', 'datetime']);

function fieldSchema(f: FieldDef): JsonSchema {
  if (TEXT_KINDS.has(f.kind)) return STR;
  if (f.kind === 'enum') return (f.options ?? []).every((o) => typeof o.value === 'number') ? INT : STR;
  // integer and bigint (money, big integers) columns come back as numbers on both drivers; a float may be NaN
  if (f.kind === 'integer' || f.kind === 'money' || f.kind === 'ref') return INT;
  if (f.kind === 'switch') return BOOL;
  return ANY;
}

/** Every key of a presented record: declared fields (not writeOnly), system keys, references, presentedKeys. */
export function recordKeys(def: ResourceDef, hooks: ResourceHooks = hooksOf(def.name)): string[] {
  const keys = selectColumns(def).filter((k) => !def.fields[k]?.writeOnly);
  for (const [key, f] of Object.entries(def.fields)) {
    const r = refKeyOf(key, f);
    if (r) keys.push(r);
  }
  for (const k of hooks.presentedKeys ?? []) if (!keys.includes(k)) keys.push(k);
  return keys;
}

export function recordSchema(def: ResourceDef, hooks: ResourceHooks = hooksOf(def.name)): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const k of recordKeys(def, hooks)) {
    const f = def.fields[k];
    if (f) properties[k] = fieldSchema(f);
    else if (k === 'id' || k === 'created_by' || k === 'updated_by') properties[k] = INT;
    else if (k === 'created_at' || k === 'updated_at' || k === 'deleted_at') properties[k] = STR;
    else properties[k] = ANY;
  }
  return { type: 'object', properties, additionalProperties: false };
}

const envelopeOf = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data },
  required: ['code', 'message', 'data'],
  additionalProperties: false,
});

const PAGINATION: JsonSchema = {
  type: 'object',
  properties: {
    page: INT,
    limit: { type: 'integer' },
    total: INT,
    total_pages: INT,
    next_cursor: STR,
    total_is_estimate: { type: 'boolean' },
  },
  required: ['page', 'limit', 'total', 'total_pages', 'next_cursor', 'total_is_estimate'],
  additionalProperties: false,
};

/** The 200 answer of the generic list route: `{code, message, data: {entries, pagination}}`. */
export function listAnswerSchema(def: ResourceDef, hooks: ResourceHooks = hooksOf(def.name)): JsonSchema {
  return envelopeOf({
    type: 'object',
    properties: { entries: { type: 'array', items: recordSchema(def, hooks) }, pagination: PAGINATION },
    required: ['entries', 'pagination'],
    additionalProperties: false,
  });
}

/** The 200 answer of the generic read route: `{code, message, data: {entry}}`. */
export function readAnswerSchema(def: ResourceDef, hooks: ResourceHooks = hooksOf(def.name)): JsonSchema {
  return envelopeOf({ type: 'object', properties: { entry: recordSchema(def, hooks) }, required: ['entry'], additionalProperties: false });
}

/** Keys of a presented record the answer schema does not name (they would be dropped from the answer). */
export function undeclaredKeys(def: ResourceDef, hooks: ResourceHooks | undefined, entry: Record<string, unknown>): string[] {
  const known = new Set(recordKeys(def, hooks));
  return Object.keys(entry).filter((k) => !known.has(k));
}

/**
 * The documented shape of a presented record (the OpenAPI document and the web's generated types),
 * beside the serialisation schema above: the same keys, each with its real type. Named per resource
 * (`ProductsRow`, `ProductsCreate`, `ProductsUpdate`) through zod's metadata id, so the document holds
 * each shape once in components.schemas and the operations point at it. test/response-schema.test.ts
 * parses a real answer of every resource with it.
 */
const docNames = new Map<string, { row: z.ZodObject; create: z.ZodType; update: z.ZodType }>();

/**
 * Any JSON value (a stored snapshot, an imported cell, a preference): one named component. Written as a
 * list of types, not zod's recursive z.json(): the web's generated types cannot hold a type alias that
 * names itself.
 */
export const jsonValue = z.unknown().meta({
  id: 'JsonValue',
  type: ['string', 'number', 'boolean', 'null', 'array', 'object'],
  additionalProperties: true,
  description: 'giá trị JSON bất kỳ',
});

/** 'material-areas' → 'MaterialAreas' */
export const componentName = (name: string) => name.replace(/(^|[-_])(\w)/g, (_m, _s, c: string) => c.toUpperCase());

/** An enum field's values with their Vietnamese labels (`x-enum-labels`, same order). */
export function enumDoc(f: Pick<FieldDef, 'options'>): z.ZodType {
  const values = (f.options ?? []).map((o) => o.value) as [string | number, ...(string | number)[]];
  return z.literal(values).meta({ 'x-enum-labels': (f.options ?? []).map((o) => o.label) });
}

const UPLOAD_URL = z.string().meta({ description: 'địa chỉ tệp đã tải lên (/uploads/…)' });
const ISO_TIME = z.string().meta({ format: 'date-time' });

/** One field's presented value (before nullability). */
function fieldDoc(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'integer':
    case 'money':
    case 'ref':
      return z.number().int();
    case 'float':
      return z.number();
    case 'switch':
      return z.boolean();
    case 'enum':
      return enumDoc(f);
    case 'refs':
      return z.array(z.number().int());
    case 'image':
    case 'file':
      return UPLOAD_URL;
    case 'images':
    case 'files':
      return z.array(UPLOAD_URL);
    case 'polygon':
      return GEO_POLYGON;
    case 'json':
      return f.shape ?? jsonValue;
    case 'date':
    case 'datetime':
      return ISO_TIME;
    default:
      return z.string();
  }
}

/** The `{id, <label>}` attachRefs writes for a reference. */
function refDoc(f: FieldDef): z.ZodType {
  const target = f.ref ? resourceByName[f.ref] : undefined;
  const label = f.refLabel ?? target?.titleField ?? 'name';
  const labelField = target?.fields[label];
  return z.object({ id: z.number().int(), [label]: (labelField ? fieldDoc(labelField) : z.string()).nullable() });
}

const SAMPLE_TIME = '2026-01-15T08:30:00.000Z';
const FORMAT_SAMPLES: Record<NonNullable<FieldDef['format']>, string> = {
  url: 'https://example.vn',
  username: 'nguyen.van.a',
  gtin: '08930000000019',
  tax_code: '0312345678',
  citizen_id: '068012345678',
  slug: 'bai-viet-mau',
};
/** A plausible value of a field for the document's example row (shown by /api/docs). */
function sampleOf(f: FieldDef): unknown {
  switch (f.kind) {
    case 'integer':
      return f.min !== undefined && f.min > 1 ? f.min : 1;
    case 'money':
      return 150000;
    case 'float':
      return 1.5;
    case 'ref':
      return 1;
    case 'refs':
      return [1];
    case 'switch':
      return true;
    case 'enum':
      return f.options?.[0]?.value ?? null;
    case 'date':
      return '2026-01-15T00:00:00.000Z';
    case 'datetime':
      return SAMPLE_TIME;
    case 'email':
      return 'lienhe@example.vn';
    case 'phone':
      return '0912345678';
    case 'image':
      return '/uploads/2026/01/anh-mau.jpg';
    case 'file':
      return '/uploads/2026/01/tep-mau.pdf';
    case 'images':
      return ['/uploads/2026/01/anh-mau.jpg'];
    case 'files':
      return ['/uploads/2026/01/tep-mau.pdf'];
    case 'polygon':
      return {
        type: 'Polygon',
        coordinates: [
          [
            [108.44, 11.94],
            [108.45, 11.94],
            [108.45, 11.95],
            [108.44, 11.94],
          ],
        ],
      };
    case 'json':
      return null;
    case 'code':
      return 'MA001';
    default:
      return f.format ? FORMAT_SAMPLES[f.format] : `${f.label} mẫu`;
  }
}

/** The example row of a resource: every documented key with a plausible value. */
function sampleRow(def: ResourceDef, shape: Record<string, z.ZodType>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const k of Object.keys(shape)) {
    const f = def.fields[k];
    if (f) row[k] = f.kind === 'json' && f.required ? [] : sampleOf(f);
    else if (k === 'id' || k === 'created_by' || k === 'updated_by') row[k] = 1;
    else if (k === 'created_at' || k === 'updated_at') row[k] = SAMPLE_TIME;
    else if (k === 'deleted_at') row[k] = null;
    else {
      const [key, rf] = Object.entries(def.fields).find(([fk, x]) => refKeyOf(fk, x) === k) ?? [];
      const target = rf?.ref ? resourceByName[rf.ref] : undefined;
      const label = rf?.refLabel ?? target?.titleField ?? 'name';
      const ref = { id: 1, [label]: `${target?.label ?? 'Bản ghi'} mẫu` };
      row[k] = key && rf ? (rf.kind === 'refs' ? [ref] : ref) : null;
    }
  }
  return row;
}

function rowShape(def: ResourceDef, hooks: ResourceHooks): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const k of recordKeys(def, hooks)) {
    const f = def.fields[k];
    if (f) {
      // a required field is never stored empty (its create and update refuse null); a default fills it
      const doc = fieldDoc(f).meta({ title: f.label });
      shape[k] = f.required ? doc : doc.nullable();
    } else if (k === 'id') shape[k] = z.number().int();
    else if (k === 'created_by' || k === 'updated_by') shape[k] = z.number().int().nullable();
    else if (k === 'created_at' || k === 'updated_at') shape[k] = ISO_TIME;
    else if (k === 'deleted_at') shape[k] = ISO_TIME.nullable();
    else {
      const [key, rf] = Object.entries(def.fields).find(([fk, x]) => refKeyOf(fk, x) === k) ?? [];
      if (key && rf) shape[k] = (rf.kind === 'refs' ? z.array(refDoc(rf)) : refDoc(rf)).nullable();
      else shape[k] = hooks.presentedTypes?.[k] ?? z.unknown();
    }
  }
  return shape;
}

/**
 * A shape worked out on its first read: the row's keys depend on the modules' hooks (presentedKeys),
 * installed after a module file is imported, and a module may name a row in a schema at its top level.
 * zod reads an object's shape only when the schema is used (parsed, converted, extended, picked).
 */
function lazyShape(build: () => Record<string, z.ZodType>): Record<string, z.ZodType> {
  let shape: Record<string, z.ZodType> | undefined;
  const real = () => {
    shape ??= build();
    return shape;
  };
  return new Proxy({} as Record<string, z.ZodType>, {
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_t, k) => Reflect.getOwnPropertyDescriptor(real(), k),
    get: (_t, k) => real()[k as string],
    has: (_t, k) => k in real(),
  });
}

/**
 * The named documentation schemas of a resource: its presented row, its create and its update input,
 * one instance each per resource (one component each in the document).
 */
export function resourceDocs(def: ResourceDef) {
  const known = docNames.get(def.name);
  if (known) return known;
  const name = componentName(def.name);
  // the declaration's own input schemas are named (not copies): every route taking one, generic or a
  // module's, then points at the one component
  z.globalRegistry.add(def.createSchema, { ...z.globalRegistry.get(def.createSchema), id: `${name}Create` });
  z.globalRegistry.add(def.updateSchema, { ...z.globalRegistry.get(def.updateSchema), id: `${name}Update` });
  const shape = lazyShape(() => rowShape(def, hooksOf(def.name)));
  // the example is worked out when the document is written (a getter), as the shape is
  const meta = {
    id: `${name}Row`,
    title: def.label,
    get examples() {
      return [sampleRow(def, shape)];
    },
  };
  const docs = {
    row: z.object(shape).meta(meta),
    create: def.createSchema,
    update: def.updateSchema,
  };
  docNames.set(def.name, docs);
  return docs;
}

/** `{ entry }` of a resource's presented record: what a module's own route answers when it answers the record as the generic read does. */
export const entryOf = (def: ResourceDef) => z.object({ entry: resourceDocs(def).row });

/** Some keys of a resource's documented row (a public answer that shows only those). */
export const rowPick = (def: ResourceDef, keys: readonly string[]) =>
  z.object(lazyShape(() => Object.fromEntries(keys.map((k) => [k, resourceDocs(def).row.shape[k] ?? z.unknown()]))));

const plainRows = new Map<string, z.ZodObject>();
/** A resource's documented row without the reference objects (a record presented without attachRefs): one named component. */
export function rowWithoutRefs(def: ResourceDef): z.ZodObject {
  let row = plainRows.get(def.name);
  if (!row) {
    const shape = lazyShape(() => {
      const refKeys = new Set(Object.entries(def.fields).map(([k, f]) => refKeyOf(k, f)));
      return Object.fromEntries(Object.entries(resourceDocs(def).row.shape).filter(([k]) => !refKeys.has(k)));
    });
    row = z.object(shape).meta({ id: `${componentName(def.name)}RowPlain`, title: `${def.label} (không kèm bản ghi liên kết)` });
    plainRows.set(def.name, row);
  }
  return row;
}
