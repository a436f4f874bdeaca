import { APPROVAL_STATUS, approve, date, defineResource, email, enumField, GENDER, image, phone, ref, text } from '../index';

export default defineResource({
  name: 'apps',
  subject: 'apps',
  label: 'Người dùng ứng dụng',
  area: 'producers',
  route: '/admin/system/apps',
  titleField: 'full_name',
  menuOrder: 60,
  fields: {
    full_name: text({ label: 'Họ và tên', required: true, max: 150, search: true, sort: true }),
    phone: phone({ label: 'Số điện thoại', required: true, search: true, unique: true }),
    email: email({ label: 'Email', search: true }),
    birthday: date({ label: 'Ngày sinh', sort: true }),
    gender: enumField(GENDER, { label: 'Giới tính', filter: true }),
    avatar: image({ label: 'Ảnh đại diện' }),
    address: text({ label: 'Địa chỉ', max: 255, search: true }),
    ward_id: ref('wards', { label: 'Phường/xã', filter: true }),
    status: enumField(APPROVAL_STATUS, {
      label: 'Trạng thái',
      required: true,
      default: 'pending',
      filter: true,
      readOnly: true,
      help: 'Đổi bằng thao tác phê duyệt (quyền phê duyệt)',
    }),
  },
  list: {
    // gender stays a filter; without its column the list fits 1366 px
    columns: ['full_name', 'phone', 'email', 'birthday', 'ward_id', 'status'],
    sort: ['full_name', 'birthday'],
  },
  actions: { approve: approve('status', 'approved') },
  export: 'export',
  count: true,
});
