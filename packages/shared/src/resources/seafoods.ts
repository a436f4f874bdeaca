import { bool, defineResource, enumField, enumOptions, refs, text, textarea, toggle } from '../index';

/**
 * Loài thủy sản: the species list behind criteria-seafoods (GET /api/admin/criteria-seafoods/seafoods).
 * `ward_ids`: where it is farmed, so water stations there check their readings against its criteria.
 */
export const WATER_TYPES = enumOptions([
  { value: 'ngot', label: 'Nước ngọt' },
  { value: 'lo', label: 'Nước lợ' },
  { value: 'man', label: 'Nước mặn' },
]);
export const SEAFOOD_TYPES = enumOptions([
  { value: 'ca', label: 'Cá' },
  { value: 'tom', label: 'Tôm' },
  { value: 'cua_ghe', label: 'Cua, ghẹ' },
  { value: 'nhuyen_the', label: 'Nhuyễn thể' },
  { value: 'khac', label: 'Khác' },
]);

export default defineResource({
  name: 'seafoods',
  subject: 'criteria_seafoods',
  label: 'Loài thủy sản',
  area: 'agricultural',
  route: '/admin/agricultural_data/seafoods',
  fields: {
    code: text({ label: 'Mã', required: true, max: 50, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên loài thủy sản', required: true, max: 255, search: true, sort: true, unique: true }),
    scientific_name: text({ label: 'Tên khoa học', max: 255, search: true }),
    seafood_type: enumField(SEAFOOD_TYPES, { label: 'Nhóm thủy sản', filter: true }),
    water_type: enumField(WATER_TYPES, { label: 'Môi trường nước', filter: true }),
    ward_ids: refs('wards', {
      label: 'Phường/xã có nuôi',
      help: 'Trạm quan trắc nước ở các phường/xã này so số đo với tiêu chí của loài (độ mặn, pH, nhiệt độ, oxy hòa tan)',
    }),
    description: textarea({ label: 'Mô tả', max: 5000 }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'scientific_name', 'seafood_type', 'water_type', 'is_active'], sort: ['code', 'name'], defaultSort: 'name' },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  menuOrder: 6,
});
