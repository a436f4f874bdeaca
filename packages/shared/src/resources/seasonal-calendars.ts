import { PUBLIC_STATUS } from '../enums';
import { date, defineResource, enumField, integer, ref, text, textarea, toggle } from '../index';
import { SEASONS } from '../site';

/**
 * Lịch thời vụ (spec §2 season-calendars): when a crop is sown and harvested in a ward or a region,
 * season by season; farmers plan by the public ones. Windows are dates of the season's year (a Đông
 * Xuân window may start in the previous December).
 */
export default defineResource({
  name: 'seasonal-calendars',
  subject: 'seasonal-calendar',
  label: 'Lịch thời vụ',
  area: 'content',
  route: '/admin/season-calendars',
  titleField: 'name',
  fields: {
    name: text({ label: 'Tên lịch', required: true, max: 255, search: true, sort: true, span: 24 }),
    plant_id: ref('plants', { label: 'Cây trồng', required: true, filter: true }),
    product_plant_id: ref('product-plants', { label: 'Giống', filter: true, onDelete: 'set null' }),
    season: enumField(SEASONS, { label: 'Vụ', required: true, filter: true }),
    year: integer({ label: 'Năm', required: true, min: 2000, max: 2100, filter: true, sort: true }),
    ward_id: ref('wards', { label: 'Phường/xã', filter: true, help: 'Chọn phường/xã hoặc vùng' }),
    region_id: ref('regions', { label: 'Vùng', filter: true }),
    sowing_from: date({ label: 'Gieo trồng từ', required: true, sort: true }),
    sowing_to: date({ label: 'Gieo trồng đến', required: true }),
    harvest_from: date({ label: 'Thu hoạch từ', required: true, sort: true }),
    harvest_to: date({ label: 'Thu hoạch đến', required: true }),
    notes: textarea({ label: 'Ghi chú kỹ thuật', max: 5000, search: true }),
    visibility: enumField(PUBLIC_STATUS, { label: 'Hiển thị công khai', required: true, default: 1, filter: true }),
  },
  list: {
    columns: ['name', 'plant_id', 'season', 'ward_id', 'region_id', 'sowing_from', 'harvest_from', 'visibility'],
    sort: ['name', 'year', 'sowing_from', 'harvest_from'],
    defaultSort: 'sowing_from',
  },
  actions: { 'change-visibility': toggle('visibility', 'Công khai/ẩn') },
  export: 'export',
  count: true,
  detail: true,
  menuOrder: 30,
});
