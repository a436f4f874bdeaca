import { defineResource, text } from '../index';

/** Article tags: created on the fly from the article form (POST /api/admin/tags/ensure); slug by spec §3, unique with -2, -3… */
export default defineResource({
  name: 'tags',
  subject: 'tags',
  label: 'Thẻ',
  area: 'content',
  route: '/admin/general/tags',
  fields: {
    name: text({ label: 'Tên thẻ', required: true, max: 100, search: true, sort: true, unique: true }),
    slug: text({ label: 'Đường dẫn', max: 120, unique: true, readOnly: true, help: 'Tạo từ tên' }),
  },
  list: { columns: ['name', 'slug', 'updated_at'], sort: ['name'] },
  export: false,
  menuOrder: 32,
});
