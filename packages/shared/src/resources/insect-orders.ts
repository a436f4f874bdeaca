import { ON_OFF } from '../enums';
import { code, defineResource, enumField, text, textarea, toggle } from '../index';

/** An order's code: letters without marks, digits and '_', so its lower case is a value key of insect readings (never the total 'density'). */
export const INSECT_CODE_RE = /^[A-Za-z][A-Za-z0-9_]{1,49}$/;
/** The value key of an order in insect readings and band configs: its code in lower case. */
export const insectKey = (code: string) => code.toLowerCase();

/**
 * Bộ côn trùng (spec §7 GET /api/web/insect-order, monitoring configs insect-wtc/{id}): an insect
 * station sends its densities per order in `values`, keyed by the order's code in lower case (`{density: 12,
 * lepidoptera: 8, hemiptera: 4}`), and each order has its own bands.
 */
export default defineResource({
  name: 'insect-orders',
  subject: 'monitorings',
  label: 'Bộ côn trùng',
  area: 'monitoring',
  route: '/admin/monitoring/insect-orders',
  menuOrder: 30,
  fields: {
    code: code({
      label: 'Mã bộ (khóa dữ liệu)',
      required: true,
      max: 50,
      unique: true,
      sort: true,
      help: 'Chữ không dấu, số và dấu gạch dưới (vd. lepidoptera): thiết bị gửi mật độ của bộ này dưới mã viết thường',
    }),
    name: text({ label: 'Tên bộ côn trùng', required: true, max: 255, search: true, sort: true }),
    scientific_name: text({ label: 'Tên khoa học', max: 255, search: true }),
    pests: text({ label: 'Sâu hại tiêu biểu', max: 500, search: true }),
    description: textarea({ label: 'Mô tả', max: 5000 }),
    status: enumField(ON_OFF, { label: 'Trạng thái', required: true, default: 1, filter: true }),
  },
  list: { columns: ['code', 'name', 'scientific_name', 'pests', 'status'], sort: ['code', 'name'], defaultSort: 'name' },
  actions: { 'change-status': toggle('status', 'Bật/tắt theo dõi') },
  export: 'export',
  count: true,
});
