import { code, defineResource, float, polygon, ref, text, textarea } from '../index';
import { VN_LAT, VN_LONG } from '../producers';

/** A planting area (vùng trồng) inside a material area, with the code the plant-protection office issues. */
export default defineResource({
  name: 'raw-material-areas',
  subject: 'raw_material_areas',
  label: 'Vùng trồng',
  area: 'culture',
  route: '/admin/culture/material-areas',
  menuOrder: 30,
  fields: {
    code: code({ label: 'Mã số vùng trồng', required: true, max: 50, unique: true, sort: true, placeholder: 'VD: VN-LDOR-0012' }),
    name: text({ label: 'Tên vùng trồng', required: true, max: 255, search: true, sort: true }),
    material_area_id: ref('material-areas', { label: 'Vùng nguyên liệu', required: true, filter: true }),
    crop: text({ label: 'Cây trồng', required: true, max: 150, search: true, filter: true }),
    acreage: float({ label: 'Diện tích (ha)', required: true, min: 0, max: 100_000, sort: true, filter: true }),
    lat: float({ label: 'Vĩ độ', min: VN_LAT.min, max: VN_LAT.max }),
    long: float({ label: 'Kinh độ', min: VN_LONG.min, max: VN_LONG.max }),
    boundary: polygon({ label: 'Ranh giới vùng trồng' }),
    households: textarea({ label: 'Hộ canh tác', max: 5000, help: 'Mỗi dòng một hộ: họ tên chủ hộ, số điện thoại' }),
    description: textarea({ label: 'Ghi chú', max: 5000 }),
  },
  list: {
    columns: ['code', 'name', 'material_area_id', 'crop', 'acreage'],
    sort: ['code', 'name', 'acreage'],
  },
  map: { lat: 'lat', long: 'long', polygon: 'boundary' },
  export: 'export',
  import: { key: 'code' },
  count: true,
  wardVia: 'material_area_id',
  producerVia: 'material_area_id',
  softDelete: true,
  detail: true,
});
