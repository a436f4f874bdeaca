import { enumOptions } from './fields';

/**
 * Website content (issue 17): the editorial workflow of an article and the kinds of videos and
 * libraries. An article is written as a draft, sent for approval (pending), approved, then published
 * (now or at a later time) and possibly taken down with a reason; `is_published` and `published_at`
 * say what the public sees (docs/content.md).
 */
export const ARTICLE_STATUS = enumOptions([
  { value: 'draft', label: 'Bản nháp', color: 'default' },
  { value: 'pending', label: 'Chờ duyệt', color: 'gold' },
  { value: 'approved', label: 'Đã duyệt', color: 'green' },
]);

export const VIDEO_SOURCE = enumOptions([
  { value: 'youtube', label: 'YouTube', color: 'red' },
  { value: 'vimeo', label: 'Vimeo', color: 'blue' },
  { value: 'upload', label: 'Tệp MP4 tải lên', color: 'purple' },
]);

export const LIBRARY_KIND = enumOptions([
  { value: 'images', label: 'Album ảnh', color: 'green' },
  { value: 'documents', label: 'Tài liệu', color: 'blue' },
]);

/** Where an article stands for the public, from its row (the list's 'Hiển thị' column). */
export function publicStateOf(a: Record<string, unknown>, now = Date.now()) {
  if (a.is_published) {
    const at = a.published_at ? Date.parse(String(a.published_at)) : 0;
    return at > now
      ? ({ key: 'scheduled', label: 'Hẹn giờ đăng', color: 'blue' } as const)
      : ({ key: 'published', label: 'Đang hiển thị', color: 'green' } as const);
  }
  if (a.take_down_reason) return { key: 'taken_down', label: 'Đã gỡ', color: 'red' } as const;
  return { key: 'hidden', label: 'Chưa đăng', color: 'default' } as const;
}

export interface VideoRef {
  source: 'youtube' | 'vimeo';
  id: string;
  embed_url: string;
  thumbnail_url: string;
}

/**
 * A YouTube or Vimeo address → its id, the embed page the public site frames and its thumbnail
 * (YouTube's own image server; Vimeo's through vumbnail.com, which needs no API key). Null for any
 * other address.
 */
export function parseVideoUrl(raw: string): VideoRef | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.replace(/^(www\.|m\.)/, '');
  let yt: string | null = null;
  if (host === 'youtu.be') yt = u.pathname.slice(1).split('/')[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (u.pathname === '/watch') yt = u.searchParams.get('v');
    else yt = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(u.pathname)?.[1] ?? null;
  }
  if (yt && /^[A-Za-z0-9_-]{11}$/.test(yt)) {
    return {
      source: 'youtube',
      id: yt,
      embed_url: `https://www.youtube-nocookie.com/embed/${yt}`,
      thumbnail_url: `https://i.ytimg.com/vi/${yt}/hqdefault.jpg`,
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d{6,12})(?:\/|$)/.exec(u.pathname)?.[1];
    if (id) return { source: 'vimeo', id, embed_url: `https://player.vimeo.com/video/${id}`, thumbnail_url: `https://vumbnail.com/${id}.jpg` };
  }
  return null;
}

/** The stored-upload URLs an article's HTML shows (img src), in order, without repeats. */
export function uploadUrlsIn(html: string | null | undefined): string[] {
  const out = new Set<string>();
  for (const m of (html ?? '').matchAll(/<img\b[^>]*\bsrc="(\/uploads\/[^"]+)"/gi)) out.add(m[1]);
  return [...out];
}
