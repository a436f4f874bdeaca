import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, client, fileForm, NETWORK_ERROR, registerNavigate, resourceCall, resourceDownload, serializeQuery, TIMEOUT_MS } from './client';
import { getSession, setSession } from './session';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** openapi-fetch hands its Request to the transport, which calls fetch(url, {method, headers, body, signal}). */
type Sent = { method: string; headers: Headers; body?: ArrayBuffer; signal: AbortSignal };
const text = (b: ArrayBuffer | undefined) => (b ? new TextDecoder().decode(b) : '');
/** a fetch that never answers, except by failing when its call is aborted */
const hanging = (_u: string, init: RequestInit) =>
  new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

describe('typed client', () => {
  const navigate = vi.fn();
  let fetchMock: ReturnType<typeof vi.fn>;
  /** the call's URL without the page's origin, and what it sent */
  const sent = (i = 0): [string, Sent] => {
    const [url, init] = fetchMock.mock.calls[i] as [string, Sent];
    const u = new URL(url);
    return [u.origin === location.origin ? `${u.pathname}${u.search}` : url, init];
  };
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
    vi.restoreAllMocks();
  });

  it('sends the bearer token and JSON body with the query, and returns the envelope', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 200, message: 'ok', data: { id: 5 } }));
    const res = await resourceCall('post', 'x', '', { params: { query: { page: 2, search: '', tags: [1, 2] } }, body: { a: 1 } });
    expect(res).toEqual({ code: 200, message: 'ok', data: { id: 5 } });
    const [url, init] = sent();
    expect(url).toBe('/api/admin/x?page=2&tags=1&tags=2');
    expect(init.method).toBe('POST');
    expect(init.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(init.headers.get('Content-Type')).toBe('application/json');
    expect(text(init.body)).toBe('{"a":1}');
  });

  it('fills the path parameters of a typed call', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 200, message: '', data: { key: 'list:products', value: null } }));
    const res = await client.GET('/api/admin/me/preferences/{key}', { params: { path: { key: 'list:products' } } });
    expect(res.data?.key).toBe('list:products');
    // the server reads the path parameter decoded
    expect(sent()[0]).toBe('/api/admin/me/preferences/list%3Aproducts');
    expect(sent()[1].method).toBe('GET');
    expect(sent()[1].body).toBeUndefined();
  });

  it('returns an HTTP error body instead of throwing, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(400, { code: 400, message: 'Dữ liệu không hợp lệ', data: { errors: [{ field: 'name', message: 'x' }] } }));
    const res = await resourceCall<{ errors: { field: string }[] }>('put', 'x', '/1', { body: {} });
    expect(res.code).toBe(400);
    expect(res.data.errors[0].field).toBe('name');
    expect(warn).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('body code 401 clears the session and goes to login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(401, { code: 401, message: 'Phiên đăng nhập hết hạn', data: null }));
    await client.GET('/api/admin/profile');
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
  });

  it('body code 403 goes to the forbidden screen; must_change_password goes to the profile', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Không có quyền', data: null }));
    await resourceCall('get', 'users');
    expect(navigate).toHaveBeenLastCalledWith('/admin/errors/403');
    expect(getSession().token).toBe('tok-1');
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Đổi mật khẩu', data: { must_change_password: true } }));
    await resourceCall('get', 'users');
    expect(navigate).toHaveBeenLastCalledWith('/admin/profile?tab=change-password');
  });

  it('a 403 answering a save stays on the screen (the form shows it); must_change_password still moves', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Bạn không thể gán vai trò có nhiều quyền hơn vai trò của bạn', data: null }));
    const env = await resourceCall('post', 'users', '', { body: { username: 'a' } });
    expect(env.code).toBe(403);
    expect(env.message).toBe('Bạn không thể gán vai trò có nhiều quyền hơn vai trò của bạn');
    for (const m of ['put', 'delete'] as const) {
      fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Không có quyền', data: null }));
      await resourceCall(m, 'users', '/1', m === 'put' ? { body: {} } : undefined);
    }
    expect(navigate).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: 'Đổi mật khẩu', data: { must_change_password: true } }));
    await resourceCall('put', 'users', '/1', { body: {} });
    expect(navigate).toHaveBeenLastCalledWith('/admin/profile?tab=change-password');
  });

  it('a 200 whose body cannot be read (page being left) is a lost connection and keeps the session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response('{"code":200,"mess', { status: 200, headers: { 'content-type': 'application/json' } }));
    const res = await client.GET('/api/admin/profile');
    expect(res.code).toBe(0);
    expect(res.message).toBe(NETWORK_ERROR);
    expect(getSession().token).toBe('tok-1');
  });

  it('a network failure answers code 0 with a Vietnamese message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await resourceCall('get', 'x')).toEqual({ code: 0, message: NETWORK_ERROR, data: null });
  });

  it('a cancelled call yields an empty object', async () => {
    fetchMock.mockImplementation(hanging);
    const ctrl = new AbortController();
    const p = resourceCall('get', 'monitorings', '', { signal: ctrl.signal });
    // openapi-fetch reaches the transport after a few awaits: cancel once the request is out
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    ctrl.abort();
    expect(await p).toEqual({});
  });

  it('times out after 300000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hanging);
    const p = resourceCall('get', 'slow');
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

  it('uploads the file as the multipart field `file`', () => {
    // the multipart body itself is read in the browser tests: jsdom's FormData is not the one Node's Request serializes
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect((fileForm(file).get('file') as File).name).toBe('a.png');
  });

  it('answers a file in the envelope, and the server envelope when it is refused', async () => {
    fetchMock.mockResolvedValueOnce(new Response('xlsx', { status: 200, headers: { 'content-type': 'application/octet-stream' } }));
    const ok = await resourceDownload('products', '/import-template');
    expect(ok.code).toBe(200);
    expect(ok.data?.size).toBe(4);
    expect(sent()[0]).toBe('/api/admin/products/import-template');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json(404, { code: 404, message: 'Không tìm thấy', data: null }));
    expect(await resourceDownload('products', '/import-template')).toEqual({ code: 404, message: 'Không tìm thấy', data: null });
  });

  it('builds query strings, skipping empty values and repeating arrays', () => {
    expect(buildUrl('/a', { x: undefined, y: null, z: '', q: 'đ à' })).toBe('/a?q=%C4%91+%C3%A0');
    expect(serializeQuery({ ids: [1, 2], page: 0, search: '' })).toBe('ids=1&ids=2&page=0');
  });
});
