import { bool, defineResource, ref, text } from '../index';

export default defineResource({
  name: 'districts',
  subject: 'administrative_areas',
  label: 'Quận/huyện',
  area: 'areas',
  route: '/admin/areas/districts',
  fields: {
    code: text({ label: 'Mã đơn vị hành chính', required: true, max: 10, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên quận/huyện', required: true, max: 150, search: true, sort: true }),
    level: text({ label: 'Cấp', max: 50, filter: true, placeholder: 'Quận, Huyện, Thị xã, Thành phố' }),
    province_id: ref('provinces', { label: 'Tỉnh/thành phố', required: true, filter: true }),
    // a unit the official list no longer holds but records still point at: kept, marked 'Không còn hiệu lực' (modules/areas/official-list.ts)
    is_active: bool({ label: 'Còn hiệu lực', default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'level', 'province_id', 'is_active'], sort: ['code', 'name'], defaultSort: 'code' },
  // the read answers the district with its wards (modules/areas)
  custom: { read: true },
  import: { key: 'code' },
  menuOrder: 2,
});
