import type { ResourceDef } from '@nns/shared';
import { resources } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineModule, type SessionUser } from '../../core/module';
import { col, whereSql } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import { scopeOf } from '../../core/scope';

/** the first few records of each queue the home card lists */
export const PENDING_FIRST = 5;
/** a count past this reads '1000+': the card says there is work, it need not count a large table */
const PENDING_COUNT_CAP = 1000;

const pendingEntry = z.object({
  resource: z.string(),
  label: z.string(),
  route: z.string(),
  /** the list filtered to what awaits approval */
  list_url: z.string(),
  count: z.number(),
  count_is_capped: z.boolean(),
  items: z.array(z.object({ id: z.number(), name: z.string(), url: z.string() })),
});

/** A resource whose declaration approves records: the field, the value it sets, and the value that waits. */
export function approvalQueueOf(def: ResourceDef) {
  for (const [name, a] of Object.entries(def.actions)) {
    if (a.kind !== 'set' || a.permission !== 'approve') continue;
    const f = def.fields[a.field];
    const waiting = f?.default;
    if (waiting === undefined || waiting === a.value) continue;
    return { action: name, field: a.field, waiting };
  }
  return null;
}

/**
 * The home screen's 'Chờ duyệt' card: per resource the user may approve, how many records await
 * approval inside the user's scope and the first few of them (newest first), each with its link.
 */
export default defineModule({
  name: 'system-home',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/home/pending',
      access: 'authenticated',
      summary: 'Việc chờ duyệt của người dùng (trang chủ)',
      tags: ['Hệ thống'],
      response: z.object({ entries: z.array(pendingEntry) }),
      handler: async (ctx) => {
        const user = ctx.user as SessionUser;
        const entries: z.infer<typeof pendingEntry>[] = [];
        for (const def of resources) {
          const q = approvalQueueOf(def);
          if (!q || !user.permissions.has(`approve:${def.subject}`)) continue;
          const w = [sql`${col(q.field)} = ${q.waiting}`, ...scopeOf(def, user)];
          if (def.softDelete) w.push(sql`deleted_at is null`);
          const [[{ n }], rows] = await Promise.all([
            exec<{ n: number }>(
              services.db,
              sql`select count(*)::int as n from (select 1 from ${col(def.table)}${whereSql(w)} limit ${PENDING_COUNT_CAP + 1}) s`,
            ),
            exec<{ id: number; name: unknown }>(
              services.db,
              sql`select id, ${col(def.titleField)}::text as name from ${col(def.table)}${whereSql(w)} order by id desc limit ${PENDING_FIRST}`,
            ),
          ]);
          if (!n) continue;
          const itemUrl = (id: number) => (def.config.detail ? `${def.route}/${id}/detail` : `${def.route}/${id}/edit`);
          entries.push({
            resource: def.name,
            label: def.label,
            route: def.route,
            list_url: `${def.route}?${q.field}=${encodeURIComponent(String(q.waiting))}`,
            count: Math.min(n, PENDING_COUNT_CAP),
            count_is_capped: n > PENDING_COUNT_CAP,
            items: rows.map((r) => ({ id: r.id, name: String(r.name ?? `#${r.id}`), url: itemUrl(r.id) })),
          });
        }
        return { entries };
      },
    });
  },
});
