import { bool, defineResource, enumField, enumOptions, text, textarea, toggle } from '../index';

/** Loài cây trồng: the species list behind product-plants (GET /api/admin/product-plants/plants). */
export const PLANT_TYPES = enumOptions([
  { value: 'luong_thuc', label: 'Cây lương thực' },
  { value: 'cong_nghiep', label: 'Cây công nghiệp' },
  { value: 'an_qua', label: 'Cây ăn quả' },
  { value: 'rau_mau', label: 'Rau màu' },
  { value: 'gia_vi', label: 'Cây gia vị' },
  { value: 'duoc_lieu', label: 'Cây dược liệu' },
  { value: 'lam_nghiep', label: 'Cây lâm nghiệp' },
  { value: 'khac', label: 'Khác' },
]);

export default defineResource({
  name: 'plants',
  subject: 'product_plants',
  label: 'Loài cây trồng',
  area: 'agricultural',
  route: '/admin/agricultural_data/plants',
  fields: {
    code: text({ label: 'Mã', required: true, max: 50, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên loài cây', required: true, max: 255, search: true, sort: true, unique: true }),
    scientific_name: text({ label: 'Tên khoa học', max: 255, search: true }),
    plant_type: enumField(PLANT_TYPES, { label: 'Nhóm cây', filter: true }),
    description: textarea({ label: 'Mô tả', max: 5000 }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'scientific_name', 'plant_type', 'is_active'], sort: ['code', 'name'], defaultSort: 'name' },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  menuOrder: 2,
});
