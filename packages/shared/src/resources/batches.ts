import { BATCH_STATUS } from '../culture';
import { code, date, defineResource, enumField, float, money, ref, textarea } from '../index';

/**
 * A production batch (lô sản xuất). Its status only moves forward through the culture module's
 * change-status route (kế hoạch → đang sản xuất → đã thu hoạch → đóng); a closed batch is read-only.
 */
export default defineResource({
  name: 'batches',
  subject: 'manufacturing_batches',
  label: 'Lô sản xuất',
  area: 'culture',
  route: '/admin/culture/batches',
  titleField: 'code',
  menuOrder: 40,
  fields: {
    code: code({ label: 'Mã lô', required: true, max: 50, unique: true, sort: true }),
    product_id: ref('products', { label: 'Sản phẩm', required: true, filter: true }),
    process_id: ref('processes', { label: 'Quy trình', filter: true }),
    manufacture_id: ref('manufactures', { label: 'Cơ sở sản xuất', required: true, filter: true }),
    material_area_id: ref('material-areas', { label: 'Vùng nguyên liệu', filter: true }),
    raw_material_area_id: ref('raw-material-areas', { label: 'Vùng trồng', filter: true, refLabel: 'code' }),
    planting_date: date({ label: 'Ngày gieo trồng', required: true, sort: true, filter: true }),
    expected_harvest_date: date({ label: 'Ngày thu hoạch dự kiến', sort: true }),
    harvest_date: date({ label: 'Ngày thu hoạch', sort: true, readOnly: true, help: 'Ghi khi chuyển lô sang Đã thu hoạch' }),
    quantity: float({ label: 'Số lượng', min: 0, max: 1_000_000_000 }),
    product_unit_id: ref('product-units', { label: 'Đơn vị tính' }),
    expected_yield: float({ label: 'Sản lượng dự kiến', min: 0, max: 1_000_000_000 }),
    actual_yield: float({ label: 'Sản lượng thực tế', min: 0, max: 1_000_000_000 }),
    price: money({ label: 'Giá (VNĐ)', sort: true }),
    status: enumField(BATCH_STATUS, {
      label: 'Trạng thái',
      required: true,
      default: 'planned',
      filter: true,
      readOnly: true,
      help: 'Đổi bằng thao tác chuyển trạng thái, chỉ theo chiều tiến',
    }),
    note: textarea({ label: 'Ghi chú', max: 5000 }),
  },
  list: {
    columns: ['code', 'product_id', 'manufacture_id', 'planting_date', 'expected_harvest_date', 'status'],
    sort: ['code', 'planting_date', 'expected_harvest_date', 'harvest_date', 'price'],
  },
  export: 'export',
  count: true,
  wardVia: 'manufacture_id',
  producerVia: 'manufacture_id',
  detail: true,
});
