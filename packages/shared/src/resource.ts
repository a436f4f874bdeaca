import { z } from 'zod';
import type { FieldDef, FieldValue } from './fields';
import { fieldSchemas } from './fields';
import type { Action, Area, Subject } from './permissions';

/** A record action: PUT /api/admin/{resource}/{name}/{id}. */
export type RecordAction =
  /** flips a boolean, or a two-valued enum, field */
  | { kind: 'toggle'; field: string; permission: Action; label: string; confirm?: string }
  /** sets the field to the given value (approve) */
  | {
      kind: 'set';
      field: string;
      value: unknown;
      permission: Action;
      label: string;
      confirm?: string;
      /** the values of the field the action moves from (an article is approved only while pending): the list offers it on those rows only */
      from?: unknown[];
      /** the action turns the record down (a product's 'Từ chối'): the list shows it as a red cross, not a green tick */
      rejects?: boolean;
    };

export const toggle = (field: string, label: string, permission: Action = 'update'): RecordAction => ({
  kind: 'toggle',
  field,
  permission,
  label,
});
export const approve = (field: string, value: unknown, label = 'Phê duyệt'): RecordAction => ({
  kind: 'set',
  field,
  value,
  permission: 'approve',
  label,
  confirm: 'Bạn có chắc muốn phê duyệt bản ghi này?',
});

/** The fields of a declaration, by key. */
export type Fields = Record<string, FieldDef>;

/** `F` is the declaration's fields, as their builders typed them; `S` whether it deletes softly. */
export interface ResourceConfig<F extends Fields = Fields, S extends boolean = boolean> {
  /** URL segment under /api/admin, e.g. 'product-units' */
  name: string;
  /** database table; defaults to name with '-' → '_' */
  table?: string;
  subject: Subject;
  /** singular Vietnamese label, e.g. 'Đơn vị tính' */
  label: string;
  area: Area;
  /** path of the screens in the admin app, e.g. '/admin/system/product-units' */
  route?: string;
  /** the field shown when another record refers to this one */
  titleField?: string;
  fields: F;
  list?: {
    columns?: string[];
    /** fields a list may be sorted by, besides id, created_at and updated_at */
    sort?: string[];
    defaultSort?: string;
  };
  actions?: Record<string, RecordAction>;
  /** collection action name of the .xlsx export (spec §7 names: 'export', 'export-users'…); false for none */
  export?: string | false;
  /** .xlsx import from the export template: POST /api/admin/{name}/import (dry_run=1 first); upsert by `key` */
  import?: { key: string };
  /** GET /api/admin/{name}/count */
  count?: boolean;
  /**
   * A resource without its own ward that belongs to a ward-bound one through this reference (products
   * and labors through manufacture_id): a user bound to a ward sees and changes only the records whose
   * referenced record lies in their ward, and must name one.
   */
  wardVia?: string;
  /**
   * How a record reaches the producer (manufacture) it belongs to, for accounts of scope 'producer'
   * (core/scope.ts): 'id' on the producers themselves, otherwise a reference, either to the producers
   * or to a resource with its own `producerVia` (a diary through its batch). A ward-bound resource
   * without it is out of a producer account's sight.
   */
  producerVia?: string;
  /** false: a `ward_id` field names a target (a notification's ward), not the ward the record belongs to */
  wardScope?: boolean;
  /**
   * The level of the administrative map this resource holds: a picker of it offers a scoped user their
   * own unit only (a ward officer their ward and its province, a province officer their province and its
   * wards), a new record starts in the user's unit, and a ward is named with its province.
   */
  geoLevel?: 'province' | 'ward';
  /** delete sets deleted_at; PUT {name}/restore/{id} brings it back */
  softDelete?: S;
  /** has a detail screen */
  detail?: boolean;
  /** groups of fields that must be unique together, besides fields marked unique */
  uniqueTogether?: string[][];
  /**
   * Composite indexes, columns in order (besides the one per reference, filter and sort field): a child
   * list read by its parent in a fixed order, e.g. a batch's diaries `['batch_id', 'performed_at', 'id']`,
   * so the first page is read in order from the index, whatever plan a prepared statement settles on.
   */
  indexes?: string[][];
  /** the map point of the form: the names of the lat/long float fields, and a polygon field */
  map?: { lat: string; long: string; polygon?: string };
  /** sort key of the menu entry inside its area */
  menuOrder?: number;
  /** not offered by the generic CRUD routes (the module writes its own) */
  custom?: { create?: boolean; update?: boolean; delete?: boolean; list?: boolean; read?: boolean };
}

/**
 * A declared resource. Without type arguments it is any resource (generic engine code); a declaration
 * keeps its own (`typeof products`), from which RowOf, CreateInputOf, UpdateInputOf and FilterOf follow.
 */
export interface ResourceDef<
  F extends Fields = Fields,
  S extends boolean = boolean,
  // the body schemas are parameters of their own so that a ResourceDef stays covariant in its fields (a zod object is invariant in its shape)
  C extends z.ZodObject = InputSchema<F, 'create'>,
  U extends z.ZodObject = InputSchema<F, 'update'>,
> extends Required<Pick<ResourceConfig<F, S>, 'name' | 'table' | 'subject' | 'label' | 'area' | 'fields'>> {
  config: ResourceConfig<F, S>;
  route: string;
  titleField: string;
  listColumns: string[];
  sortable: string[];
  defaultSort: string;
  searchFields: string[];
  filterFields: string[];
  actions: Record<string, RecordAction>;
  exportName: string | false;
  count: boolean;
  softDelete: S;
  wardScoped: boolean;
  /** the reference through which the record is ward-bound (config.wardVia), or null */
  wardVia: string | null;
  /** config.producerVia, or null */
  producerVia: string | null;
  createSchema: C;
  updateSchema: U;
  labels: Record<string, string>;
}

export const SYSTEM_SORT = ['id', 'created_at', 'updated_at'];

/** Fields given only as `Record<string, FieldDef>` (generic code): nothing is known of their keys. */
type IsWide<F> = string extends keyof F ? true : false;
type Flat<T> = { [K in keyof T]: T[K] } & {};
type Nullable<Fd, V> = Fd extends { required: true } ? V : V | null;

/**
 * The zod shape of a create or update body: read-only fields are absent; a required field is required
 * on create (its default fills it when sent empty) and optional on update; any other may be null.
 */
export type InputShape<F, M extends 'create' | 'update'> =
  IsWide<F> extends true
    ? Record<string, z.ZodType>
    : {
        [K in keyof F as F[K] extends { readOnly: true } ? never : K]: F[K] extends { required: true }
          ? M extends 'create'
            ? z.ZodType<FieldValue<F[K]>>
            : z.ZodOptional<z.ZodType<FieldValue<F[K]>>>
          : z.ZodOptional<z.ZodType<FieldValue<F[K]> | null>>;
      };

/** The schema of a create or update body (strict: an unknown key is refused). */
export type InputSchema<F, M extends 'create' | 'update'> = z.ZodObject<InputShape<F, M>, z.core.$strict>;

/** Columns every row has besides its fields. */
export interface SystemColumns {
  id: number;
  created_at: string;
  updated_at: string;
  created_by: number | null;
  updated_by: number | null;
}

/**
 * A row as the API presents it (core/resource-store.ts present): the system columns, `deleted_at` on a
 * soft-delete resource, and each field but the write-only ones, null unless required. The generic
 * ResourceDef gives `Record<string, unknown>`.
 */
export type RowOf<D> =
  D extends ResourceDef<infer F, infer S>
    ? IsWide<F> extends true
      ? Record<string, unknown>
      : Flat<
          SystemColumns &
            (S extends true ? { deleted_at: string | null } : S extends false ? unknown : { deleted_at?: string | null }) & {
              -readonly [K in keyof F as F[K] extends { writeOnly: true } ? never : K]: Nullable<F[K], FieldValue<F[K]>>;
            }
        >
    : never;

/** A time as a driver reads it: PostgreSQL's driver gives a Date, PGlite's text; present() writes ISO strings. */
type StoredTime = string | Date;
type StoredValue<Fd> = Fd extends { kind: 'date' | 'datetime' } ? StoredTime : FieldValue<Fd>;

/**
 * A row as stored, as the write path's hooks are given it: every field, the write-only ones too (a
 * password's hash, null when none was set), times as the driver reads them.
 */
export type StoredRowOf<D> =
  D extends ResourceDef<infer F, infer S>
    ? IsWide<F> extends true
      ? Record<string, unknown>
      : Flat<
          { id: number; created_at: StoredTime; updated_at: StoredTime; created_by: number | null; updated_by: number | null } & (S extends true
            ? { deleted_at: StoredTime | null }
            : S extends false
              ? unknown
              : { deleted_at?: StoredTime | null }) & {
              -readonly [K in keyof F]: F[K] extends { writeOnly: true } ? StoredValue<F[K]> | null : Nullable<F[K], StoredValue<F[K]>>;
            }
        >
    : never;

/** A validated create body (the create schema's output). */
export type CreateInputOf<D> = D extends ResourceDef<infer F> ? z.output<z.ZodObject<InputShape<F, 'create'>>> : never;
/** A validated update body (the update schema's output): every key optional. */
export type UpdateInputOf<D> = D extends ResourceDef<infer F> ? z.output<z.ZodObject<InputShape<F, 'update'>>> : never;

const RANGE_KINDS = ['integer', 'float', 'money'] as const;
type RangeKind = (typeof RANGE_KINDS)[number];

/** One filter field's list-query keys, as core/resource-query.ts parses them. */
type FilterKeys<K extends string, Fd> = Fd extends { kind: RangeKind }
  ? { [P in K | `${K}_from` | `${K}_to`]?: number }
  : Fd extends { kind: 'date' | 'datetime' }
    ? { [P in `${K}_from` | `${K}_to`]?: string }
    : Fd extends { kind: 'enum' }
      ? { [P in K]?: FieldValue<Fd>[] }
      : Fd extends { kind: 'ref' | 'refs' }
        ? { [P in K]?: number }
        : Fd extends { kind: 'switch' }
          ? { [P in K]?: boolean }
          : { [P in K]?: string };

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * The list filters of a resource, as the list query parses them (core/resource-query.ts): each
 * `filter: true` field by its key (an enum: the values asked, sent comma-separated; a reference: an
 * id; a switch: true/false), numbers also as `{key}_from` / `{key}_to`, dates only as those.
 */
export type FilterOf<D> =
  D extends ResourceDef<infer F>
    ? IsWide<F> extends true
      ? Record<string, unknown>
      : Flat<UnionToIntersection<{ [K in keyof F & string]: F[K] extends { filter: true } ? FilterKeys<K, F[K]> : never }[keyof F & string]>>
    : never;

export function defineResource<const F extends Fields, S extends boolean = false>(c: ResourceConfig<F, S>): ResourceDef<F, S> {
  const fields = c.fields;
  const labels: Record<string, string> = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.label]));
  const searchFields = Object.keys(fields).filter((k) => fields[k].search);
  const filterFields = Object.keys(fields).filter((k) => fields[k].filter);
  const listColumns =
    c.list?.columns ??
    Object.keys(fields)
      .filter((k) => !fields[k].writeOnly && !['richtext', 'textarea', 'json', 'polygon', 'images', 'files'].includes(fields[k].kind))
      .slice(0, 6);
  for (const k of [...listColumns, ...(c.list?.sort ?? [])]) {
    if (!(k in fields) && !SYSTEM_SORT.includes(k)) throw new Error(`${c.name}: unknown field ${k}`);
  }
  if (c.wardVia && (fields[c.wardVia]?.kind !== 'ref' || 'ward_id' in fields)) {
    throw new Error(`${c.name}: wardVia must name a single reference of a resource without its own ward_id`);
  }
  if (c.producerVia && c.producerVia !== 'id' && fields[c.producerVia]?.kind !== 'ref') {
    throw new Error(`${c.name}: producerVia must be 'id' or name a single reference`);
  }
  return {
    name: c.name,
    table: c.table ?? c.name.replace(/-/g, '_'),
    subject: c.subject,
    label: c.label,
    area: c.area,
    fields,
    config: c,
    route: c.route ?? `/admin/${c.name}`,
    titleField: c.titleField ?? ('name' in fields ? 'name' : Object.keys(fields)[0]),
    listColumns,
    sortable: [...SYSTEM_SORT, ...(c.list?.sort ?? Object.keys(fields).filter((k) => fields[k].sort))],
    defaultSort: c.list?.defaultSort ?? '-id',
    searchFields,
    filterFields,
    actions: c.actions ?? {},
    exportName: c.export === undefined ? 'export' : c.export,
    count: c.count ?? false,
    softDelete: (c.softDelete ?? false) as S,
    wardScoped: 'ward_id' in fields && c.wardScope !== false,
    wardVia: c.wardVia ?? null,
    producerVia: c.producerVia ?? null,
    // the shapes are built from the fields at run time; their types say what each field's schema yields
    createSchema: z.object(fieldSchemas(fields, 'create')).strict() as InputSchema<F, 'create'>,
    updateSchema: z.object(fieldSchemas(fields, 'update')).strict() as InputSchema<F, 'update'>,
    labels,
  };
}

/**
 * What the admin shell's menu and breadcrumbs and the home screen need of a resource, without its
 * fields and schemas: `resource-index.ts` (written by `npm run gen` from the declarations) holds one
 * per resource, so the first admin screen does not download the declarations (and zod with them).
 * `config` is the subset of a declaration's config those screens read: a ResourceDef fits where an
 * entry is asked for.
 */
export interface ResourceIndexEntry {
  name: string;
  subject: Subject;
  label: string;
  area: Area;
  route: string;
  /** GET /api/admin/{name}/count */
  count: boolean;
  /** one of its record actions needs the `approve` permission */
  approvable: boolean;
  config: { menuOrder?: number; custom?: { list?: boolean } };
}

/** A declaration's entry of the resource index (scripts/gen-resources.mjs writes them; a test compares). */
export function indexEntryOf(r: ResourceDef): ResourceIndexEntry {
  const config: ResourceIndexEntry['config'] = {};
  if (r.config.menuOrder !== undefined) config.menuOrder = r.config.menuOrder;
  if (r.config.custom?.list !== undefined) config.custom = { list: r.config.custom.list };
  return {
    name: r.name,
    subject: r.subject,
    label: r.label,
    area: r.area,
    route: r.route,
    count: r.count,
    approvable: Object.values(r.actions).some((a) => a.permission === 'approve'),
    config,
  };
}
