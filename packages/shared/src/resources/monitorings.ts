import { z } from 'zod';
import { ON_OFF } from '../enums';
import { code, datetime, defineResource, enumField, float, integer, json, ref, text, toggle } from '../index';
import { MONITORING_TYPES } from '../monitor/parameters';
import { VN_LAT, VN_LONG } from '../producers';

/**
 * Trạm quan trắc (spec §2 monitoring/locations). The device key is made by the server, shown once
 * (creation, rotation) and stored only as its SHA-256 (`device_key_hash`, never presented). The last
 * reading's band and values are kept on the station by the ingest, for the list and the overview.
 */
export default defineResource({
  name: 'monitorings',
  subject: 'monitorings',
  label: 'Trạm quan trắc',
  area: 'monitoring',
  route: '/admin/monitoring/locations',
  menuOrder: 10,
  fields: {
    code: code({
      label: 'Mã trạm',
      required: true,
      max: 50,
      unique: true,
      sort: true,
      help: 'Thiết bị gửi dữ liệu qua MQTT vào chủ đề stations/{mã trạm}/readings',
    }),
    name: text({ label: 'Tên trạm', required: true, max: 255, search: true, sort: true }),
    type: enumField(MONITORING_TYPES, { label: 'Loại trạm', required: true, filter: true }),
    ward_id: ref('wards', { label: 'Phường/xã', required: true, filter: true }),
    address: text({ label: 'Địa chỉ', max: 255, search: true }),
    lat: float({ label: 'Vĩ độ', min: VN_LAT.min, max: VN_LAT.max }),
    long: float({ label: 'Kinh độ', min: VN_LONG.min, max: VN_LONG.max }),
    status: enumField(ON_OFF, { label: 'Trạng thái', required: true, default: 1, filter: true }),
    expected_interval_minutes: integer({
      label: 'Chu kỳ gửi dữ liệu (phút)',
      required: true,
      default: 10,
      min: 1,
      max: 1440,
      help: 'Quá 3 chu kỳ không nhận được dữ liệu, trạm được coi là mất kết nối',
    }),
    device_key_hash: text({ label: 'Khóa thiết bị', readOnly: true, writeOnly: true, hideInForm: true, unique: true, max: 64 }),
    last_band: integer({ label: 'Mức hiện tại', readOnly: true, hideInForm: true }),
    last_values: json(z.record(z.string(), z.number()), { label: 'Giá trị mới nhất', readOnly: true, hideInForm: true }),
    last_reading_at: datetime({ label: 'Lần đo gần nhất', readOnly: true, hideInForm: true, sort: true }),
  },
  list: { columns: ['code', 'name', 'type', 'ward_id', 'status', 'last_reading_at'], sort: ['code', 'name', 'last_reading_at'] },
  map: { lat: 'lat', long: 'long' },
  actions: { 'change-status': toggle('status', 'Bật/tắt hoạt động') },
  export: 'export',
  count: true,
  detail: false,
  custom: { create: true },
});
