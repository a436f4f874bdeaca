import { parseVideoUrl, UPLOAD_PREFIX } from '@nns/shared';
import imagesDef from '@nns/shared/resources/images';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, conflict } from '../../core/errors';
import { defineModule } from '../../core/module';
import { addRecordAction } from '../../core/record-action';
import { exec, findOne } from '../../core/resource-store';
import { idParams } from '../../core/router';
import type { Db } from '../../db/client';
import { clearWebCache } from './web-answer';

export interface ImageUse {
  kind: 'article' | 'library' | 'video';
  id: number;
  title: string;
}

const KIND_LABEL: Record<ImageUse['kind'], string> = { article: 'bài viết', library: 'thư viện', video: 'video' };

/**
 * Where an image of the library is shown: articles (as thumbnail or inside the text; its thumbnail's
 * URL counts too), libraries (cover or album) and videos (thumbnail).
 */
export async function usesOfImage(db: Db, url: string): Promise<ImageUse[]> {
  const stem = url.replace(/\.[a-z0-9]+$/, '');
  return exec<ImageUse>(
    db,
    sql`(select 'article' as kind, id, title from articles where thumbnail = ${url} or strpos(content, ${stem}) > 0 order by id limit 50)
      union all (select 'library', id, name from libraries where cover = ${url} or images @> ${JSON.stringify([url])}::jsonb order by id limit 50)
      union all (select 'video', id, title from videos where thumbnail = ${url} order by id limit 50)`,
  );
}

const reorderBody = z
  .object({
    items: z
      .array(z.string({ error: 'Mục trong thư viện không hợp lệ' }).max(1000, 'Mục trong thư viện không hợp lệ'), { error: 'Danh sách mục không hợp lệ' })
      .max(100, 'Tối đa 100 mục'),
  })
  .strict();

const useSchema = z.object({ kind: z.enum(['article', 'library', 'video']), id: z.number(), title: z.string() });

/** Width, height, size and type of an image come from its stored upload (never from the client). */
async function fromUpload(db: Db, data: Record<string, unknown>) {
  for (const k of ['width', 'height', 'size', 'mime']) delete data[k];
  if (typeof data.file !== 'string' || !data.file.startsWith(UPLOAD_PREFIX)) return data;
  const [u] = await exec<{ width: number | null; height: number | null; size: number; mime: string; original_name: string | null }>(
    db,
    sql`select width, height, size, mime, original_name from uploads where key = ${data.file.slice(UPLOAD_PREFIX.length)}`,
  );
  if (!u) return data;
  if (!data.title && u.original_name) data.title = u.original_name.replace(/\.[^.]+$/, '').slice(0, 255);
  return { ...data, width: u.width, height: u.height, size: u.size, mime: u.mime };
}

/** A video's address must be YouTube or Vimeo as its source says; an uploaded one an MP4. Embed page and thumbnail follow. */
function settleVideo(data: Record<string, unknown>, existing: Record<string, unknown> = {}) {
  const m = { ...existing, ...data };
  const out = { ...data };
  delete out.embed_url;
  delete out.thumbnail_url;
  if (m.source === 'upload') {
    if (!m.file) throw badRequest([{ field: 'file', message: 'Tệp video MP4 bắt buộc' }]);
    if (!String(m.file).endsWith('.mp4')) throw badRequest([{ field: 'file', message: 'Tệp video phải là MP4' }]);
    return { ...out, url: null, embed_url: m.file, thumbnail_url: null };
  }
  if (!m.url) throw badRequest([{ field: 'url', message: 'Địa chỉ video bắt buộc' }]);
  const v = parseVideoUrl(String(m.url));
  if (!v || v.source !== m.source) {
    throw badRequest([{ field: 'url', message: `Địa chỉ không phải một video ${m.source === 'vimeo' ? 'Vimeo' : 'YouTube'}` }]);
  }
  return { ...out, file: null, embed_url: v.embed_url, thumbnail_url: v.thumbnail_url };
}

/** The media library (images), videos and libraries: what the declarations cannot say alone. */
export default defineModule({
  name: 'content-media',
  hooks: {
    images: {
      derived: ['width', 'height', 'size', 'mime'],
      beforeCreate: (data, _ctx, tx) => fromUpload(tx, data),
      beforeUpdate: (data, _existing, _ctx, tx) => fromUpload(tx, data),
      async beforeDelete(row, _ctx, tx) {
        const uses = await usesOfImage(tx, String(row.file));
        if (uses.length) {
          const first = uses
            .slice(0, 3)
            .map((u) => `${KIND_LABEL[u.kind]} “${u.title}”`)
            .join(', ');
          throw conflict(`Không thể xóa: ảnh đang được dùng ở ${uses.length} nơi (${first}${uses.length > 3 ? '…' : ''})`);
        }
      },
    },
    videos: {
      afterWrite: clearWebCache,
      derived: ['embed_url', 'thumbnail_url'],
      beforeCreate: (data) => settleVideo(data),
      beforeUpdate: (data, existing) => settleVideo(data, existing),
    },
    libraries: {
      afterWrite: clearWebCache,
      beforeCreate: (data) => ({ ...data, ...(data.kind === 'documents' ? { images: null } : { documents: null }) }),
      beforeUpdate(data, existing) {
        const kind = data.kind ?? existing.kind;
        return { ...data, ...(kind === 'documents' ? { images: null } : { documents: null }) };
      },
    },
  },
  routes(router, services) {
    addRecordAction(router, services, {
      resource: 'libraries',
      url: '/api/admin/libraries/reorder/:id',
      permission: 'update',
      summary: 'Sắp xếp lại ảnh (album) hoặc tài liệu của một thư viện: danh sách đủ mọi mục hiện có, mỗi mục một lần, theo thứ tự mới',
      tags: ['Thư viện'],
      body: reorderBody,
      message: 'Đã lưu thứ tự',
      audit: 'reorder',
      change(ctx, existing) {
        const field = existing.kind === 'documents' ? 'documents' : 'images';
        const now = ((existing[field] as string[] | null) ?? []).map(String);
        const next = ctx.body.items;
        const count = (xs: string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
        const a = count(now);
        const b = count(next);
        if (next.length !== now.length || [...a].some(([k, n]) => b.get(k) !== n)) {
          const what = field === 'images' ? 'ảnh' : 'tài liệu';
          throw badRequest([
            {
              field: 'items',
              message: `Danh sách phải gồm đúng mọi ${what} hiện có của thư viện, mỗi ${what} một lần (thư viện vừa được sửa ở nơi khác? hãy tải lại)`,
            },
          ]);
        }
        // an edit of the list, as the form would write it (not trusted); the libraries' afterWrite hook empties the public answers' cache
        return { data: { [field]: next }, trusted: [], auditKeys: [field] };
      },
    });

    router.add({
      method: 'GET',
      url: '/api/admin/images/used-by/:id',
      access: { action: 'read', subject: 'config_image' },
      summary: 'Nơi đang dùng một ảnh của thư viện (bài viết, thư viện, video)',
      tags: ['Ảnh'],
      params: idParams,
      response: z.object({ entries: z.array(useSchema) }),
      async handler(ctx) {
        const row = await findOne(services.db, imagesDef, ctx.params.id, ctx);
        return { entries: await usesOfImage(services.db, String(row.file)) };
      },
    });
  },
});
