import { bool, defineResource, integer, text, textarea, toggle } from '../index';

/** Kinds of article (tin tức, hướng dẫn kỹ thuật, giá cả thị trường…): the public site lists by them. */
export default defineResource({
  name: 'article-types',
  subject: 'article_types',
  label: 'Loại bài viết',
  area: 'content',
  route: '/admin/system/article-types',
  fields: {
    name: text({ label: 'Tên loại bài viết', required: true, max: 150, search: true, sort: true, unique: true }),
    slug: text({ label: 'Đường dẫn', max: 170, unique: true, readOnly: true, help: 'Tạo từ tên' }),
    description: textarea({ label: 'Mô tả', max: 1000 }),
    sort_order: integer({ label: 'Thứ tự', min: 0, max: 10000, default: 0, sort: true }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: { columns: ['name', 'slug', 'sort_order', 'is_active', 'updated_at'], sort: ['name', 'sort_order'], defaultSort: 'sort_order' },
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: false,
  menuOrder: 30,
});
