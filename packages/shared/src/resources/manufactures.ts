import { code, defineResource, email, enumField, float, image, json, phone, ref, text, textarea, toggle } from '../index';
import { CERTIFICATIONS, MANUFACTURE_STATUS, VN_LAT, VN_LONG } from '../producers';

export default defineResource({
  name: 'manufactures',
  subject: 'manufactures',
  label: 'Cơ sở sản xuất',
  area: 'producers',
  route: '/admin/manufactures',
  menuOrder: 10,
  fields: {
    code: code({ label: 'Mã cơ sở', required: true, max: 50, unique: true, sort: true, placeholder: 'VD: CSSX-DL-001' }),
    name: text({ label: 'Tên cơ sở sản xuất', required: true, max: 255, search: true, sort: true }),
    manufacturing_form_id: ref('manufacturing-forms', { label: 'Hình thức sản xuất', filter: true }),
    manufacturing_sector_id: ref('manufacturing-sectors', { label: 'Ngành sản xuất', filter: true }),
    representative: text({ label: 'Người đại diện', max: 150, search: true }),
    tax_code: text({ label: 'Mã số thuế', max: 14, format: 'tax_code', search: true, unique: true, placeholder: 'VD: 6000123456' }),
    business_license_no: text({ label: 'Số giấy phép kinh doanh', max: 50 }),
    phone: phone({ label: 'Số điện thoại', search: true, landline: true, help: 'Di động hoặc cố định (ví dụ 0263 3822 123)' }),
    email: email({ label: 'Email' }),
    website: text({ label: 'Website', max: 255, format: 'url', placeholder: 'https://…' }),
    address: text({ label: 'Địa chỉ', max: 255, search: true }),
    ward_id: ref('wards', { label: 'Phường/xã', filter: true }),
    lat: float({ label: 'Vĩ độ', min: VN_LAT.min, max: VN_LAT.max }),
    long: float({ label: 'Kinh độ', min: VN_LONG.min, max: VN_LONG.max }),
    logo: image({ label: 'Logo' }),
    description: textarea({ label: 'Giới thiệu', max: 5000 }),
    certifications: json(CERTIFICATIONS, {
      label: 'Chứng nhận',
      help: 'Chứng nhận VietGAP, GlobalG.A.P., hữu cơ hoặc OCOP (3–5 sao), kèm số, tổ chức cấp và thời hạn hiệu lực',
    }),
    status: enumField(MANUFACTURE_STATUS, { label: 'Trạng thái', required: true, default: 'active', filter: true }),
  },
  list: {
    columns: ['code', 'name', 'phone', 'manufacturing_sector_id', 'ward_id', 'status'],
    sort: ['code', 'name', 'representative'],
  },
  actions: { 'change-status': toggle('status', 'Đổi trạng thái hoạt động') },
  map: { lat: 'lat', long: 'long' },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
});
