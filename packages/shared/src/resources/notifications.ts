import { datetime, defineResource, enumField, integer, ref, text, textarea } from '../index';
import { AUDIENCES_BY_SCOPE, NOTIFICATION_AUDIENCE } from '../notifications';

/**
 * Notifications sent to back-office users (docs/notifications.md). The audience names who receives
 * one: everybody, a role, a province, a ward or one user; the id matching the audience is required
 * and the others stay empty (checked by the notifications module, with a message per field). Sent
 * at once, or at `scheduled_at`; recipients and their read state live in `notification_recipients`.
 * Its ward_id is a target, not an owner: the record is not bound to the writer's ward; a scoped
 * account sees and writes only notifications whose audience lies inside its scope (the module's rule).
 */
export default defineResource({
  name: 'notifications',
  subject: 'notifications',
  label: 'Thông báo',
  area: 'content',
  route: '/admin/notifications',
  titleField: 'title',
  fields: {
    title: text({ label: 'Tiêu đề', required: true, max: 200, search: true, sort: true, span: 24 }),
    content: textarea({ label: 'Nội dung', required: true, max: 2000, search: true }),
    audience: enumField(NOTIFICATION_AUDIENCE, {
      label: 'Người nhận',
      required: true,
      default: 'all',
      filter: true,
      scopeOptions: AUDIENCES_BY_SCOPE,
    }),
    role_id: ref('roles', { label: 'Vai trò', showWhen: { audience: ['role'] } }),
    province_id: ref('provinces', { label: 'Tỉnh/thành phố', showWhen: { audience: ['province'] } }),
    ward_id: ref('wards', { label: 'Phường/xã', showWhen: { audience: ['ward'] } }),
    user_id: ref('users', { label: 'Người dùng', refLabel: 'full_name', showWhen: { audience: ['user'] }, onDelete: 'cascade' }),
    scheduled_at: datetime({ label: 'Thời gian gửi', sort: true, help: 'Để trống để gửi ngay' }),
    sent_at: datetime({ label: 'Đã gửi lúc', readOnly: true, sort: true, filter: true }),
    recipient_count: integer({ label: 'Số người nhận', readOnly: true }),
  },
  list: {
    columns: ['title', 'audience', 'scheduled_at', 'sent_at', 'recipient_count'],
    sort: ['title', 'scheduled_at', 'sent_at'],
  },
  wardScope: false,
  export: false,
  detail: true,
  menuOrder: 20,
});
