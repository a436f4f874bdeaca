import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionMatrix } from './permission-matrix';

const catalogue = {
  actions: [
    { key: 'list', label: 'Xem danh sách' },
    { key: 'delete', label: 'Xóa' },
  ],
  areas: [
    { key: 'accounts', label: 'Tài khoản và phân quyền', subjects: [{ key: 'users', label: 'Người dùng' }] },
    { key: 'producers', label: 'Cơ sở sản xuất và sản phẩm', subjects: [{ key: 'products', label: 'Sản phẩm' }] },
  ],
};

afterEach(cleanup);
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('PermissionMatrix', () => {
  it('selects a whole row or column, only what the user may grant', () => {
    const onChange = vi.fn();
    const mine = new Set(['list:users', 'list:products', 'delete:products']);
    render(<PermissionMatrix catalogue={catalogue} value={new Set()} onChange={onChange} grantable={(k) => mine.has(k)} />);
    fireEvent.click(screen.getByLabelText('Chọn cả hàng Sản phẩm'));
    expect([...onChange.mock.calls[0][0]].sort()).toEqual(['delete:products', 'list:products']);
    fireEvent.click(screen.getByLabelText('Chọn cả cột Xóa'));
    // delete:users is not the user's own: not granted
    expect([...onChange.mock.calls[1][0]]).toEqual(['delete:products']);
    expect(box('Xóa – Người dùng').disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Chọn cả nhóm Tài khoản và phân quyền'));
    expect([...onChange.mock.calls[2][0]]).toEqual(['list:users']);
  });

  it('lets a held permission be removed even when the user cannot grant it, and shows an indeterminate row', () => {
    const onChange = vi.fn();
    render(<PermissionMatrix catalogue={catalogue} value={new Set(['delete:users'])} onChange={onChange} grantable={() => false} />);
    const cell = box('Xóa – Người dùng');
    expect(cell.checked).toBe(true);
    expect(cell.disabled).toBe(false);
    fireEvent.click(cell);
    expect([...onChange.mock.calls[0][0]]).toEqual([]);
    expect(box('Chọn cả hàng Người dùng').closest('.ant-checkbox-indeterminate')).not.toBeNull();
  });

  it('is read-only when asked', () => {
    render(<PermissionMatrix catalogue={catalogue} value={new Set(['list:users'])} readOnly />);
    for (const b of screen.getAllByRole('checkbox')) expect((b as HTMLInputElement).disabled).toBe(true);
  });
});
