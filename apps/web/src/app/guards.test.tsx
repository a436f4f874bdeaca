import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client, registerNavigate } from '../core/client';
import { guardDecision, RequireAuth, requirementOf, resetProfileCheck } from '../core/guards';
import { clearSession, getSession, setSession, signedOut } from '../core/session';
import { signOut } from './shell/user-menu';

const perms = (...ps: string[]) => ps.map((p) => ({ action: p.split(':')[0], subject: p.split(':')[1] }));
const user = (...ps: string[]) => ({ id: 1, username: 'u', role: { id: 1, name: 'r', permissions: perms(...ps) } });

describe('guardDecision', () => {
  it('needs a token, then a loaded profile, then the declared permission', () => {
    const u = user('list:product_units');
    expect(guardDecision({ token: null, profile: 'ok', user: u })).toBe('login');
    expect(guardDecision({ token: 't', profile: 'pending', user: u })).toBe('loading');
    expect(guardDecision({ token: 't', profile: 'failed', user: u })).toBe('login');
    expect(guardDecision({ token: 't', profile: 'ok', user: u })).toBe('ok');
    expect(guardDecision({ token: 't', profile: 'ok', user: u, requirement: { action: 'list', subject: 'product_units' } })).toBe('ok');
    expect(guardDecision({ token: 't', profile: 'ok', user: u, requirement: { action: 'delete', subject: 'product_units' } })).toBe('forbidden');
    expect(guardDecision({ token: 't', profile: 'ok', user: u, requirement: { action: '', subject: 'products' } })).toBe('ok');
  });
  it('the deepest match with a requirement wins', () => {
    expect(requirementOf([{ handle: { title: 'a' } }, { handle: { action: 'list', subject: 'x' } }, {}])).toEqual({ action: 'list', subject: 'x' });
    expect(requirementOf([{}, { handle: { title: 'only' } }])).toBeNull();
  });
});

/** The login page of the tests says where it would return after signing in. */
function Login() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return (
    <>
      <p>trang đăng nhập</p>
      <p>quay lại: {from ?? 'không'}</p>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <Login /> },
      { path: '/admin/errors/403', element: <p>không có quyền</p> },
      {
        path: '/admin',
        element: (
          <RequireAuth fallback={<p>đang tải</p>}>
            <p>khu quản trị</p>
          </RequireAuth>
        ),
        children: [{ path: 'units', handle: { action: 'list', subject: 'product_units' } }, { path: 'home' }],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('RequireAuth', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    resetProfileCheck();
    clearSession();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('without a token goes to login', async () => {
    renderAt('/admin/home');
    expect(await screen.findByText('trang đăng nhập')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the profile, then lets an allowed route through', async () => {
    setSession('t', user(), true);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 200, message: 'ok', data: { entry: user('list:product_units') } }), { status: 200 }));
    renderAt('/admin/units');
    expect(await screen.findByText('khu quản trị')).toBeTruthy();
    expect(getSession().user?.role?.permissions).toHaveLength(1);
  });

  it('a route the user lacks goes to the 403 screen', async () => {
    setSession('t', user(), true);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 200, message: 'ok', data: { entry: user('list:products') } }), { status: 200 }));
    renderAt('/admin/units');
    expect(await screen.findByText('không có quyền')).toBeTruthy();
  });

  it('a failed profile load clears the session and goes to login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setSession('t', user('list:product_units'), true);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 500, message: 'Lỗi', data: null }), { status: 500 }));
    renderAt('/admin/home');
    expect(await screen.findByText('trang đăng nhập')).toBeTruthy();
    expect(getSession().token).toBeNull();
  });

  it('no answer from the server keeps the session and offers a retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setSession('t', user('list:product_units'), true);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/admin/home');
    expect(await screen.findByText('Không kết nối được máy chủ')).toBeTruthy();
    expect(getSession().token).toBe('t');
  });

  it('a session that expires returns to the page after signing in', async () => {
    setSession('t', user(), true);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 200, message: 'ok', data: { entry: user('list:product_units') } }), { status: 200 }));
    renderAt('/admin/units?page=2');
    expect(await screen.findByText('khu quản trị')).toBeTruthy();
    act(() => clearSession());
    expect(await screen.findByText('quay lại: /admin/units?page=2')).toBeTruthy();
  });

  it('after signing out the next user starts at home, not on the page the last one left', async () => {
    setSession('t', user(), true);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 200, message: 'ok', data: { entry: user('list:product_units') } }), { status: 200 }));
    renderAt('/admin/units');
    expect(await screen.findByText('khu quản trị')).toBeTruthy();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 200, message: 'Đăng xuất thành công', data: null }), { status: 200 }));
    await act(async () => {
      expect(await signOut()).toBe(true);
    });
    expect(await screen.findByText('quay lại: không')).toBeTruthy();
    expect(signedOut()).toBe(true);
    // a call sent before the sign-out that comes back 401 does not make it an expiry
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    registerNavigate(() => {});
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 401, message: 'Phiên đăng nhập hết hạn', data: null }), { status: 401 }));
    await client.GET('/api/admin/product-units');
    expect(signedOut()).toBe(true);
    // the next sign-in forgets it
    setSession('t2', user(), true);
    expect(signedOut()).toBe(false);
  });
});
