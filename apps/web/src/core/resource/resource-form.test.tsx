import { defineResource, enumField, integer, ref, text } from '@nns/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// antd's first renders in jsdom are slow on a shared machine: generous limits, no timing asserted
const SLOW = { timeout: 30_000 };

/** A refusal is not a lost form (issue 18, item 1): 403/400 answers stay on the form, typed values kept. */
const post = vi.fn();
const get = vi.fn(async () => ({ code: 200, message: '', data: { entries: [] } }));
/** the generic routes as URLs: `get(url, {params})`, `post(url, body)` for a create or an edit */
vi.mock('../client', () => ({
  resourceCall: (m: string, name: string, rest = '', init: { params?: { query?: unknown }; body?: unknown } = {}) => {
    const url = `/api/admin/${name}${rest}`;
    return m === 'get' ? get(...([url, { params: init.params?.query }] as unknown as [])) : post(url, init.body);
  },
}));
let sessionUser: Record<string, unknown> | null = null;
vi.mock('../session', () => ({ useSession: () => ({ can: () => true, user: sessionUser }) }));

const { ResourceForm } = await import('./resource-form');

const def = defineResource({
  name: 'units',
  subject: 'product_units',
  label: 'Đơn vị tính',
  area: 'catalog',
  route: '/admin/units',
  fields: {
    name: text({ label: 'Tên đơn vị', required: true }),
    code: text({ label: 'Mã', max: 20 }),
    stars: integer({ label: 'Hạng sao', min: 3, max: 5 }),
  },
});

function show(node: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: node }]);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    router,
    ...render(
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));

describe('a refused save keeps the form', () => {
  beforeEach(() => {
    post.mockReset();
    sessionUser = null;
  });
  afterEach(cleanup);

  it('403: the message shows above the buttons, everything typed stays, nothing navigates', async () => {
    post.mockResolvedValueOnce({ code: 403, message: 'Bạn không thể gán vai trò có nhiều quyền hơn vai trò của bạn', data: null });
    const { router } = show(<ResourceForm def={def} />);
    fireEvent.change(screen.getByLabelText('Tên đơn vị'), { target: { value: 'Thùng 24 lon' } });
    fireEvent.change(screen.getByLabelText('Mã'), { target: { value: 'THUNG24' } });
    save();
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Chưa lưu được');
    expect(alert.textContent).toContain('Bạn không thể gán vai trò có nhiều quyền hơn vai trò của bạn');
    expect((screen.getByLabelText('Tên đơn vị') as HTMLInputElement).value).toBe('Thùng 24 lon');
    expect((screen.getByLabelText('Mã') as HTMLInputElement).value).toBe('THUNG24');
    expect(router.state.location.pathname).toBe('/');
    // above the buttons
    const buttons = screen.getByRole('button', { name: 'Lưu' });
    expect(alert.compareDocumentPosition(buttons) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/admin/units', expect.objectContaining({ name: 'Thùng 24 lon', code: 'THUNG24' }));
  });

  it('400: the message goes under its field and the field gets the focus', async () => {
    post.mockResolvedValueOnce({
      code: 400,
      message: 'Dữ liệu không hợp lệ',
      data: { errors: [{ field: 'code', message: 'Mã đã được dùng cho đơn vị khác' }] },
    });
    show(<ResourceForm def={def} />);
    fireEvent.change(screen.getByLabelText('Tên đơn vị'), { target: { value: 'Bao 50 kg' } });
    fireEvent.change(screen.getByLabelText('Mã'), { target: { value: 'BAO50' } });
    save();
    expect(await screen.findByText('Mã đã được dùng cho đơn vị khác', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Mã')), SLOW);
    expect((screen.getByLabelText('Tên đơn vị') as HTMLInputElement).value).toBe('Bao 50 kg');
    expect(screen.queryByRole('alert', { name: /Chưa lưu được/ })).toBeNull();
  });

  it('client-side errors focus the first field in error too; a number out of range is refused, not clamped', async () => {
    show(<ResourceForm def={def} />);
    const stars = screen.getByLabelText('Hạng sao') as HTMLInputElement;
    fireEvent.change(stars, { target: { value: '9' } });
    fireEvent.blur(stars);
    expect(stars.value).toBe('9');
    save();
    expect(await screen.findByText('Tên đơn vị bắt buộc', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(/Hạng sao/, { selector: '.ant-form-item-explain-error' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Tên đơn vị')), SLOW);
    expect(post).not.toHaveBeenCalled();
  });
});

describe('a scoped user', () => {
  afterEach(cleanup);
  const accountDef = defineResource({
    name: 'accounts-test',
    subject: 'users',
    label: 'Tài khoản',
    area: 'accounts',
    route: '/admin/accounts-test',
    fields: {
      full_name: text({ label: 'Họ và tên', required: true }),
      scope: enumField(
        [
          { value: 'all', label: 'Toàn hệ thống' },
          { value: 'province', label: 'Một tỉnh/thành phố' },
          { value: 'ward', label: 'Một phường/xã' },
        ],
        { label: 'Phạm vi dữ liệu', required: true },
      ),
      ward_id: ref('wards', { label: 'Phường/xã' }),
    },
  });

  it('a ward officer is offered their own scope and ward only, and a new record starts in their ward', async () => {
    sessionUser = { id: 9, username: 'canbo.phuong', scope: 'ward', province_id: 1, ward_id: 77 };
    get.mockClear();
    show(<ResourceForm def={accountDef} />);
    await waitFor(() => expect(get).toHaveBeenCalled(), SLOW);
    // the ward picker asks for the officer's ward only
    const wardCalls = get.mock.calls.filter((c) => String((c as unknown[])[0]) === '/api/admin/wards');
    expect(wardCalls.length).toBeGreaterThan(0);
    for (const c of wardCalls) expect(((c as unknown[])[1] as { params: Record<string, unknown> }).params).toMatchObject({ ids: '77' });
    // the scope select offers 'Một phường/xã' only, already chosen
    expect(screen.getByTitle('Một phường/xã')).toBeTruthy();
    act(() => {
      fireEvent.mouseDown(screen.getByLabelText('Phạm vi dữ liệu'));
    });
    const options = await screen.findAllByRole('option', {}, SLOW);
    expect(options.map((o) => o.textContent)).not.toContain('Toàn hệ thống');
  });

  it("a ward officer's ward is prefilled and fixed, named from the profile (no list:wards needed), and saved", async () => {
    sessionUser = { id: 9, username: 'canbo.phuong', scope: 'ward', province_id: 1, ward_id: 77, ward: { id: 77, code: '24781', name: 'Phường Tân Lập' } };
    post.mockReset();
    post.mockResolvedValueOnce({ code: 200, message: 'Thêm mới thành công', data: { entry: { id: 5 } } });
    show(<ResourceForm def={accountDef} />);
    expect(await screen.findByTitle('Phường Tân Lập', {}, SLOW)).toBeTruthy();
    expect((screen.getByLabelText('Phường/xã') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Họ và tên'), { target: { value: 'Nguyễn Văn A' } });
    save();
    await waitFor(() => expect(post).toHaveBeenCalled(), SLOW);
    expect(JSON.stringify(post.mock.calls[0])).toContain('"ward_id":77');
  });
});

describe('an identifier stored before the rules (issue 29.7)', () => {
  afterEach(cleanup);
  it('shows under its field why the stored value needs correcting, and nothing under a valid one', async () => {
    const { phone } = await import('@nns/shared');
    const producers = defineResource({
      name: 'producers-x',
      subject: 'manufactures',
      label: 'Cơ sở',
      area: 'producers',
      route: '/admin/producers-x',
      fields: {
        name: text({ label: 'Tên cơ sở', required: true }),
        tax_code: text({ label: 'Mã số thuế', format: 'tax_code' }),
        phone: phone({ label: 'Số điện thoại' }),
      },
    });
    get.mockResolvedValueOnce({ code: 200, message: '', data: { entry: { id: 5, name: 'HTX cũ', tax_code: '5801738265', phone: '0912345678' } } } as never);
    show(<ResourceForm def={producers} id="5" />);
    const note = await screen.findByTestId('stored-problem-tax_code', {}, SLOW);
    expect(note.textContent).toBe(
      '⚠ Giá trị đang lưu cần sửa: Mã số thuế sai chữ số kiểm tra: chữ số thứ 10 phải là 0 (trọng số 31, 29, 23, 19, 17, 13, 7, 5, 3)',
    );
    expect(screen.queryByTestId('stored-problem-phone')).toBeNull();
  });
});
