import { bool, defineResource, ref, text } from '../index';

export default defineResource({
  name: 'wards',
  subject: 'administrative_areas',
  label: 'Phường/xã',
  area: 'areas',
  route: '/admin/areas/wards',
  geoLevel: 'ward',
  fields: {
    code: text({ label: 'Mã đơn vị hành chính', required: true, max: 10, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên phường/xã', required: true, max: 150, search: true, sort: true }),
    level: text({ label: 'Cấp', max: 50, filter: true, placeholder: 'Phường, Xã, Đặc khu' }),
    province_id: ref('provinces', { label: 'Tỉnh/thành phố', required: true, filter: true }),
    district_id: ref('districts', { label: 'Quận/huyện (nếu có)', filter: true }),
    // a unit the official list no longer holds but records still point at: kept, marked 'Không còn hiệu lực' (modules/areas/official-list.ts)
    is_active: bool({ label: 'Còn hiệu lực', default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'level', 'district_id', 'province_id', 'is_active'], sort: ['code', 'name'], defaultSort: 'code' },
  import: { key: 'code' },
  menuOrder: 3,
});
