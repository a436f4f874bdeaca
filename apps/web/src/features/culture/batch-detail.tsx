import { formatDateTime } from '@nns/shared';
import { BATCH_STATUS, BATCH_STATUS_ORDER, batchStatusLabel, dayText, nextBatchStatus } from '@nns/shared/culture';
import { resourceByName } from '@nns/shared/registry';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Form, InputNumber, List, Modal, Space, Steps, Tag, Timeline, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type AnswerData, client } from '../../core/client';
import { confirmDialog, resultPopup, withLoading } from '../../core/feedback';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { ResourceDetail } from '../../core/resource';
import { renderValue } from '../../core/resource/display';
import { useSession } from '../../core/session';

const batches = resourceByName.batches;
const diaries = resourceByName.diaries;

type TimelineStage = AnswerData<'/api/admin/batches/timeline/{id}', 'get'>['timeline'][number];

/** The server's first page of a batch's diaries; the next pages come from the diaries list in the same order. */
const DIARIES_PAGE = 20;

const span = (a: string | null, b: string | null) => (a ? (b && b !== a ? `${dayText(a)} – ${dayText(b)}` : dayText(a)) : 'chưa có');
const STATE: Record<TimelineStage['state'], { color: string; label: string }> = {
  done: { color: 'green', label: 'Đã xong' },
  in_progress: { color: 'blue', label: 'Đang thực hiện' },
  pending: { color: 'gray', label: 'Chưa bắt đầu' },
};

/** The one forward move of a batch; the harvest asks for its day and yield. */
function StatusMove({ entry, onDone }: { entry: Record<string, unknown>; onDone: () => void }) {
  const { can } = useSession();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ harvest_date?: Dayjs; actual_yield?: number }>();
  const next = nextBatchStatus(entry.status);
  if (!next || !can('update', 'manufacturing_batches')) return null;
  const send = async (body: { harvest_date?: string; actual_yield?: number }) => {
    const env = await withLoading(
      client.PUT('/api/admin/batches/change-status/{id}', { params: { path: { id: Number(entry.id) } }, body: { status: next, ...body } }),
    );
    resultPopup(env);
    if (env?.code === 200) {
      setOpen(false);
      onDone();
    }
  };
  const label = `Chuyển sang "${batchStatusLabel(next)}"`;
  const click = async () => {
    if (next === 'harvested') return setOpen(true);
    if (await confirmDialog({ title: `${label}?`, content: next === 'closed' ? 'Lô đã đóng sẽ không sửa được nữa.' : undefined })) await send({});
  };
  return (
    <>
      <Button type="primary" onClick={() => void click()}>
        {label}
      </Button>
      <Modal
        open={open}
        title="Ghi nhận thu hoạch"
        okText="Đồng ý!"
        cancelText="Không đồng ý!"
        onCancel={() => setOpen(false)}
        onOk={() => {
          const v = form.getFieldsValue();
          void send({
            ...(v.harvest_date ? { harvest_date: `${v.harvest_date.format('YYYY-MM-DD')}T00:00:00Z` } : {}),
            ...(v.actual_yield != null ? { actual_yield: v.actual_yield } : {}),
          });
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="harvest_date" label="Ngày thu hoạch" extra="Để trống: hôm nay">
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder="Chọn ngày" />
          </Form.Item>
          <Form.Item name="actual_yield" label="Sản lượng thực tế">
            <InputNumber min={0} style={{ width: '100%' }} decimalSeparator="," />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function StageTimeline({ stages }: { stages: TimelineStage[] }) {
  if (!stages.length) return <Empty description="Lô chưa gắn quy trình nên chưa có dòng thời gian công đoạn" />;
  return (
    <Timeline
      items={stages.map((s) => ({
        color: s.late ? 'red' : STATE[s.state].color,
        children: (
          <div data-testid="timeline-stage">
            <Space wrap size={4}>
              <Typography.Text strong>
                {s.position}. {s.name}
              </Typography.Text>
              <Tag color={STATE[s.state].color === 'gray' ? 'default' : STATE[s.state].color}>{STATE[s.state].label}</Tag>
              {s.late && <Tag color="red">Trễ kế hoạch</Tag>}
            </Space>
            <div>
              <Typography.Text type="secondary">Kế hoạch: </Typography.Text>
              {span(s.planned_start, s.planned_end)} ({s.duration_days} ngày)
            </div>
            <div>
              <Typography.Text type="secondary">Thực tế: </Typography.Text>
              {span(s.actual_start, s.actual_end)} · {s.diary_count} nhật ký
            </div>
          </div>
        ),
      }))}
    />
  );
}

function DiaryList({ first, total, batchId, closed }: { first: Record<string, unknown>[]; total: number; batchId: number; closed: boolean }) {
  const { can } = useSession();
  const [page, setPage] = useState(1);
  const params = { batch_id: batchId, sort: 'performed_at', limit: DIARIES_PAGE, page };
  const more = useQuery({
    queryKey: queryKeys('diaries').list(params),
    queryFn: ({ signal }) => client.GET('/api/admin/diaries', { params: { query: params }, signal }),
    enabled: page > 1,
  });
  const rows = page === 1 ? first : more.data?.code === 200 ? more.data.data.entries : [];
  return (
    <Card
      title={`Nhật ký sản xuất (${total})`}
      variant="borderless"
      extra={
        !closed && can('create', 'diaries') ? (
          <Link to={`${diaries.route}/create?batch_id=${batchId}`}>
            <Button type="primary">Ghi nhật ký</Button>
          </Link>
        ) : null
      }
    >
      <List
        dataSource={rows}
        loading={page > 1 && more.isLoading}
        locale={{ emptyText: 'Chưa có nhật ký' }}
        pagination={
          total > DIARIES_PAGE
            ? { current: page, pageSize: DIARIES_PAGE, total, onChange: setPage, showSizeChanger: false, align: 'center', size: 'small' }
            : false
        }
        renderItem={(d) => (
          <List.Item
            key={String(d.id)}
            actions={
              can('update', 'diaries') && !closed
                ? [
                    <Link key="edit" to={`${diaries.route}/${d.id}/edit`}>
                      Sửa
                    </Link>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space wrap size={4}>
                  <span>{formatDateTime(d.performed_at as string)}</span>
                  {renderValue(d, 'activity', diaries.fields.activity, 'list')}
                  {d.is_traceable ? <Tag color="cyan">Hiện trên trang truy xuất</Tag> : null}
                </Space>
              }
              description={
                <Space direction="vertical" size={2}>
                  <span>
                    {(d.stage as { name?: string } | null)?.name ?? 'Không gắn công đoạn'}
                    {(d.labor as { full_name?: string } | null)?.full_name ? ` · ${(d.labor as { full_name: string }).full_name}` : ''}
                  </span>
                  {d.inputs ? renderValue(d, 'inputs', diaries.fields.inputs, 'list') : null}
                  {d.note ? <Typography.Text>{String(d.note)}</Typography.Text> : null}
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** A batch: its fields, the forward status move, the stage timeline, the earliest safe harvest day and its diaries. */
export function BatchDetailPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const tl = useQuery({
    queryKey: [...queryKeys('batches').all, 'timeline', id],
    queryFn: ({ signal }) => client.GET('/api/admin/batches/timeline/{id}', { params: { path: { id: Number(id) } }, signal }),
    staleTime: 0,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys('batches').all });
  const data = tl.data?.code === 200 ? tl.data.data : null;
  const closed = data?.entry.status === 'closed';
  const safe = data?.safe_harvest;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <ResourceDetail key={id} def={batches} id={id} />
      {data && (
        <Card title="Trạng thái lô" variant="borderless" extra={<StatusMove entry={data.entry} onDone={refresh} />}>
          <Steps size="small" current={BATCH_STATUS_ORDER.indexOf(String(data.entry.status))} items={BATCH_STATUS.map((o) => ({ title: o.label }))} />
        </Card>
      )}
      {tl.isLoading && <LoadingBlock />}
      {data && (
        <>
          {safe?.safe_date ? (
            <Alert
              type={data.entry.status === 'in_production' ? 'warning' : 'info'}
              showIcon
              data-testid="safe-harvest"
              message={`Ngày thu hoạch an toàn sớm nhất: ${dayText(safe.safe_date)}`}
              description={`Theo lần dùng ${safe.product} ngày ${formatDateTime(safe.applied_at, 'DD/MM/YYYY')}, thời gian cách ly ${safe.phi_days} ngày.`}
            />
          ) : (
            <Alert type="success" showIcon message="Chưa ghi nhận thuốc bảo vệ thực vật có thời gian cách ly" />
          )}
          <Card title="Dòng thời gian công đoạn" variant="borderless">
            <StageTimeline stages={data.timeline} />
          </Card>
          {data.diaries && <DiaryList first={data.diaries} total={data.diaries_total ?? data.diaries.length} batchId={Number(data.entry.id)} closed={closed} />}
        </>
      )}
    </Space>
  );
}
