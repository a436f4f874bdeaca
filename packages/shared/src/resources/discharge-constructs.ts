import { z } from 'zod';
import { K_CLASSES, KF_CLASSES, KQ_CLASSES, LIMIT_COLUMNS, WASTEWATER_TYPES } from '../discharge';
import { ANNOUNCEMENT, PUBLIC_STATUS } from '../enums';
import { code, date, defineResource, enumField, files, float, json, ref, text, textarea } from '../index';
import { VN_LAT, VN_LONG } from '../producers';

/**
 * Công trình xả thải (spec §2 discharge construction, DOMAIN.md 'Discharge management'): where it
 * is, its permit and the standard/column its flows are judged by, announce and public status. The
 * last flow and the last day over a limit are kept on the work by the flows' write path, for the
 * list, the map and its 'vượt giới hạn' filter.
 */
export default defineResource({
  name: 'discharge-constructs',
  subject: 'discharge_construct',
  label: 'Công trình xả thải',
  area: 'discharge',
  route: '/admin/discharge-construction',
  menuOrder: 10,
  fields: {
    code: code({ label: 'Mã công trình', required: true, max: 50, unique: true, sort: true }),
    name: text({ label: 'Tên công trình', required: true, max: 255, search: true, sort: true }),
    owner: text({ label: 'Chủ công trình (tổ chức, cá nhân)', max: 255, search: true }),
    wastewater_type: enumField(WASTEWATER_TYPES, { label: 'Loại nước thải', required: true, filter: true }),
    ward_id: ref('wards', { label: 'Phường/xã', required: true, filter: true }),
    address: text({ label: 'Địa chỉ', max: 255, search: true }),
    lat: float({ label: 'Vĩ độ', required: true, min: VN_LAT.min, max: VN_LAT.max }),
    long: float({ label: 'Kinh độ', required: true, min: VN_LONG.min, max: VN_LONG.max }),
    permit_number: text({ label: 'Số giấy phép xả thải', max: 100, search: true }),
    permit_date: date({ label: 'Ngày cấp phép' }),
    permit_issuer: text({ label: 'Cơ quan cấp phép', max: 255 }),
    permit_expiry: date({ label: 'Ngày hết hạn giấy phép', filter: true }),
    permitted_flow: float({
      label: 'Lưu lượng xả cho phép (m³/ngày đêm)',
      min: 0,
      max: 10_000_000,
      help: 'Để trống khi giấy phép chưa ghi: Kf (QCVN 40) khi đó không được giả định',
    }),
    receiving_water: text({ label: 'Nguồn tiếp nhận nước thải', max: 255 }),
    treatment_technology: text({ label: 'Công nghệ xử lý', max: 255 }),
    standard_code: text({
      label: 'Quy chuẩn áp dụng',
      max: 100,
      help: 'Để trống khi thêm mới: quy chuẩn đang hiệu lực cho loại nước thải (có bảng giới hạn); công trình đã có giữ quy chuẩn của mình đến khi chủ công trình đổi',
    }),
    limit_column: enumField(LIMIT_COLUMNS, { label: 'Cột giới hạn áp dụng', required: true, default: 'B' }),
    k_class: enumField(K_CLASSES, {
      label: 'Loại hình, quy mô cơ sở (hệ số K)',
      help: 'QCVN 14:2008 Bảng 2, QCVN 28:2010: K = 1,0 với cơ sở lớn, 1,2 với cơ sở nhỏ; để trống là 1,0',
      showWhen: { wastewater_type: [1, 2, 3] },
      optionalWhenShown: true,
      span: 24,
    }),
    kq_class: enumField(KQ_CLASSES, {
      label: 'Nguồn tiếp nhận (hệ số Kq, QCVN 40)',
      help: 'Để trống: 0,9 (sông, không có số liệu)',
      showWhen: { wastewater_type: [4] },
      optionalWhenShown: true,
      span: 24,
    }),
    kf_class: enumField(KF_CLASSES, {
      label: 'Lưu lượng xả F (hệ số Kf, QCVN 40)',
      help: 'Để trống: theo lưu lượng xả cho phép; không có lưu lượng thì không xác định được Kf',
      showWhen: { wastewater_type: [4] },
      optionalWhenShown: true,
    }),
    // the factors the judge multiplies by, set by the server from the classes above (works made before keep theirs)
    k_factor: float({ label: 'Hệ số K', readOnly: true, hideInForm: true }),
    kq: float({ label: 'Hệ số Kq', readOnly: true, hideInForm: true }),
    kf: float({ label: 'Hệ số Kf', readOnly: true, hideInForm: true }),
    public_status: enumField(PUBLIC_STATUS, { label: 'Trạng thái công khai', required: true, default: 2, filter: true }),
    announce: enumField(ANNOUNCEMENT, { label: 'Công bố', required: true, default: 2, filter: true }),
    documents: files({ label: 'Tài liệu (giấy phép, báo cáo, PDF)', max: 20 }),
    note: textarea({ label: 'Ghi chú', max: 2000 }),
    last_flow: float({ label: 'Lưu lượng đo gần nhất (m³/ngày)', readOnly: true, hideInForm: true }),
    last_measured_date: date({ label: 'Ngày đo gần nhất', readOnly: true, hideInForm: true, sort: true }),
    last_exceeded_date: date({ label: 'Lần vượt giới hạn gần nhất', readOnly: true, hideInForm: true, sort: true }),
    // the months (YYYYMM, UTC+7) in which a flow broke a limit: the map's 'vượt giới hạn' of any period in one scan
    exceeded_months: json(z.array(z.number().int()), { label: 'Các tháng vượt giới hạn', readOnly: true, hideInForm: true }),
  },
  list: {
    columns: ['code', 'name', 'wastewater_type', 'ward_id', 'permitted_flow', 'last_flow', 'public_status', 'announce'],
    sort: ['code', 'name', 'last_measured_date', 'last_exceeded_date'],
  },
  map: { lat: 'lat', long: 'long' },
  export: false,
  count: true,
  detail: false,
  custom: { create: true, update: true },
});
