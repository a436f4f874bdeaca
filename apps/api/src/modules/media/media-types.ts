/** What an upload may be, decided from its bytes (file-type), never from its name or the browser's claim. */
export const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** MP4 videos (the content library's uploaded videos); ISO base media with an mp4 brand, as file-type reads it */
export const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
};

/** Content types by the extension the server itself gave a stored file. */
export const MIME_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.entries({ ...IMAGE_TYPES, ...DOCUMENT_TYPES, ...VIDEO_TYPES }).map(([mime, ext]) => [ext, mime]),
);

export const IMAGE_MAX_SIDE = 2048;
export const THUMB_SIDE = 320;

/** Text that a browser could run: HTML and SVG (SVG is refused entirely, it can carry script). */
export function looksLikeMarkup(buf: Buffer): 'svg' | 'html' | null {
  const head = buf
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/<svg[\s>]/.test(head) || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  if (/^<(!doctype html|html|head|body|script|iframe|div|p|a|img)[\s>]/.test(head)) return 'html';
  return null;
}

/** The thumbnail beside a stored image: one convention with the screens (thumbnailUrlOf in @nns/shared/media). */
export { thumbKeyOf } from '@nns/shared/media';
