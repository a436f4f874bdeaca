import { APPROVAL_STATUS, approve, defineResource, enumField, money, text, textarea } from '../index';

/**
 * Roles (vai trò / gói dịch vụ). Create, update and read are written by the accounts module: they
 * carry the role's permissions `[{action, subject}]`, written in one transaction with the role.
 */
export default defineResource({
  name: 'roles',
  subject: 'roles',
  label: 'Vai trò',
  area: 'accounts',
  route: '/admin/roles',
  fields: {
    name: text({ label: 'Tên vai trò', required: true, max: 150, search: true, sort: true, unique: true }),
    description: textarea({ label: 'Mô tả', max: 2000, search: true }),
    price: money({ label: 'Giá gói (VNĐ)', sort: true }),
    // set only by the approve action (approve:roles), never through create or update
    status: enumField(APPROVAL_STATUS, { label: 'Trạng thái', filter: true, default: 'pending', readOnly: true }),
  },
  list: { columns: ['name', 'description', 'price', 'status', 'updated_at'], sort: ['name', 'price'] },
  actions: { approve: approve('status', 'approved') },
  export: false,
  detail: true,
  menuOrder: 1,
  custom: { create: true, update: true, read: true },
});
