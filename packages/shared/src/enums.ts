import { type EnumOption, enumOptions } from './fields';

/** Enum values with their Vietnamese captions and colours, shared by server and screens. */
export const ACTIVE_STATUS = enumOptions([
  { value: 'active', label: 'Hoạt động', color: 'green' },
  { value: 'locked', label: 'Đã khóa', color: 'red' },
]);
/** What an account sees (docs/accounts.md). */
export const ACCOUNT_SCOPE = enumOptions([
  { value: 'all', label: 'Toàn hệ thống', color: 'purple' },
  { value: 'province', label: 'Một tỉnh/thành phố', color: 'blue' },
  { value: 'ward', label: 'Một phường/xã', color: 'cyan' },
  { value: 'producer', label: 'Một cơ sở sản xuất', color: 'green' },
]);
export const APPROVAL_STATUS = enumOptions([
  { value: 'pending', label: 'Chờ duyệt', color: 'gold' },
  { value: 'approved', label: 'Đã duyệt', color: 'green' },
]);
export const PRODUCT_STATUS = enumOptions([
  { value: 'pending', label: 'Chờ duyệt', color: 'gold' },
  { value: 'approved', label: 'Đã duyệt', color: 'green' },
  { value: 'rejected', label: 'Từ chối', color: 'red' },
]);
export const GENDER = enumOptions([
  { value: 'male', label: 'Nam' },
  { value: 'female', label: 'Nữ' },
  { value: 'other', label: 'Khác' },
]);
export const ON_OFF = enumOptions([
  { value: 1, label: 'Hoạt động', color: 'green' },
  { value: 0, label: 'Ngừng hoạt động', color: 'default' },
]);
export const PUBLIC_STATUS = enumOptions([
  { value: 1, label: 'Công khai', color: 'green' },
  { value: 2, label: 'Không công khai', color: 'default' },
]);
export const ANNOUNCEMENT = enumOptions([
  { value: 1, label: 'Đã công bố', color: 'green' },
  { value: 2, label: 'Chưa công bố', color: 'default' },
]);
export const MONITORING_BANDS = enumOptions([
  { value: 1, label: 'Cảnh báo', color: '#e53935' },
  { value: 2, label: 'Khá thấp', color: '#fb8c00' },
  { value: 3, label: 'Khá cao', color: '#fdd835' },
  { value: 4, label: 'Trung bình', color: '#43a047' },
  { value: 5, label: 'Tốt', color: '#1e88e5' },
]);
export const RAIN_LEVELS = enumOptions([
  { value: 1, label: 'Không mưa' },
  { value: 2, label: 'Mưa nhỏ' },
  { value: 3, label: 'Mưa' },
  { value: 4, label: 'Mưa vừa' },
  { value: 5, label: 'Mưa to' },
  { value: 6, label: 'Mưa rất to' },
]);
export const WASTEWATER_TYPES = enumOptions([
  { value: 1, label: 'Sinh hoạt', color: 'blue' },
  { value: 2, label: 'Đô thị', color: 'green' },
  { value: 3, label: 'Y tế', color: 'red' },
  { value: 4, label: 'Công nghiệp', color: 'orange' },
]);

export const optionLabel = (options: EnumOption[] | undefined, value: unknown) =>
  options?.find((o) => o.value === value)?.label ?? (value === null || value === undefined ? '' : String(value));
