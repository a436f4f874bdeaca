import { bool, defineResource, integer, ref, text, textarea, toggle } from '../index';

/**
 * Categories of the public site (chuyên mục): a tree through parent_id (the module refuses a parent
 * that is the category itself or one of its descendants), switched on and off with change-status.
 */
export default defineResource({
  name: 'categories',
  subject: 'categories',
  label: 'Chuyên mục',
  area: 'content',
  route: '/admin/system/categories',
  fields: {
    name: text({ label: 'Tên chuyên mục', required: true, max: 150, search: true, sort: true }),
    slug: text({ label: 'Đường dẫn', max: 170, unique: true, readOnly: true, help: 'Tạo từ tên' }),
    parent_id: ref('categories', { label: 'Chuyên mục cha', filter: true }),
    description: textarea({ label: 'Mô tả', max: 1000 }),
    sort_order: integer({ label: 'Thứ tự', min: 0, max: 10000, default: 0, sort: true }),
    status: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: { columns: ['name', 'parent_id', 'slug', 'sort_order', 'status'], sort: ['name', 'sort_order'], defaultSort: 'sort_order' },
  actions: { 'change-status': toggle('status', 'Bật/tắt chuyên mục') },
  uniqueTogether: [['parent_id', 'name']],
  export: false,
  menuOrder: 31,
});
