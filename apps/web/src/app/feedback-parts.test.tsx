import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// which antd host parts were fetched
const fetched: string[] = [];
vi.mock('./feedback-host', () => {
  fetched.push('notices');
  return { default: () => null };
});
vi.mock('./dialog-host', () => {
  fetched.push('dialogs');
  return { default: () => null };
});

const { notify, resultPopup, confirmDialog, preloadFeedback } = await import('../core/feedback');
const { FeedbackHost } = await import('./feedback-root');

describe('the feedback host is fetched in parts', () => {
  afterEach(cleanup);

  it('a notice fetches the notification areas only; the dialogs come with the first popup', async () => {
    render(<FeedbackHost />);
    await act(async () => {});
    expect(fetched).toEqual([]);
    preloadFeedback();
    notify.success('Đăng nhập thành công');
    await vi.waitFor(() => expect(fetched).toEqual(['notices']));
    await act(async () => {});
    expect(fetched).toEqual(['notices']);
    resultPopup({ code: 200, message: 'Cập nhật thành công', data: null });
    void confirmDialog({ title: 'Xóa?' });
    await vi.waitFor(() => expect(fetched).toEqual(['notices', 'dialogs']));
  });
});
