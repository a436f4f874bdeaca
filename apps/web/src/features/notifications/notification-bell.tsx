import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { client } from '../../core/client';
import { formatDateTime } from '../../core/format';
import { queryClient } from '../../core/query';
import { INBOX_KEY } from '../../core/realtime';
import './notifications.css';

const LATEST = 8;

const refresh = () => queryClient.invalidateQueries({ queryKey: INBOX_KEY });

export async function markRead(id: number) {
  const r = await client.PUT('/api/admin/profile/notifications/read/{id}', { params: { path: { id } } });
  await refresh();
  return r;
}

export async function markAllRead() {
  const r = await client.PUT('/api/admin/profile/notifications/read-all');
  await refresh();
  return r;
}

/**
 * The header's bell (spec §2 'socket' notifications have a place to stay): the unread count, the
 * latest items (times at UTC+7), mark one or all read. A live 'notification' event refreshes it
 * (core/realtime.ts invalidates INBOX_KEY). The panel is plain markup (notifications.css), not antd's
 * List, Typography, Empty and Badge: the bell comes with the first admin screen, and List alone brought
 * Pagination and Select (about 40 KB gzip) to it.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: [...INBOX_KEY, 'latest'],
    queryFn: async ({ signal }) => {
      const r = await client.GET('/api/admin/profile/notifications', { params: { query: { limit: LATEST } }, signal });
      if (r.code !== 200) throw new Error(r.message);
      return r.data;
    },
    staleTime: 60_000,
  });
  const unread = q.data?.unread ?? 0;
  const entries = q.data?.entries ?? [];
  const content = (
    <div className="inbox-panel" data-testid="notification-panel">
      <div className="inbox-head">
        <strong>Thông báo</strong>
        <Button size="small" type="link" disabled={!unread} onClick={() => void markAllRead()}>
          Đánh dấu tất cả đã đọc
        </Button>
      </div>
      {entries.length ? (
        <ul className="inbox-list">
          {entries.map((e) => (
            <li
              key={e.id}
              className={e.read_at ? undefined : 'inbox-unread'}
              onClick={() => {
                if (!e.read_at) void markRead(e.id);
              }}
              aria-label={e.read_at ? `${e.title} (đã đọc)` : `${e.title} (chưa đọc)`}
            >
              <div className="inbox-title">{e.title}</div>
              <div className="inbox-content">{e.content}</div>
              <div className="inbox-time">{formatDateTime(e.sent_at)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="inbox-empty">Chưa có thông báo</div>
      )}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={content} arrow={false}>
      <Button type="text" aria-label={unread ? `Thông báo, ${unread} chưa đọc` : 'Thông báo'} data-testid="notification-bell">
        <span className="inbox-bell">
          <BellOutlined style={{ fontSize: 18 }} />
          {unread > 0 && (
            <span className="inbox-badge" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </span>
      </Button>
    </Popover>
  );
}
