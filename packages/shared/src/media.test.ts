import { describe, expect, it } from 'vitest';
import { fieldSchema, images } from './fields';
import { isUploadUrl, thumbnailUrlOf } from './media';

describe('stored uploads', () => {
  it('accepts only URLs of files stored through the uploads route', () => {
    expect(isUploadUrl('/uploads/media/2025/07/0a1b2c3d4e5f60718293a4b5.png', 'image')).toBe(true);
    expect(isUploadUrl('/uploads/media/demo/9f8e7d6c5b4a3921.png', 'image')).toBe(true);
    expect(isUploadUrl('/uploads/media/2025/07/bien-ban.pdf')).toBe(true);
    expect(isUploadUrl('/uploads/media/2025/07/bien-ban.pdf', 'image')).toBe(false);
    for (const bad of [
      'data:image/png;base64,iVBORw0KGgo=',
      'https://example.com/a.png',
      '//example.com/uploads/a.png',
      '/uploads/../secret.png',
      '/uploads/media/a.png?x=1',
      '/uploads/media/a.svg',
      '/api/admin/uploads/a.png',
      `/uploads/${'a'.repeat(400)}.png`,
    ])
      expect(isUploadUrl(bad), bad).toBe(false);
  });

  it('gives images fields one Vietnamese message on the field', () => {
    const s = fieldSchema(images({ label: 'Hình ảnh', max: 2 }), 'create');
    const r = s.safeParse(['/uploads/media/2025/07/a.png', 'data:image/png;base64,AAAA']);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['', 'Tệp phải được tải lên qua hệ thống']]);
    expect(s.safeParse(['/uploads/media/2025/07/a.png']).success).toBe(true);
    expect(s.safeParse(['/uploads/media/a.png', '/uploads/media/b.png', '/uploads/media/c.png']).error?.issues[0].message).toBe('Hình ảnh tối đa 2 tệp');
  });

  it('derives the thumbnail URL by the storage convention (<key>_thumb.webp beside the image)', () => {
    expect(thumbnailUrlOf('/uploads/media/2025/07/abc.jpg')).toBe('/uploads/media/2025/07/abc_thumb.webp');
    expect(thumbnailUrlOf('/uploads/media/demo/abc.png')).toBe('/uploads/media/demo/abc_thumb.webp');
    expect(thumbnailUrlOf('/uploads/media/2025/07/abc_thumb.webp')).toBe('/uploads/media/2025/07/abc_thumb.webp');
    // documents and anything not stored by us are shown as they are
    expect(thumbnailUrlOf('/uploads/media/2025/07/a.pdf')).toBe('/uploads/media/2025/07/a.pdf');
    expect(thumbnailUrlOf('https://example.com/a.png')).toBe('https://example.com/a.png');
  });
});
