import tagsDef from '@nns/shared/resources/tags';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { defineModule, type ResourceHooks } from '../../core/module';
import { exec } from '../../core/resource-store';
import { writeRecord } from '../../core/write-path';
import type { Db } from '../../db/client';
import { slugFor } from './slugs';
import { clearWebCache } from './web-answer';

/** A slug made from the name on every save that names it (clients never choose it). */
const slugFromName = (table: string, label: string): ResourceHooks => ({
  derived: ['slug'],
  afterWrite: clearWebCache,
  async beforeCreate(data, _ctx, tx) {
    return { ...data, slug: await slugFor(tx, table, data.name, 'name', label) };
  },
  async beforeUpdate(data, existing, _ctx, tx) {
    const out = { ...data };
    delete out.slug;
    if (typeof data.name === 'string' && data.name !== existing.name) out.slug = await slugFor(tx, table, data.name, 'name', label, existing.id as number);
    return out;
  },
});

const CYCLE = 'Chuyên mục cha không được là chính chuyên mục này hoặc một chuyên mục con của nó';

/** Refuses a parent that would close a loop in the category tree. */
async function checkParent(db: Db, id: number | undefined, parentId: unknown) {
  if (parentId == null || id === undefined) return;
  if (Number(parentId) === id) throw badRequest([{ field: 'parent_id', message: CYCLE }]);
  const [r] = await exec<{ hit: boolean }>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from categories where id = ${Number(parentId)}
        union all select c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 50)
      select exists (select 1 from up where id = ${id}) as hit`,
  );
  if (r?.hit) throw badRequest([{ field: 'parent_id', message: CYCLE }]);
}

const categoryHooks = slugFromName('categories', 'Tên chuyên mục');

const ensureBody = z
  .object({
    names: z
      .array(z.string({ error: 'Tên thẻ không hợp lệ' }).trim().normalize('NFC').min(1, 'Tên thẻ bắt buộc').max(100, 'Tên thẻ tối đa 100 ký tự'), {
        error: 'Danh sách thẻ không hợp lệ',
      })
      .max(20, 'Tối đa 20 thẻ mỗi lần'),
  })
  .strict();

/** Article types, categories (a tree) and tags: slugs by the spec's rule, and tags made on the fly. */
export default defineModule({
  name: 'content-taxonomy',
  hooks: {
    'article-types': slugFromName('article_types', 'Tên loại bài viết'),
    tags: slugFromName('tags', 'Tên thẻ'),
    categories: {
      derived: ['slug'],
      afterWrite: clearWebCache,
      beforeCreate: categoryHooks.beforeCreate,
      async beforeUpdate(data, existing, ctx, tx) {
        if ('parent_id' in data) await checkParent(tx, existing.id, data.parent_id);
        return categoryHooks.beforeUpdate?.(data, existing, ctx, tx) ?? data;
      },
    },
  },
  routes(router, services) {
    router.add({
      method: 'POST',
      url: '/api/admin/tags/ensure',
      access: { action: 'create', subject: 'tags' },
      summary: 'Lấy hoặc tạo thẻ theo tên (tạo ngay khi viết bài; đường dẫn theo quy tắc của thẻ)',
      tags: ['Thẻ'],
      body: ensureBody,
      response: z.object({ entries: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string() })) }),
      handler: (ctx) =>
        services.db.transaction(async (tx) => {
          const out: { id: number; name: string; slug: string }[] = [];
          for (const name of [...new Set(ctx.body.names)]) {
            const [found] = await exec<{ id: number; name: string; slug: string }>(
              tx,
              sql`select id, name, slug from tags where lower(name) = lower(${name}) limit 1`,
            );
            if (found) {
              if (!out.some((x) => x.id === found.id)) out.push(found);
              continue;
            }
            const row = await writeRecord({ def: tagsDef, ctx, db: tx, data: { name }, audit: 'create' });
            out.push({ id: row.id as number, name: row.name as string, slug: row.slug as string });
          }
          return { entries: out };
        }),
    });
  },
});
