import { bool, code, date, defineResource, float, json, ref, textarea, toggle } from '../index';
import { CERTIFICATIONS } from '../producers';
import { TRACE_DISTRIBUTORS } from '../traceability';

/**
 * A trace (hồ sơ truy xuất): what the public page of a code shows. When a batch is chosen the trace
 * takes its product, producer and material area from it (module traces). Bound to a ward through its
 * producer, as products are.
 */
export default defineResource({
  name: 'traces',
  subject: 'traces',
  label: 'Hồ sơ truy xuất',
  area: 'origin',
  route: '/admin/origin/traces',
  titleField: 'code',
  menuOrder: 10,
  fields: {
    code: code({ label: 'Mã truy xuất', required: true, max: 64, unique: true, sort: true }),
    product_id: ref('products', { label: 'Sản phẩm', required: true, filter: true }),
    batch_id: ref('batches', {
      label: 'Lô sản xuất',
      filter: true,
      refLabel: 'code',
      help: 'Chọn lô để lấy sản phẩm, cơ sở sản xuất và vùng nguyên liệu của lô',
    }),
    manufacture_id: ref('manufactures', { label: 'Cơ sở sản xuất', required: true, filter: true }),
    material_area_id: ref('material-areas', { label: 'Vùng nguyên liệu', filter: true }),
    planting_date: date({ label: 'Ngày gieo trồng', sort: true, filter: true }),
    harvest_date: date({ label: 'Ngày thu hoạch', sort: true, filter: true }),
    packaging_date: date({ label: 'Ngày đóng gói', sort: true, filter: true }),
    expired_date: date({ label: 'Hạn sử dụng', sort: true, filter: true }),
    quantity: float({ label: 'Số lượng', min: 0, max: 1_000_000_000 }),
    distributors: json(TRACE_DISTRIBUTORS, { label: 'Nhà phân phối', help: 'Tên, địa chỉ và số điện thoại của từng nhà phân phối' }),
    certificates: json(CERTIFICATIONS, { label: 'Chứng nhận', help: 'VietGAP, GlobalG.A.P., hữu cơ hoặc OCOP, kèm số, tổ chức cấp và thời hạn' }),
    description: textarea({ label: 'Mô tả', max: 5000, search: true }),
    active: bool({ label: 'Kích hoạt', default: true, filter: true }),
  },
  list: {
    columns: ['code', 'product_id', 'batch_id', 'manufacture_id', 'harvest_date', 'expired_date', 'active'],
    sort: ['code', 'planting_date', 'harvest_date', 'packaging_date', 'expired_date'],
  },
  actions: { 'change-active': toggle('active', 'Kích hoạt') },
  export: 'export',
  count: true,
  wardVia: 'manufacture_id',
  producerVia: 'manufacture_id',
});
