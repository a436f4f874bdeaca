import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, buildUrl, NETWORK_ERROR, registerNavigate, TIMEOUT_MS, upload } from './api';
import { getSession, setSession } from './session';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  const navigate = vi.fn();
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    navigate.mockReset();
    registerNavigate(navigate);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setSession('tok-1', { id: 1, username: 'admin', role: { id: 1, name: 'x', permissions: [] } }, true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the bearer token and JSON body, and returns the envelope', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 200, message: 'ok', data: { id: 5 } }));
    const res = await api.post('/api/admin/x', { a: 1 }, { params: { page: 2, search: '', tags: [1, 2] } });
    expect(res).toEqual({ code: 200, message: 'ok', data: { id: 5 } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/admin/x?page=2&tags=1&tags=2');
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBe('Bearer tok-1');
    expect(init.body).toBe('{"a":1}');
  });

  it('returns an HTTP error body instead of throwing, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(400, { code: 400, message: 'Dữ liệu không hợp lệ', data: { errors: [{ field: 'name', message: 'x' }] } }));
    const res = await api.put('/api/admin/x/1', {});
    expect(res.code).toBe(400);
    expect(res.data.errors[0].field).toBe('name');
    expect(warn).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('body code 401 clears the session and goes to login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(401, { code: 401, message: 'Phiên đăng nhập hết hạn', data: null }));
    await api.get('/api/admin/profile');
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
  });

  it('body code 403 goes to the forbidden screen; must_change_password goes to the profile', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Không có quyền', data: null }));
    await api.get('/api/admin/users');
    expect(navigate).toHaveBeenLastCalledWith('/admin/errors/403');
    expect(getSession().token).toBe('tok-1');
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Đổi mật khẩu', data: { must_change_password: true } }));
    await api.get('/api/admin/users');
    expect(navigate).toHaveBeenLastCalledWith('/admin/profile?tab=change-password');
  });

  it('a 403 answering a save stays on the screen (the form shows it); must_change_password still moves', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    navigate.mockClear();
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Bạn không thể gán vai trò có nhiều quyền hơn vai trò của bạn', data: null }));
    const env = await api.post('/api/admin/users', { username: 'a' });
    expect(env.code).toBe(403);
    expect(env.message).toBe('Bạn không thể gán vai trò có nhiều quyền hơn vai trò của bạn');
    for (const m of ['put', 'delete'] as const) {
      fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Không có quyền', data: null }));
      await (m === 'put' ? api.put('/api/admin/users/1', {}) : api.delete('/api/admin/users/1'));
    }
    expect(navigate).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Đổi mật khẩu', data: { must_change_password: true } }));
    await api.put('/api/admin/users/1', {});
    expect(navigate).toHaveBeenLastCalledWith('/admin/profile?tab=change-password');
  });

  it('a 200 whose body cannot be read (page being left) is a lost connection and keeps the session', async () => {
    const broken = new Response('{"code":200,"mess', { status: 200, headers: { 'content-type': 'application/json' } });
    fetchMock.mockResolvedValue(broken);
    const res = await api.get('/api/admin/profile');
    expect(res.code).toBe(0);
    expect(res.message).toBe(NETWORK_ERROR);
    expect(getSession().token).toBe('tok-1');
  });

  it('a network failure answers code 0 with a Vietnamese message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await api.get('/api/x')).toEqual({ code: 0, message: NETWORK_ERROR, data: null });
  });

  it('a cancelled call yields an empty object', async () => {
    fetchMock.mockImplementation(
      (_u: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const ctrl = new AbortController();
    const p = api.get('/api/admin/monitorings', { signal: ctrl.signal });
    ctrl.abort();
    expect(await p).toEqual({});
  });

  it('times out after 300000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_u: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const p = api.get('/api/slow');
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    let settled = false;
    void p.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    const res = await p;
    expect(res.code).toBe(0);
    expect(res.message).toMatch(/không phản hồi/);
  });

  it('uploads multipart with the field name file', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 200, message: 'ok', data: { url: '/uploads/a.png' } }));
    const res = await upload(new File(['x'], 'a.png', { type: 'image/png' }));
    expect(res.data.url).toBe('/uploads/a.png');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/admin/uploads');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it('builds query strings, skipping empty values', () => {
    expect(buildUrl('/a', { x: undefined, y: null, z: '', q: 'đ à' })).toBe('/a?q=%C4%91+%C3%A0');
  });
});
