import { APPROVAL_STATUS, approve, code, defineResource, email, enumField, money, phone, ref, refs, text, textarea } from '../index';

export default defineResource({
  name: 'distributors',
  subject: 'distributors',
  label: 'Nhà phân phối',
  area: 'producers',
  route: '/admin/distributors',
  menuOrder: 40,
  fields: {
    code: code({ label: 'Mã nhà phân phối', required: true, max: 50, unique: true, sort: true }),
    name: text({ label: 'Tên nhà phân phối', required: true, max: 255, search: true, sort: true }),
    representative: text({ label: 'Người đại diện', max: 150, search: true }),
    tax_code: text({ label: 'Mã số thuế', max: 14, format: 'tax_code', search: true, unique: true }),
    phone: phone({ label: 'Số điện thoại', search: true }),
    email: email({ label: 'Email' }),
    address: text({ label: 'Địa chỉ', max: 255, search: true }),
    ward_id: ref('wards', { label: 'Phường/xã', filter: true }),
    price: money({ label: 'Giá thỏa thuận (VNĐ)', sort: true }),
    product_ids: refs('products', { label: 'Sản phẩm phân phối', filter: true }),
    note: textarea({ label: 'Ghi chú', max: 2000 }),
    status: enumField(APPROVAL_STATUS, {
      label: 'Trạng thái', required: true, default: 'pending', filter: true, readOnly: true, help: 'Đổi bằng thao tác phê duyệt (quyền phê duyệt)',
    }),
  },
  list: {
    columns: ['code', 'name', 'representative', 'phone', 'price', 'ward_id', 'status'],
    sort: ['code', 'name', 'price'],
  },
  actions: { approve: approve('status', 'approved') },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
});
