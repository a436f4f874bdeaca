import articlesDef from '@nns/shared/resources/articles';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../core/errors';
import { defineModule, type ResourceHooks } from '../../core/module';
import { addRecordAction } from '../../core/record-action';
import { entryOf, jsonValue } from '../../core/resource-schema';
import { exec, findOne, iso } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { resource } from '../../core/runtime';
import type { Db } from '../../db/client';
import { checkAltTexts, checkMove, EDITABLE, isWorkflowWrite, MESSAGES, mayApprove } from './article-rules';
import { uniqueSlug } from './slugs';
import { clearWebCache } from './web-answer';

const TAGS = ['Bài viết'];

const snapshotOf = (row: Record<string, unknown>) => Object.fromEntries(EDITABLE.map((k) => [k, row[k] ?? null]));
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The workflow and the author's saves. Actions (submit, approve, hot, highlight, and the routes
 * below) write only workflow fields: their move is checked here. An author's save keeps the version
 * it replaces (article_revisions); someone who may not approve cannot change a published article,
 * and their change to a pending or approved one sends it back to draft (afterWrite).
 */
/**
 * The thumbnail is an image of the media library (the form's 'Chọn ảnh từ thư viện'), so the
 * library's used-by list names the article and refuses to delete the image while it is shown. A
 * thumbnail the article already holds stays valid as it is.
 */
async function checkThumbnail(tx: Db, data: Record<string, unknown>, existing?: Record<string, unknown>) {
  const url = data.thumbnail;
  if (url == null || url === '' || url === existing?.thumbnail) return;
  const [hit] = await exec(tx, sql`select 1 from images where file = ${String(url)} limit 1`);
  if (!hit) throw badRequest([{ field: 'thumbnail', message: 'Ảnh đại diện phải được chọn từ thư viện ảnh' }]);
}

const hooks: ResourceHooks<typeof articlesDef> = {
  async beforeCreate(data, ctx, tx) {
    await checkThumbnail(tx, data);
    const slug = await uniqueSlug(tx, 'articles', String(data.slug || data.title));
    if (!slug) throw badRequest([{ field: 'title', message: 'Tiêu đề phải có chữ cái hoặc chữ số' }]);
    return { ...data, slug, author: data.author || ctx.user?.full_name || null };
  },
  async beforeUpdate(data, existing, ctx, tx) {
    if (isWorkflowWrite(data)) {
      checkMove(data, existing);
      return data;
    }
    if (existing.is_published && !mayApprove(ctx)) throw conflict(MESSAGES.publishedLocked);
    await checkThumbnail(tx, data, existing);
    const out = { ...data };
    if ('slug' in data) {
      if (!data.slug) out.slug = existing.slug;
      else if (data.slug !== existing.slug) out.slug = await uniqueSlug(tx, 'articles', String(data.slug), existing.id);
    }
    const before = snapshotOf(existing);
    const after = { ...before, ...out };
    if (EDITABLE.some((k) => !same(before[k], after[k]))) {
      await exec(
        tx,
        sql`insert into article_revisions (article_id, snapshot, created_by) values (${existing.id}, ${JSON.stringify(before)}::jsonb, ${ctx.user?.id ?? null})`,
      );
    }
    return out;
  },
  async afterWrite(row, ctx, tx, op) {
    clearWebCache();
    if (op !== 'update' || mayApprove(ctx) || row.status === 'draft' || row.is_published) return;
    // an edit by someone who may not approve sends the article back to draft
    await resource('articles').derive(tx, sql`id = ${row.id}`, { status: 'draft' });
    row.status = 'draft';
  },
};

const publishBody = z
  .object({
    published_at: z
      .string({ error: 'Thời gian đăng không hợp lệ' })
      .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'Thời gian đăng không hợp lệ')
      .nullish(),
  })
  .strict()
  .nullish();

const takeDownBody = z
  .object({
    reason: z
      .string({ error: (i) => (i.input === undefined ? MESSAGES.reasonRequired : 'Lý do gỡ bài không hợp lệ') })
      .trim()
      .normalize('NFC')
      .min(1, MESSAGES.reasonRequired)
      .max(1000, 'Lý do gỡ bài tối đa 1000 ký tự'),
  })
  .strict();

const revisionSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  created_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  snapshot: z.record(z.string(), jsonValue),
});

/** Articles: the declaration's CRUD and actions, publishing, taking down and revisions (docs/content.md). */
export default defineModule({
  name: 'content-articles',
  hooks: { articles: hooks },
  routes(router, services) {
    addRecordAction(router, services, {
      resource: 'articles',
      url: '/api/admin/articles/change-publish/:id',
      permission: 'approve',
      summary: 'Đăng bài viết đã duyệt (ngay, hoặc hẹn giờ với published_at ở tương lai), hoặc thôi đăng bài đang đăng',
      tags: TAGS,
      body: publishBody,
      message: 'Cập nhật thành công',
      audit: 'change-publish',
      async change(ctx, existing, db) {
        if (existing.is_published) return { is_published: false };
        if (existing.status !== 'approved') throw conflict(MESSAGES.publishApproved);
        const at = ctx.body?.published_at;
        // a minute's grace: a time picked 'now' in the form arrives a moment late
        if (at && Date.parse(at) < Date.now() - 60_000) throw badRequest([{ field: 'published_at', message: MESSAGES.pastTime }]);
        await checkAltTexts(db, existing);
        return {
          is_published: true,
          published_at: at ? new Date(at).toISOString() : new Date().toISOString(),
          take_down_reason: null,
          taken_down_at: null,
        };
      },
    });

    addRecordAction(router, services, {
      resource: 'articles',
      url: '/api/admin/articles/take-down/:id',
      permission: 'approve',
      summary: 'Gỡ bài viết đang đăng, với lý do (hiện trong danh sách)',
      tags: TAGS,
      body: takeDownBody,
      message: 'Đã gỡ bài viết',
      audit: 'take-down',
      change(ctx, existing) {
        if (!existing.is_published) throw conflict(MESSAGES.takeDownPublished);
        return { is_published: false, take_down_reason: ctx.body.reason, taken_down_at: new Date().toISOString() };
      },
    });

    router.add({
      method: 'GET',
      url: '/api/admin/articles/revisions/:id',
      access: { action: 'read', subject: 'articles' },
      summary: 'Các phiên bản trước của một bài viết (mới nhất trước, tối đa 50)',
      tags: TAGS,
      params: idParams,
      response: z.object({ entries: z.array(revisionSchema) }),
      async handler(ctx) {
        await findOne(services.db, articlesDef, ctx.params.id, ctx);
        const rows = await exec<{ id: number; created_at: string; snapshot: unknown; uid: number | null; full_name: string | null }>(
          services.db,
          sql`select r.id, r.created_at, r.snapshot, u.id as uid, u.full_name from article_revisions r left join users u on u.id = r.created_by
            where r.article_id = ${ctx.params.id} order by r.id desc limit 50`,
        );
        return {
          entries: rows.map((r) => ({
            id: r.id,
            created_at: String(iso(r.created_at)),
            created_by: r.uid ? { id: r.uid, full_name: r.full_name ?? '' } : null,
            snapshot: (typeof r.snapshot === 'string' ? JSON.parse(r.snapshot) : r.snapshot) as Record<string, unknown>,
          })),
        };
      },
    });

    router.add({
      method: 'PUT',
      url: '/api/admin/articles/restore-revision/:id',
      access: { action: 'update', subject: 'articles' },
      summary: 'Khôi phục một phiên bản trước của bài viết (id của phiên bản; bản hiện tại được giữ lại thành một phiên bản)',
      tags: TAGS,
      params: idParams,
      response: entryOf(articlesDef),
      message: 'Đã khôi phục phiên bản',
      handler: (ctx) =>
        services.db.transaction(async (tx) => {
          const [rev] = await exec<{ article_id: number; snapshot: unknown }>(
            tx,
            sql`select article_id, snapshot from article_revisions where id = ${ctx.params.id}`,
          );
          if (!rev) throw notFound('Không tìm thấy phiên bản');
          const articles = resource('articles');
          const existing = await articles.find(tx, rev.article_id, ctx, { forUpdate: true });
          const snap = (typeof rev.snapshot === 'string' ? JSON.parse(rev.snapshot) : rev.snapshot) as Record<string, unknown>;
          const data = Object.fromEntries(EDITABLE.filter((k) => k in snap).map((k) => [k, snap[k]]));
          const row = await articles.update(ctx, tx, existing, data, { audit: 'restore-revision' });
          return articles.entry(tx, row, ctx);
        }),
    });
  },
});
