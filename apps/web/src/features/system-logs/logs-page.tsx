import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { loadingProps } from '../../app/loading';
import { api } from '../../core/api';
import type { ListData } from '../../core/api-types';
import { actionLabel, formatDateTime, rowNumber, subjectLabel } from '../../core/format';
import { queryKeys } from '../../core/query';
import { vnDayEnd, vnDayStart } from '../../core/vn-time';
import { LogDiff } from './log-diff';
import { LogFiltersForm } from './log-filters';
import { filtersFromSearch, filtersToSearch, type LogEntry, type LogFilters } from './log-types';

/** A date-only filter bound at UTC+7 (the officer's day), as the server reads `from`/`to`. */
export function toApiParams(f: LogFilters): Record<string, unknown> {
  return {
    ...f,
    from: f.from ? vnDayStart(f.from) : undefined,
    to: f.to ? vnDayEnd(f.to) : undefined,
  };
}

const codeColor = (c: number | null) => (c == null ? 'default' : c < 300 ? 'green' : c < 500 ? 'orange' : 'red');

export default function LogsPage() {
  const [sp, setSp] = useSearchParams();
  const filters = filtersFromSearch(sp);
  const [open, setOpen] = useState<LogEntry | null>(null);
  const q = useQuery({
    queryKey: queryKeys('system-logs').list(filters as unknown as Record<string, unknown>),
    queryFn: ({ signal }) => api.get<ListData<LogEntry>>('/api/admin/system/logs', { params: toApiParams(filters), signal }),
    placeholderData: (prev) => prev,
  });
  const ok = q.data?.code === 200;
  const data = ok ? q.data?.data : undefined;
  const update = (patch: Partial<LogFilters>) => setSp(filtersToSearch({ ...filters, ...patch }));
  // the actors of the rows shown: the user filter's choices for a viewer who may not list users
  const actors = useMemo(
    () => (data?.entries ?? []).filter((e) => e.actor_id != null).map((e) => ({ id: e.actor_id as number, username: e.actor_username })),
    [data?.entries],
  );

  return (
    <Card title="Nhật ký hệ thống">
      <LogFiltersForm value={filters} onChange={update} actors={actors} />
      {q.data && !ok && Object.keys(q.data).length > 0 && (
        <Typography.Paragraph type="danger">{q.data.message || 'Không tải được nhật ký'}</Typography.Paragraph>
      )}
      <Table<LogEntry>
        rowKey="id"
        size="middle"
        loading={loadingProps(q.isFetching)}
        dataSource={data?.entries ?? []}
        locale={{ emptyText: 'Không có dữ liệu' }}
        scroll={{ x: 900 }}
        pagination={{
          current: filters.page,
          pageSize: filters.limit,
          total: data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => `Tổng ${t}${data?.pagination.total_is_estimate ? '+' : ''} bản ghi`,
          onChange: (page, limit) => update({ page: limit !== filters.limit ? 1 : page, limit }),
        }}
        columns={[
          { title: 'STT', width: 64, render: (_, __, i) => rowNumber(filters.page, filters.limit, i) },
          { title: 'Thời gian', dataIndex: 'at', width: 150, render: (v) => formatDateTime(v) },
          {
            title: 'Người thực hiện',
            dataIndex: 'actor_username',
            render: (v, r) =>
              v && r.actor_id != null ? (
                <Typography.Link title="Lọc theo người này" onClick={() => update({ actor_id: r.actor_id as number, page: 1 })}>
                  {v}
                </Typography.Link>
              ) : v ? (
                // a sign-in that failed: the name tried, which is no verified user
                <Typography.Text type="secondary" title="Tên đăng nhập đã thử">
                  {v}
                </Typography.Text>
              ) : (
                'Hệ thống'
              ),
          },
          { title: 'Hành động', dataIndex: 'action', render: (v) => actionLabel(v) },
          { title: 'Đối tượng', dataIndex: 'subject', render: (v) => subjectLabel(v) },
          { title: 'Bản ghi', dataIndex: 'record_id', width: 90, render: (v) => v ?? '' },
          { title: 'Kết quả', dataIndex: 'code', width: 90, render: (v) => <Tag color={codeColor(v)}>{v ?? '—'}</Tag> },
          {
            title: '',
            width: 110,
            render: (_, r) => (
              <Button size="small" onClick={() => setOpen(r)}>
                Xem chi tiết
              </Button>
            ),
          },
        ]}
      />
      <Drawer width={880} open={!!open} onClose={() => setOpen(null)} title="Chi tiết thay đổi" destroyOnHidden>
        {open && (
          <>
            <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="Thời gian">{formatDateTime(open.at)}</Descriptions.Item>
              <Descriptions.Item label="Người thực hiện">{open.actor_username ?? 'Hệ thống'}</Descriptions.Item>
              <Descriptions.Item label="Hành động">{actionLabel(open.action)}</Descriptions.Item>
              <Descriptions.Item label="Đối tượng">{subjectLabel(open.subject)}</Descriptions.Item>
              <Descriptions.Item label="Đường dẫn" span={2}>
                {open.method} {open.path}
              </Descriptions.Item>
              <Descriptions.Item label="Địa chỉ IP">{open.ip}</Descriptions.Item>
              <Descriptions.Item label="Mã kết quả">{open.code}</Descriptions.Item>
            </Descriptions>
            <LogDiff before={open.before} after={open.after} />
          </>
        )}
      </Drawer>
    </Card>
  );
}
