import { LIBRARY_KIND } from '../content';
import { defineResource, enumField, files, image, images, integer, PUBLIC_STATUS, text, textarea } from '../index';

/** Libraries: albums of images or of documents, in the order they were arranged; public when status is 1. */
export default defineResource({
  name: 'libraries',
  subject: 'libraries',
  label: 'Thư viện',
  area: 'content',
  route: '/admin/libraries',
  fields: {
    name: text({ label: 'Tên thư viện', required: true, max: 255, search: true, sort: true, span: 24 }),
    kind: enumField(LIBRARY_KIND, { label: 'Loại', required: true, default: 'images', filter: true }),
    cover: image({ label: 'Ảnh bìa' }),
    description: textarea({ label: 'Mô tả', max: 2000 }),
    images: images({ label: 'Ảnh trong album', max: 100, showWhen: { kind: ['images'] } }),
    documents: files({ label: 'Tài liệu', max: 50, showWhen: { kind: ['documents'] } }),
    sort_order: integer({ label: 'Thứ tự', min: 0, max: 10000, default: 0, sort: true }),
    status: enumField(PUBLIC_STATUS, { label: 'Hiển thị', required: true, default: 1, filter: true }),
  },
  list: { columns: ['cover', 'name', 'kind', 'status', 'updated_at'], sort: ['name', 'sort_order'] },
  export: false,
  detail: true,
  menuOrder: 42,
});
