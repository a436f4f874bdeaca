import { slugify } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors';
import { col } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';

/**
 * A slug free in `table` (spec §3 rule, packages/shared/src/text.ts): the base itself, else base-2,
 * base-3… (the smallest free one). `exceptId` is the record being saved, whose own slug is free to it.
 */
export async function uniqueSlug(db: Db, table: string, wanted: string, exceptId?: number): Promise<string> {
  const base = slugify(wanted).slice(0, 300).replace(/-+$/, '');
  const rows = await exec<{ slug: string }>(
    db,
    sql`select slug from ${col(table)} where (slug = ${base} or slug like ${`${base}-%`})${exceptId ? sql` and id <> ${exceptId}` : sql``}`,
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The slug of a name (or a title), refused when the name has no letter or digit to make one from. */
export async function slugFor(db: Db, table: string, name: unknown, field: string, label: string, exceptId?: number) {
  if (!slugify(String(name ?? ''))) throw badRequest([{ field, message: `${label} phải có chữ cái hoặc chữ số` }]);
  return uniqueSlug(db, table, String(name), exceptId);
}
