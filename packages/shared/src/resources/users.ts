import { ACCOUNT_SCOPE, ACTIVE_STATUS, bool, datetime, defineResource, email, enumField, image, password, phone, ref, text, toggle } from '../index';

/**
 * Accounts of the back-office. The status toggle is not a declared action: PUT
 * /api/admin/users/change-status/:id is written by the accounts module, because the spec routes the
 * administrative accounts' status change through the same path (`?kind=administrative`), and a lock
 * must end the user's sessions and refuse self-locks and the last administrator.
 */
export default defineResource({
  name: 'users',
  subject: 'users',
  label: 'Người dùng',
  area: 'accounts',
  route: '/admin/general/users',
  titleField: 'full_name',
  producerVia: 'manufacture_id',
  fields: {
    username: text({ label: 'Tên đăng nhập', required: true, min: 3, max: 50, format: 'username', search: true, sort: true, unique: true }),
    // required on create only (an update without it keeps the password)
    password: password({ label: 'Mật khẩu', required: true, min: 8, max: 128, help: 'Từ 8 đến 128 ký tự' }),
    full_name: text({ label: 'Họ và tên', required: true, max: 150, search: true, sort: true }),
    email: email({ label: 'Email', search: true, unique: true }),
    phone: phone({ label: 'Số điện thoại', search: true }),
    avatar: image({ label: 'Ảnh đại diện' }),
    // the form offers only the roles the user may give (no more permissions than their own; the administrators' role only with scope 'all')
    role_id: ref('roles', { label: 'Vai trò', filter: true, refPath: 'roles/assignable' }),
    // required, without a default: whoever creates an account says what it may see
    scope: enumField(ACCOUNT_SCOPE, {
      label: 'Phạm vi dữ liệu',
      required: true,
      filter: true,
      help: 'Toàn hệ thống: thấy mọi dữ liệu (chỉ người có phạm vi toàn hệ thống mới cấp được); một tỉnh/thành phố: dữ liệu của các phường/xã thuộc tỉnh; một phường/xã: chỉ dữ liệu của phường/xã đó; một cơ sở sản xuất: chỉ dữ liệu của cơ sở đó (sản phẩm, vùng, lô, nhật ký, lao động, hồ sơ, tem)',
    }),
    province_id: ref('provinces', {
      label: 'Tỉnh/thành phố',
      filter: true,
      showWhen: { scope: ['province'] },
      help: 'Với phạm vi một phường/xã, hệ thống tự ghi tỉnh/thành phố của phường/xã',
    }),
    ward_id: ref('wards', { label: 'Phường/xã', filter: true, showWhen: { scope: ['ward'] } }),
    // the producer a producer's account works for; its ward and province are derived from it
    manufacture_id: ref('manufactures', {
      label: 'Cơ sở sản xuất',
      filter: true,
      onDelete: 'set null',
      showWhen: { scope: ['producer'] },
      help: 'Tài khoản chỉ thấy và thao tác trên dữ liệu của cơ sở sản xuất này',
    }),
    status: enumField(ACTIVE_STATUS, { label: 'Trạng thái', filter: true, default: 'active', required: true }),
    is_highlight: bool({ label: 'Nổi bật', filter: true }),
    // set by an administrator (or by giving someone a new password): every call but the change answers 403 until changed
    must_change_password: bool({
      label: 'Phải đổi mật khẩu',
      help: 'Yêu cầu người dùng đặt mật khẩu mới ngay sau lần đăng nhập tiếp theo',
    }),
    last_login_at: datetime({ label: 'Đăng nhập gần nhất', readOnly: true, sort: true }),
  },
  list: {
    columns: [
      'username',
      'full_name',
      'email',
      'phone',
      'role_id',
      'scope',
      'province_id',
      'ward_id',
      'manufacture_id',
      'status',
      'is_highlight',
      'last_login_at',
    ],
    sort: ['username', 'full_name', 'last_login_at'],
  },
  actions: {
    'change-highlight': toggle('is_highlight', 'Nổi bật'),
  },
  export: 'export-users',
  count: true,
  detail: true,
  menuOrder: 2,
});
