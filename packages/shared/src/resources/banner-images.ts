import { ON_OFF } from '../enums';
import { datetime, defineResource, enumField, image, integer, text, toggle } from '../index';
import { BANNER_POSITIONS } from '../site';

/**
 * Banner images of the portal (spec §7 configs/main-banner-images, second-banner-images,
 * images-header): each an uploaded image with its alt text, link and active period, ordered inside its slot.
 */
export default defineResource({
  name: 'banner-images',
  subject: 'config_image',
  label: 'Banner',
  area: 'content',
  route: '/admin/banners',
  titleField: 'title',
  fields: {
    position: enumField(BANNER_POSITIONS, { label: 'Vị trí', required: true, default: 'main', filter: true }),
    title: text({ label: 'Tiêu đề', required: true, max: 255, search: true, sort: true }),
    image: image({ label: 'Ảnh', required: true }),
    alt: text({ label: 'Mô tả ảnh (alt)', required: true, max: 255, help: 'Đọc cho người khiếm thị và hiện khi ảnh không tải được' }),
    link: text({ label: 'Liên kết', max: 500, format: 'url', placeholder: 'https://… hoặc /bai-viet/…' }),
    active_from: datetime({ label: 'Hiển thị từ', sort: true, help: 'Để trống: hiển thị ngay' }),
    active_to: datetime({ label: 'Hiển thị đến', sort: true, help: 'Để trống: không hết hạn' }),
    sort_order: integer({ label: 'Thứ tự', required: true, default: 0, min: 0, max: 10000, sort: true }),
    status: enumField(ON_OFF, { label: 'Trạng thái', required: true, default: 1, filter: true }),
  },
  list: {
    columns: ['image', 'title', 'position', 'active_from', 'active_to', 'sort_order', 'status'],
    sort: ['title', 'sort_order', 'active_from', 'active_to'],
    defaultSort: 'sort_order',
  },
  indexes: [['position', 'sort_order', 'id']],
  actions: { 'change-status': toggle('status', 'Bật/tắt banner') },
  export: false,
  menuOrder: 40,
});
