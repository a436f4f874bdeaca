import { bool, defineResource, float, image, integer, ref, text, textarea, toggle } from '../index';

/** Vật nuôi (giống): a breed of an animal species with what a farmer plans by (spec §7 'product-animals'). */
export default defineResource({
  name: 'product-animals',
  subject: 'product_animals',
  label: 'Vật nuôi',
  area: 'agricultural',
  route: '/admin/agricultural_data/product_animals',
  fields: {
    code: text({ label: 'Mã', required: true, max: 50, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên giống vật nuôi', required: true, max: 255, search: true, sort: true, unique: true }),
    animal_id: ref('animals', { label: 'Loài vật nuôi', required: true, filter: true }),
    scientific_name: text({ label: 'Tên khoa học', max: 255, search: true }),
    growth_duration_days: integer({ label: 'Thời gian nuôi (ngày)', min: 1, max: 36500, sort: true }),
    seasons: text({ label: 'Mùa vụ/lứa nuôi', max: 255 }),
    suitable_conditions: textarea({ label: 'Điều kiện nuôi phù hợp', max: 2000 }),
    yield_per_head: float({ label: 'Trọng lượng xuất chuồng (kg/con)', min: 0, max: 5000, sort: true }),
    care_notes: textarea({ label: 'Lưu ý chăm sóc, phòng bệnh', max: 5000 }),
    image: image({ label: 'Ảnh' }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: {
    columns: ['code', 'name', 'animal_id', 'growth_duration_days', 'yield_per_head', 'is_active'],
    sort: ['code', 'name', 'growth_duration_days', 'yield_per_head'],
    defaultSort: 'name',
  },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  menuOrder: 3,
});
