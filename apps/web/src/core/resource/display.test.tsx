import { images } from '@nns/shared';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../client', () => ({ client: { upload: vi.fn() } }));
vi.mock('../feedback', () => ({ notify: { error: vi.fn() } }));

const { renderValue } = await import('./display');
const { UploadField } = await import('./uploads');
afterEach(cleanup);

const a = '/uploads/media/2025/07/0a1b2c3d4e5f60718293a4b5.jpg';
const b = '/uploads/media/2025/07/ffeeddccbbaa998877665544.png';
const f = images({ label: 'Hình ảnh' });

describe('stored images are shown by their thumbnails', () => {
  it('a list cell loads the first thumbnail; a click opens the full image', async () => {
    const { container } = render(<div>{renderValue({ id: 1, images: [a, b] }, 'images', f, 'list')}</div>);
    const imgs = container.querySelectorAll('img');
    expect([...imgs].map((i) => i.getAttribute('src'))).toEqual(['/uploads/media/2025/07/0a1b2c3d4e5f60718293a4b5_thumb.webp']);
    fireEvent.click(imgs[0]);
    await waitFor(() => expect(document.querySelector('.ant-image-preview-img')?.getAttribute('src')).toBe(a));
  });

  it('a detail grid shows every thumbnail', () => {
    const { container } = render(<div>{renderValue({ id: 1, images: [a, b] }, 'images', f, 'detail')}</div>);
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      '/uploads/media/2025/07/0a1b2c3d4e5f60718293a4b5_thumb.webp',
      '/uploads/media/2025/07/ffeeddccbbaa998877665544_thumb.webp',
    ]);
  });

  it('the upload widget shows thumbnails of the uploaded images', () => {
    const { container } = render(<UploadField kind="image" multiple value={[a, b]} />);
    expect([...container.querySelectorAll('img.ant-image-img')].map((i) => i.getAttribute('src'))).toEqual([
      '/uploads/media/2025/07/0a1b2c3d4e5f60718293a4b5_thumb.webp',
      '/uploads/media/2025/07/ffeeddccbbaa998877665544_thumb.webp',
    ]);
  });
});
