import { defineResource, image, text, textarea } from '../index';

/**
 * Logo and site information (spec §2 configurations: logo, information; §7 configs/logo): one record
 * the portal draws its header, browser tab and search-engine description from.
 */
export default defineResource({
  name: 'site-configs',
  subject: 'config_image',
  label: 'Logo website',
  area: 'content',
  route: '/admin/system/configurations/logo',
  titleField: 'site_name',
  fields: {
    logo: image({ label: 'Logo' }),
    logo_footer: image({ label: 'Logo chân trang' }),
    favicon: image({ label: 'Biểu tượng trên tab (favicon)' }),
    site_name: text({ label: 'Tên website', max: 255, span: 24 }),
    short_name: text({ label: 'Tên viết tắt', max: 100 }),
    slogan: text({ label: 'Khẩu hiệu', max: 255 }),
    description: textarea({ label: 'Giới thiệu ngắn', max: 1000 }),
    seo_title: text({ label: 'Tiêu đề SEO', max: 255, span: 24 }),
    seo_description: textarea({ label: 'Mô tả SEO', max: 500 }),
    seo_keywords: text({ label: 'Từ khóa SEO', max: 500, span: 24 }),
  },
  export: false,
  menuOrder: 90,
  custom: { list: true, create: true, delete: true },
});
