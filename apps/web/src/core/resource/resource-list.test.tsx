import { bool, defineResource, text, toggle } from '@nns/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const calls: { url: string; params?: Record<string, unknown> }[] = [];
vi.mock('../api', () => ({
  api: {
    get: vi.fn(async (url: string, opts?: { params?: Record<string, unknown> }) => {
      calls.push({ url, params: opts?.params });
      const page = Number(opts?.params?.page ?? 1);
      const entries = [0, 1].map((i) => ({ id: page * 10 + i, name: `Đơn vị ${page}-${i}`, is_active: i === 0 }));
      return { code: 200, message: '', data: { entries, pagination: { page, limit: 10, total: 25, total_pages: 3 } } };
    }),
  },
}));
vi.mock('../session', () => ({ useSession: () => ({ can: () => true }) }));

const { ResourceList } = await import('./resource-list');

const def = defineResource({
  name: 'units',
  subject: 'product_units',
  label: 'Đơn vị tính',
  area: 'catalog',
  route: '/admin/units',
  fields: { name: text({ label: 'Tên đơn vị', search: true, sort: true }), is_active: bool({ label: 'Hoạt động' }) },
  list: { columns: ['name', 'is_active'], sort: ['name'] },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt') },
});

beforeAll(() => {
  // antd's responsive helpers ask for matchMedia, which jsdom lacks
  window.matchMedia ??= ((q: string) => ({
    matches: false,
    media: q,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as never;
});
afterEach(() => {
  cleanup();
  calls.length = 0;
});

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/admin/units', element: <ResourceList def={def} /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// antd's first render in jsdom is slow
describe('ResourceList', { timeout: 30_000 }, () => {
  it('asks the API with the URL state and numbers rows from (page-1)*size+1', async () => {
    renderAt('/admin/units?page=2&search=don%20vi&sort=-name');
    expect(await screen.findByText('Đơn vị 2-0')).toBeTruthy();
    expect(calls[0]).toEqual({ url: '/api/admin/units', params: { page: 2, limit: 10, search: 'don vi', sort: '-name' } });
    const numbers = screen
      .getAllByRole('cell')
      .filter((c) => /^\d+$/.test(c.textContent ?? ''))
      .map((c) => c.textContent);
    expect(numbers).toEqual(['11', '12']);
    expect(screen.getByText('Tổng 25 bản ghi')).toBeTruthy();
    expect(screen.getAllByRole('switch')).toHaveLength(2);
  });

  it('writes a new search into the URL and goes back to page 1', async () => {
    const router = renderAt('/admin/units?page=3');
    await screen.findByText('Đơn vị 3-0');
    const box = screen.getByLabelText('Tìm kiếm');
    fireEvent.change(box, { target: { value: 'kg' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?search=kg'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ page: 1, search: 'kg' }));
  });
});
