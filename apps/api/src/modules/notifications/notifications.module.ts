import { AUDIENCE_FIELDS, AUDIENCES_BY_SCOPE, audienceErrors, type NotificationAudience } from '@nns/shared';
import usersDef from '@nns/shared/resources/users';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, notFound } from '../../core/errors';
import { defineModule, type SessionUser } from '../../core/module';
import { INBOX_COLUMNS, inboxEntry, sendIfDue } from '../../core/notify';
import { pageQueryShape } from '../../core/resource-query';
import { exec, iso } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { scopeOf, scopeRule, seesAll } from '../../core/scope';
import type { Db } from '../../db/client';

const SENT_LOCKED = 'Thông báo đã được gửi, không thể thay đổi người nhận hoặc thời gian gửi';

const sameValue = (a: unknown, b: unknown, time: boolean) => {
  if (a == null || b == null) return a == null && b == null;
  // the row's timestamp comes in the driver's form ('2026-11-24 09:00:00+00' or a Date), the body's in ISO
  return time ? Date.parse(String(iso(a))) === Date.parse(String(iso(b))) : String(a) === String(b);
};

/**
 * The notifications a scoped account sees and writes: those whose audience lies inside its scope (a
 * ward officer: their ward or one of its users; a province officer: their province, one of its wards
 * or one of its users). Everyone and a role are for scope 'all' only, so another author's broadcast
 * is out of reach (404), as is a notification to another ward.
 */
function audienceInScope(u: SessionUser): SQL {
  const users = sql`user_id in (select id from users where ${sql.join(scopeOf(usersDef, u), sql` and `)})`;
  if (u.scope === 'ward') {
    if (u.ward_id == null) return sql`false`;
    return sql`((audience = 'ward' and ward_id = ${u.ward_id}) or (audience = 'user' and ${users}))`;
  }
  if (u.scope !== 'province' || u.province_id == null) return sql`false`;
  return sql`((audience = 'province' and province_id = ${u.province_id})
    or (audience = 'ward' and ward_id in (select id from wards where province_id = ${u.province_id}))
    or (audience = 'user' and ${users}))`;
}
scopeRule('notifications', audienceInScope);

const OUT_OF_SCOPE = {
  ward: 'Bạn chỉ được gửi thông báo tới phường/xã của mình hoặc người dùng thuộc phường/xã đó',
  province: 'Bạn chỉ được gửi thông báo tới tỉnh/thành phố của mình, phường/xã hoặc người dùng thuộc tỉnh/thành phố đó',
};

/** Field errors when a scoped author's audience (the merged values) leaves their scope. */
async function scopeErrors(tx: Db, user: SessionUser | null, v: Record<string, unknown>) {
  if (seesAll(user)) return [];
  const u = user as SessionUser;
  const scope = u.scope === 'ward' ? 'ward' : 'province';
  const audience = v.audience as NotificationAudience;
  const message = OUT_OF_SCOPE[scope];
  // any other scope (a producer's account) addresses nobody
  if (u.scope !== scope || !AUDIENCES_BY_SCOPE[scope].includes(audience)) return [{ field: 'audience', message }];
  const field = audience === 'province' ? 'province_id' : audience === 'ward' ? 'ward_id' : 'user_id';
  const [inside] = await exec(
    tx,
    sql`select 1 as ok from (select ${audience}::text as audience, ${v.province_id ?? null}::int as province_id,
    ${v.ward_id ?? null}::int as ward_id, ${v.user_id ?? null}::int as user_id) n where ${audienceInScope(u)}`,
  );
  return inside ? [] : [{ field, message }];
}

const inboxQuery = z
  .object({
    ...pageQueryShape,
    unread: z.enum(['0', '1'], { error: 'Giá trị lọc chưa đọc phải là 0 hoặc 1' }).optional(),
  })
  .strict();

const inboxEntrySchema = z.object({
  id: z.number(),
  event_id: z.number(),
  title: z.string(),
  content: z.string(),
  sent_at: z.string(),
  read_at: z.string().nullable(),
});

const TAGS = ['Thông báo của tôi'];

/**
 * Notifications: the declaration's CRUD with the audience rule and the sending (hooks), and a
 * signed-in user's own notifications under /api/admin/profile/notifications. The sending itself and
 * notify() for other modules are in core/notify.ts.
 */
export default defineModule({
  name: 'notifications',
  hooks: {
    notifications: {
      async beforeCreate(data, ctx, tx) {
        const errors = audienceErrors(data);
        if (!errors.length) errors.push(...(await scopeErrors(tx, ctx.user, data)));
        if (errors.length) throw badRequest(errors);
        return data;
      },
      async beforeUpdate(data, existing, ctx, tx) {
        const merged = { ...existing, ...data };
        const errors = audienceErrors(merged);
        if (!errors.length) errors.push(...(await scopeErrors(tx, ctx.user, merged)));
        if (existing.sent_at) {
          for (const f of ['audience', ...AUDIENCE_FIELDS, 'scheduled_at']) {
            if (f in data && !sameValue(data[f], existing[f], f === 'scheduled_at')) errors.push({ field: f, message: SENT_LOCKED });
          }
        }
        if (errors.length) throw badRequest(errors);
        return data;
      },
      async afterWrite(row, _ctx, tx, op) {
        if (op === 'delete') {
          await exec(tx, sql`delete from notification_recipients where notification_id = ${row.id}`);
          return;
        }
        // due now (no time, or a time already past): sent in this transaction; later ones by the due-check
        if (!row.sent_at && (await sendIfDue(tx, Number(row.id)))) {
          const [fresh] = await exec(tx, sql`select sent_at, recipient_count from notifications where id = ${row.id}`);
          Object.assign(row, fresh);
        }
      },
    },
  },
  routes(router, services) {
    const me = (u: SessionUser | null) => (u as SessionUser).id;
    router.add({
      method: 'GET',
      url: '/api/admin/profile/notifications',
      access: 'authenticated',
      summary: 'Thông báo của tôi (mới nhất trước)',
      tags: TAGS,
      query: inboxQuery,
      response: z.object({
        entries: z.array(inboxEntrySchema),
        pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), total_pages: z.number() }),
        unread: z.number(),
      }),
      async handler(ctx) {
        const { page, limit, unread } = ctx.query;
        const userId = me(ctx.user);
        const only = unread === '1' ? sql` and r.read_at is null` : unread === '0' ? sql` and r.read_at is not null` : sql``;
        const [rows, [counts]] = await Promise.all([
          exec(
            services.db,
            sql`select ${INBOX_COLUMNS} from notification_recipients r join notifications n on n.id = r.notification_id
              where r.user_id = ${userId}${only} order by r.event_id desc, n.id desc limit ${limit} offset ${(page - 1) * limit}`,
          ),
          exec<{ total: number; unread: number }>(
            services.database.db,
            sql`select count(*) filter (where true${only})::int as total, count(*) filter (where r.read_at is null)::int as unread
              from notification_recipients r where r.user_id = ${userId}`,
          ),
        ]);
        return {
          entries: rows.map(inboxEntry),
          pagination: { page, limit, total: counts.total, total_pages: Math.ceil(counts.total / limit) },
          unread: counts.unread,
        };
      },
    });
    router.add({
      method: 'GET',
      url: '/api/admin/profile/notifications/unread-count',
      access: 'authenticated',
      summary: 'Số thông báo chưa đọc của tôi',
      tags: TAGS,
      response: z.object({ count: z.number() }),
      async handler(ctx) {
        const [r] = await exec<{ n: number }>(
          services.db,
          sql`select count(*)::int as n from notification_recipients where user_id = ${me(ctx.user)} and read_at is null`,
        );
        return { count: r.n };
      },
    });
    router.add({
      method: 'PUT',
      url: '/api/admin/profile/notifications/read/:id',
      access: 'authenticated',
      summary: 'Đánh dấu một thông báo là đã đọc',
      tags: TAGS,
      params: idParams,
      message: 'Đã đánh dấu đã đọc',
      response: z.object({ id: z.number(), read_at: z.string(), unread: z.number() }),
      async handler(ctx) {
        const userId = me(ctx.user);
        const [r] = await exec<{ read_at: string }>(
          services.db,
          sql`update notification_recipients set read_at = coalesce(read_at, now())
            where notification_id = ${ctx.params.id} and user_id = ${userId} returning read_at`,
        );
        if (!r) throw notFound('Không tìm thấy thông báo');
        return { id: ctx.params.id, read_at: new Date(r.read_at).toISOString(), unread: await unreadOf(services.db, userId) };
      },
    });
    router.add({
      method: 'PUT',
      url: '/api/admin/profile/notifications/read-all',
      access: 'authenticated',
      summary: 'Đánh dấu tất cả thông báo là đã đọc',
      tags: TAGS,
      message: 'Đã đánh dấu tất cả là đã đọc',
      response: z.object({ count: z.number(), unread: z.number() }),
      async handler(ctx) {
        const rows = await exec(
          services.db,
          sql`update notification_recipients set read_at = now() where user_id = ${me(ctx.user)} and read_at is null returning id`,
        );
        return { count: rows.length, unread: 0 };
      },
    });
  },
});

async function unreadOf(db: Db, userId: number): Promise<number> {
  const [r] = await exec<{ n: number }>(db, sql`select count(*)::int as n from notification_recipients where user_id = ${userId} and read_at is null`);
  return r.n;
}
