import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { defineModule } from '../../core/module';
import { exec } from '../../core/resource-store';

const outboxQuery = z
  .object({
    page: z.coerce.number({ error: 'Trang phải là số nguyên dương' }).int().min(1, 'Trang phải là số nguyên dương').default(1),
    limit: z.coerce.number({ error: 'Số dòng mỗi trang phải là số nguyên' }).int().min(1).max(100, 'Số dòng mỗi trang tối đa là 100').default(20),
    to: z.string().trim().max(255, 'Người nhận tối đa 255 ký tự').optional(),
  })
  .strict();

const mailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});

export const OUTBOX_CLOSED = 'Hộp thư đi chỉ xem được khi máy chủ chưa cấu hình SMTP_URL (môi trường phát triển, kiểm thử)';

/**
 * The mails kept while no SMTP_URL is set (core/mail.ts), newest first, for a developer or an e2e
 * test to read: a password-reset link, for instance. Once mail really goes out the route answers
 * 404, and it never lists mails that were sent: those carry live links to other people's accounts.
 */
export default defineModule({
  name: 'system-outbox',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/system/outbox',
      access: { action: 'list', subject: 'system_logs' },
      summary: 'Hộp thư đi (thư được giữ lại khi chưa cấu hình SMTP)',
      tags: ['Hệ thống'],
      query: outboxQuery,
      response: z.object({
        entries: z.array(mailSchema),
        pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), total_pages: z.number() }),
      }),
      async handler({ query: q }) {
        if (services.config.SMTP_URL) throw notFound(OUTBOX_CLOSED);
        const where = q.to ? sql`status = 'kept' and lower("to") = lower(${q.to})` : sql`status = 'kept'`;
        const [rows, [{ n }]] = await Promise.all([
          exec<{ id: number; to: string; subject: string; text: string; html: string | null; created_at: Date | string }>(
            services.db,
            sql`select id, "to", subject, text, html, created_at from outbox_mails where ${where}
              order by id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
          ),
          exec<{ n: number }>(services.db, sql`select count(*)::int as n from outbox_mails where ${where}`),
        ]);
        return {
          entries: rows.map((r) => ({ ...r, created_at: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at) })),
          pagination: { page: q.page, limit: q.limit, total: n, total_pages: Math.ceil(n / q.limit) },
        };
      },
    });
  },
});
