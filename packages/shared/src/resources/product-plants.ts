import { bool, defineResource, float, image, integer, ref, text, textarea, toggle } from '../index';

/** Cây trồng (giống): a variety of a plant species with what a grower plans by (spec §7 'product-plants'). */
export default defineResource({
  name: 'product-plants',
  subject: 'product_plants',
  label: 'Cây trồng',
  area: 'agricultural',
  route: '/admin/agricultural_data/product_plants',
  fields: {
    code: text({ label: 'Mã', required: true, max: 50, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên giống cây trồng', required: true, max: 255, search: true, sort: true, unique: true }),
    plant_id: ref('plants', { label: 'Loài cây', required: true, filter: true }),
    scientific_name: text({ label: 'Tên khoa học', max: 255, search: true }),
    growth_duration_days: integer({ label: 'Thời gian sinh trưởng (ngày)', min: 1, max: 36500, sort: true }),
    seasons: text({ label: 'Mùa vụ', max: 255, placeholder: 'Đông Xuân, Hè Thu, Thu Đông' }),
    suitable_soils: textarea({ label: 'Loại đất phù hợp', max: 2000 }),
    yield_per_ha: float({ label: 'Năng suất (tấn/ha)', min: 0, max: 10000, sort: true }),
    planting_density: text({ label: 'Mật độ trồng', max: 255, placeholder: 'VD: 1.100 cây/ha' }),
    care_notes: textarea({ label: 'Lưu ý chăm sóc', max: 5000 }),
    image: image({ label: 'Ảnh' }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: {
    columns: ['code', 'name', 'plant_id', 'growth_duration_days', 'seasons', 'yield_per_ha', 'is_active'],
    sort: ['code', 'name', 'growth_duration_days', 'yield_per_ha'],
    defaultSort: 'name',
  },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  menuOrder: 1,
});
