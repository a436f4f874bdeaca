import { defineResource, email, float, phone, richtext, text } from '../index';
import { VN_LAT, VN_LONG } from '../producers';

/** Trang liên hệ of the portal: one record (spec §7 contact: GET, PUT, POST). */
export default defineResource({
  name: 'contact',
  subject: 'contact',
  label: 'Liên hệ',
  area: 'content',
  route: '/admin/general/contact',
  titleField: 'organization',
  fields: {
    organization: text({ label: 'Đơn vị', max: 255, span: 24 }),
    address: text({ label: 'Địa chỉ', max: 500, span: 24 }),
    phone: phone({ label: 'Điện thoại', landline: true }),
    hotline: phone({ label: 'Đường dây nóng', landline: true }),
    email: email({ label: 'Email' }),
    working_hours: text({ label: 'Giờ làm việc', max: 255, placeholder: 'Thứ Hai – Thứ Sáu, 7:30 – 11:30, 13:30 – 17:00' }),
    lat: float({ label: 'Vĩ độ', min: VN_LAT.min, max: VN_LAT.max }),
    long: float({ label: 'Kinh độ', min: VN_LONG.min, max: VN_LONG.max }),
    intro: richtext({ label: 'Lời giới thiệu', max: 20000 }),
  },
  map: { lat: 'lat', long: 'long' },
  export: false,
  menuOrder: 51,
  custom: { list: true, create: true, delete: true },
});
