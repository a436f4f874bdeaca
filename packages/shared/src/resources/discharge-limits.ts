import { DISCHARGE_PARAMETERS, LIMIT_COLUMNS } from '../discharge';
import { bool, defineResource, enumField, float, text } from '../index';

/**
 * Giới hạn nước thải theo quy chuẩn (DOMAIN.md 'Wastewater limits'): limits are data, so an officer
 * adds the 2025 standards without a release. Seeded with QCVN 14:2008 and QCVN 40:2011 (columns A, B).
 */
export default defineResource({
  name: 'discharge-limits',
  subject: 'discharge_construct',
  label: 'Giới hạn nước thải (QCVN)',
  area: 'discharge',
  route: '/admin/discharge-construction/limits',
  titleField: 'standard_code',
  menuOrder: 30,
  fields: {
    standard_code: text({ label: 'Quy chuẩn', required: true, max: 100, search: true, filter: true, sort: true }),
    column: enumField(LIMIT_COLUMNS, { label: 'Cột', required: true, filter: true }),
    parameter: enumField(
      DISCHARGE_PARAMETERS.map((p) => ({ value: p.code, label: p.label })),
      { label: 'Thông số', required: true, filter: true },
    ),
    limit_min: float({ label: 'Giới hạn dưới', help: 'Chỉ dùng cho pH' }),
    limit_max: float({ label: 'Giới hạn trên (C)' }),
    unit: text({ label: 'Đơn vị', max: 30 }),
    k_applies: bool({ label: 'Áp dụng hệ số K / Kq × Kf', default: true }),
  },
  list: { columns: ['standard_code', 'column', 'parameter', 'limit_min', 'limit_max', 'unit', 'k_applies'], sort: ['standard_code'], defaultSort: '-id' },
  uniqueTogether: [['standard_code', 'column', 'parameter']],
  export: 'export',
});
