import { bool, date, defineResource, enumField, integer, json, ref, text } from '../index';
import { STAMP_LAYOUT_DEFAULTS as D, MAX_STAMPS_PER_RUN, STAMP_ATTRIBUTES, STAMP_RUN_STATUS, STAMP_TEXT_ATTRIBUTE } from '../traceability';

const mm = (label: string, def: number, min = 0, max = 500) => integer({ label, required: true, min, max, default: def });

/**
 * A stamp run (đợt tem): `quantity` stamps of a product (and trace), each with its own code and a
 * serial in [serial_from, serial_to] (table stamp_codes), and the print layout of spec §3. Issued by
 * the module's own create route (it writes the codes); bound to a ward through the product's producer.
 */
export default defineResource({
  name: 'stamps',
  subject: 'stamps',
  label: 'Đợt tem',
  area: 'origin',
  route: '/admin/general/stamps',
  titleField: 'name',
  menuOrder: 20,
  fields: {
    name: text({ label: 'Tên đợt tem', max: 255, search: true, sort: true, help: 'Để trống: tên sản phẩm và ngày phát hành' }),
    product_id: ref('products', { label: 'Sản phẩm', required: true, filter: true }),
    trace_id: ref('traces', { label: 'Hồ sơ truy xuất', filter: true, refLabel: 'code' }),
    manufacture_id: ref('manufactures', { label: 'Cơ sở sản xuất', filter: true, readOnly: true, help: 'Lấy từ sản phẩm' }),
    quantity: integer({ label: 'Số lượng tem', required: true, min: 1, max: MAX_STAMPS_PER_RUN, sort: true }),
    serial_from: integer({ label: 'Số sê-ri từ', big: true, readOnly: true, sort: true }),
    serial_to: integer({ label: 'Số sê-ri đến', big: true, readOnly: true }),
    packaging_date: date({ label: 'Ngày đóng gói', sort: true, filter: true }),
    lines: mm('Số dòng mỗi trang', D.lines, 0, 200),
    width: mm('Chiều rộng tem (mm)', D.width, 10, 200),
    height: mm('Chiều cao tem (mm)', D.height, 10, 280),
    stamps_per_line: mm('Số tem mỗi dòng', D.stamps_per_line, 1, 20),
    size: mm('Cỡ mã QR (cm)', D.size, 1, 10),
    vertical: mm('Vị trí dọc của mã QR (mm)', D.vertical, 0, 280),
    horizontal: mm('Vị trí ngang của mã QR (mm)', D.horizontal, 0, 200),
    distance: mm('Khoảng cách giữa các tem (mm)', D.distance, 0, 50),
    space_left: mm('Lề trái (mm)', D.space_left, 0, 100),
    space_top: mm('Lề trên (mm)', D.space_top, 0, 100),
    print_product_name: bool({ label: 'In tên sản phẩm', default: D.print_product_name }),
    print_product_created_at: bool({ label: 'In ngày đóng gói', default: D.print_product_created_at }),
    product_name_attribute: json(STAMP_TEXT_ATTRIBUTE, { label: 'Vị trí tên sản phẩm' }),
    product_created_at_attribute: json(STAMP_TEXT_ATTRIBUTE, { label: 'Vị trí ngày đóng gói' }),
    stamp_attributes: json(STAMP_ATTRIBUTES, { label: 'Thuộc tính tem', help: 'Tối đa 6 dòng chữ in trên mỗi tem' }),
    status: enumField(STAMP_RUN_STATUS, { label: 'Trạng thái', required: true, default: 'issued', filter: true, readOnly: true }),
    printed_count: integer({ label: 'Số tem đã in', readOnly: true, default: 0 }),
    voided_count: integer({ label: 'Số tem đã hủy', readOnly: true, default: 0 }),
  },
  list: {
    columns: ['name', 'product_id', 'trace_id', 'quantity', 'serial_from', 'printed_count', 'status'],
    sort: ['name', 'quantity', 'serial_from', 'packaging_date'],
  },
  export: false,
  count: true,
  wardVia: 'manufacture_id',
  producerVia: 'manufacture_id',
  detail: true,
  custom: { create: true, delete: true },
});
