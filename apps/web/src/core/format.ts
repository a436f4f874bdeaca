import { formatDate, formatDateTime, formatMoney, formatNumber, NO_DATA } from '@nns/shared/dates';
import { ACTION_LABELS, SUBJECTS } from '@nns/shared/permissions';

export { formatDate, formatDateTime, formatMoney, formatNumber, NO_DATA };

/** Row number of a list (spec §2/DESIGN.md): (page-1)*size+index, index from 0. */
export const rowNumber = (page: number, size: number, index: number) => (Math.max(1, page) - 1) * size + index + 1;

/** subjects of the system log that are no permission subject */
const EXTRA_SUBJECTS: Record<string, string> = { auth: 'Đăng nhập' };

/** The Vietnamese name of a permission subject, or the raw value when it is not one. */
export const subjectLabel = (s: string | null | undefined): string =>
  (s && ((SUBJECTS as Record<string, { label: string }>)[s]?.label ?? EXTRA_SUBJECTS[s])) || s || '';

const EXTRA_ACTIONS: Record<string, string> = {
  login: 'Đăng nhập',
  'login-failed': 'Đăng nhập thất bại',
  'login-throttled': 'Đăng nhập bị tạm chặn',
  logout: 'Đăng xuất',
  'update-profile': 'Cập nhật thông tin cá nhân',
  'change-password': 'Đổi mật khẩu',
  'forgot-password': 'Quên mật khẩu',
  'reset-password': 'Đặt lại mật khẩu',
  post: 'Thêm/Gửi dữ liệu',
  put: 'Cập nhật',
  patch: 'Cập nhật',
  restore: 'Khôi phục',
  'clear-flag': 'Gỡ đánh dấu tem',
};

export const actionLabel = (a: string | null | undefined): string => (a && ((ACTION_LABELS as Record<string, string>)[a] ?? EXTRA_ACTIONS[a])) || a || '';
