import { ACTIVE_STATUS, defineResource, enumField, text, textarea } from '../index';

/** Roles of the administrative accounts (officers of a ward): a list of their own, no permissions. */
export default defineResource({
  name: 'roles-administrative',
  subject: 'administrative',
  label: 'Vai trò hành chính',
  area: 'accounts',
  route: '/admin/general/roles-administrative',
  fields: {
    name: text({ label: 'Tên vai trò', required: true, max: 150, search: true, sort: true, unique: true }),
    description: textarea({ label: 'Mô tả', max: 2000, search: true }),
    status: enumField(ACTIVE_STATUS, { label: 'Trạng thái', filter: true, default: 'active', required: true }),
  },
  list: { columns: ['name', 'description', 'status', 'updated_at'], sort: ['name'] },
  actions: {},
  export: false,
  menuOrder: 4,
});
