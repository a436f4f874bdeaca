import { bool, defineResource, integer, text, textarea, toggle } from '../index';

export default defineResource({
  name: 'manufacturing-sectors',
  subject: 'manufacturing_sectors',
  label: 'Ngành sản xuất',
  area: 'catalog',
  route: '/admin/system/manufacturing-sectors',
  fields: {
    code: text({ label: 'Mã', required: true, max: 50, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên ngành sản xuất', required: true, max: 255, search: true, sort: true, unique: true }),
    description: textarea({ label: 'Mô tả', max: 2000 }),
    sort_order: integer({ label: 'Thứ tự hiển thị', min: 0, max: 10000, sort: true }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'sort_order', 'is_active', 'updated_at'], sort: ['code', 'name', 'sort_order'], defaultSort: 'sort_order' },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  menuOrder: 2,
});
