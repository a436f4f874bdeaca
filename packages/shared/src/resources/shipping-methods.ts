import { ON_OFF } from '../enums';
import { defineResource, enumField, money, text, textarea, toggle } from '../index';

/** Phương thức vận chuyển offered on the portal's product pages (name, fee in VND). */
export default defineResource({
  name: 'shipping-methods',
  subject: 'shipping_methods',
  label: 'Phương thức vận chuyển',
  area: 'content',
  route: '/admin/system/shipping-methods',
  fields: {
    name: text({ label: 'Tên phương thức', required: true, max: 255, search: true, sort: true, unique: true }),
    fee: money({ label: 'Phí vận chuyển (VNĐ)', required: true, default: 0, sort: true, max: 100_000_000 }),
    description: textarea({ label: 'Mô tả', max: 2000 }),
    status: enumField(ON_OFF, { label: 'Trạng thái', required: true, default: 1, filter: true }),
  },
  list: { columns: ['name', 'fee', 'description', 'status'], sort: ['name', 'fee'], defaultSort: 'name' },
  actions: { 'change-status': toggle('status', 'Bật/tắt phương thức') },
  export: 'export',
  menuOrder: 80,
});
