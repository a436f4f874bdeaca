import productGroupsDef from '@nns/shared/resources/product-groups';
import { sql } from 'drizzle-orm';
import { badRequest, conflict } from '../../core/errors';
import type { ResourceHooks } from '../../core/module';
import { searchTextOf } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Db } from '../../db/client';

export const PATH_SEPARATOR = ' / ';
const MAX_DEPTH = 20;

/** Refuses a parent that is the group itself or one of its descendants (the tree would become a loop). */
export async function assertNoCycle(db: Db, id: number, parentId: number | null | undefined) {
  let cur = parentId ?? null;
  for (let i = 0; cur !== null && i <= MAX_DEPTH; i++) {
    if (cur === id) throw badRequest([{ field: 'parent_id', message: 'Không thể chọn chính nhóm này hoặc một nhóm con của nó làm nhóm cha' }]);
    const [p] = await exec<{ parent_id: number | null }>(db, sql`select parent_id from product_groups where id = ${cur}`);
    cur = p?.parent_id ?? null;
  }
  if (cur !== null) throw badRequest([{ field: 'parent_id', message: `Cây nhóm sản phẩm tối đa ${MAX_DEPTH} cấp` }]);
}

/** Recomputes the path ('Nông sản / Cà phê / Cà phê nhân') and depth of a group and everything under it. */
export async function refreshPaths(db: Db, id: number) {
  const [g] = await exec<{ id: number; name: string; parent_id: number | null }>(db, sql`select id, name, parent_id from product_groups where id = ${id}`);
  if (!g) return null;
  const [p] = g.parent_id
    ? await exec<{ path: string | null; depth: number | null }>(db, sql`select path, depth from product_groups where id = ${g.parent_id}`)
    : [];
  const path = p ? `${p.path ?? ''}${PATH_SEPARATOR}${g.name}` : g.name;
  const depth = p ? (p.depth ?? 0) + 1 : 0;
  const [row] = await exec<Record<string, unknown>>(db, sql`select * from product_groups where id = ${id}`);
  const search = searchTextOf(productGroupsDef, { ...row, path });
  await resource(productGroupsDef.name).derive(db, sql`id = ${id}`, { path, depth, search_text: search });
  const children = await exec<{ id: number }>(db, sql`select id from product_groups where parent_id = ${id} and id <> ${id}`);
  for (const c of children) await refreshPaths(db, c.id);
  return { path, depth };
}

export const productGroupHooks: ResourceHooks<typeof productGroupsDef> = {
  async beforeUpdate(data, existing, _ctx, tx) {
    if ('parent_id' in data) await assertNoCycle(tx, existing.id, data.parent_id ?? null);
    return data;
  },
  async afterWrite(row, _ctx, tx, op) {
    if (op !== 'create' && op !== 'update') return;
    const r = await refreshPaths(tx, row.id);
    if (r) Object.assign(row, r);
  },
  async beforeDelete(row, _ctx, tx) {
    const [{ n }] = await exec<{ n: number }>(tx, sql`select count(*)::int as n from product_groups where parent_id = ${row.id} and deleted_at is null`);
    if (n > 0) throw conflict(`Không thể xóa vì nhóm còn ${n} nhóm con`);
  },
};
