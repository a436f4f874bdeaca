import { approve, bool, code, defineResource, enumField, float, text, toggle } from '@nns/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const calls: { url: string; params?: Record<string, unknown> }[] = [];
vi.mock('../api', () => ({
  api: {
    get: vi.fn(async (url: string, opts?: { params?: Record<string, unknown> }) => {
      calls.push({ url, params: opts?.params });
      if (url === '/api/admin/slow') return new Promise(() => {});
      if (url === '/api/admin/criteria') {
        const entries = [
          { id: 1, name: LONG, code: 'TC-TOMTHE-UONG', salinity_min: 15, salinity_max: 25, ph_min: 7.5, ph_max: null, status: 'pending' },
          { id: 2, name: 'Cá tra', code: 'TC-CATRA', salinity_min: null, salinity_max: null, ph_min: null, ph_max: 8.5, status: 'approved' },
        ];
        return { code: 200, message: '', data: { entries, pagination: { page: 1, limit: 10, total: 2, total_pages: 1 } } };
      }
      const page = Number(opts?.params?.page ?? 1);
      const entries = [0, 1].map((i) => ({ id: page * 10 + i, name: `Đơn vị ${page}-${i}`, is_active: i === 0 }));
      return { code: 200, message: '', data: { entries, pagination: { page, limit: 10, total: 25, total_pages: 3 } } };
    }),
  },
}));
vi.mock('../session', () => ({ useSession: () => ({ can: () => true }) }));

const { ResourceList } = await import('./resource-list');
const { textPx } = await import('./list-columns');
const LONG = 'Tôm thẻ chân trắng ương giống trong ao lót bạt ở vùng nước lợ ven biển đồng bằng sông Cửu Long';

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
});
afterEach(() => {
  cleanup();
  calls.length = 0;
});

function renderAt(url: string, d = def) {
  const router = createMemoryRouter([{ path: d.route, element: <ResourceList def={d} /> }], { initialEntries: [url] });
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

const criteria = defineResource({
  name: 'criteria',
  subject: 'criteria_seafoods',
  label: 'Tiêu chí',
  area: 'agricultural',
  route: '/admin/criteria',
  fields: {
    code: code({ label: 'Mã', sort: true }),
    name: text({ label: 'Tên tiêu chí', search: true }),
    salinity_min: float({ label: 'Độ mặn từ (‰)' }),
    salinity_max: float({ label: 'Độ mặn đến (‰)' }),
    ph_min: float({ label: 'pH từ' }),
    ph_max: float({ label: 'pH đến' }),
    status: enumField(
      [
        { value: 'pending', label: 'Chờ duyệt' },
        { value: 'approved', label: 'Đã duyệt' },
      ],
      { label: 'Trạng thái' },
    ),
  },
  list: { columns: ['code', 'name', 'salinity_min', 'salinity_max', 'ph_min', 'ph_max', 'status'] },
  actions: { approve: approve('status', 'approved') },
});

describe('ResourceList at 1366 px', { timeout: 30_000 }, () => {
  it('cuts long text at a default width with an ellipsis, the whole text kept for the hover', async () => {
    renderAt('/admin/criteria', criteria);
    const cell = await screen.findByText(LONG);
    expect(cell.closest('.ant-typography-ellipsis')).toBeTruthy();
    // text columns share what the others leave of a 990 px table (1366 px beside the menu) by their
    // longest cell: the code keeps its 14 characters, the long name is cut at its 360 px bound
    expect((cell.closest('.ant-typography') as HTMLElement).style.maxWidth).toBe('360px');
    const code = screen.getByText('TC-TOMTHE-UONG').closest('.ant-typography') as HTMLElement;
    expect(Number.parseInt(code.style.maxWidth, 10)).toBeGreaterThan(textPx('TC-TOMTHE-UONG'));
    expect(code.classList.contains('ant-typography-ellipsis-single-line')).toBe(true);
  });

  it('reads the from/to columns of a range as one column', async () => {
    renderAt('/admin/criteria', criteria);
    await screen.findByText(LONG);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['STT', 'Mã', 'Tên tiêu chí', 'Độ mặn (‰)', 'pH', 'Trạng thái', 'Thao tác']);
    expect(screen.getByText('15 – 25')).toBeTruthy();
    expect(screen.getByText('≥ 7,5')).toBeTruthy();
    expect(screen.getByText('≤ 8,5')).toBeTruthy();
  });

  it('keeps the fixed actions column narrow: approval is an icon button named for screen readers', async () => {
    renderAt('/admin/criteria', criteria);
    await screen.findByText(LONG);
    expect(screen.getAllByRole('button', { name: 'Phê duyệt' })).toHaveLength(1);
    expect(screen.queryByText('Phê duyệt')).toBeNull();
  });

  it("says 'Đang tải...' while the table loads", async () => {
    const slow = defineResource({ ...def.config, name: 'slow', route: '/admin/slow' });
    renderAt('/admin/slow', slow);
    expect(await screen.findByText('Đang tải...')).toBeTruthy();
  });
});
