import { z } from 'zod';
import { LIMIT_COLUMNS, WASTEWATER_TYPES } from '../discharge';
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
    permitted_flow: float({ label: 'Lưu lượng xả cho phép (m³/ngày đêm)', required: true, min: 0, max: 10_000_000 }),
    receiving_water: text({ label: 'Nguồn tiếp nhận nước thải', max: 255 }),
    treatment_technology: text({ label: 'Công nghệ xử lý', max: 255 }),
    standard_code: text({
      label: 'Quy chuẩn áp dụng',
      max: 100,
      help: 'Để trống: QCVN 14:2008/BTNMT (sinh hoạt, đô thị), QCVN 28:2010/BTNMT (y tế) hoặc QCVN 40:2011/BTNMT (công nghiệp)',
    }),
    limit_column: enumField(LIMIT_COLUMNS, { label: 'Cột giới hạn áp dụng', required: true, default: 'B' }),
    k_factor: float({
      label: 'Hệ số K (QCVN 14, QCVN 28)',
      min: 0.1,
      max: 5,
      help: '1,0 với cơ sở lớn (bệnh viện từ 300 giường), 1,2 với cơ sở nhỏ; để trống là 1,0',
      showWhen: { wastewater_type: [1, 2, 3] },
      optionalWhenShown: true,
    }),
    kq: float({
      label: 'Hệ số Kq (QCVN 40)',
      min: 0.1,
      max: 5,
      help: 'Theo lưu lượng nguồn tiếp nhận; để trống là 0,9 (sông, không có số liệu)',
      showWhen: { wastewater_type: [4] },
      optionalWhenShown: true,
    }),
    kf: float({
      label: 'Hệ số Kf (QCVN 40)',
      min: 0.1,
      max: 5,
      help: 'Để trống: tính theo lưu lượng xả cho phép',
      showWhen: { wastewater_type: [4] },
      optionalWhenShown: true,
    }),
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
