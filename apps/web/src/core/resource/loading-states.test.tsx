import { defineResource, ref, text } from '@nns/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

// every call stays pending: what each screen shows while it waits
vi.mock('../client', () => ({ resourceCall: vi.fn(() => new Promise(() => {})), client: { GET: vi.fn(() => new Promise(() => {})) } }));
vi.mock('../session', () => ({ useSession: () => ({ can: () => true }) }));

const { ResourceDetail } = await import('./resource-detail');
const { ResourceForm } = await import('./resource-form');
const { RefSelect } = await import('./ref-select');
const { loadingProps } = await import('../loading');
const { Table } = await import('antd');

const def = defineResource({
  name: 'units',
  subject: 'product_units',
  label: 'Đơn vị tính',
  area: 'catalog',
  route: '/admin/units',
  fields: { name: text({ label: 'Tên đơn vị', required: true }), group_id: ref('product-groups', { label: 'Nhóm' }) },
  detail: true,
});

function show(node: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: node }]);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("local loading states say 'Đang tải...' (spec §2)", () => {
  afterEach(cleanup);

  it('a detail card while its record loads', async () => {
    show(<ResourceDetail def={def} id="3" />);
    expect(await screen.findByText('Đang tải...')).toBeTruthy();
    expect(screen.getByText('Chi tiết đơn vị tính')).toBeTruthy();
  });

  it('an edit form while its record loads', async () => {
    show(<ResourceForm def={def} id="3" />);
    expect(await screen.findByText('Đang tải...')).toBeTruthy();
    expect(screen.getByText('Cập nhật đơn vị tính')).toBeTruthy();
  });

  it('a reference picker while its options load', async () => {
    show(<RefSelect resource="product-groups" />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('Đang tải...')).toBeTruthy();
  });

  it('a table given loadingProps', () => {
    show(<Table rowKey="id" columns={[{ title: 'Tên', dataIndex: 'name' }]} dataSource={[{ id: 1, name: 'Kg' }]} loading={loadingProps(true)} />);
    expect(screen.getByText('Đang tải...')).toBeTruthy();
    cleanup();
    show(<Table rowKey="id" columns={[{ title: 'Tên', dataIndex: 'name' }]} dataSource={[{ id: 1, name: 'Kg' }]} loading={loadingProps(false)} />);
    expect(screen.queryByText('Đang tải...')).toBeNull();
  });
});
