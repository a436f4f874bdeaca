import { code, defineResource, float, json, polygon, ref, refs, text, textarea } from '../index';
import { CERTIFICATIONS, VN_LAT, VN_LONG } from '../producers';

export default defineResource({
  name: 'material-areas',
  subject: 'material_areas',
  label: 'Vùng nguyên liệu',
  area: 'producers',
  route: '/admin/material-areas',
  menuOrder: 30,
  producerVia: 'manufacture_id',
  fields: {
    code: code({ label: 'Mã vùng', required: true, max: 50, unique: true, sort: true }),
    name: text({ label: 'Tên vùng nguyên liệu', required: true, max: 255, search: true, sort: true }),
    manufacture_id: ref('manufactures', { label: 'Cơ sở sản xuất', filter: true }),
    acreage: float({ label: 'Diện tích (ha)', required: true, min: 0, max: 1_000_000, sort: true, filter: true }),
    address: text({ label: 'Địa chỉ', max: 255, search: true }),
    ward_id: ref('wards', { label: 'Phường/xã', filter: true }),
    lat: float({ label: 'Vĩ độ', min: VN_LAT.min, max: VN_LAT.max }),
    long: float({ label: 'Kinh độ', min: VN_LONG.min, max: VN_LONG.max }),
    boundary: polygon({ label: 'Ranh giới vùng', help: 'Vẽ ranh giới trên bản đồ; diện tích tính từ ranh giới được so với diện tích đã nhập' }),
    farming_form_id: ref('farming-forms', { label: 'Hình thức canh tác', filter: true }),
    product_ids: refs('products', { label: 'Sản phẩm chính', filter: true }),
    certifications: json(CERTIFICATIONS, {
      label: 'Chứng nhận',
      help: 'Chứng nhận VietGAP, GlobalG.A.P., hữu cơ hoặc OCOP (3–5 sao), kèm số, tổ chức cấp và thời hạn hiệu lực',
    }),
    description: textarea({ label: 'Mô tả', max: 5000 }),
  },
  list: {
    columns: ['code', 'name', 'manufacture_id', 'acreage', 'ward_id'],
    sort: ['code', 'name', 'acreage'],
  },
  map: { lat: 'lat', long: 'long', polygon: 'boundary' },
  export: 'export-material-areas',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  detail: true,
});
