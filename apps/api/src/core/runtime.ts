import type { ResourceDef, RowOf, StoredRowOf } from '@nns/shared';
import { type ResourceDefOf, type ResourceName, resourceByName } from '@nns/shared/registry';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hooksOf } from './extensions';
import type { Ctx, Extra, ResourceHooks } from './module';
import { assertPasswordPolicy, hashPassword } from './passwords';
import { col, searchTextOf } from './resource-query';
import { attachRefs, exec, findOne, insertManySql, insertSql, present } from './resource-store';
import { deleteRecord, type WriteOp, writeRecord } from './write-path';

/**
 * The resource runtime: the one way code writes a declared table (docs/CONTRIBUTING.md). Routes,
 * bulk actions, the Excel import, jobs and seeds call `resource('<name>').create / update / delete /
 * restore / action / setPassword`; the runtime resolves the hooks the modules declared for that
 * resource, so no caller passes hooks and none can forget them. Scope, identifiers, rich text,
 * references, uniqueness, search text, audit and the caches follow from the write path
 * (core/write-path.ts) it runs. apps/api/test/runtime-writes.test.ts fails when code elsewhere writes
 * a declared table.
 */

type Row = Record<string, unknown>;
/** A stored row of D, beside whatever the caller attached. */
type Stored<D> = StoredRowOf<D> & Extra;
/**
 * What code writes: any declared key with its value type (null empties it), and keys the server
 * decides (trusted, derived). Required fields are not enforced here: the database's NOT NULL is.
 */
export type WriteData<D extends ResourceDef = ResourceDef> = Partial<StoredRowOf<D>> & Extra;

export interface WriteOptions<D extends ResourceDef = ResourceDef> {
  /** what the audit log calls it (default: create, update) */
  audit?: string;
  /** keys of the data the server decided: written even when read-only */
  trusted?: string[];
  /** the audit entry shows only these keys */
  auditKeys?: string[];
  op?: WriteOp['op'];
  /** writes that belong with the record, given the stored row (WriteOp's `also`) */
  also?(row: Stored<D>, db: Db): ReturnType<NonNullable<WriteOp['also']>>;
}

/** One declared resource, as code writes it. */
export interface ResourceApi<D extends ResourceDef = ResourceDef> {
  readonly def: D;
  readonly hooks: ResourceHooks<D>;
  /** one record inside the user's scope (404 otherwise), locked for the transaction when asked */
  find(db: Db, id: number, ctx: Ctx, o?: { forUpdate?: boolean; trashed?: boolean }): Promise<Stored<D>>;
  create(ctx: Ctx, db: Db, data: WriteData<D>, o?: WriteOptions<D>): Promise<Stored<D>>;
  /** changes a record already read (in scope) or, given its id, reads it first (locked) */
  update(ctx: Ctx, db: Db, existing: Row | number, data: WriteData<D>, o?: WriteOptions<D>): Promise<Stored<D>>;
  delete(ctx: Ctx, db: Db, existing: Row | number): Promise<void>;
  restore(ctx: Ctx, db: Db, existing: Row | number): Promise<Stored<D>>;
  /** a record action's one write: the field alone, audited under the action's name */
  action(ctx: Ctx, db: Db, existing: Row, name: string, field: string, value: unknown): Promise<Stored<D>>;
  /**
   * sets a password-kind field outside the edit form (a reset, one's own change, a reset link): policy
   * checked against the account, hashed once, the resource's afterSecret hooks run (a user's sessions
   * end), audited under `audit` without the value. The edit hooks do not run: the caller has
   * established the right (a scoped read, a token, the old password). `existing` is the row read by
   * the caller, or an id read here as it is; `also` sets server-decided fields beside it.
   */
  setPassword(
    ctx: Ctx,
    db: Db,
    existing: Row | number,
    plain: string,
    o: { audit: string; field?: string; policyField?: string; also?: WriteData<D>; auditAfter?: Row },
  ): Promise<Stored<D>>;
  /** the row as the client sees it (hidden fields dropped, presenters applied) */
  present(row: Row, ctx: Ctx | null): RowOf<D> & Extra;
  /** `{ entry }` of one written row, its references attached */
  entry(db: Db, row: Row, ctx: Ctx | null): Promise<{ entry: RowOf<D> & Extra }>;
  /**
   * a row of demo or reference data, with its search text: no person wrote it, so no hooks run and no
   * audit row is kept (npm start's demo seeds, the platform's first accounts)
   */
  seed(db: Db, data: WriteData<D>): Promise<number>;
  /** many rows of reference data at once (the national list of units at start): `seed` in a few statements; the stored rows */
  seedMany(db: Db, rows: WriteData<D>[]): Promise<Stored<D>[]>;
  /**
   * columns the server keeps (counters, verdicts, derived paths) on rows chosen by `where`: no person's
   * write, so no hooks or audit; only fields declared read-only (or updated_at, search_text) may be set this way
   */
  derive(db: Db, where: SQL, values: { [K in keyof StoredRowOf<D>]?: StoredRowOf<D>[K] | SQL } & Record<string, unknown>): Promise<number>;
}

const apis = new Map<string, ResourceApi>();
/** rows per statement of seedMany: a whole national list is a handful of statements */
const SEED_CHUNK = 500;

const passwordFields = (def: ResourceDef) =>
  Object.entries(def.fields)
    .filter(([, f]) => f.kind === 'password')
    .map(([k]) => k);

function apiOf(def: ResourceDef): ResourceApi {
  const hooksNow = () => hooksOf(def.name);
  const read = (db: Db, existing: Row | number, ctx: Ctx, trashed = false) =>
    typeof existing === 'number' ? findOne(db, def, existing, ctx, { forUpdate: true, trashed }) : Promise.resolve(existing);
  const derivable = new Set([
    'updated_at',
    // who last changed the record, when what changed is beside it (a role's permissions)
    'updated_by',
    // a derived value that is searched (a group's path) brings its search text with it
    'search_text',
    ...Object.entries(def.fields)
      .filter(([, f]) => f.readOnly)
      .map(([k]) => k),
  ]);
  const api: ResourceApi = {
    def,
    get hooks() {
      return hooksNow();
    },
    find: (db, id, ctx, o) => findOne(db, def, id, ctx, o),
    create: (ctx, db, data, o = {}) => writeRecord({ ...o, def, ctx, db, data, audit: o.audit ?? 'create' }),
    async update(ctx, db, existing, data, o = {}) {
      return writeRecord({ ...o, def, ctx, db, existing: await read(db, existing, ctx), data, audit: o.audit ?? 'update' });
    },
    async delete(ctx, db, existing) {
      await deleteRecord({ def, ctx, db, existing: await read(db, existing, ctx) });
    },
    async restore(ctx, db, existing) {
      const row = await read(db, existing, ctx, true);
      return writeRecord({ def, ctx, db, existing: row, data: { deleted_at: null }, trusted: ['deleted_at'], auditKeys: ['deleted_at'], audit: 'restore' });
    },
    action: (ctx, db, existing, name, field, value) =>
      writeRecord({ def, ctx, db, existing, data: { [field]: value }, trusted: [field], auditKeys: [field], audit: name, op: 'action' }),
    async setPassword(ctx, db, existing, plain, o) {
      const field = o.field ?? passwordFields(def)[0];
      if (!field || def.fields[field]?.kind !== 'password') throw new Error(`${def.name} has no password field '${field}'`);
      const before = typeof existing === 'number' ? (await exec<Row>(db, sql`select * from ${col(def.table)} where id = ${existing} for update`))[0] : existing;
      if (!before) throw new Error(`${def.name} ${existing} not found`);
      assertPasswordPolicy(plain, before, o.policyField ?? field);
      const also = o.also ?? {};
      const sets = [sql`${col(field)} = ${await hashPassword(plain)}`, sql`updated_at = now()`, sql`updated_by = ${ctx.user?.id ?? null}`];
      for (const [k, v] of Object.entries(also)) sets.push(sql`${col(k)} = ${v}`);
      const [row] = await exec<Row>(db, sql`update ${col(def.table)} set ${sql.join(sets, sql`, `)} where id = ${before.id} returning *`);
      await hooksNow().afterSecret?.(row, ctx, db);
      // the hash never reaches the audit log
      await ctx.audit({ action: o.audit, subject: def.subject, recordId: row.id as number, after: { ...also, ...o.auditAfter } }, db);
      return row;
    },
    present: (row, ctx) => present(def, row, ctx),
    async entry(db, row, ctx) {
      await attachRefs(db, def, [row]);
      return { entry: present(def, row, ctx) };
    },
    async seed(db, data) {
      const row = { ...data };
      if (def.searchFields.length) row.search_text = searchTextOf(def, row);
      const [r] = await exec<{ id: number }>(db, insertSql(def, row));
      return r.id;
    },
    async seedMany(db, rows) {
      const out: Row[] = [];
      const filled = def.searchFields.length ? rows.map((r) => ({ ...r, search_text: searchTextOf(def, r) })) : rows;
      for (let i = 0; i < filled.length; i += SEED_CHUNK) out.push(...(await exec<Row>(db, insertManySql(def, filled.slice(i, i + SEED_CHUNK)))));
      return out;
    },
    async derive(db, where, values) {
      const keys = Object.keys(values);
      const bad = keys.filter((k) => !derivable.has(k));
      if (bad.length) throw new Error(`${def.name}: derive() sets only read-only fields, not ${bad.join(', ')}`);
      const sets = keys.map((k) => {
        const v = values[k];
        return sql`${col(k)} = ${v !== null && typeof v === 'object' && 'getSQL' in (v as object) ? (v as SQL) : sql`${v}`}`;
      });
      const rows = await exec<{ id: number }>(db, sql`update ${col(def.table)} set ${sql.join(sets, sql`, `)} where ${where} returning id`);
      return rows.length;
    },
  };
  return api;
}

/**
 * The runtime's handle on a declared resource, by name ('articles', 'users'…): named in code, its rows
 * and bodies are the declaration's types; a name known only at run time gives the generic handle.
 */
export function resource<N extends ResourceName>(name: N): ResourceApi<ResourceDefOf<N>>;
export function resource(name: string): ResourceApi;
export function resource(name: string): ResourceApi {
  let api = apis.get(name);
  if (!api) {
    const def = resourceByName[name];
    if (!def) throw new Error(`resource runtime: no declared resource '${name}'`);
    api = apiOf(def);
    apis.set(name, api);
  }
  return api;
}
