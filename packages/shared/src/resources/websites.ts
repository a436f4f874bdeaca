import { PUBLIC_STATUS } from '../enums';
import { defineResource, enumField, image, integer, text, textarea, toggle } from '../index';

/** Website liên kết: partner sites the portal links to (the ministry, the province, cooperatives). */
export default defineResource({
  name: 'websites',
  subject: 'websites',
  label: 'Website liên kết',
  area: 'content',
  route: '/admin/general/websites',
  fields: {
    name: text({ label: 'Tên website', required: true, max: 255, search: true, sort: true }),
    url: text({ label: 'Địa chỉ', required: true, max: 500, format: 'url', search: true, placeholder: 'https://…' }),
    logo: image({ label: 'Logo' }),
    description: textarea({ label: 'Mô tả', max: 1000 }),
    sort_order: integer({ label: 'Thứ tự', min: 0, max: 10000, default: 0, required: true, sort: true }),
    status: enumField(PUBLIC_STATUS, { label: 'Hiển thị', required: true, default: 1, filter: true }),
  },
  list: { columns: ['name', 'url', 'logo', 'sort_order', 'status'], sort: ['name', 'sort_order'], defaultSort: 'sort_order' },
  actions: { 'change-status': toggle('status', 'Bật/tắt hiển thị') },
  export: 'export',
  menuOrder: 60,
});
