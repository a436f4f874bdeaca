import { bool, defineResource, text, textarea, toggle } from '../index';

export default defineResource({
  name: 'product-units',
  subject: 'product_units',
  label: 'Đơn vị tính',
  area: 'catalog',
  route: '/admin/system/product-units',
  fields: {
    name: text({ label: 'Tên đơn vị', required: true, max: 100, search: true, sort: true, unique: true }),
    symbol: text({ label: 'Ký hiệu', max: 20, search: true }),
    description: textarea({ label: 'Mô tả', max: 1000 }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: { columns: ['name', 'symbol', 'is_active', 'created_at'], sort: ['name', 'symbol'] },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  count: true,
  softDelete: true,
});
