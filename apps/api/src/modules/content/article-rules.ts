import { UPLOAD_PREFIX } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { badRequest, conflict } from '../../core/errors';
import type { Ctx } from '../../core/module';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';

/** The fields an author writes; a revision keeps these, a restore writes them back. */
export const EDITABLE = [
  'title',
  'slug',
  'summary',
  'content',
  'thumbnail',
  'article_type_id',
  'category_id',
  'tag_ids',
  'author',
  'seo_title',
  'seo_description',
];

/** Fields only the workflow moves (never a body): a write of only these is an action, not an author's save. */
export const WORKFLOW_KEYS = new Set(['status', 'is_published', 'published_at', 'take_down_reason', 'taken_down_at', 'is_hot', 'is_highlight', 'view_count']);

export const isWorkflowWrite = (data: Record<string, unknown>) => Object.keys(data).length > 0 && Object.keys(data).every((k) => WORKFLOW_KEYS.has(k));

export const mayApprove = (ctx: Ctx) => !!ctx.user?.permissions.has('approve:articles');

export const MESSAGES = {
  submitFromDraft: 'Chỉ gửi duyệt được bài viết ở trạng thái bản nháp',
  approveFromPending: 'Chỉ phê duyệt được bài viết đang chờ duyệt',
  publishApproved: 'Bài viết chưa được phê duyệt, chưa thể đăng',
  takeDownPublished: 'Bài viết chưa được đăng, không có gì để gỡ',
  publishedLocked: 'Bài viết đang được đăng: chỉ người có quyền phê duyệt mới sửa được',
  pastTime: 'Thời gian đăng phải ở tương lai (để trống để đăng ngay)',
  reasonRequired: 'Lý do gỡ bài bắt buộc',
};

/** The state move an action asks for, checked against where the article stands (409 otherwise). */
export function checkMove(data: Record<string, unknown>, existing: Record<string, unknown>) {
  if (data.status === 'pending' && existing.status !== 'draft') throw conflict(MESSAGES.submitFromDraft);
  if (data.status === 'approved' && existing.status !== 'pending') throw conflict(MESSAGES.approveFromPending);
}

const imgTags = (html: string) =>
  [...html.matchAll(/<img\b[^>]*>/gi)].map((m) => ({
    src: /\bsrc="([^"]*)"/i.exec(m[0])?.[1] ?? '',
    alt: /\balt="([^"]*)"/i.exec(m[0])?.[1] ?? '',
  }));

/**
 * An article is published only when every image it shows has a description (alt): an image of the
 * media library needs its alt text there; another image needs the alt of its tag. 400 naming them.
 */
export async function checkAltTexts(db: Db, article: Record<string, unknown>) {
  const tags = imgTags(String(article.content ?? ''));
  const urls = [...new Set([...tags.map((t) => t.src), ...(article.thumbnail ? [String(article.thumbnail)] : [])].filter((u) => u.startsWith(UPLOAD_PREFIX)))];
  const lib = new Map<string, { alt: string | null; title: string | null }>();
  if (urls.length) {
    const rows = await exec<{ file: string; alt: string | null; title: string | null }>(
      db,
      sql`select file, alt, title from images where file = any(${`{${urls.map((u) => `"${u}"`).join(',')}}`}::text[])`,
    );
    for (const r of rows) lib.set(r.file, r);
  }
  const missing: string[] = [];
  const name = (u: string) => lib.get(u)?.title || u.split('/').pop() || u;
  for (const t of tags) {
    const l = lib.get(t.src);
    if (l ? !l.alt?.trim() : !t.alt.trim()) missing.push(name(t.src));
  }
  const thumb = article.thumbnail ? lib.get(String(article.thumbnail)) : undefined;
  if (thumb && !thumb.alt?.trim()) missing.push(name(String(article.thumbnail)));
  if (missing.length) {
    const list = [...new Set(missing)].slice(0, 5).join(', ');
    throw badRequest(
      [{ field: 'content', message: `Ảnh chưa có mô tả (alt): ${list}. Nhập mô tả ảnh trong thư viện ảnh trước khi đăng` }],
      'Bài viết có ảnh chưa có mô tả (alt)',
    );
  }
}
