import { describe, expect, it } from 'vitest';
import { describeLog, type LogRow, logChanges, resourceOfLog, shownValue } from './log-sentence';
import { resourceByName } from './registry';

const row = (r: Partial<LogRow>): LogRow => ({
  action: 'update',
  subject: 'products',
  record_id: '7',
  path: null,
  actor_username: 'nguyen.a',
  before: null,
  after: null,
  ...r,
});
const refs: Record<string, Record<number, string>> = {
  'product-groups': { 3: 'Cà phê', 4: 'Chè' },
  wards: { 11: 'Phường 1', 12: 'Phường Lâm Viên' },
  manufactures: { 5: 'HTX Cầu Đất' },
};
const ref = (resource: string, id: number) => refs[resource]?.[id];

describe('describeLog', () => {
  it('names who created what, by the record’s title', () => {
    const t = describeLog(
      row({ action: 'create', after: { id: 7, code: 'SP01', name: 'Cà phê Arabica Cầu Đất', product_group_id: 3, status: 'pending', price: 120000 } }),
      { actor: 'Nguyễn Văn A', ref },
    );
    expect(t.sentence).toBe('Nguyễn Văn A đã thêm sản phẩm "Cà phê Arabica Cầu Đất"');
    expect(t.changes).toContainEqual({ field: 'product_group_id', label: 'Nhóm sản phẩm', before: '', after: 'Cà phê' });
    expect(t.changes).toContainEqual({ field: 'status', label: 'Trạng thái', before: '', after: 'Chờ duyệt' });
    expect(t.changes.find((c) => c.field === 'price')?.after).toMatch(/^120\.000 ₫$/);
  });

  it('tells an update by its changed fields, labelled, with values as shown', () => {
    const t = describeLog(
      row({
        subject: 'manufactures',
        path: '/api/admin/manufactures/5',
        before: { phone: '0901234567', ward_id: 11 },
        after: { phone: '0902345678', ward_id: 12 },
      }),
      { actor: 'Trần B', record: 'HTX Cầu Đất', ref },
    );
    expect(t.sentence).toBe('Trần B đã sửa cơ sở sản xuất "HTX Cầu Đất": Số điện thoại 0901234567 → 0902345678; Phường/xã Phường 1 → Phường Lâm Viên');
    expect(t.sentence).not.toMatch(/phone|ward_id|\/api\//);
  });

  it('approves and rejects by the declaration’s action label', () => {
    const approve = describeLog(row({ action: 'change-status', before: { status: 'pending' }, after: { status: 'approved' } }), {
      actor: 'Nguyễn Văn A',
      record: 'Cà phê Arabica Cầu Đất',
    });
    expect(approve.sentence).toBe('Nguyễn Văn A đã phê duyệt sản phẩm "Cà phê Arabica Cầu Đất"');
    expect(approve.changes).toEqual([{ field: 'status', label: 'Trạng thái', before: 'Chờ duyệt', after: 'Đã duyệt' }]);
    const reject = describeLog(row({ action: 'reject', before: { status: 'pending' }, after: { status: 'rejected' } }), { record: 'Chè Ô long' });
    expect(reject.sentence).toBe('nguyen.a đã từ chối sản phẩm "Chè Ô long"');
  });

  it('tells a toggle with its before and after', () => {
    const t = describeLog(row({ action: 'change-highlight', before: { is_highlight: false }, after: { is_highlight: true } }), {
      actor: 'Lê C',
      record: 'Chè',
    });
    expect(t.sentence).toBe('Lê C đã đổi nổi bật của sản phẩm "Chè": Nổi bật Không → Có');
    const m = describeLog(row({ action: 'change-status', subject: 'manufactures', before: { status: 'active' }, after: { status: 'inactive' } }), {
      actor: 'Lê C',
      record: 'HTX Cầu Đất',
    });
    expect(m.sentence).toBe('Lê C đã đổi trạng thái hoạt động của cơ sở sản xuất "HTX Cầu Đất": Trạng thái Đang hoạt động → Ngừng hoạt động');
  });

  it('names deleted and restored records', () => {
    expect(describeLog(row({ action: 'delete', before: { id: 7, name: 'Chè Ô long', status: 'approved' } }), { actor: 'Lê C' }).sentence).toBe(
      'Lê C đã xóa sản phẩm "Chè Ô long"',
    );
    expect(describeLog(row({ action: 'restore', before: { deleted_at: '2026-01-01' }, after: { name: 'Chè Ô long' } }), { actor: 'Lê C' }).sentence).toBe(
      'Lê C đã khôi phục sản phẩm "Chè Ô long"',
    );
  });

  it('tells a ward apart from a province though they share a subject', () => {
    const t = describeLog(row({ action: 'create', subject: 'administrative_areas', path: '/api/admin/wards', after: { name: 'Phường Xuân Hương' } }));
    expect(t.sentence).toBe('nguyen.a đã thêm phường/xã "Phường Xuân Hương"');
  });

  it('speaks of sign-ins, refused ones with the name tried and the address, never a password', () => {
    expect(describeLog(row({ action: 'login', subject: 'users' }), { actor: 'Nguyễn Văn A' }).sentence).toBe('Nguyễn Văn A đã đăng nhập');
    const failed = describeLog(
      row({
        action: 'login-failed',
        subject: 'auth',
        actor_username: 'tran.minh',
        ip: '10.0.0.5',
        after: { username: 'tran.minh', reason: 'Sai mật khẩu', reason_code: 'wrong_password' },
      }),
    );
    expect(failed.sentence).toBe('Đăng nhập thất bại: sai mật khẩu cho "tran.minh" từ 10.0.0.5');
    const locked = describeLog(row({ action: 'login-failed', subject: 'auth', ip: '10.0.0.6', after: { username: 'le.c', reason_code: 'locked_account' } }));
    expect(locked.sentence).toBe('Đăng nhập thất bại: tài khoản đã bị khóa cho "le.c" từ 10.0.0.6');
    const held = describeLog(
      row({ action: 'login-throttled', subject: 'auth', ip: '10.0.0.7', after: { username: 'x', reason_code: 'address', retry_after_seconds: 60 } }),
    );
    expect(held.sentence).toBe('Đăng nhập bị tạm chặn: địa chỉ này đăng nhập sai quá nhiều lần cho "x" từ 10.0.0.7 (chờ 60 giây)');
  });

  it('speaks of password changes and resets', () => {
    expect(describeLog(row({ action: 'change-password', subject: 'users' }), { actor: 'Nguyễn Văn A' }).sentence).toBe('Nguyễn Văn A đã đổi mật khẩu của mình');
    expect(
      describeLog(row({ action: 'reset-password', subject: 'users', after: { sessions_ended: true } }), { actor: 'Quản trị', record: 'Trần Minh' }).sentence,
    ).toBe('Quản trị đã đặt lại mật khẩu của người dùng "Trần Minh"');
  });

  it('never shows a password field among the changes', () => {
    const users = resourceByName.users;
    const pwKey = Object.keys(users.fields).find((k) => users.fields[k].kind === 'password');
    expect(pwKey).toBeDefined();
    const changes = logChanges(users, { [pwKey as string]: 'a' }, { [pwKey as string]: 'b', full_name: 'X' });
    expect(changes.map((c) => c.field)).toEqual(['full_name']);
  });
});

describe('shownValue', () => {
  const f = resourceByName.products.fields;
  it('shows values as screens do', () => {
    expect(shownValue(f.is_highlight, true)).toBe('Có');
    expect(shownValue(f.is_highlight, null)).toBe('Không');
    expect(shownValue(f.status, 'approved')).toBe('Đã duyệt');
    expect(shownValue(f.name, null)).toBe('(trống)');
    expect(shownValue(f.product_group_id, 4, ref)).toBe('Chè');
    expect(shownValue(f.product_group_id, 99, ref)).toBe('#99');
    expect(shownValue(f.description, '<p>Hạt&nbsp;rang <b>mộc</b></p>')).toBe('Hạt rang mộc');
  });
  it('shows dates at UTC+7 as dd/MM/yyyy', () => {
    const created = { kind: 'datetime', label: 'Lúc' } as const;
    expect(shownValue(created, '2026-03-01T18:30:00Z')).toBe('02/03/2026 01:30');
    expect(shownValue({ kind: 'date', label: 'Ngày' }, '2026-03-01T00:00:00Z')).toBe('01/03/2026');
  });
  it('finds the resource by path first', () => {
    expect(resourceOfLog({ subject: 'administrative_areas', path: '/api/admin/provinces/3' })?.name).toBe('provinces');
    expect(resourceOfLog({ subject: 'products', path: null })?.name).toBe('products');
  });
});
