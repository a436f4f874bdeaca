import { useQuery } from '@tanstack/react-query';
import { Button, Card, Collapse, Descriptions, Drawer, Grid, List, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { client } from '../../core/client';
import { actionLabel, formatDateTime, rowNumber, subjectLabel } from '../../core/format';
import { loadingProps } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { vnDayEnd, vnDayStart } from '../../core/vn-time';
import { LogDiff } from './log-diff';
import { LogFiltersForm } from './log-filters';
import { filtersFromSearch, filtersToSearch, type LogEntry, type LogFilters, REFUSED_SIGN_INS } from './log-types';

/** A date-only filter bound at UTC+7 (the officer's day), as the server reads `from`/`to`. */
export function toApiParams(f: LogFilters): Record<string, unknown> {
  return {
    ...f,
    from: f.from ? vnDayStart(f.from) : undefined,
    to: f.to ? vnDayEnd(f.to) : undefined,
  };
}

/** What a row says: the server's sentence, or (an older server) action and subject. */
export const sentenceOf = (r: LogEntry) => r.sentence || `${r.actor_username ?? 'Hệ thống'} · ${actionLabel(r.action)} ${subjectLabel(r.subject)}`;

/** a refused sign-in in a dark red that keeps 4.5:1 on white (antd's error red is 3.3:1) */
const REFUSED_STYLE = { color: '#cf1322' };

const refused = (r: LogEntry) => r.action === 'login-failed' || r.action === 'login-throttled';

const wrap = (v: string) => <span style={{ overflowWrap: 'anywhere' }}>{v}</span>;

/** The changed fields under their labels, values as shown on screen. */
function ChangesTable({ entry }: { entry: LogEntry }) {
  const changes = entry.changes ?? [];
  if (!changes.length) return null;
  const hasBefore = changes.some((c) => c.before !== '');
  const hasAfter = changes.some((c) => c.after !== '');
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={changes}
      // values wrap inside the screen (a phone too) rather than scroll sideways
      tableLayout="fixed"
      columns={[
        { title: 'Trường', dataIndex: 'label', width: '34%' },
        ...(hasBefore ? [{ title: 'Trước', dataIndex: 'before', render: wrap }] : []),
        ...(hasAfter ? [{ title: hasBefore ? 'Sau' : 'Giá trị', dataIndex: 'after', render: wrap }] : []),
      ]}
    />
  );
}

export default function LogsPage() {
  const [sp, setSp] = useSearchParams();
  const filters = filtersFromSearch(sp);
  const [open, setOpen] = useState<LogEntry | null>(null);
  const q = useQuery({
    queryKey: queryKeys('system-logs').list(filters as unknown as Record<string, unknown>),
    queryFn: ({ signal }) => client.GET('/api/admin/system/logs', { params: { query: toApiParams(filters) }, signal }),
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
  const onlyRefused = filters.action === REFUSED_SIGN_INS;
  // a phone reads the log as a list of sentences, not a table wider than the screen
  const narrow = Grid.useBreakpoint().md === false;
  const refusedSwitch = (
    <Button
      type={onlyRefused ? 'primary' : 'default'}
      danger={onlyRefused}
      onClick={() => update({ action: onlyRefused ? undefined : REFUSED_SIGN_INS, subject: undefined, page: 1 })}
    >
      {onlyRefused ? 'Xem mọi hoạt động' : 'Đăng nhập thất bại'}
    </Button>
  );
  const pagination = {
    current: filters.page,
    pageSize: filters.limit,
    total: data?.pagination.total ?? 0,
    showSizeChanger: !narrow,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (t: number) => `Tổng ${t}${data?.pagination.total_is_estimate ? '+' : ''} bản ghi`,
    onChange: (page: number, limit: number) => update({ page: limit !== filters.limit ? 1 : page, limit }),
  };

  return (
    <Card className="logs-page" title="Nhật ký hệ thống" extra={narrow ? undefined : refusedSwitch}>
      {narrow && <div style={{ marginBottom: 12 }}>{refusedSwitch}</div>}
      <LogFiltersForm value={filters} onChange={update} actors={actors} />
      {q.data && !ok && Object.keys(q.data).length > 0 && (
        <Typography.Paragraph type="danger">{q.data.message || 'Không tải được nhật ký'}</Typography.Paragraph>
      )}
      {narrow ? (
        <List<LogEntry>
          loading={q.isFetching}
          dataSource={data?.entries ?? []}
          locale={{ emptyText: 'Không có dữ liệu' }}
          pagination={{ ...pagination, size: 'small', align: 'center' }}
          renderItem={(r) => (
            <List.Item onClick={() => setOpen(r)} style={{ cursor: 'pointer', display: 'block' }} data-testid="log-item">
              <Typography.Text style={refused(r) ? REFUSED_STYLE : undefined}>{sentenceOf(r)}</Typography.Text>
              <div style={{ marginTop: 4, fontSize: 13, color: '#595959' }}>
                {formatDateTime(r.at)}
                {r.actor_username ? ` · ${r.actor_username}` : ''}
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Table<LogEntry>
          rowKey="id"
          size="middle"
          loading={loadingProps(q.isFetching)}
          dataSource={data?.entries ?? []}
          locale={{ emptyText: 'Không có dữ liệu' }}
          scroll={{ x: 760 }}
          onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
          pagination={pagination}
          columns={[
            { title: 'STT', width: 56, render: (_, __, i) => rowNumber(filters.page, filters.limit, i) },
            { title: 'Thời gian', dataIndex: 'at', width: 140, render: (v) => formatDateTime(v) },
            {
              title: 'Nội dung',
              key: 'sentence',
              render: (_, r) => (
                <Typography.Text style={refused(r) ? REFUSED_STYLE : undefined} data-testid="log-sentence">
                  {sentenceOf(r)}
                </Typography.Text>
              ),
            },
            {
              title: 'Người thực hiện',
              dataIndex: 'actor_username',
              width: 170,
              render: (v, r) =>
                v && r.actor_id != null ? (
                  <Typography.Link
                    title="Lọc theo người này"
                    onClick={(e) => {
                      e.stopPropagation();
                      update({ actor_id: r.actor_id as number, page: 1 });
                    }}
                  >
                    {v}
                  </Typography.Link>
                ) : v ? (
                  // a sign-in that failed: the name tried, which is no verified user
                  <span title="Tên đăng nhập đã thử">{v}</span>
                ) : (
                  'Hệ thống'
                ),
            },
            {
              title: '',
              width: 110,
              render: (_, r) => (
                <Button
                  size="small"
                  onClick={(e) => {
                    e.stopPropagation();
                    setOpen(r);
                  }}
                >
                  Xem chi tiết
                </Button>
              ),
            },
          ]}
        />
      )}
      <Drawer width="min(880px, 100vw)" open={!!open} onClose={() => setOpen(null)} title="Chi tiết hoạt động" destroyOnHidden>
        {open && (
          <>
            <Typography.Paragraph strong style={{ fontSize: 16 }} data-testid="log-detail-sentence">
              {sentenceOf(open)}
            </Typography.Paragraph>
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="Thời gian">{formatDateTime(open.at)}</Descriptions.Item>
              <Descriptions.Item label="Người thực hiện">{open.actor_username ?? 'Hệ thống'}</Descriptions.Item>
              <Descriptions.Item label="Hành động">{actionLabel(open.action)}</Descriptions.Item>
              <Descriptions.Item label="Đối tượng">{open.subject === 'auth' ? 'Đăng nhập' : subjectLabel(open.subject)}</Descriptions.Item>
            </Descriptions>
            <ChangesTable entry={open} />
            <Collapse
              style={{ marginTop: 16 }}
              items={[
                {
                  key: 'tech',
                  label: 'Chi tiết kỹ thuật',
                  children: (
                    <>
                      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
                        <Descriptions.Item label="Đường dẫn">
                          {open.method} {open.path}
                        </Descriptions.Item>
                        <Descriptions.Item label="Mã kết quả">{open.code ?? '—'}</Descriptions.Item>
                        <Descriptions.Item label="Địa chỉ IP">{open.ip ?? '—'}</Descriptions.Item>
                        <Descriptions.Item label="Trình duyệt">{open.user_agent ?? '—'}</Descriptions.Item>
                        <Descriptions.Item label="Mã bản ghi">{open.record_id ?? '—'}</Descriptions.Item>
                      </Descriptions>
                      <LogDiff before={open.before} after={open.after} />
                    </>
                  ),
                },
              ]}
            />
          </>
        )}
      </Drawer>
    </Card>
  );
}
