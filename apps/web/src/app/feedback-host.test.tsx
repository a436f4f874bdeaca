import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { attachFeedback, NOTICE_MAX, NOTICE_MS, notify } from '../core/feedback';
import FeedbackHost, { SOCKET_TOP } from './feedback-host';

/** The two notification areas of spec §2 as the antd host draws them. */
const area = (placement: 'bottomRight' | 'topRight') => document.querySelector(`.ant-notification-${placement}`);
const notices = (placement: 'bottomRight' | 'topRight') => [...(area(placement)?.querySelectorAll('.ant-notification-notice-wrapper') ?? [])];
const texts = (placement: 'bottomRight' | 'topRight') => notices(placement).map((n) => n.querySelector('.ant-notification-notice-message')?.textContent);

async function mountHost() {
  const errors = vi.spyOn(console, 'error');
  render(<FeedbackHost />);
  // the host attaches itself in an effect; a notice sent now is shown at once
  await act(async () => {});
  // two holders under one key would let React drop or duplicate an area
  expect(errors.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('same key'));
}

describe('notification areas (feedback-host.tsx)', () => {
  afterEach(() => {
    cleanup();
    attachFeedback(null);
    vi.useRealTimers();
    document.body.innerHTML = '';
  });
  afterAll(() => attachFeedback(null));

  it('main notices appear bottom right, socket ones top right', async () => {
    await mountHost();
    act(() => {
      notify.success('Lưu thành công');
      notify.socket('Cảnh báo sâu hại mới');
    });
    await waitFor(() => expect(texts('bottomRight')).toEqual(['Lưu thành công']));
    expect(texts('topRight')).toEqual(['Cảnh báo sâu hại mới']);
    // below the 56 px header: a live notice (a finished job's) never covers the user's name
    expect((area('topRight') as HTMLElement).style.top).toBe(`${SOCKET_TOP}px`);
    expect(SOCKET_TOP).toBeGreaterThanOrEqual(56);
    expect(area('bottomRight')?.textContent).not.toContain('Cảnh báo sâu hại mới');
  });

  it('each notice lasts 5 s', async () => {
    vi.useFakeTimers();
    await mountHost();
    act(() => notify.info('Đã xuất tệp'));
    expect(texts('bottomRight')).toEqual(['Đã xuất tệp']);
    await act(async () => vi.advanceTimersByTime(NOTICE_MS - 200));
    expect(texts('bottomRight')).toEqual(['Đã xuất tệp']);
    await act(async () => vi.advanceTimersByTime(1000));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(texts('bottomRight')).toEqual([]);
  });

  it('a lasting notice (a job under way) stays past 5 s and goes the moment it is closed', async () => {
    vi.useFakeTimers();
    await mountHost();
    let close = () => {};
    act(() => {
      close = notify.lasting('Xuất Excel: đang chuẩn bị…');
    });
    expect(texts('bottomRight')).toEqual(['Xuất Excel: đang chuẩn bị…']);
    await act(async () => vi.advanceTimersByTime(NOTICE_MS * 3));
    expect(texts('bottomRight')).toEqual(['Xuất Excel: đang chuẩn bị…']);
    act(() => close());
    await act(async () => vi.advanceTimersByTime(1000));
    expect(texts('bottomRight')).toEqual([]);
  });

  it('at most 5 at once in each area; the oldest give way', async () => {
    await mountHost();
    act(() => {
      for (let i = 1; i <= 7; i++) notify.info(`Thông báo ${i}`);
      for (let i = 1; i <= 6; i++) notify.socket(`Sự kiện ${i}`);
    });
    await waitFor(() => expect(notices('bottomRight')).toHaveLength(NOTICE_MAX));
    expect(texts('bottomRight')).toEqual(['Thông báo 3', 'Thông báo 4', 'Thông báo 5', 'Thông báo 6', 'Thông báo 7']);
    expect(notices('topRight')).toHaveLength(NOTICE_MAX);
    expect(texts('topRight')).not.toContain('Sự kiện 1');
  });

  it('a click closes the notice clicked, and only it', async () => {
    await mountHost();
    act(() => {
      notify.error('Lỗi một');
      notify.error('Lỗi hai');
      notify.socket('Sự kiện');
    });
    await waitFor(() => expect(notices('bottomRight')).toHaveLength(2));
    const first = notices('bottomRight')[0].querySelector('.ant-notification-notice') as HTMLElement;
    act(() => fireEvent.click(first));
    await waitFor(() => expect(texts('bottomRight')).toEqual(['Lỗi hai']));
    expect(texts('topRight')).toEqual(['Sự kiện']);
  });
});
