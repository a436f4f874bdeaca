import { describe, expect, it } from 'vitest';
import { parseVideoUrl, publicStateOf, uploadUrlsIn } from './content';

describe('content helpers', () => {
  it('reads YouTube and Vimeo addresses in their usual forms, and nothing else', () => {
    for (const u of [
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30s',
      'https://youtu.be/aqz-KE-bpKQ',
      'https://m.youtube.com/shorts/aqz-KE-bpKQ',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    ]) {
      expect(parseVideoUrl(u), u).toMatchObject({ source: 'youtube', id: 'aqz-KE-bpKQ', thumbnail_url: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg' });
    }
    expect(parseVideoUrl('https://vimeo.com/76979871')).toMatchObject({ source: 'vimeo', embed_url: 'https://player.vimeo.com/video/76979871' });
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871')?.id).toBe('76979871');
    for (const bad of ['https://example.vn/watch?v=aqz-KE-bpKQ', 'javascript:alert(1)', 'https://youtube.com/watch?v=short', 'không phải địa chỉ']) {
      expect(parseVideoUrl(bad), bad).toBeNull();
    }
  });

  it("says where an article stands for the public, and finds the uploads an article's HTML shows", () => {
    const now = Date.parse('2026-11-25T00:00:00Z');
    expect(publicStateOf({ is_published: true, published_at: '2026-11-24T00:00:00Z' }, now).key).toBe('published');
    expect(publicStateOf({ is_published: true, published_at: '2026-11-26T00:00:00Z' }, now).key).toBe('scheduled');
    expect(publicStateOf({ is_published: false, take_down_reason: 'Sai số liệu' }, now).key).toBe('taken_down');
    expect(publicStateOf({ is_published: false }, now).key).toBe('hidden');
    expect(uploadUrlsIn('<p><img src="/uploads/media/a.png" alt="x"><img alt="" src="/uploads/media/b.jpg"><img src="https://ngoai.vn/c.png"></p>')).toEqual([
      '/uploads/media/a.png',
      '/uploads/media/b.jpg',
    ]);
  });
});
