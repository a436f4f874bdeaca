import { approve, bool, code, defineResource, enumField, float, type ResourceDef, text, toggle } from '@nns/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const calls: { url: string; params?: Record<string, unknown> }[] = [];
const posts: { url: string; body: unknown }[] = [];
/** what the list answers next for /api/admin/units (null: two rows a page) */
let unitRows: Record<string, unknown>[] | null = null;
let bulkAnswer: unknown = null;
/** the typed client as the old URL-taking calls: the answers below read like the routes they stand for */
vi.mock('../client', () => ({
  buildUrl: (u: string) => u,
  client: {
    GET: vi.fn(async () => ({ code: 200, message: '', data: { value: null } })),
    PUT: vi.fn(async (_path: string, init: { body: { value: unknown } }) => ({ code: 200, message: '', data: init.body })),
  },
  resourceCall: (m: string, name: string, rest = '', init: { params?: { query?: Record<string, unknown> }; body?: unknown } = {}) => {
    const url = `/api/admin/${name}${rest}`;
    if (m === 'get') return api.get(url, { params: init.params?.query });
    return m === 'post' ? api.post(url, init.body) : api.put(url, init.body as { value: unknown });
  },
}));
const api = vi.hoisted(() => ({
  post: vi.fn(async (url: string, body: unknown) => {
    posts.push({ url, body });
    return { code: 200, message: 'Thành công', data: bulkAnswer };
  }),
  put: vi.fn(async (_url: string, body: { value: unknown }) => ({ code: 200, message: '', data: body })),
  get: vi.fn(async (url: string, opts?: { params?: Record<string, unknown> }) => {
    if (url.startsWith('/api/admin/me/preferences/')) return { code: 200, message: '', data: { value: null } };
    calls.push({ url, params: opts?.params });
    if (unitRows && url === '/api/admin/units') {
      return { code: 200, message: '', data: { entries: unitRows, pagination: { page: 1, limit: 10, total: unitRows.length, total_pages: 1 } } };
    }
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
}));
let allowed: (action: string, subject: string) => boolean = () => true;
vi.mock('../session', () => ({ useSession: () => ({ can: (a: string, s: string) => allowed(a, s) }) }));
const notices: { kind: string; text: unknown }[] = [];
vi.mock('../feedback', () => ({
  confirmDialog: vi.fn(async () => true),
  withLoading: <T,>(p: T) => p,
  notify: Object.fromEntries(['success', 'error', 'warning', 'info'].map((kind) => [kind, (text: unknown) => notices.push({ kind, text })])),
}));

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
  detail: true,
});

beforeAll(() => {
  // antd's responsive helpers ask for matchMedia, which jsdom lacks
});
afterEach(() => {
  cleanup();
  calls.length = 0;
  posts.length = 0;
  notices.length = 0;
  unitRows = null;
  bulkAnswer = null;
  allowed = () => true;
});

function renderAt(url: string, d: ResourceDef = def) {
  const router = createMemoryRouter([{ path: d.route, element: <ResourceList def={d} /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// antd's first render in jsdom is slow
describe('ResourceList', () => {
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

describe('ResourceList at 1366 px', () => {
  it('cuts long text at a default width with an ellipsis, the whole text kept for the hover', async () => {
    renderAt('/admin/criteria', criteria);
    const cell = await screen.findByText(LONG);
    expect(cell.closest('.ant-typography-ellipsis')).toBeTruthy();
    // text columns share what the others leave of a 990 px table (1366 px beside the menu) by their
    // longest cell, after the 36 px of the row checkboxes: the code keeps its 14 characters, the long
    // name takes the rest (325 px, under its 360 px bound)
    expect((cell.closest('.ant-typography') as HTMLElement).style.maxWidth).toBe('325px');
    const code = screen.getByText('TC-TOMTHE-UONG').closest('.ant-typography') as HTMLElement;
    expect(Number.parseInt(code.style.maxWidth, 10)).toBeGreaterThan(textPx('TC-TOMTHE-UONG'));
    expect(code.classList.contains('ant-typography-ellipsis-single-line')).toBe(true);
  });

  it('reads the from/to columns of a range as one column', async () => {
    renderAt('/admin/criteria', criteria);
    await screen.findByText(LONG);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    // the first column holds the row checkboxes
    expect(headers).toEqual(['', 'STT', 'Mã', 'Tên tiêu chí', 'Độ mặn (‰)', 'pH', 'Trạng thái', 'Thao tác']);
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

const { bulkSummary } = await import('./use-record-actions');

describe('bulk work', () => {
  it('groups the refusals of a bulk result by message', () => {
    const failed = [
      { id: 3, message: 'Bản ghi không thuộc phường/xã của bạn' },
      { id: 4, message: 'Không thể xóa vì nhóm còn 1 nhóm con' },
      { id: 5, message: 'Bản ghi không thuộc phường/xã của bạn' },
    ];
    expect(bulkSummary('Đã phê duyệt', { action: 'approve', total: 20, done: 17, failed })).toBe(
      'Đã phê duyệt 17/20; 2 bản ghi không thuộc phường/xã của bạn; 1 bản ghi: không thể xóa vì nhóm còn 1 nhóm con',
    );
    expect(bulkSummary('Đã xóa', { action: 'delete', total: 2, done: 2, failed: [] })).toBe('Đã xóa 2/2');
  });

  it('shows the selection bar with the permitted actions; one request approves the chosen rows and the notice tells 1/2', async () => {
    allowed = (a) => a !== 'delete';
    renderAt('/admin/criteria', criteria);
    await screen.findByText(LONG);
    expect(screen.queryByRole('region', { name: 'Thao tác với các bản ghi đã chọn' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn bản ghi 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn bản ghi 2' }));
    const bar = await screen.findByRole('region', { name: 'Thao tác với các bản ghi đã chọn' });
    expect(within(bar).getByText('Đã chọn 2')).toBeTruthy();
    const names = within(bar)
      .getAllByRole('button')
      .map((b) => b.textContent?.trim());
    expect(names, JSON.stringify(names)).toEqual(['Phê duyệt', 'Xuất Excel', 'Bỏ chọn']);
    bulkAnswer = { action: 'approve', total: 2, done: 1, failed: [{ id: 2, message: 'Bản ghi không thuộc phường/xã của bạn' }] };
    fireEvent.click(within(bar).getByRole('button', { name: /Phê duyệt/ }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/admin/criteria/bulk', body: { action: 'approve', ids: [1, 2] } }]));
    await waitFor(() => expect(notices).toEqual([{ kind: 'warning', text: 'Đã phê duyệt 1/2; 1 bản ghi không thuộc phường/xã của bạn' }]));
    // done: the choice is cleared and the bar goes
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Thao tác với các bản ghi đã chọn' })).toBeNull());
  });

  it('offers delete to a user who may delete, and no row checkboxes to one who may only look', async () => {
    allowed = (a) => a === 'list' || a === 'delete';
    renderAt('/admin/criteria', criteria);
    await screen.findByText(LONG);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn bản ghi 2' }));
    const bar = await screen.findByRole('region', { name: 'Thao tác với các bản ghi đã chọn' });
    expect(within(bar).queryByRole('button', { name: /Phê duyệt/ })).toBeNull();
    expect(within(bar).getByRole('button', { name: /Xóa/ })).toBeTruthy();
    cleanup();
    allowed = (a) => a === 'list';
    renderAt('/admin/criteria', criteria);
    await screen.findByText(LONG);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('search, empty result, row links', () => {
  it('searches as the user types, once, after the typing stops', async () => {
    const router = renderAt('/admin/units');
    await screen.findByText('Đơn vị 1-0');
    const box = screen.getByLabelText('Tìm kiếm');
    fireEvent.change(box, { target: { value: 'k' } });
    fireEvent.change(box, { target: { value: 'kg' } });
    // not at once: the URL still has no search right after the keystrokes
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?search=kg'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ search: 'kg' }));
    expect(calls.filter((c) => c.params?.search === 'k')).toHaveLength(0);
  });

  it('repeats the search of an empty result and offers to clear the filters', async () => {
    unitRows = [];
    const router = renderAt('/admin/units?search=xyz');
    expect(await screen.findByText('Không tìm thấy kết quả cho “xyz”')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Xóa bộ lọc' }).at(-1) as HTMLElement;
    fireEvent.click(clear);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('Tìm kiếm') as HTMLInputElement).value).toBe('');
  });

  it('says "Không có dữ liệu" when there is nothing and nothing is searched', async () => {
    unitRows = [];
    renderAt('/admin/units');
    expect(await screen.findByText('Không có dữ liệu')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Xóa bộ lọc' })).toBeNull();
  });

  it('opens the detail on a click on the row, not on its switch or checkbox; the name is a real link', async () => {
    const router = renderAt('/admin/units');
    const name = await screen.findByText('Đơn vị 1-0');
    expect(name.closest('a')?.getAttribute('href')).toBe('/admin/units/10/detail');
    expect(screen.getAllByRole('link', { name: 'Xem chi tiết' })[0].getAttribute('href')).toBe('/admin/units/10/detail');
    fireEvent.click(screen.getAllByRole('switch')[0]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn bản ghi 11' }));
    expect(router.state.location.pathname).toBe('/admin/units');
    const cells = (name.closest('tr') as HTMLElement).querySelectorAll('td');
    fireEvent.click(cells[1]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/units/10/detail'));
  });
});
