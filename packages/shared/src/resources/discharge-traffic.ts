import { z } from 'zod';
import { DISCHARGE_PARAMETERS, TRAFFIC_STATUS } from '../discharge';
import { date, defineResource, enumField, type FieldDef, float, json, ref, textarea } from '../index';

const parameterFields: Record<string, FieldDef> = Object.fromEntries(
  DISCHARGE_PARAMETERS.map((p) => [p.code, float({ label: p.unit ? `${p.label} (${p.unit})` : p.label, min: 0, max: p.code === 'ph' ? 14 : 100_000_000 })]),
);

/**
 * Lưu lượng xả (spec §2 flow/{id}, §7 traffic): one measurement day of a work, its flow and quality
 * values. The server judges it against the permit and the national limit when it is written
 * (`status`, `exceeded`: the codes over their limit, 'flow' for the permitted flow).
 */
export default defineResource({
  name: 'discharge-traffic',
  subject: 'discharge_traffic',
  label: 'Lưu lượng xả thải',
  area: 'discharge',
  route: '/admin/discharge-construction/flow',
  titleField: 'measured_date',
  fields: {
    construct_id: ref('discharge-constructs', { label: 'Công trình xả thải', required: true, filter: true, onDelete: 'cascade' }),
    measured_date: date({ label: 'Ngày đo', required: true, sort: true, filter: true }),
    flow: float({ label: 'Lưu lượng (m³/ngày)', required: true, min: 0, max: 10_000_000 }),
    ...parameterFields,
    note: textarea({ label: 'Ghi chú', max: 1000 }),
    status: enumField(TRAFFIC_STATUS, { label: 'Kết quả', readOnly: true, hideInForm: true, filter: true }),
    exceeded: json(z.array(z.string()), { label: 'Chỉ tiêu vượt giới hạn', readOnly: true, hideInForm: true }),
  },
  list: { columns: ['measured_date', 'flow', 'ph', 'bod5', 'cod', 'tss', 'nh4', 'coliform', 'status'], sort: ['measured_date'], defaultSort: '-measured_date' },
  uniqueTogether: [['construct_id', 'measured_date']],
  indexes: [['construct_id', 'measured_date', 'id']],
  wardVia: 'construct_id',
  export: false,
  detail: false,
  custom: { list: true, create: true, update: true },
});
