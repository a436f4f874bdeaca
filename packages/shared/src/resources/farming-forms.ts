import { bool, defineResource, text, textarea, toggle } from '../index';

export default defineResource({
  name: 'farming-forms',
  subject: 'farming_forms',
  label: 'Hình thức canh tác',
  area: 'catalog',
  route: '/admin/system/farming-forms',
  fields: {
    name: text({ label: 'Tên hình thức canh tác', required: true, max: 255, search: true, sort: true, unique: true }),
    code: text({ label: 'Mã', max: 50, search: true, sort: true }),
    description: textarea({ label: 'Mô tả', max: 2000 }),
    standard: text({ label: 'Tiêu chuẩn áp dụng', max: 255, search: true }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'standard', 'is_active', 'updated_at'], sort: ['name', 'code'] },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  count: true,
  softDelete: true,
});
