import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { api } from '../../core/api';
import type { ListData } from '../../core/api-types';
import { actionLabel, formatDateTime, subjectLabel } from '../../core/format';
import { queryKeys } from '../../core/query';
import type { LogEntry } from '../system-logs/log-types';

/** The last ten rows of the system log (only for users who may list it); plain list, no pagination code. */
export function RecentActivity() {
  const q = useQuery({
    queryKey: queryKeys('system-logs').list({ limit: 10 }),
    queryFn: ({ signal }) => api.get<ListData<LogEntry>>('/api/admin/system/logs', { params: { limit: 10 }, signal }),
  });
  const rows = q.data?.code === 200 ? q.data.data.entries : [];
  let body: React.ReactNode;
  if (q.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (q.data && q.data.code !== 200) body = <Typography.Text type="danger">{q.data.message}</Typography.Text>;
  else if (!rows.length) body = <Empty description="Chưa có hoạt động nào" />;
  else
    body = (
      <ul className="activity-list">
        {rows.map((r) => (
          <li key={r.id}>
            <span>
              <strong>{r.actor_username ?? 'Hệ thống'}</strong> · {actionLabel(r.action)} <Tag>{subjectLabel(r.subject)}</Tag>
              {r.record_id && <Typography.Text type="secondary">#{r.record_id}</Typography.Text>}
            </span>
            <Typography.Text type="secondary">{formatDateTime(r.at)}</Typography.Text>
          </li>
        ))}
      </ul>
    );
  return (
    <Card title="Hoạt động gần đây" extra={<Link to="/admin/system/logs">Xem tất cả</Link>} style={{ marginTop: 20 }} data-testid="recent-activity">
      {body}
    </Card>
  );
}
