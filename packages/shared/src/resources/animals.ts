import { bool, defineResource, enumField, enumOptions, text, textarea, toggle } from '../index';

/** Loài vật nuôi: the species list behind product-animals (GET /api/admin/product-animals/animals). */
export const ANIMAL_TYPES = enumOptions([
  { value: 'gia_suc', label: 'Gia súc' },
  { value: 'gia_cam', label: 'Gia cầm' },
  { value: 'khac', label: 'Khác' },
]);

export default defineResource({
  name: 'animals',
  subject: 'product_animals',
  label: 'Loài vật nuôi',
  area: 'agricultural',
  route: '/admin/agricultural_data/animals',
  fields: {
    code: text({ label: 'Mã', required: true, max: 50, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên loài vật nuôi', required: true, max: 255, search: true, sort: true, unique: true }),
    scientific_name: text({ label: 'Tên khoa học', max: 255, search: true }),
    animal_type: enumField(ANIMAL_TYPES, { label: 'Nhóm vật nuôi', filter: true }),
    description: textarea({ label: 'Mô tả', max: 5000 }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'scientific_name', 'animal_type', 'is_active'], sort: ['code', 'name'], defaultSort: 'name' },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  menuOrder: 4,
});
