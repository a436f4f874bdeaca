import { ACTIVE_STATUS, bool, defineResource, email, enumField, password, phone, ref, text, toggle } from '../index';

/**
 * Administrative accounts (tài khoản hành chính): officers of a ward, with roles of their own
 * (`roles-administrative`). Kept in a table of their own, apart from the back-office users: they hold
 * no back-office permissions. Their status changes only through the users path, as the spec says:
 * PUT /api/admin/users/change-status/:id?kind=administrative (read-only in create and update).
 */
export default defineResource({
  name: 'administrative',
  subject: 'administrative',
  label: 'Tài khoản hành chính',
  area: 'accounts',
  route: '/admin/general/administrative',
  titleField: 'full_name',
  fields: {
    username: text({ label: 'Tên đăng nhập', required: true, min: 3, max: 50, format: 'username', search: true, sort: true, unique: true }),
    // required on create only (an update without it keeps the password)
    password: password({ label: 'Mật khẩu', required: true, min: 8, max: 128, help: 'Từ 8 đến 128 ký tự' }),
    full_name: text({ label: 'Họ và tên', required: true, max: 150, search: true, sort: true }),
    email: email({ label: 'Email', search: true, unique: true }),
    phone: phone({ label: 'Số điện thoại', search: true }),
    position: text({ label: 'Chức vụ', max: 150, search: true }),
    ward_id: ref('wards', { label: 'Phường/xã', filter: true }),
    role_id: ref('roles-administrative', { label: 'Vai trò', filter: true }),
    // a new account is active; lock / unlock only through PUT /api/admin/users/change-status/:id?kind=administrative
    status: enumField(ACTIVE_STATUS, { label: 'Trạng thái', filter: true, default: 'active', required: true, readOnly: true }),
    is_highlight: bool({ label: 'Nổi bật', filter: true }),
  },
  list: {
    columns: ['username', 'full_name', 'position', 'phone', 'ward_id', 'role_id', 'status', 'is_highlight'],
    sort: ['username', 'full_name'],
  },
  actions: {
    'change-highlight': toggle('is_highlight', 'Nổi bật'),
  },
  export: 'export',
  count: true,
  detail: true,
  menuOrder: 3,
});
