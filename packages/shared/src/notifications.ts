import { enumOptions } from './fields';

/** Who a notification goes to (docs/notifications.md). */
export const NOTIFICATION_AUDIENCE = enumOptions([
  { value: 'all', label: 'Tất cả người dùng', color: 'blue' },
  { value: 'role', label: 'Theo vai trò', color: 'purple' },
  { value: 'province', label: 'Theo tỉnh/thành phố', color: 'cyan' },
  { value: 'ward', label: 'Theo phường/xã', color: 'green' },
  { value: 'user', label: 'Một người dùng', color: 'gold' },
]);

export type NotificationAudience = 'all' | 'role' | 'province' | 'ward' | 'user';

/**
 * The audiences a scoped author may address (the target must also lie in their scope): a province
 * officer their province, one of its wards or one of its users; a ward officer their ward or one of its
 * users. Only scope 'all' addresses everyone or a role.
 */
export const AUDIENCES_BY_SCOPE: { province: NotificationAudience[]; ward: NotificationAudience[] } = {
  province: ['province', 'ward', 'user'],
  ward: ['ward', 'user'],
};

/** The id field each audience needs (none for 'all'). */
export const AUDIENCE_FIELD: Record<NotificationAudience, 'role_id' | 'province_id' | 'ward_id' | 'user_id' | null> = {
  all: null,
  role: 'role_id',
  province: 'province_id',
  ward: 'ward_id',
  user: 'user_id',
};

export const AUDIENCE_FIELDS = ['role_id', 'province_id', 'ward_id', 'user_id'] as const;

/**
 * Field errors of an audience choice, in Vietnamese: the id matching the audience is required,
 * the others must be empty. Shared by the server (the authority) and the form.
 */
export function audienceErrors(v: Record<string, unknown>): { field: string; message: string }[] {
  const audience = v.audience as NotificationAudience;
  const need = AUDIENCE_FIELD[audience];
  const labels: Record<string, string> = { role_id: 'vai trò', province_id: 'tỉnh/thành phố', ward_id: 'phường/xã', user_id: 'người dùng' };
  const errors: { field: string; message: string }[] = [];
  for (const f of AUDIENCE_FIELDS) {
    const empty = v[f] === null || v[f] === undefined || v[f] === '';
    if (f === need && empty) errors.push({ field: f, message: `Vui lòng chọn ${labels[f]} nhận thông báo` });
    if (f !== need && !empty) errors.push({ field: f, message: `Để trống ${labels[f]} khi người nhận là "${audienceLabel(audience)}"` });
  }
  return errors;
}

const audienceLabel = (a: string) => NOTIFICATION_AUDIENCE.find((o) => o.value === a)?.label ?? a;

/** A live event of kind 'notification' carries these in `data`. */
export interface NotificationEventData {
  notification_id: number;
}

export const NOTIFICATION_EVENT_KIND = 'notification';

/** One notification as its recipient sees it (GET /api/admin/profile/notifications, a live replay). */
export interface InboxEntry {
  id: number;
  event_id: number;
  title: string;
  content: string;
  sent_at: string;
  read_at: string | null;
}
