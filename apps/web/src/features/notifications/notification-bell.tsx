import { BellOutlined } from '@ant-design/icons';
import type { InboxEntry } from '@nns/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../core/api';
import { formatDateTime } from '../../core/format';
import { queryClient } from '../../core/query';
import { INBOX_KEY } from '../../core/realtime';

interface Inbox {
  entries: InboxEntry[];
  unread: number;
}

const LATEST = 8;
const BASE = '/api/admin/profile/notifications';

const refresh = () => queryClient.invalidateQueries({ queryKey: INBOX_KEY });

export async function markRead(id: number) {
  const r = await api.put(`${BASE}/read/${id}`);
  await refresh();
  return r;
}

export async function markAllRead() {
  const r = await api.put(`${BASE}/read-all`);
  await refresh();
  return r;
}

/**
 * The header's bell (spec §2 'socket' notifications have a place to stay): the unread count, the
 * latest items (times at UTC+7), mark one or all read. A live 'notification' event refreshes it
 * (core/realtime.ts invalidates INBOX_KEY).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: [...INBOX_KEY, 'latest'],
    queryFn: async ({ signal }) => {
      const r = await api.get<Inbox>(BASE, { params: { limit: LATEST }, signal });
      if (r.code !== 200) throw new Error(r.message);
      return r.data;
    },
    staleTime: 60_000,
  });
  const unread = q.data?.unread ?? 0;
  const entries = q.data?.entries ?? [];
  const content = (
    <div style={{ width: 360, maxWidth: 'calc(100vw - 32px)' }} data-testid="notification-panel">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>Thông báo</Typography.Text>
        <Button size="small" type="link" disabled={!unread} onClick={() => void markAllRead()}>
          Đánh dấu tất cả đã đọc
        </Button>
      </Space>
      {entries.length ? (
        <List
          size="small"
          dataSource={entries}
          style={{ maxHeight: 420, overflow: 'auto' }}
          renderItem={(e) => (
            <List.Item
              key={e.id}
              style={{ cursor: e.read_at ? 'default' : 'pointer', background: e.read_at ? undefined : 'rgba(22,119,255,.06)', paddingInline: 8 }}
              onClick={() => {
                if (!e.read_at) void markRead(e.id);
              }}
              aria-label={e.read_at ? `${e.title} (đã đọc)` : `${e.title} (chưa đọc)`}
            >
              <List.Item.Meta
                title={<Typography.Text strong={!e.read_at}>{e.title}</Typography.Text>}
                description={
                  <>
                    <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 2 }}>
                      {e.content}
                    </Typography.Paragraph>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(e.sent_at)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có thông báo" />
      )}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={content} arrow={false}>
      <Button type="text" aria-label={unread ? `Thông báo, ${unread} chưa đọc` : 'Thông báo'} data-testid="notification-bell">
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
