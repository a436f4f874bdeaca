import { useQuery } from '@tanstack/react-query';
import { Button, Card, Progress, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { buildUrl, client } from '../../core/client';
import { formatDateTime } from '../../core/format';
import type { Job } from '../../core/jobs';

const COLORS: Record<Job['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', expired: 'default' };

/** The user's jobs, newest first; refreshed every 2 s while one is queued or running. */
export default function JobsPage() {
  const q = useQuery({
    queryKey: ['jobs'],
    queryFn: ({ signal }) => client.GET('/api/admin/jobs', { signal }),
    refetchInterval: (query) => (query.state.data?.data?.entries?.some((j) => j.status === 'queued' || j.status === 'running') ? 2000 : false),
  });
  const rows = q.data?.code === 200 ? q.data.data.entries : [];
  return (
    <Card title="Tác vụ">
      <Table<Job>
        rowKey="id"
        loading={q.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: 'Chưa có tác vụ nào' }}
        columns={[
          { title: 'Tác vụ', dataIndex: 'title' },
          { title: 'Bắt đầu lúc', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
          { title: 'Trạng thái', dataIndex: 'status', render: (_: unknown, j) => <Tag color={COLORS[j.status]}>{j.status_label}</Tag> },
          {
            title: 'Tiến độ',
            dataIndex: 'progress',
            render: (_: unknown, j) =>
              j.status === 'failed' ? (
                <span>{j.error}</span>
              ) : (
                <Progress
                  percent={j.status === 'done' ? 100 : j.progress}
                  size="small"
                  status={j.status === 'running' ? 'active' : undefined}
                  aria-label={`Tiến độ: ${j.title}`}
                />
              ),
          },
          {
            title: 'Kết quả',
            key: 'result',
            render: (_: unknown, j) =>
              j.status === 'done' && j.result?.page ? (
                // a job whose result is a screen of the app (a stamp run issued in the background)
                <Link to={j.result.url}>{j.result.label ?? 'Xem kết quả'}</Link>
              ) : j.status === 'done' && j.result ? (
                <Button type="link" href={buildUrl(j.result.url)} target="_blank" rel="noopener">
                  Tải về
                </Button>
              ) : j.status === 'expired' ? (
                'Đã hết hạn'
              ) : j.status === 'failed' ? (
                '—'
              ) : (
                'Đang chuẩn bị…'
              ),
          },
        ]}
      />
    </Card>
  );
}
