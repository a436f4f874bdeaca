import { DIARY_ACTIVITIES, DIARY_INPUTS, WEATHER } from '../culture';
import { bool, datetime, defineResource, enumField, images, json, ref, textarea, toggle } from '../index';

/**
 * A production diary entry (nhật ký sản xuất): what was done on a batch, when, by whom, with which
 * inputs. Traceable entries make the timeline of the batch's public trace page.
 */
export default defineResource({
  name: 'diaries',
  subject: 'diaries',
  label: 'Nhật ký sản xuất',
  area: 'culture',
  route: '/admin/diaries',
  titleField: 'performed_at',
  menuOrder: 45,
  fields: {
    batch_id: ref('batches', { label: 'Lô sản xuất', required: true, filter: true, refLabel: 'code' }),
    stage_id: ref('stages', { label: 'Công đoạn', filter: true }),
    performed_at: datetime({ label: 'Thời gian thực hiện', required: true, sort: true, filter: true }),
    activity: enumField(DIARY_ACTIVITIES, { label: 'Công việc', required: true, filter: true }),
    labor_id: ref('labors', { label: 'Người thực hiện', filter: true, refLabel: 'full_name' }),
    weather: enumField(WEATHER, { label: 'Thời tiết' }),
    inputs: json(DIARY_INPUTS, { label: 'Vật tư sử dụng', help: 'Phân bón, thuốc bảo vệ thực vật (kèm thời gian cách ly), giống…' }),
    note: textarea({ label: 'Ghi chú', max: 5000, search: true }),
    images: images({ label: 'Hình ảnh', max: 10 }),
    is_traceable: bool({ label: 'Hiện trên trang truy xuất', filter: true }),
  },
  list: {
    columns: ['performed_at', 'batch_id', 'stage_id', 'activity', 'labor_id', 'is_traceable'],
    sort: ['performed_at'],
    defaultSort: '-performed_at',
  },
  actions: { 'diaries-is-traceable': toggle('is_traceable', 'Hiện trên trang truy xuất') },
  export: 'export',
  count: true,
  wardVia: 'batch_id',
  producerVia: 'batch_id',
  // a batch's detail lists its diaries oldest first (issue 13's speed)
  indexes: [['batch_id', 'performed_at', 'id']],
});
