import { APPROVAL_STATUS, GENDER, approve, code, date, defineResource, email, enumField, password, phone, ref, text } from '../index';

export default defineResource({
  name: 'labors',
  subject: 'labors',
  label: 'Người lao động',
  area: 'culture',
  route: '/admin/culture/labors',
  titleField: 'full_name',
  menuOrder: 50,
  fields: {
    code: code({ label: 'Mã người lao động', required: true, max: 50, unique: true, sort: true }),
    full_name: text({ label: 'Họ và tên', required: true, max: 150, search: true, sort: true }),
    birthday: date({ label: 'Ngày sinh', sort: true }),
    gender: enumField(GENDER, { label: 'Giới tính', filter: true }),
    citizen_id: text({ label: 'Số CCCD', max: 12, format: 'citizen_id', unique: true, search: true, placeholder: '12 chữ số' }),
    phone: phone({ label: 'Số điện thoại', search: true }),
    email: email({ label: 'Email' }),
    position: text({ label: 'Chức vụ/công việc', max: 150, search: true }),
    address: text({ label: 'Địa chỉ', max: 255 }),
    manufacture_id: ref('manufactures', { label: 'Cơ sở sản xuất', filter: true }),
    username: text({ label: 'Tên đăng nhập (ứng dụng nhật ký)', min: 3, max: 50, format: 'username', unique: true, search: true }),
    password: password({ label: 'Mật khẩu (ứng dụng nhật ký)', min: 8, max: 128, help: 'Để trống khi cập nhật nếu không đổi mật khẩu' }),
    status: enumField(APPROVAL_STATUS, {
      label: 'Trạng thái', required: true, default: 'pending', filter: true, readOnly: true, help: 'Đổi bằng thao tác phê duyệt (quyền phê duyệt)',
    }),
  },
  list: {
    columns: ['code', 'full_name', 'phone', 'position', 'manufacture_id', 'status'],
    sort: ['code', 'full_name', 'birthday'],
  },
  actions: { approve: approve('status', 'approved') },
  export: 'export-labors',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  detail: true,
});
