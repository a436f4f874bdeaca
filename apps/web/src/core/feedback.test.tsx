import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachFeedback, confirmDialog, type FeedbackImpl, hideLoading, LoadingOverlay, notify, resultPopup, showLoading, withLoading } from './feedback';

function fakeImpl() {
  const calls: unknown[][] = [];
  const impl: FeedbackImpl = {
    notice: (...a) => calls.push(['notice', ...a]),
    result: (ok, title, onOk) => {
      calls.push(['result', ok, title]);
      onOk?.();
    },
    confirm: (o, done) => {
      calls.push(['confirm', o.title]);
      done(o.title === 'yes');
    },
  };
  return { impl, calls };
}

describe('feedback', () => {
  afterEach(() => attachFeedback(null));

  it('queues notices until the host arrives, then shows them in their area', () => {
    notify.success('Lưu thành công');
    notify.socket('Có thông báo mới');
    const { impl, calls } = fakeImpl();
    attachFeedback(impl);
    expect(calls).toEqual([
      ['notice', 'main', 'success', 'Lưu thành công', undefined],
      ['notice', 'socket', 'info', 'Có thông báo mới', undefined],
    ]);
  });

  it('the result popup: code 200 is success and runs the callback; else error with the server message', () => {
    const { impl, calls } = fakeImpl();
    attachFeedback(impl);
    const onOk = vi.fn();
    resultPopup({ code: 200, message: 'Cập nhật thành công', data: null }, onOk);
    resultPopup({ code: 409, message: 'Tên đơn vị đã tồn tại', data: null }, onOk);
    expect(calls).toEqual([
      ['result', true, 'Cập nhật thành công'],
      ['result', false, 'Tên đơn vị đã tồn tại'],
    ]);
    expect(onOk).toHaveBeenCalledTimes(1);
  });

  it('confirmDialog resolves with the choice', async () => {
    attachFeedback(fakeImpl().impl);
    expect(await confirmDialog({ title: 'yes' })).toBe(true);
    expect(await confirmDialog({ title: 'no' })).toBe(false);
  });

  it('withLoading keeps the overlay up until the last call ends', async () => {
    render(<LoadingOverlay />);
    showLoading();
    let release!: () => void;
    const p = withLoading(new Promise<void>((r) => (release = r)));
    await waitFor(() => expect(screen.getByText('Đang tải...')).toBeTruthy());
    hideLoading();
    expect(screen.getByText('Đang tải...')).toBeTruthy();
    release();
    await p;
    await waitFor(() => expect(screen.queryByText('Đang tải...')).toBeNull());
    cleanup();
  });
});
