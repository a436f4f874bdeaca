import { defineResource, refs, text, textarea } from '../index';

/** Vùng: a group of provinces (Tây Nguyên, Đồng bằng sông Cửu Long…) used by reports and season calendars. */
export default defineResource({
  name: 'regions',
  subject: 'administrative_areas',
  label: 'Vùng',
  area: 'areas',
  route: '/admin/areas/regions',
  fields: {
    code: text({ label: 'Mã vùng', required: true, max: 20, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên vùng', required: true, max: 150, search: true, sort: true, unique: true }),
    description: textarea({ label: 'Mô tả', max: 2000 }),
    province_ids: refs('provinces', { label: 'Các tỉnh/thành phố', filter: true }),
  },
  list: { columns: ['code', 'name', 'province_ids', 'updated_at'], sort: ['code', 'name'], defaultSort: 'code' },
  import: { key: 'code' },
  menuOrder: 4,
});
