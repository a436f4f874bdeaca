/**
 * Files stored through the uploads route (POST /api/admin/uploads, apps/api/src/modules/media): the
 * answer's `url` is `/uploads/<key>` with a key the server made (`media/YYYY/MM/<random>.<ext>`), served
 * by GET /uploads/<key>. An image's thumbnail (320 px, WebP) is stored beside it under the same key with
 * `_thumb.webp` in place of the extension, so a thumbnail URL is derived from the stored URL.
 */
export const UPLOAD_PREFIX = '/uploads/';
/** extensions the server gives stored images and documents (decided from the bytes, never the name) */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'webp', 'gif'] as const;
export const DOCUMENT_EXTENSIONS = ['pdf', 'xlsx', 'docx'] as const;
/** videos a file field may hold (a video of the content library, issue 17), also decided from the bytes */
export const VIDEO_EXTENSIONS = ['mp4'] as const;
export const UPLOAD_URL_MAX = 300;

const UPLOAD_URL_RE = /^\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.([a-z0-9]+)$/;
const THUMB_SUFFIX = '_thumb.webp';

/** The extension of a URL of our uploads route; null for anything else (outside URLs, data: URLs…). */
export function uploadExtension(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > UPLOAD_URL_MAX) return null;
  return UPLOAD_URL_RE.exec(url)?.[1] ?? null;
}

/** Whether a value is the URL of a file stored through our uploads route (an image, for image fields). */
export function isUploadUrl(url: unknown, kind: 'image' | 'file' = 'file'): boolean {
  const ext = uploadExtension(url);
  if (!ext) return false;
  const allowed: readonly string[] = kind === 'image' ? IMAGE_EXTENSIONS : [...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS, ...VIDEO_EXTENSIONS];
  return allowed.includes(ext);
}

/** The storage key of an image's thumbnail. */
export const thumbKeyOf = (key: string) => key.replace(/\.[a-z0-9]+$/, THUMB_SUFFIX);

/**
 * The thumbnail URL of a stored image (`/uploads/media/…/x.png` → `/uploads/media/…/x_thumb.webp`); the
 * URL itself when it is a thumbnail already or not one of our stored images (shown as it is).
 */
export function thumbnailUrlOf(url: string): string {
  const ext = uploadExtension(url);
  if (!ext || !(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || url.endsWith(THUMB_SUFFIX)) return url;
  return thumbKeyOf(url);
}
