import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** What the server answers: the catalogue route needs list:permissions, which the role editor lacks. */
const calls: string[] = [];
const json = (code: number, body: unknown) => new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
vi.stubGlobal(
  'fetch',
  vi.fn(async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    calls.push(path);
    if (path === '/api/admin/permissions') return json(403, { code: 403, message: 'Bạn không có quyền thực hiện thao tác này', data: null });
    if (path === '/api/admin/roles/7') {
      return json(200, {
        code: 200,
        message: '',
        data: {
          entry: {
            id: 7,
            name: 'Cán bộ phường',
            description: null,
            price: 0,
            status: 'approved',
            is_full: false,
            permissions: [{ action: 'list', subject: 'products' }],
            users_count: 0,
            holders: null,
          },
        },
      });
    }
    return json(200, { code: 200, message: '', data: { entries: [], pagination: { page: 1, limit: 10, total: 0, total_pages: 0 } } });
  }),
);

const { setSession } = await import('../../core/session');
const { RoleDetailPage, RoleFormPage } = await import('./roles-pages');
afterEach(() => {
  cleanup();
  calls.length = 0;
});

/** A role editor: create, read and update roles, the products permissions, but not list:permissions. */
function signInAsRoleEditor() {
  const perms = ['create:roles', 'read:roles', 'update:roles', 'list:roles', 'list:products'].map((k) => {
    const [action, subject] = k.split(':');
    return { action, subject };
  });
  setSession('token-role-editor', { id: 2, username: 'bientap.vaitro', role: { id: 3, name: 'Biên tập vai trò', permissions: perms } });
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/roles/create', element: <RoleFormPage /> },
      { path: '/admin/roles/:id/edit', element: <RoleFormPage /> },
      { path: '/admin/roles/:id/detail', element: <RoleDetailPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const box = async (label: string) => (await screen.findByLabelText(label, undefined, { timeout: 30_000 })) as HTMLInputElement;

describe('role screens for a role editor without list:permissions', () => {
  it('opens the create form with the whole matrix, without asking for the catalogue', async () => {
    signInAsRoleEditor();
    renderAt('/admin/roles/create');
    expect(await box('Chọn cả hàng Sản phẩm')).toBeTruthy();
    expect((await box('Xem danh sách – Sản phẩm')).disabled).toBe(false);
    // a permission the editor lacks cannot be granted
    expect((await box('Xóa – Sản phẩm')).disabled).toBe(true);
    expect(calls.filter((u) => u.startsWith('/api/admin/permissions'))).toEqual([]);
  });

  it('opens the edit form with the role’s permissions checked, and the detail with its summary', async () => {
    signInAsRoleEditor();
    renderAt('/admin/roles/7/edit');
    expect((await box('Xem danh sách – Sản phẩm')).checked).toBe(true);
    expect((await box('Thêm mới – Sản phẩm')).checked).toBe(false);
    cleanup();
    renderAt('/admin/roles/7/detail');
    expect(await screen.findByText('Quyền của vai trò (1)')).toBeTruthy();
    expect(await screen.findByText('Cơ sở sản xuất và sản phẩm')).toBeTruthy();
    expect(calls.filter((u) => u.startsWith('/api/admin/permissions'))).toEqual([]);
  });
});
