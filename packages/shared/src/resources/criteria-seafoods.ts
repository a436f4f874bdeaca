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
    salinity_min: float({ label: `Độ mặn từ${unit('‰')}`, min: 0, max: 60 }),
    salinity_max: float({ label: `Độ mặn đến${unit('‰')}`, min: 0, max: 60 }),
    ph_min: float({ label: 'pH từ', min: 0, max: 14 }),
    ph_max: float({ label: 'pH đến', min: 0, max: 14 }),
    temperature_min: float({ label: `Nhiệt độ từ${unit('°C')}`, min: 0, max: 45 }),
    temperature_max: float({ label: `Nhiệt độ đến${unit('°C')}`, min: 0, max: 45 }),
    dissolved_oxygen_min: float({ label: `Oxy hòa tan từ${unit('mg/l')}`, min: 0, max: 20 }),
    dissolved_oxygen_max: float({ label: `Oxy hòa tan đến${unit('mg/l')}`, min: 0, max: 20 }),
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

export type WaterParameter = (typeof CRITERIA_RANGES)[number][0];
export type CriteriaCheck = { parameter: WaterParameter; label: string; value: number; min: number | null; max: number | null; result: 'ok' | 'low' | 'high' };

/** Compares a water reading with one species' criteria: each measured parameter is ok, low or high. */
export function checkWater(criteria: Record<string, unknown>, reading: Partial<Record<WaterParameter, number | null>>): CriteriaCheck[] {
  const out: CriteriaCheck[] = [];
  for (const [p, label] of CRITERIA_RANGES) {
    const value = reading[p];
    if (value === null || value === undefined) continue;
    const min = (criteria[`${p}_min`] as number | null) ?? null;
    const max = (criteria[`${p}_max`] as number | null) ?? null;
    const result = min !== null && value < min ? 'low' : max !== null && value > max ? 'high' : 'ok';
    out.push({ parameter: p, label, value, min, max, result });
  }
  return out;
}
