import type { FieldDef, ResourceDef } from '@nns/shared';
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
