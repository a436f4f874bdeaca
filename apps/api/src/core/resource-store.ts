import { type FieldDef, type ResourceDef, type RowOf, UPLOAD_PREFIX } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exec, execPrepared, execStatic, runsInParallel, SHARED } from '../db/sql';
import { badRequest, conflict, forbidden, notFound } from './errors';
import { hooksOf } from './extensions';
import type { Ctx, Extra, SessionUser, StoredRow } from './module';
import { col, whereSql } from './resource-query';
import { hasSharedReads, scopeOf } from './scope';

export { exec, execPrepared, execStatic, MAX_STATEMENTS, type ReadOptions, runsInParallel } from '../db/sql';

/** The names of the columns a resource's rows are read with (never the search helper column). */
export function selectColumns(def: ResourceDef): string[] {
  return ['id', ...Object.keys(def.fields), 'created_at', 'updated_at', 'created_by', 'updated_by', ...(def.softDelete ? ['deleted_at'] : [])];
}

const selectLists = new WeakMap<ResourceDef, SQL>();
/**
 * The select list of a resource's rows, quoted as drizzle quotes identifiers, built once per resource:
 * every list, read and write embeds it, and a dozen identifier chunks walked per request cost more than
 * the query's own parsing (issue 11 profile). Never mutated by its users (they embed it in sql``).
 */
export function selectList(def: ResourceDef): SQL {
  let list = selectLists.get(def);
  if (!list) {
    list = sql.raw(
      selectColumns(def)
        .map((n) => `"${n.replace(/"/g, '""')}"`)
        .join(', '),
    );
    selectLists.set(def, list);
  }
  return list;
}

const TIME_KEYS = new Set(['created_at', 'updated_at', 'deleted_at']);
/** PostgreSQL's text form of a UTC timestamptz (the session's time zone is UTC): date, time, up to 6 fraction digits. */
const PG_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/** Both drivers' timestamp forms ('2026-11-22 03:28:58+00' or a Date) become ISO 8601 UTC. */
export function iso(v: string | Date): string;
export function iso(v: string | Date | null): string | null;
export function iso(v: unknown): unknown;
export function iso(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') {
    // the common UTC form is rewritten without a Date (the list's hot path: 20 timestamps a page);
    // milliseconds truncated as Date does
    const m = PG_UTC.exec(v);
    if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
    const d = new Date(v.includes('T') ? v : v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
    return Number.isNaN(d.getTime()) ? v : d.toISOString();
  }
  return v;
}

/** What present() drops and what it writes as ISO 8601, worked out once per resource instead of per row. */
const presentPlans = new WeakMap<ResourceDef, { hidden: Set<string>; times: Set<string> }>();
function presentPlanOf(def: ResourceDef) {
  let plan = presentPlans.get(def);
  if (!plan) {
    const entries = Object.entries(def.fields);
    plan = {
      hidden: new Set(['search_text', 'search_tsv', ...entries.filter(([, f]) => f.writeOnly).map(([k]) => k)]),
      times: new Set([...TIME_KEYS, ...entries.filter(([, f]) => f.kind === 'date' || f.kind === 'datetime').map(([k]) => k)]),
    };
    presentPlans.set(def, plan);
  }
  return plan;
}

/** A row as stored, for the audit log and exports: secrets and search text dropped, dates as ISO strings. */
export function presentRow(def: ResourceDef, row: Record<string, unknown>) {
  const { hidden, times } = presentPlanOf(def);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(row)) {
    if (hidden.has(k)) continue;
    const v = row[k];
    out[k] = v !== null && times.has(k) ? iso(v) : v;
  }
  return out;
}

/** Rows go to the client through here: presentRow, then the presenters modules declared for the resource. */
export function present<D extends ResourceDef>(def: D, row: Record<string, unknown>, ctx: Ctx | null): RowOf<D> & Extra {
  const out = presentRow(def, row);
  const hooks = hooksOf(def.name);
  // the presented row of the declaration: its stored row without what presentRow hides, plus what the presenters add
  return (hooks.present ? hooks.present(out, ctx) : out) as RowOf<D> & Extra;
}

/** The key attachRefs writes the referenced record(s) under, or null when it writes none for this field. */
export function refKeyOf(key: string, f: FieldDef): string | null {
  if ((f.kind !== 'ref' && f.kind !== 'refs') || !f.ref || f.writeOnly || !resourceByName[f.ref]) return null;
  const name = f.kind === 'ref' ? key.replace(/_id$/, '') : `${key.replace(/_ids$/, '')}_items`;
  return name === key ? `${key}_ref` : name;
}

/**
 * Attaches `{id, <label>}` of each referenced record under the field name without `_id` (refs: `<field>_items`).
 * `known` lends rows the caller has already read, per field (e.g. a batch's detail gives its diaries'
 * batch and its process's stages): an id found there with its label column is not asked again, the
 * rest are. On PostgreSQL's pool the reference queries of the fields run concurrently (each on a
 * pooled connection); inside a transaction (one client, which must not be given a query while it runs
 * one) and on PGlite they run one after another. Keys are written in field order either way.
 */
export async function attachRefs(db: Db, def: ResourceDef, rows: Record<string, unknown>[], known: Record<string, Record<string, unknown>[]> = {}) {
  const parallel = runsInParallel(db);
  const fills: (() => void)[] = [];
  const work: Promise<void>[] = [];
  for (const [key, f] of Object.entries(def.fields)) {
    const refKey = refKeyOf(key, f);
    if (!refKey || !f.ref) continue;
    const target = resourceByName[f.ref];
    const label = f.refLabel ?? target.titleField;
    const byId = new Map<number, Record<string, unknown>>();
    for (const k of known[key] ?? []) if (label in k) byId.set(Number(k.id), { id: k.id, [label]: k[label] });
    const ids = new Set<number>();
    for (const r of rows) {
      const v = r[key];
      if (Array.isArray(v)) {
        for (const x of v) if (!byId.has(Number(x))) ids.add(Number(x));
      } else if (v !== null && v !== undefined && !byId.has(Number(v))) ids.add(Number(v));
    }
    fills.push(() => {
      for (const r of rows) {
        const v = r[key];
        r[refKey] = Array.isArray(v) ? v.map((x) => byId.get(Number(x))).filter(Boolean) : v == null ? null : (byId.get(Number(v)) ?? null);
      }
    });
    if (!ids.size) continue;
    // the ids as one array parameter: one statement text per reference, prepared once per connection
    const q = () =>
      execPrepared<{ id: number; label: unknown }>(
        db,
        sql`select id, ${col(label)} as label from ${col(target.table)} where id = any(${`{${[...ids].join(',')}}`}::int[])`,
        SHARED,
      ).then((found) => {
        for (const x of found) byId.set(x.id, { id: x.id, [label]: x.label });
      });
    if (parallel) work.push(q());
    else await q();
  }
  await Promise.all(work);
  for (const fill of fills) fill();
}

/** One live (or, with trashed, soft-deleted) record inside the user's scope, or 404. */
export async function findOne<D extends ResourceDef>(
  db: Db,
  def: D,
  id: number,
  ctx: Ctx,
  o: { trashed?: boolean; forUpdate?: boolean } = {},
): Promise<StoredRow<D>> {
  // a write's locking read stays inside what the user may write (not the shared rows they may only read)
  const scope = scopeOf(def, ctx.user, o.forUpdate ? 'write' : 'read');
  if (!o.forUpdate && !scope.length) {
    // the read of a user who sees every row: one fixed text per resource (and trashed), prepared once
    const live = def.softDelete ? (o.trashed ? sql` and deleted_at is not null` : sql` and deleted_at is null`) : sql``;
    const [row] = await execStatic<StoredRow<D>>(
      db,
      `${def.table}|read|${o.trashed ? 1 : 0}`,
      (v) => sql`select ${selectList(def)} from ${col(def.table)} where id = ${v('id')}${live}`,
      {
        id,
      },
      SHARED,
    );
    if (!row) throw notFound(`Không tìm thấy ${def.label.toLowerCase()}`);
    return row;
  }
  const w = [sql`id = ${id}`, ...scope];
  if (def.softDelete) w.push(o.trashed ? sql`deleted_at is not null` : sql`deleted_at is null`);
  const q = sql`select ${selectList(def)} from ${col(def.table)}${whereSql(w)}${o.forUpdate ? sql` for update` : sql``}`;
  // a read (not a write's locking read) is one of the hot statements: prepared on PostgreSQL
  const rows = o.forUpdate ? await exec<StoredRow<D>>(db, q) : await execPrepared<StoredRow<D>>(db, q, SHARED);
  if (!rows[0] && o.forUpdate && hasSharedReads(def)) {
    const shared = await exec(db, sql`select 1 from ${col(def.table)}${whereSql([sql`id = ${id}`, ...scopeOf(def, ctx.user)])}`);
    if (shared.length) throw forbidden(`${def.label} dùng chung (không thuộc phường/xã nào): bạn chỉ được xem, không được sửa hoặc xóa`);
  }
  if (!rows[0]) throw notFound(`Không tìm thấy ${def.label.toLowerCase()}`);
  return rows[0];
}

/**
 * Referenced records must exist (and be live) before a write. A reference to a ward-bound resource
 * must also lie in the writer's scope: another ward's record answers as a missing one. Links the
 * record already holds (`existing`) stay valid as they are, even when their target has since been
 * soft-deleted or lies outside the writer's scope, so saving a record unchanged never fails on them;
 * choosing such a target anew is refused.
 */
export async function checkRefs(db: Db, def: ResourceDef, data: Record<string, unknown>, user: SessionUser | null = null, existing?: Record<string, unknown>) {
  const errors: { field: string; message: string }[] = [];
  for (const [key, f] of Object.entries(def.fields)) {
    if ((f.kind !== 'ref' && f.kind !== 'refs') || !f.ref) continue;
    const v = data[key];
    if (v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    const target = resourceByName[f.ref];
    if (!target) continue;
    const ids = [...new Set((Array.isArray(v) ? v : [v]).map(Number))];
    const prev = existing?.[key];
    const kept = new Set((Array.isArray(prev) ? prev : prev == null ? [] : [prev]).map(Number));
    const fresh = ids.filter((id) => !kept.has(id));
    const held = ids.filter((id) => kept.has(id));
    let n = 0;
    if (fresh.length) {
      const w = [sql`id = any(${intArray(fresh)})`, ...scopeOf(target, user)];
      if (target.softDelete) w.push(sql`deleted_at is null`);
      [{ n }] = await exec<{ n: number }>(db, sql`select count(*)::int as n from ${col(target.table)}${whereSql(w)}`);
    }
    // held links only need to still exist (a hard delete would have been refused or cleared them)
    if (held.length) n += (await exec<{ n: number }>(db, sql`select count(*)::int as n from ${col(target.table)} where id = any(${intArray(held)})`))[0].n;
    if (n !== ids.length) errors.push({ field: key, message: `${f.label} không tồn tại` });
  }
  errors.push(...(await missingUploads(db, def.fields, data, existing)));
  if (errors.length) throw badRequest(errors);
}

const UPLOAD_KINDS = new Set(['image', 'images', 'file', 'files']);
const uploadKeysOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v == null ? [] : [v])
    .filter((u): u is string => typeof u === 'string' && u.startsWith(UPLOAD_PREFIX))
    .map((u) => u.slice(UPLOAD_PREFIX.length));

/**
 * Image and file fields name files stored through the uploads route: a URL of the right form that no
 * upload made ('Ảnh đại diện: tệp chưa được tải lên') is refused like a reference that does not exist.
 * URLs the record already held are not asked again. The rows are locked (key share) until the write
 * commits, so the clean-up of unused uploads (media/upload-cleanup.ts) cannot remove one meanwhile.
 */
export async function missingUploads(db: Db, fields: Record<string, FieldDef>, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  const wanted = new Map<string, string[]>();
  for (const [key, f] of Object.entries(fields)) {
    if (!UPLOAD_KINDS.has(f.kind) || data[key] === undefined) continue;
    const held = new Set(uploadKeysOf(existing?.[key]));
    const keys = uploadKeysOf(data[key]).filter((k) => !held.has(k));
    if (keys.length) wanted.set(key, keys);
  }
  if (!wanted.size) return [];
  const all = [...new Set([...wanted.values()].flat())];
  const found = new Set((await exec<{ key: string }>(db, sql`select key from uploads where key = any(${textArray(all)}) for key share`)).map((r) => r.key));
  return [...wanted]
    .filter(([, keys]) => keys.some((k) => !found.has(k)))
    .map(([key]) => ({ field: key, message: `${fields[key].label}: tệp chưa được tải lên hệ thống, vui lòng tải lên lại` }));
}

const textArray = (keys: string[]) => sql`${`{${keys.map((k) => `"${k}"`).join(',')}}`}::text[]`;

const intArray = (ids: number[]) => sql.raw(`'{${ids.map((x) => Math.trunc(Number(x))).join(',')}}'::int[]`);

/** Unique fields among live rows answer 409 with the field named. */
export async function checkUnique(db: Db, def: ResourceDef, data: Record<string, unknown>, exceptId?: number) {
  const groups: string[][] = [
    ...Object.keys(def.fields)
      .filter((k) => def.fields[k].unique)
      .map((k) => [k]),
    ...(def.config.uniqueTogether ?? []),
  ];
  for (const g of groups) {
    if (g.some((k) => data[k] === undefined || data[k] === null)) continue;
    const w = g.map((k) => sql`${col(k)} = ${data[k]}`);
    if (def.softDelete) w.push(sql`deleted_at is null`);
    if (exceptId) w.push(sql`id <> ${exceptId}`);
    const rows = await exec(db, sql`select 1 from ${col(def.table)}${whereSql(w)} limit 1`);
    if (rows.length) {
      const label = g.map((k) => def.fields[k].label).join(', ');
      throw conflict(`${label} đã tồn tại`, g[0]);
    }
  }
}

/** Turns database constraint errors into the answers a client can act on. */
export function mapDbError(err: unknown): never {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  if (code === '23505') throw conflict('Dữ liệu đã tồn tại (trùng giá trị duy nhất)');
  if (code === '23503') throw conflict('Không thể xóa hoặc cập nhật vì dữ liệu đang được sử dụng ở nơi khác');
  throw err;
}

export function insertSql(def: ResourceDef, data: Record<string, unknown>): SQL {
  const keys = Object.keys(data);
  const vals = keys.map((k) => valueSql(def, k, data[k]));
  return sql`insert into ${col(def.table)} (${sql.join(
    keys.map((k) => col(k)),
    sql`, `,
  )}) values (${sql.join(vals, sql`, `)}) returning ${selectList(def)}`;
}

/** One insert of many rows (their keys together; a key a row lacks is null). */
export function insertManySql(def: ResourceDef, rows: Record<string, unknown>[]): SQL {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const values = rows.map(
    (r) =>
      sql`(${sql.join(
        keys.map((k) => valueSql(def, k, r[k])),
        sql`, `,
      )})`,
  );
  return sql`insert into ${col(def.table)} (${sql.join(
    keys.map((k) => col(k)),
    sql`, `,
  )}) values ${sql.join(values, sql`, `)} returning ${selectList(def)}`;
}

export function updateSql(def: ResourceDef, id: number, data: Record<string, unknown>): SQL {
  const sets = Object.keys(data).map((k) => sql`${col(k)} = ${valueSql(def, k, data[k])}`);
  return sql`update ${col(def.table)} set ${sql.join(sets, sql`, `)} where id = ${id} returning ${selectList(def)}`;
}

/** JSON columns are sent as text cast to jsonb; int arrays as array literals; the rest as parameters. */
function valueSql(def: ResourceDef, key: string, v: unknown): SQL {
  const f = def.fields[key];
  if (v === null || v === undefined) return sql`null`;
  if (f && ['json', 'images', 'files', 'polygon'].includes(f.kind)) return sql`${JSON.stringify(v)}::jsonb`;
  if (f?.kind === 'refs') return sql`${`{${(v as number[]).join(',')}}`}::int[]`;
  return sql`${v}`;
}
