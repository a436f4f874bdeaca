import type { FieldDef, ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The database column of one declared field. */
function columnFor(key: string, f: FieldDef) {
  switch (f.kind) {
    case 'integer':
      return f.big ? bigint(key, { mode: 'number' }) : integer(key);
    case 'money':
      return bigint(key, { mode: 'number' });
    case 'float':
      return doublePrecision(key);
    case 'date':
    case 'datetime':
      return timestamp(key, { withTimezone: true, mode: 'string' });
    case 'enum': {
      const numeric = (f.options ?? []).every((o) => typeof o.value === 'number');
      return numeric ? smallint(key) : text(key);
    }
    case 'ref':
      return integer(key);
    case 'refs':
      return integer(key).array();
    case 'switch':
      return boolean(key);
    case 'images':
    case 'files':
    case 'json':
    case 'polygon':
      return jsonb(key);
    default:
      return text(key);
  }
}

/** Tables by name, filled as the declarations are built: foreign keys name their target lazily. */
const tablesByName = new Map<string, Record<string, AnyPgColumn>>();
const idOf = (table: string) => () => {
  const t = tablesByName.get(table);
  if (!t) throw new Error(`foreign key to unknown table ${table}`);
  return t.id;
};

/** The table a resource is stored in, by resource name (for foreign keys of the platform's own tables). */
export const tableOf = (name: string) => idOf(resourceByName[name].table);

export const tableColumns = (def: ResourceDef) => {
  const cols: Record<string, any> = { id: serial('id').primaryKey() };
  for (const [key, f] of Object.entries(def.fields)) {
    let c = columnFor(key, f);
    // every single reference is a foreign key with its declared delete rule (int[] lists are checked by the app)
    if (f.kind === 'ref' && f.ref) c = c.references(idOf(resourceByName[f.ref].table), { onDelete: f.onDelete ?? 'restrict' });
    if (f.required && f.kind !== 'password') c = c.notNull();
    if (f.default !== undefined && ['switch', 'integer', 'float', 'money', 'enum', 'text'].includes(f.kind)) {
      c = c.default(f.default as never);
    }
    cols[key] = c;
  }
  if (def.searchFields.length) cols.search_text = text('search_text');
  cols.created_at = timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
  cols.updated_at = timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
  cols.created_by = integer('created_by').references(idOf('users'), { onDelete: 'set null' });
  cols.updated_by = integer('updated_by').references(idOf('users'), { onDelete: 'set null' });
  if (def.softDelete) cols.deleted_at = timestamp('deleted_at', { withTimezone: true, mode: 'string' });
  return cols;
};

/** One table per resource declaration, with the indexes its list, filters and uniqueness need. */
export function tableFor(def: ResourceDef) {
  const table = pgTable(def.table, tableColumns(def), (t: Record<string, AnyPgColumn>) => {
    const idx = [];
    const live = def.softDelete ? sql`deleted_at is null` : undefined;
    for (const [key, f] of Object.entries(def.fields)) {
      if (f.unique) {
        const u = uniqueIndex(`${def.table}_${key}_uq`).on(t[key]);
        idx.push(live ? u.where(live) : u);
      } else if (f.kind === 'ref' || f.filter || f.sort) {
        if (!['json', 'images', 'files', 'polygon', 'refs', 'richtext'].includes(f.kind)) idx.push(index(`${def.table}_${key}_idx`).on(t[key]));
      }
    }
    for (const group of def.config.uniqueTogether ?? []) {
      const u = uniqueIndex(`${def.table}_${group.join('_')}_uq`).on(...(group.map((k) => t[k]) as [AnyPgColumn]));
      idx.push(live ? u.where(live) : u);
    }
    if (t.search_text) idx.push(index(`${def.table}_search_idx`).using('gin', sql`${t.search_text} gin_trgm_ops`));
    idx.push(index(`${def.table}_created_at_idx`).on(t.created_at));
    // deep pages of a soft-delete table skip rows through this index alone (index-only scan)
    if (def.softDelete) idx.push(index(`${def.table}_live_id_idx`).on(t.id).where(sql`deleted_at is null`));
    return idx;
  });
  tablesByName.set(def.table, table as unknown as Record<string, AnyPgColumn>);
  return table;
}

export type ResourceTable = ReturnType<typeof tableFor>;
