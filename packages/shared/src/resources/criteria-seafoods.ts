import { bool, defineResource, float, ref, text, textarea, toggle } from '../index';

/**
 * Tiêu chí thủy sản: per species (and rearing stage) the acceptable water ranges. The same parameters
 * water monitoring measures, so a reading can be checked against them; the server refuses min > max.
 */
export const CRITERIA_RANGES = [
  ['salinity', 'Độ mặn', '‰'],
  ['ph', 'pH', ''],
  ['temperature', 'Nhiệt độ', '°C'],
  ['dissolved_oxygen', 'Oxy hòa tan (DO)', 'mg/l'],
] as const;

const unit = (u: string) => (u ? ` (${u})` : '');

export default defineResource({
  name: 'criteria-seafoods',
  subject: 'criteria_seafoods',
  label: 'Tiêu chí thủy sản',
  area: 'agricultural',
  route: '/admin/agricultural_data/criteria-seafoods',
  fields: {
    code: text({ label: 'Mã', required: true, max: 50, search: true, sort: true, unique: true }),
    name: text({ label: 'Tên tiêu chí', required: true, max: 255, search: true, sort: true }),
    seafood_id: ref('seafoods', { label: 'Loài thủy sản', required: true, filter: true }),
    stage: text({ label: 'Giai đoạn nuôi', max: 100, search: true, placeholder: 'VD: Ương giống, Nuôi thương phẩm' }),
    salinity_min: float({ label: `Độ mặn tối thiểu${unit('‰')}`, min: 0, max: 60 }),
    salinity_max: float({ label: `Độ mặn tối đa${unit('‰')}`, min: 0, max: 60 }),
    ph_min: float({ label: 'pH tối thiểu', min: 0, max: 14 }),
    ph_max: float({ label: 'pH tối đa', min: 0, max: 14 }),
    temperature_min: float({ label: `Nhiệt độ tối thiểu${unit('°C')}`, min: 0, max: 45 }),
    temperature_max: float({ label: `Nhiệt độ tối đa${unit('°C')}`, min: 0, max: 45 }),
    dissolved_oxygen_min: float({ label: `Oxy hòa tan tối thiểu${unit('mg/l')}`, min: 0, max: 20 }),
    dissolved_oxygen_max: float({ label: `Oxy hòa tan tối đa${unit('mg/l')}`, min: 0, max: 20 }),
    description: textarea({ label: 'Ghi chú', max: 5000 }),
    is_active: bool({ label: 'Hoạt động', default: true, filter: true }),
  },
  list: {
    columns: [
      'code',
      'name',
      'seafood_id',
      'stage',
      'salinity_min',
      'salinity_max',
      'ph_min',
      'ph_max',
      'temperature_min',
      'temperature_max',
      'dissolved_oxygen_min',
      'dissolved_oxygen_max',
      'is_active',
    ],
    sort: ['code', 'name'],
    defaultSort: 'name',
  },
  uniqueTogether: [['seafood_id', 'stage']],
  actions: { 'change-status': toggle('is_active', 'Bật/tắt hoạt động') },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  menuOrder: 5,
});
