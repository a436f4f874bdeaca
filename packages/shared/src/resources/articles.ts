import { ARTICLE_STATUS } from '../content';
import { bool, datetime, defineResource, enumField, image, integer, ref, refs, richtext, text, textarea, toggle } from '../index';

/**
 * Articles of the public site (issue 17). Written as a draft, sent for approval ('submit', by whoever
 * may update), approved ('approve', no body), then published or scheduled and taken down by the
 * module's own routes (change-publish, take-down: docs/content.md). Status, publication and the
 * counters are the server's: never in a body. Every save keeps the previous version (revisions).
 */
export default defineResource({
  name: 'articles',
  subject: 'articles',
  label: 'Bài viết',
  area: 'content',
  route: '/admin/general/articles',
  titleField: 'title',
  fields: {
    title: text({ label: 'Tiêu đề', required: true, max: 300, search: true, sort: true, span: 24 }),
    slug: text({ label: 'Đường dẫn', max: 320, format: 'slug', unique: true, span: 24, help: 'Để trống để tạo từ tiêu đề' }),
    summary: textarea({ label: 'Tóm tắt', max: 1000, search: true }),
    content: richtext({ label: 'Nội dung', required: true }),
    thumbnail: image({ label: 'Ảnh đại diện' }),
    article_type_id: ref('article-types', { label: 'Loại bài viết', filter: true }),
    category_id: ref('categories', { label: 'Chuyên mục', filter: true }),
    tag_ids: refs('tags', { label: 'Thẻ' }),
    author: text({ label: 'Tác giả', max: 255, search: true }),
    status: enumField(ARTICLE_STATUS, { label: 'Trạng thái duyệt', readOnly: true, default: 'draft', filter: true }),
    is_published: bool({ label: 'Đã đăng', readOnly: true, filter: true }),
    published_at: datetime({ label: 'Thời gian đăng', readOnly: true, sort: true }),
    take_down_reason: textarea({ label: 'Lý do gỡ', readOnly: true, max: 1000 }),
    taken_down_at: datetime({ label: 'Gỡ lúc', readOnly: true }),
    is_hot: bool({ label: 'Tin nóng', readOnly: true, filter: true }),
    is_highlight: bool({ label: 'Nổi bật', readOnly: true, filter: true }),
    view_count: integer({ label: 'Lượt xem', readOnly: true, default: 0, sort: true }),
    seo_title: text({ label: 'Tiêu đề SEO', max: 255 }),
    seo_description: textarea({ label: 'Mô tả SEO', max: 500 }),
  },
  list: {
    columns: ['title', 'category_id', 'status', 'published_at', 'view_count', 'is_hot', 'is_highlight'],
    sort: ['title', 'published_at', 'view_count'],
  },
  actions: {
    submit: {
      kind: 'set',
      field: 'status',
      value: 'pending',
      permission: 'update',
      label: 'Gửi duyệt',
      confirm: 'Gửi bài viết này cho người duyệt?',
      from: ['draft'],
    },
    approve: {
      kind: 'set',
      field: 'status',
      value: 'approved',
      permission: 'approve',
      label: 'Phê duyệt',
      confirm: 'Bạn có chắc muốn phê duyệt bài viết này?',
      from: ['pending'],
    },
    'change-hot': toggle('is_hot', 'Tin nóng', 'approve'),
    'change-highlight': toggle('is_highlight', 'Nổi bật', 'approve'),
  },
  indexes: [
    ['is_published', 'published_at', 'id'],
    ['category_id', 'is_published', 'published_at'],
  ],
  export: 'export',
  count: true,
  menuOrder: 10,
});
