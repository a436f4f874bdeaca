import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { api } from '../../core/api';
import type { ListData } from '../../core/api-types';
import { actionLabel, formatDateTime, subjectLabel } from '../../core/format';
import { queryKeys } from '../../core/query';
import type { LogEntry } from '../system-logs/log-types';

/** The last ten rows of the system log (only for users who may list it). */
export function RecentActivity() {
  const q = useQuery({
    queryKey: queryKeys('system-logs').list({ limit: 10 }),
    queryFn: ({ signal }) => api.get<ListData<LogEntry>>('/api/admin/system/logs', { params: { limit: 10 }, signal }),
  });
  const rows = q.data?.code === 200 ? q.data.data.entries : [];
  return (
    <Card title="Hoạt động gần đây" extra={<Link to="/admin/system/logs">Xem tất cả</Link>} style={{ marginTop: 20 }} data-testid="recent-activity">
      {q.data && q.data.code !== 200 ? (
        <Typography.Text type="danger">{q.data.message}</Typography.Text>
      ) : (
        <List
          loading={q.isLoading}
          dataSource={rows}
          locale={{ emptyText: <Empty description="Chưa có hoạt động nào" /> }}
          renderItem={(r) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <span>
                    <strong>{r.actor_username ?? 'Hệ thống'}</strong> · {actionLabel(r.action)} <Tag>{subjectLabel(r.subject)}</Tag>
                    {r.record_id && <Typography.Text type="secondary">#{r.record_id}</Typography.Text>}
                  </span>
                }
                description={formatDateTime(r.at)}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
