import { identifierProblem, isIdentifierField, type ResourceDef } from '@nns/shared';
import { resources } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { badRequest, conflict } from './errors';
import { hooksOf } from './extensions';
import type { Ctx, ResourceHooks } from './module';
import { assertPasswordPolicy, hashPassword } from './passwords';
import { col, searchTextOf, whereSql } from './resource-query';
import { checkRefs, checkUnique, exec, insertSql, mapDbError, presentRow, updateSql } from './resource-store';
import { cleanRichText } from './rich-text';
import { settleScope } from './scope';

/**
 * The one write path (docs/CONTRIBUTING.md "One write path"). Every write of a declared resource goes
 * through `writeRecord` or `deleteRecord`, whoever calls it: the engine's create, update, record
 * actions and restore, the Excel import, and the hand-written routes (users' status, roles). The order
 * is fixed and written once:
 *
 *   scope → before-hooks → rich-text cleaning → references → uniqueness → SQL → database-error mapping
 *   → after-hooks → audit
 *
 * so a rule added to a step holds for every entry point at once.
 */
export interface WriteOp {
  def: ResourceDef;
  ctx: Ctx;
  /** the caller's transaction */
  db: Db;
  /** the validated body (for an action: the field it sets) */
  data: Record<string, unknown>;
  /** the record being changed, already read (for update) inside the user's scope; absent on create */
  existing?: Record<string, unknown>;
  /** what the audit log calls it: create, update, import, restore or the action's name */
  audit: string;
  /** what the after-hook is told */
  op?: 'create' | 'update' | 'action';
  /**
   * keys of `data` the server decided (an action's field, a restore's deleted_at): written even when
   * the declaration marks them read-only, which a client body never can
   */
  trusted?: string[];
  /** the audit entry shows only these keys (an action's field) instead of the whole record */
  auditKeys?: string[];
  /**
   * writes that belong with the record (a role's permissions), run after the after-hooks in the same
   * transaction; what it answers is merged into the audit entry's before/after
   */
  also?(row: Record<string, unknown>, db: Db): Promise<{ before?: Record<string, unknown>; after?: Record<string, unknown> } | undefined>;
}

/** Fields a client never writes: the row's own bookkeeping. */
export const SYSTEM_KEYS = ['id', 'created_at', 'updated_at', 'created_by', 'updated_by', 'deleted_at'] as const;

/** Validated body → row values: read-only fields never pass (unless trusted); search text and authorship are set here. */
export function rowValues(def: ResourceDef, data: Record<string, unknown>, ctx: Ctx, existing?: Record<string, unknown>, trusted: string[] = []) {
  const out: Record<string, unknown> = { ...data };
  for (const [k, f] of Object.entries(def.fields)) if (f.readOnly && !trusted.includes(k)) delete out[k];
  for (const k of SYSTEM_KEYS) if (!trusted.includes(k)) delete out[k];
  if (def.searchFields.length) out.search_text = searchTextOf(def, { ...existing, ...out });
  out.updated_by = ctx.user?.id ?? null;
  if (existing) out.updated_at = new Date().toISOString();
  else out.created_by = ctx.user?.id ?? null;
  return out;
}

/**
 * Keys a PUT body may carry back from a GET answer and that are set aside before validation: the
 * row's bookkeeping, read-only fields, the labels attached to references (`group` beside
 * `group_id`, `tag_items` beside `tag_ids`) and whatever the module's presenter adds. Unknown keys
 * are still refused.
 */
export function echoedKeys(def: ResourceDef, hooks: ResourceHooks = hooksOf(def.name)): string[] {
  const out = new Set<string>(SYSTEM_KEYS);
  for (const [k, f] of Object.entries(def.fields)) {
    if (f.readOnly) out.add(k);
    if (f.kind === 'ref') {
      const name = k.replace(/_id$/, '');
      out.add(name === k ? `${k}_ref` : name);
    }
    if (f.kind === 'refs') out.add(`${k.replace(/_ids$/, '')}_items`);
  }
  for (const k of hooks.presentedKeys ?? []) out.add(k);
  for (const k of Object.keys(def.fields)) if (!def.fields[k].readOnly) out.delete(k);
  return [...out];
}

/**
 * Identifier rules (a tax code's check digit, a CCCD's province, a mobile carrier prefix) on every
 * value written anew; a value an update leaves as it was stored passes on its older shape (the update
 * schema checked it), so a row from before the rule is never blocked or rewritten for it.
 */
export function checkIdentifiers(def: ResourceDef, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  const errors: { field: string; message: string }[] = [];
  for (const [k, f] of Object.entries(def.fields)) {
    const v = data[k];
    if (!isIdentifierField(f) || typeof v !== 'string' || v === '') continue;
    if (existing && existing[k] === v) continue;
    const problem = identifierProblem(f, v);
    if (problem) errors.push({ field: k, message: problem });
  }
  if (errors.length) throw badRequest(errors);
}

/**
 * Password fields: a blank one on update keeps the stored hash; a new one meets the policy (judged
 * against the account's own names) and is hashed here, once, whoever writes it. Answers whether a
 * secret was set, so the resource's afterSecret hooks run (a user's sessions end).
 */
async function hashSecrets(def: ResourceDef, data: Record<string, unknown>, existing: Record<string, unknown> | undefined) {
  let set = false;
  for (const [k, f] of Object.entries(def.fields)) {
    if (f.kind !== 'password' || !(k in data)) continue;
    const v = data[k];
    if (typeof v !== 'string' || v === '') {
      delete data[k];
      continue;
    }
    assertPasswordPolicy(v, { ...existing, ...data }, k);
    data[k] = await hashPassword(v);
    set = true;
  }
  return set;
}

const pick = (row: Record<string, unknown>, keys?: string[]) => (keys ? Object.fromEntries(keys.map((k) => [k, row[k] ?? null])) : row);

/** Creates (no `existing`) or changes one record; answers the stored row. */
export async function writeRecord(o: WriteOp): Promise<Record<string, unknown>> {
  const { def, ctx, db, existing } = o;
  const hooks = hooksOf(def.name);
  let data: Record<string, unknown> = { ...o.data };
  checkIdentifiers(def, data, existing);
  await settleScope(db, def, ctx.user, data, existing);
  if (existing) {
    if (hooks.beforeUpdate) data = await hooks.beforeUpdate(data, existing, ctx, db);
  } else if (hooks.beforeCreate) data = await hooks.beforeCreate(data, ctx, db);
  const secrets = await hashSecrets(def, data, existing);
  cleanRichText(def, data);
  await checkRefs(db, def, data, ctx.user, existing);
  await checkUnique(db, def, existing ? { ...existing, ...data } : data, existing?.id as number | undefined);
  const values = rowValues(def, data, ctx, existing, [...(o.trusted ?? []), ...(hooks.derived ?? [])]);
  const [row] = await exec(db, existing ? updateSql(def, existing.id as number, values) : insertSql(def, values)).catch(mapDbError);
  await hooks.afterWrite?.(row, ctx, db, o.op ?? (existing ? 'update' : 'create'));
  if (secrets && existing) await hooks.afterSecret?.(row, ctx, db);
  const extra = (await o.also?.(row, db)) ?? {};
  await ctx.audit(
    {
      action: o.audit,
      subject: def.subject,
      recordId: row.id as number,
      before: existing ? { ...pick(presentRow(def, existing), o.auditKeys), ...extra.before } : undefined,
      after: { ...pick(presentRow(def, row), o.auditKeys), ...extra.after },
    },
    db,
  );
  return row;
}

/** The resources that point at `target`, field by field, with the rule their declaration states. */
/**
 * A record action's one write (approve, a toggle…): the action's field alone, decided by the server,
 * audited under the action's name. The single action route and the bulk route both write through it.
 */
export function writeAction(
  o: Omit<WriteOp, 'data' | 'trusted' | 'auditKeys' | 'audit' | 'op'> & {
    existing: Record<string, unknown>;
    name: string;
    field: string;
    value: unknown;
  },
) {
  const { name, field, value, ...rest } = o;
  return writeRecord({ ...rest, data: { [field]: value }, trusted: [field], auditKeys: [field], audit: name, op: 'action' });
}

export function usersOf(target: ResourceDef) {
  const out: { def: ResourceDef; key: string; many: boolean; onDelete: 'restrict' | 'set null' | 'cascade' }[] = [];
  for (const def of resources) {
    for (const [key, f] of Object.entries(def.fields)) {
      if ((f.kind === 'ref' || f.kind === 'refs') && f.ref === target.name) {
        out.push({ def, key, many: f.kind === 'refs', onDelete: f.onDelete ?? 'restrict' });
      }
    }
  }
  return out;
}

/**
 * A record in use is not deleted: 409 naming what uses it and how many ('Không thể xóa: 12 sản phẩm
 * đang dùng nhóm sản phẩm này'). A soft delete counts the live rows that use it (a trashed row keeps
 * its link, which stays valid); a hard delete counts trashed ones too, since the foreign key would
 * refuse it anyway. Links declared 'set null' or 'cascade' do not stop a delete.
 */
export async function assertNotInUse(db: Db, target: ResourceDef, id: number, soft: boolean) {
  for (const u of usersOf(target)) {
    if (u.onDelete !== 'restrict') continue;
    const w = [u.many ? sql`${id} = any(${col(u.key)})` : sql`${col(u.key)} = ${id}`];
    if (u.def.softDelete && soft) w.push(sql`deleted_at is null`);
    if (u.def === target) w.push(sql`id <> ${id}`);
    const [{ n }] = await exec<{ n: number }>(db, sql`select count(*)::int as n from ${col(u.def.table)}${whereSql(w)}`);
    if (n > 0) throw conflict(`Không thể xóa: ${n} ${u.def.label.toLowerCase()} đang dùng ${target.label.toLowerCase()} này`);
  }
}

/** int[] links are not foreign keys: a hard delete takes the id out of the lists that hold it ('set null'). */
async function dropFromLists(db: Db, target: ResourceDef, id: number) {
  for (const u of usersOf(target)) {
    if (!u.many || u.onDelete === 'restrict') continue;
    if (u.onDelete === 'cascade') await exec(db, sql`delete from ${col(u.def.table)} where ${id} = any(${col(u.key)})`);
    else await exec(db, sql`update ${col(u.def.table)} set ${col(u.key)} = array_remove(${col(u.key)}, ${id}) where ${id} = any(${col(u.key)})`);
  }
}

/** Deletes one record already read inside the user's scope (soft when the resource keeps a trash). */
export async function deleteRecord(o: { def: ResourceDef; ctx: Ctx; db: Db; existing: Record<string, unknown> }) {
  const { def, ctx, db, existing } = o;
  const hooks = hooksOf(def.name);
  const id = existing.id as number;
  await hooks.beforeDelete?.(existing, ctx, db);
  await assertNotInUse(db, def, id, def.softDelete);
  if (def.softDelete) {
    await exec(db, sql`update ${col(def.table)} set deleted_at = now(), updated_by = ${ctx.user?.id ?? null} where id = ${id}`);
  } else {
    await dropFromLists(db, def, id);
    await exec(db, sql`delete from ${col(def.table)} where id = ${id}`).catch(mapDbError);
  }
  await hooks.afterWrite?.(existing, ctx, db, 'delete');
  await ctx.audit({ action: 'delete', subject: def.subject, recordId: id, before: presentRow(def, existing) }, db);
}
