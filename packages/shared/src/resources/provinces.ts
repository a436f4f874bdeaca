import { bool, defineResource, text } from '../index';

export default defineResource({
  name: 'provinces',
  subject: 'administrative_areas',
  label: 'Tỉnh/thành phố',
  area: 'areas',
  route: '/admin/areas/provinces',
  geoLevel: 'province',
  fields: {
    code: text({ label: 'Mã đơn vị hành chính', required: true, max: 10, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên tỉnh/thành phố', required: true, max: 150, search: true, sort: true }),
    level: text({ label: 'Cấp', max: 50, filter: true, placeholder: 'Tỉnh, Thành phố trực thuộc trung ương' }),
    // a unit the official list no longer holds but records still point at: kept, marked 'Không còn hiệu lực' (modules/areas/official-list.ts)
    is_active: bool({ label: 'Còn hiệu lực', default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'level', 'is_active'], sort: ['code', 'name'], defaultSort: 'code' },
  // the read answers the province with its districts and ward counts (modules/areas)
  custom: { read: true },
  import: { key: 'code' },
  menuOrder: 1,
});
