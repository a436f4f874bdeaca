import { defineResource, image, integer, text } from '../index';

/**
 * The media library: images uploaded once (POST /api/admin/uploads) and used by articles, videos and
 * libraries. Width, height, size and type come from the stored upload (never the client); the alt
 * text may wait, but an article showing an image without one is not published. An image in use is
 * not deleted (its users: GET /api/admin/images/used-by/{id}).
 */
export default defineResource({
  name: 'images',
  subject: 'config_image',
  label: 'Ảnh',
  area: 'content',
  route: '/admin/general/images',
  titleField: 'title',
  fields: {
    file: image({ label: 'Ảnh', required: true, unique: true }),
    title: text({ label: 'Tên ảnh', max: 255, search: true, sort: true }),
    alt: text({ label: 'Mô tả ảnh (alt)', max: 255, search: true, help: 'Bắt buộc trước khi đăng bài viết dùng ảnh này' }),
    width: integer({ label: 'Chiều rộng (px)', readOnly: true }),
    height: integer({ label: 'Chiều cao (px)', readOnly: true }),
    size: integer({ label: 'Dung lượng (byte)', readOnly: true }),
    mime: text({ label: 'Định dạng', max: 50, readOnly: true }),
  },
  list: { columns: ['file', 'title', 'alt', 'width', 'height', 'created_at'], sort: ['title'] },
  export: false,
  detail: true,
  menuOrder: 40,
});
