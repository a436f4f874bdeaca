import { VIDEO_SOURCE } from '../content';
import { defineResource, enumField, file, image, integer, PUBLIC_STATUS, text, textarea } from '../index';

/**
 * Videos: a YouTube or Vimeo address (its embed page and thumbnail worked out by the module) or an
 * uploaded MP4 (checked by its bytes in the uploads route). Public when status is 1 'Công khai'.
 */
export default defineResource({
  name: 'videos',
  subject: 'videos',
  label: 'Video',
  area: 'content',
  route: '/admin/general/videos',
  titleField: 'title',
  fields: {
    title: text({ label: 'Tiêu đề', required: true, max: 255, search: true, sort: true, span: 24 }),
    source: enumField(VIDEO_SOURCE, { label: 'Nguồn video', required: true, default: 'youtube', filter: true }),
    url: text({
      label: 'Địa chỉ video',
      max: 500,
      format: 'url',
      showWhen: { source: ['youtube', 'vimeo'] },
      help: 'https://www.youtube.com/watch?v=… hoặc https://vimeo.com/…',
    }),
    file: file({ label: 'Tệp video MP4', showWhen: { source: ['upload'] }, help: 'MP4, tối đa 10 MB' }),
    thumbnail: image({ label: 'Ảnh đại diện', help: 'Để trống với YouTube/Vimeo để dùng ảnh của video' }),
    thumbnail_url: text({ label: 'Ảnh của video', max: 500, readOnly: true }),
    embed_url: text({ label: 'Địa chỉ nhúng', max: 500, readOnly: true }),
    description: textarea({ label: 'Mô tả', max: 2000 }),
    sort_order: integer({ label: 'Thứ tự', min: 0, max: 10000, default: 0, sort: true }),
    status: enumField(PUBLIC_STATUS, { label: 'Hiển thị', required: true, default: 1, filter: true }),
  },
  list: { columns: ['thumbnail', 'title', 'source', 'status', 'updated_at'], sort: ['title', 'sort_order'] },
  actions: {},
  export: false,
  menuOrder: 41,
});
