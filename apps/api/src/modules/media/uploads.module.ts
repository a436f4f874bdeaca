import '@fastify/multipart';
import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../core/errors';
import { defineModule } from '../../core/module';
import { uploads } from '../../db/schema/core';
import { DOCUMENT_TYPES, IMAGE_MAX_SIDE, IMAGE_TYPES, looksLikeMarkup, MIME_BY_EXT, THUMB_SIDE, thumbKeyOf, VIDEO_TYPES } from './media-types';
import { startUploadCleanup } from './upload-cleanup';
import { checkUploadQuota, withinUploadQuota } from './upload-quota';

const uploadAnswer = z.object({
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

const unsupported = (message: string) => new AppError(415, message, { errors: [{ field: 'file', message }] });
const ALLOWED = 'Chỉ chấp nhận ảnh JPEG, PNG, WebP, GIF, tài liệu PDF, XLSX, DOCX và video MP4';

/** Re-encodes an image: orientation applied, metadata (EXIF, GPS) dropped, longest side bounded. */
async function encodeImage(buf: Buffer, mime: string) {
  const animated = mime === 'image/gif';
  const base = () => sharp(buf, { animated, limitInputPixels: 100_000_000 }).rotate();
  const bounded = base().resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  const out =
    mime === 'image/jpeg'
      ? bounded.jpeg({ quality: 85, mozjpeg: true })
      : mime === 'image/png'
        ? bounded.png({ compressionLevel: 9 })
        : mime === 'image/webp'
          ? bounded.webp({ quality: 85 })
          : bounded.gif();
  const { data, info } = await out.toBuffer({ resolveWithObject: true });
  const thumb = await sharp(buf, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { data, thumb, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height };
}

export default defineModule({
  name: 'media',
  // uploads no record names are removed after a day (at start, then hourly; safe with several processes)
  start: (s) => startUploadCleanup(s),
  routes(router, services) {
    router.add({
      method: 'POST',
      url: '/api/admin/uploads',
      access: 'authenticated',
      multipart: true,
      summary: 'Tải lên ảnh hoặc tài liệu (nhận diện theo nội dung; ảnh được thu nhỏ và tạo ảnh đại diện)',
      tags: ['Tệp tin'],
      response: uploadAnswer,
      message: 'Tải lên thành công',
      async handler(ctx) {
        if (!ctx.req.isMultipart()) throw fieldError('file', 'Chưa chọn tệp tải lên');
        const userId = ctx.user?.id ?? null;
        // a user already at the quota is refused before the file is read and re-encoded
        if (userId != null) await checkUploadQuota(services.db, services.config, userId);
        // a malformed multipart body (no boundary, cut short) is the client's: 400, not a server fault
        const part = await ctx.req.file().catch(() => undefined);
        if (part?.fieldname !== 'file') throw fieldError('file', 'Chưa chọn tệp tải lên (trường file)');
        const buf = await part.toBuffer().catch((e: { statusCode?: number }) => {
          if (e.statusCode === 413) throw e;
          throw fieldError('file', 'Tệp tải lên không đọc được, vui lòng thử lại');
        });
        if (!buf.length) throw fieldError('file', 'Tệp tải lên rỗng');
        const markup = looksLikeMarkup(buf);
        if (markup === 'svg') throw unsupported('Không chấp nhận tệp SVG (có thể chứa mã độc). Hãy dùng PNG, JPEG hoặc WebP');
        if (markup === 'html') throw unsupported(`Tệp có nội dung HTML, không phải ảnh hay tài liệu. ${ALLOWED}`);
        const detected = await fileTypeFromBuffer(buf);
        const mime = detected?.mime ?? '';
        const isImage = mime in IMAGE_TYPES;
        if (!isImage && !(mime in DOCUMENT_TYPES) && !(mime in VIDEO_TYPES)) throw unsupported(`Định dạng tệp không được hỗ trợ. ${ALLOWED}`);

        const ext = IMAGE_TYPES[mime] ?? DOCUMENT_TYPES[mime] ?? VIDEO_TYPES[mime];
        const now = new Date();
        const key = `media/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${crypto.randomBytes(12).toString('hex')}.${ext}`;
        let stored = buf;
        let width: number | null = null;
        let height: number | null = null;
        let thumbnailKey: string | null = null;
        if (isImage) {
          let img: Awaited<ReturnType<typeof encodeImage>>;
          try {
            img = await encodeImage(buf, mime);
          } catch {
            throw unsupported('Ảnh bị hỏng hoặc không đọc được');
          }
          stored = img.data;
          width = img.width;
          height = img.height;
          thumbnailKey = thumbKeyOf(key);
          await services.storage.put(thumbnailKey, img.thumb);
        }
        await services.storage.put(key, stored);
        const originalName = (part.filename ?? '').slice(0, 255) || null;
        // checked again with the stored size, under the user's lock, as the row is written
        try {
          await withinUploadQuota(services.db, services.config, userId, stored.length, (tx) =>
            tx.insert(uploads).values({ key, original_name: originalName, mime, size: stored.length, width, height, created_by: userId }),
          );
        } catch (err) {
          await Promise.all([key, thumbnailKey].map((k) => (k ? services.storage.remove(k).catch(() => {}) : undefined)));
          throw err;
        }
        return { url: `/uploads/${key}`, thumbnail_url: thumbnailKey ? `/uploads/${thumbnailKey}` : null, mime, size: stored.length, width, height };
      },
    });

    router.add({
      method: 'GET',
      url: '/uploads/*',
      access: 'public',
      raw: true,
      summary: 'Tải tệp đã tải lên',
      tags: ['Tệp tin'],
      params: z.object({ '*': z.string().max(300) }),
      async handler(ctx) {
        const key = ctx.params['*'];
        const ext = /^media\/[\w/-]+\.([a-z0-9]+)$/.exec(key)?.[1];
        const mime = ext ? MIME_BY_EXT[ext] : undefined;
        if (!mime || key.includes('..')) throw notFound('Không tìm thấy tệp');
        const data = await services.storage.stream(key);
        if (!data) throw notFound('Không tìm thấy tệp');
        ctx.reply
          .header('content-type', mime)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('cross-origin-resource-policy', 'same-origin');
        if (mime in DOCUMENT_TYPES && ext !== 'pdf') ctx.reply.header('content-disposition', `attachment; filename="${key.split('/').pop()}"`);
        return ctx.reply.code(200).send(data);
      },
    });
  },
});
