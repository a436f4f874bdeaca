import { afterEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('./client', () => ({ client: { GET: (...a: unknown[]) => get(...a) } }));
const shown: { message: unknown; closed: boolean }[] = [];
vi.mock('./feedback', () => ({
  notify: {
    lasting: (message: unknown) => {
      const n = { message, closed: false };
      shown.push(n);
      return () => {
        n.closed = true;
      };
    },
  },
}));

const { jobResult } = await import('./jobs');

const job = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 7,
  kind: 'issue-stamps',
  title: 'Phát hành 6.000 tem',
  status,
  status_label: status,
  progress: 0,
  error: null,
  result: null,
  ...extra,
});

/** jobResult follows a 202 job; its notice lasts exactly as long as the job (issue 28 §5 leftovers). */
describe('jobResult', () => {
  afterEach(() => {
    shown.length = 0;
    get.mockReset();
    vi.useRealTimers();
  });

  it('shows the waiting notice while the job runs and closes it when the job is done', async () => {
    vi.useFakeTimers();
    get.mockResolvedValueOnce({ code: 200, data: { job: job('running') } });
    get.mockResolvedValueOnce({ code: 200, data: { job: job('done', { result: { url: '/admin/general/stamps/3/detail', page: true } }) } });
    const p = jobResult(
      { code: 202, message: '', data: { job: job('queued') } },
      { waiting: { message: 'Đang phát hành 6.000 tem trong nền…' }, done: 'Đã phát hành xong' },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown).toEqual([{ message: 'Đang phát hành 6.000 tem trong nền…', closed: false }]);
    await vi.advanceTimersByTimeAsync(1000);
    const env = await p;
    expect([env.code, env.message, env.data.url]).toEqual([200, 'Đã phát hành xong', '/admin/general/stamps/3/detail']);
    expect(shown[0].closed).toBe(true);
  });

  it('closes the notice when the job fails, answering its error', async () => {
    vi.useFakeTimers();
    get.mockResolvedValueOnce({ code: 200, data: { job: job('failed', { error: 'Đợt tem đã bị hủy trong khi phát hành' }) } });
    const p = jobResult({ code: 202, message: '', data: { job: job('queued') } });
    await vi.advanceTimersByTimeAsync(1000);
    const env = await p;
    expect([env.code, env.message]).toEqual([409, 'Đợt tem đã bị hủy trong khi phát hành']);
    expect(shown).toEqual([{ message: 'Phát hành 6.000 tem: đang chuẩn bị…', closed: true }]);
  });

  it('answers any other answer as it is, with no notice', async () => {
    const env = await jobResult({ code: 200, message: 'Đã phát hành đợt tem', data: { entry: { id: 1 } } });
    expect(env.code).toBe(200);
    expect(shown).toEqual([]);
  });
});
