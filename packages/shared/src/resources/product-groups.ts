import { bool, defineResource, image, integer, ref, text, textarea, toggle } from '../index';

/** Nhóm sản phẩm: a tree (parent_id); `path` is kept by the server ('Nông sản / Cà phê / Cà phê nhân'). */
export default defineResource({
  name: 'product-groups',
  subject: 'product_groups',
  label: 'Nhóm sản phẩm',
  area: 'catalog',
  route: '/admin/system/products-groups',
  fields: {
    code: text({ label: 'Mã nhóm', required: true, max: 50, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên nhóm sản phẩm', required: true, max: 255, search: true, sort: true }),
    parent_id: ref('product-groups', { label: 'Nhóm cha', filter: true, help: 'Để trống nếu là nhóm gốc' }),
    path: text({ label: 'Đường dẫn nhóm', max: 2000, readOnly: true, search: true, sort: true }),
    depth: integer({ label: 'Cấp', readOnly: true }),
    description: textarea({ label: 'Mô tả', max: 2000 }),
    image: image({ label: 'Ảnh minh họa' }),
    sort_order: integer({ label: 'Thứ tự hiển thị', min: 0, max: 10000, sort: true }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'path', 'parent_id', 'sort_order', 'is_active'], sort: ['code', 'name', 'path', 'sort_order'], defaultSort: 'path' },
  uniqueTogether: [['parent_id', 'name']],
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  menuOrder: 3,
});
