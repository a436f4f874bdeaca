import { AUDIENCE_FIELDS, audienceErrors } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, notFound } from '../../core/errors';
import { defineModule, type SessionUser } from '../../core/module';
import { INBOX_COLUMNS, inboxEntry, sendIfDue } from '../../core/notify';
import { pageQueryShape } from '../../core/resource-query';
import { exec, iso } from '../../core/resource-store';
import { idParams } from '../../core/router';
import type { Db } from '../../db/client';

const SENT_LOCKED = 'Thông báo đã được gửi, không thể thay đổi người nhận hoặc thời gian gửi';

const sameValue = (a: unknown, b: unknown, time: boolean) => {
  if (a == null || b == null) return a == null && b == null;
  // the row's timestamp comes in the driver's form ('2026-11-24 09:00:00+00' or a Date), the body's in ISO
  return time ? Date.parse(String(iso(a))) === Date.parse(String(iso(b))) : String(a) === String(b);
};

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
      beforeCreate(data) {
        const errors = audienceErrors(data);
        if (errors.length) throw badRequest(errors);
        return data;
      },
      beforeUpdate(data, existing) {
        const merged = { ...existing, ...data };
        const errors = audienceErrors(merged);
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
          services.database.query(
            sql`select ${INBOX_COLUMNS} from notification_recipients r join notifications n on n.id = r.notification_id
              where r.user_id = ${userId}${only} order by r.event_id desc, n.id desc limit ${limit} offset ${(page - 1) * limit}`,
          ),
          services.database.query<{ total: number; unread: number }>(
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
        const [r] = await services.database.query<{ n: number }>(
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
        const [r] = await services.database.query<{ read_at: string }>(
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
        const rows = await services.database.query(
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
