import { defineResource, email, phone, richtext, text } from '../index';

/** Chân trang of the portal: one record (spec §7 footer: GET, PUT, POST). */
export default defineResource({
  name: 'footer',
  subject: 'config_footer',
  label: 'Chân trang',
  area: 'content',
  route: '/admin/general/footer',
  titleField: 'organization',
  fields: {
    organization: text({ label: 'Cơ quan chủ quản', max: 255, span: 24 }),
    address: text({ label: 'Địa chỉ', max: 500, span: 24 }),
    phone: phone({ label: 'Điện thoại', landline: true }),
    email: email({ label: 'Email' }),
    license: text({ label: 'Giấy phép', max: 255, span: 24, placeholder: 'Giấy phép số …/GP-TTĐT do Sở TT&TT cấp ngày …' }),
    copyright: text({ label: 'Bản quyền', max: 255, span: 24 }),
    facebook: text({ label: 'Facebook', max: 500, format: 'url' }),
    youtube: text({ label: 'YouTube', max: 500, format: 'url' }),
    zalo: text({ label: 'Zalo', max: 500, format: 'url' }),
    content: richtext({ label: 'Nội dung thêm', max: 20000 }),
  },
  export: false,
  menuOrder: 50,
  custom: { list: true, create: true, delete: true },
});
