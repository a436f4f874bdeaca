import type { ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exec } from '../db/sql';
import { AppError } from './errors';
import type { SessionUser } from './module';

/**
 * Scope is explicit on every account (docs/accounts.md): 'all' sees everything; 'province' sees the
 * records of the wards of one province; 'ward' the records of one ward. The engine applies it in every
 * list, count, export, read and write of a resource bound to a ward: by its own `ward_id`, or through
 * the record it belongs to (`wardVia`: products and labors through their manufacture). 'producer' sees
 * the records of one producer (manufacture) and what hangs off it, each resource reaching it as it
 * declares (`producerVia`); nothing else bound to a ward. Nothing else decides what a user sees.
 */
export type Scope = 'all' | 'province' | 'ward' | 'producer';

const col = (name: string) => sql.identifier(name);

/**
 * The resource a `wardVia` reference points to: one with its own ward_id, or itself bound through
 * its own `wardVia` (a diary through its batch through the batch's manufacture).
 */
export function wardParentOf(def: ResourceDef): ResourceDef {
  const parent = def.wardVia ? resourceByName[def.fields[def.wardVia].ref as string] : undefined;
  if (!parent?.wardScoped && !parent?.wardVia) throw new Error(`${def.name}: wardVia ${def.wardVia} must reference a ward-bound resource`);
  return parent;
}

/** Whether this user sees every record (scope 'all'); anonymous callers of public routes are not scoped here. */
export const seesAll = (user: SessionUser | null) => !user || user.scope === 'all';

/**
 * The condition on a ward-bound resource's own rows for this user: ward scope → its ward; province
 * scope → the wards of that province, and, for a resource that also records a province (users), the
 * rows of that province without a ward. A scoped account missing its ward or province sees nothing.
 */
function ownRowsCondition(def: ResourceDef, user: SessionUser): SQL {
  if (user.scope === 'ward') return user.ward_id == null ? sql`false` : sql`${col('ward_id')} = ${user.ward_id}`;
  if (user.province_id == null) return sql`false`;
  const inWards = sql`${col('ward_id')} in (select id from wards where province_id = ${user.province_id})`;
  return 'province_id' in def.fields ? sql`(${inWards} or ${col('province_id')} = ${user.province_id})` : inWards;
}

/**
 * Rows of a ward-bound resource that scoped accounts may also read, never write: shared rows that
 * belong to no ward but concern theirs (a region's season calendar for the officers of the wards of
 * that region). Registered by the module that owns the resource (readScopeAlso); the engine applies
 * them to lists, counts, exports and reads, and leaves them out of every write's locking read.
 */
const sharedReads = new Map<string, (user: SessionUser) => SQL>();
export function readScopeAlso(resource: string, rows: (user: SessionUser) => SQL) {
  sharedReads.set(resource, rows);
}

/** Whether a scoped user can read this row only through the shared rows of its resource (so may not write it). */
export const hasSharedReads = (def: ResourceDef) => sharedReads.has(def.name);

/**
 * Resources bound to no ward whose rows a scoped account still sees only in part, by a rule of their
 * own (a notification by its audience): registered by the module that owns the resource (scopeRule);
 * the engine applies it like a ward, to reads and writes alike.
 */
const rules = new Map<string, (user: SessionUser) => SQL>();
export function scopeRule(resource: string, rows: (user: SessionUser) => SQL) {
  rules.set(resource, rows);
}

/** The resource a `producerVia` reference points to (the producers, or one reaching them its own way). */
function producerParentOf(def: ResourceDef): ResourceDef {
  const parent = resourceByName[def.fields[def.producerVia as string].ref as string];
  if (!parent?.producerVia) throw new Error(`${def.name}: producerVia ${def.producerVia} must reference a resource that declares producerVia`);
  return parent;
}

/** The rows of a resource that declares `producerVia` belonging to this producer's account; none without a producer. */
function producerRows(def: ResourceDef, user: SessionUser): SQL {
  if (user.manufacture_id == null) return sql`false`;
  if (def.producerVia === 'id') return sql`${col('id')} = ${user.manufacture_id}`;
  const via = def.producerVia as string;
  const parent = producerParentOf(def);
  if (parent.producerVia === 'id') return sql`${col(via)} = ${user.manufacture_id}`;
  return sql`${col(via)} in (select id from ${col(parent.table)} where ${producerRows(parent, user)})`;
}

/** Whether a resource is bound to a ward (its own ward_id or through wardVia): a producer account sees it only through producerVia. */
const wardBound = (def: ResourceDef) => def.wardScoped || !!def.wardVia;

/**
 * The conditions that keep a user inside their scope on this resource (none for 'all' or an unbound
 * resource). `write` leaves out the shared rows the user may only read (readScopeAlso).
 */
export function scopeOf(def: ResourceDef, user: SessionUser | null, mode: 'read' | 'write' = 'read'): SQL[] {
  if (seesAll(user)) return [];
  const u = user as SessionUser;
  const rule = rules.get(def.name);
  if (rule) return [rule(u)];
  if (u.scope === 'producer') {
    if (def.producerVia) return [producerRows(def, u)];
    if (!wardBound(def)) return [];
    const shared = mode === 'read' ? sharedReads.get(def.name) : undefined;
    return [shared ? shared(u) : sql`false`];
  }
  if (def.wardScoped) {
    const shared = mode === 'read' ? sharedReads.get(def.name) : undefined;
    return [shared ? sql`(${ownRowsCondition(def, u)} or ${shared(u)})` : ownRowsCondition(def, u)];
  }
  if (def.wardVia) {
    const parent = wardParentOf(def);
    const inner = parent.wardScoped ? ownRowsCondition(parent, u) : sql.join(scopeOf(parent, u), sql` and `);
    return [sql`${col(def.wardVia)} in (select id from ${col(parent.table)} where ${inner})`];
  }
  return [];
}

export const WARD_WRITE_MESSAGE = 'Bạn chỉ được thao tác trên dữ liệu thuộc phường/xã của mình';
export const PROVINCE_WRITE_MESSAGE = 'Bạn chỉ được thao tác trên dữ liệu thuộc tỉnh/thành phố của mình';
export const PRODUCER_WRITE_MESSAGE = 'Bạn chỉ được thao tác trên dữ liệu của cơ sở sản xuất của mình';

const refuseOn = (field: string, message: string) => new AppError(400, message, { errors: [{ field, message }] });

/** Whether a ward lies in a province. */
async function wardInProvince(db: Db, wardId: number, provinceId: number): Promise<boolean> {
  return (await exec(db, sql`select 1 from wards where id = ${wardId} and province_id = ${provinceId}`)).length > 0;
}

/**
 * The first step of every write by a scoped user: what they create or change must end inside their
 * scope. A ward officer's record without a ward lands in their ward; a province officer names a ward
 * of their province (or, on a resource that records a province, may leave the ward empty for their
 * province). Moving a record out of scope is refused as a bad value of the ward field (400 naming
 * ward_id, so a form shows it under the field and an import on its row; a 403 would send the web app
 * to the forbidden screen and lose the form). `existing` is the record being changed, already read
 * inside the user's scope; `data` may be filled in.
 */
export async function settleScope(db: Db, def: ResourceDef, user: SessionUser | null, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  if (seesAll(user)) return;
  const u = user as SessionUser;
  if (u.scope === 'producer') return settleProducer(def, u, data, existing);
  if (def.wardVia) {
    // the reference itself is checked against the user's scope with the other references; here only that there is one
    const via = def.wardVia;
    if ((via in data ? data[via] : existing?.[via]) == null) {
      throw refuseOn(via, `Chọn ${def.fields[via].label.toLowerCase()} thuộc ${u.scope === 'ward' ? 'phường/xã' : 'tỉnh/thành phố'} của bạn`);
    }
    return;
  }
  if (!def.wardScoped) return;
  if (u.scope === 'ward') return settleWard(u, data, existing);
  const hasProvince = 'province_id' in def.fields;
  const ward = 'ward_id' in data ? data.ward_id : existing?.ward_id;
  if (ward != null) {
    if (u.province_id == null || !(await wardInProvince(db, Number(ward), u.province_id))) throw refuseOn('ward_id', PROVINCE_WRITE_MESSAGE);
    return;
  }
  if (!hasProvince) throw refuseOn('ward_id', 'Chọn phường/xã thuộc tỉnh/thành phố của bạn');
  if (!existing && data.province_id == null) data.province_id = u.province_id;
  const province = 'province_id' in data ? data.province_id : existing?.province_id;
  if (province == null || Number(province) !== u.province_id) throw refuseOn('province_id', PROVINCE_WRITE_MESSAGE);
}

/** A ward-bound record written by an account bound to one ward (a ward officer, or a producer of that ward). */
function settleWard(u: SessionUser, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  // the generic form sends an empty picker as null: on create that means 'no choice', i.e. the user's ward
  if (!existing && data.ward_id == null) data.ward_id = u.ward_id;
  const ward = 'ward_id' in data ? data.ward_id : existing?.ward_id;
  if (ward == null || Number(ward) !== u.ward_id) throw refuseOn('ward_id', WARD_WRITE_MESSAGE);
}

/**
 * A write by a producer's account: the record belongs to their producer. A direct reference to the
 * producers left empty on create is filled with theirs, another one is refused on that field; a
 * reference through another record (a diary's batch) must be given, and the reference check finds
 * only their producer's records; their own producer they may change but not create another. A
 * ward-bound record that reaches no producer is out of their reach. A record with a ward of its own
 * stays in their producer's ward.
 */
function settleProducer(def: ResourceDef, u: SessionUser, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  if (!def.producerVia) {
    if (wardBound(def)) throw refuseOn(def.wardVia ?? 'ward_id', PRODUCER_WRITE_MESSAGE);
    return;
  }
  if (u.manufacture_id == null) throw refuseOn(def.producerVia === 'id' ? 'name' : def.producerVia, PRODUCER_WRITE_MESSAGE);
  if (def.producerVia === 'id') {
    if (!existing) throw refuseOn('name', PRODUCER_WRITE_MESSAGE);
  } else {
    const via = def.producerVia;
    if (producerParentOf(def).producerVia === 'id') {
      if (!existing && data[via] == null) data[via] = u.manufacture_id;
      const value = via in data ? data[via] : existing?.[via];
      if (value == null || Number(value) !== u.manufacture_id) throw refuseOn(via, PRODUCER_WRITE_MESSAGE);
    } else if ((via in data ? data[via] : existing?.[via]) == null) {
      throw refuseOn(via, `Chọn ${def.fields[via].label.toLowerCase()} của cơ sở sản xuất của bạn`);
    }
  }
  if (def.wardScoped) settleWard(u, data, existing);
}
