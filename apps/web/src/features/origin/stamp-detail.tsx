import { type EnumOption, formatDateTime } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { STAMP_CODE_STATUS, STAMP_RUN_STATUS, type StampCodeStatus } from '@nns/shared/traceability';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type AnswerData, buildUrl, client } from '../../core/client';
import { answerErrors, confirmDialog, resultPopup, withLoading } from '../../core/feedback';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { useSession } from '../../core/session';
import { StampDesigner } from './stamp-designer';

const stamps = resourceByName.stamps;
const tagOf = (options: EnumOption[], v: unknown) => {
  const o = options.find((x) => x.value === v);
  return <Tag color={o?.color}>{o?.label ?? String(v ?? '')}</Tag>;
};

type CodeRow = AnswerData<'/api/admin/stamps/{id}/codes', 'get'>['entries'][number];
type JobRow = AnswerData<'/api/admin/stamps/{id}/print-jobs', 'get'>['entries'][number];
type StampRun = AnswerData<'/api/admin/stamps/{id}', 'get'>['entry'];
const isCodeStatus = (v: unknown): v is StampCodeStatus => STAMP_CODE_STATUS.some((o) => o.value === v);
const VOID_FIELDS = ['serial_from', 'serial_to', 'reason'] as const;
const isVoidField = (f: string): f is (typeof VOID_FIELDS)[number] => VOID_FIELDS.some((x) => x === f);

/** The run's stamps, page by page, with their status; voiding a serial range or the whole run. */
function CodesTab({ run, onChanged }: { run: StampRun; onChanged: () => void }) {
  const { can } = useSession();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [status, setStatus] = useState<StampCodeStatus | undefined>();
  const [voiding, setVoiding] = useState(false);
  const [form] = Form.useForm<{ serial_from?: number; serial_to?: number; reason?: string }>();
  const codes = useQuery({
    queryKey: [...queryKeys('stamps').detail(run.id), 'codes', page, size, status ?? ''],
    queryFn: ({ signal }) =>
      client.GET('/api/admin/stamps/{id}/codes', { params: { path: { id: run.id }, query: { page, limit: size, ...(status ? { status } : {}) } }, signal }),
  });
  const data = codes.data?.code === 200 ? codes.data.data : null;
  const submitVoid = async () => {
    const v = form.getFieldsValue();
    const whole = v.serial_from == null && v.serial_to == null;
    if (!(await confirmDialog({ title: whole ? 'Hủy toàn bộ tem của đợt này?' : `Hủy các tem số sê-ri ${v.serial_from} – ${v.serial_to}?`, danger: true })))
      return;
    const env = await withLoading(
      client.PUT('/api/admin/stamps/void/{id}', { params: { path: { id: run.id } }, body: { ...v, reason: v.reason || undefined } }),
    );
    const errors = env?.code === 400 ? answerErrors(env) : [];
    if (errors.length) {
      form.setFields(errors.flatMap((e) => (isVoidField(e.field) ? [{ name: e.field, errors: [e.message] }] : [])));
      return;
    }
    resultPopup(env);
    if (env?.code === 200) {
      setVoiding(false);
      form.resetFields();
      onChanged();
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder="Trạng thái tem"
          aria-label="Lọc theo trạng thái tem"
          style={{ width: 200 }}
          value={status}
          onChange={(v) => {
            setStatus(isCodeStatus(v) ? v : undefined);
            setPage(1);
          }}
          options={STAMP_CODE_STATUS.map((o) => ({ value: o.value, label: o.label }))}
        />
        {can('update', 'stamps') && run.status !== 'voided' && (
          <Button danger onClick={() => setVoiding(true)}>
            Hủy tem
          </Button>
        )}
      </Space>
      <Table<CodeRow>
        rowKey="id"
        size="small"
        loading={codes.isLoading}
        dataSource={data?.entries ?? []}
        pagination={{
          current: page,
          pageSize: size,
          total: data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, s) => {
            setPage(p);
            setSize(s);
          },
          showTotal: (n) => `Tổng ${n.toLocaleString('vi-VN')} tem`,
        }}
        columns={[
          { title: 'STT', key: 'n', width: 70, render: (_v, _r, i) => (page - 1) * size + i + 1 },
          { title: 'Số sê-ri', dataIndex: 'serial', width: 120 },
          {
            title: 'Mã tem',
            dataIndex: 'code',
            render: (c: string, r) => (
              <a href={r.url} target="_blank" rel="noreferrer">
                <Typography.Text code>{c}</Typography.Text>
              </a>
            ),
          },
          { title: 'Trạng thái', dataIndex: 'status', width: 150, render: (v) => tagOf(STAMP_CODE_STATUS, v) },
          { title: 'Ngày in', dataIndex: 'printed_at', width: 160, render: (v) => (v ? formatDateTime(v) : '') },
          { title: 'Lượt quét', dataIndex: 'scan_count', width: 100, render: (v, r) => (r.flagged ? <Tag color="red">{v} (nghi giả)</Tag> : v) },
        ]}
      />
      <Modal
        open={voiding}
        title="Hủy tem"
        okText="Đồng ý!"
        cancelText="Không đồng ý!"
        okButtonProps={{ danger: true }}
        onCancel={() => setVoiding(false)}
        onOk={() => void submitVoid()}
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`Để trống số sê-ri để hủy cả đợt (${run.serial_from} – ${run.serial_to}). Tem đã hủy không mở được trang truy xuất.`}
        />
        <Form form={form} layout="vertical">
          <Space>
            <Form.Item name="serial_from" label="Số sê-ri từ">
              <InputNumber min={run.serial_from ?? undefined} max={run.serial_to ?? undefined} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="serial_to" label="Số sê-ri đến">
              <InputNumber min={run.serial_from ?? undefined} max={run.serial_to ?? undefined} style={{ width: 180 }} />
            </Form.Item>
          </Space>
          <Form.Item name="reason" label="Lý do">
            <Input maxLength={500} placeholder="VD: Tem in lỗi, thất lạc" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** A fresh link to a printed sheet (the old one expired), opened in a new tab. */
async function reopen(jobId: number) {
  const env = await withLoading(client.POST('/api/admin/stamps/print-jobs/{id}/link', { params: { path: { id: jobId } } }));
  if (env?.code !== 200) return resultPopup(env);
  window.open(buildUrl(env.data.url), '_blank', 'noopener');
}

/** Every sheet printed from the run: who, when, which serials, on which paper; the PDF opens again. */
function JobsTab({ runId }: { runId: number }) {
  const jobs = useQuery({
    queryKey: [...queryKeys('stamps').detail(runId), 'print-jobs'],
    queryFn: ({ signal }) => client.GET('/api/admin/stamps/{id}/print-jobs', { params: { path: { id: runId } }, signal }),
    staleTime: 0,
  });
  return (
    <Table<JobRow>
      rowKey="id"
      size="small"
      loading={jobs.isLoading}
      dataSource={jobs.data?.code === 200 ? jobs.data.data.entries : []}
      locale={{ emptyText: 'Chưa in lần nào' }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      columns={[
        { title: 'STT', key: 'n', width: 70, render: (_v, _r, i) => i + 1 },
        { title: 'Thời gian in', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
        { title: 'Số sê-ri', key: 'serials', render: (_v, r) => `${r.serial_from} – ${r.serial_to}` },
        { title: 'Số tem', dataIndex: 'count', align: 'right' },
        { title: 'Số dòng', dataIndex: 'lines', align: 'right' },
        { title: 'Khổ giấy', key: 'paper', render: (_v, r) => (r.layout?.paper === 'roll' ? 'Cuộn tem' : 'A4') },
        { title: 'Người in', dataIndex: 'created_by_name' },
        {
          title: 'Tệp PDF',
          key: 'url',
          // a sheet's link lives an hour: an expired one is renewed on the click
          render: (_v, r) =>
            r.url ? (
              <a href={buildUrl(r.url)} target="_blank" rel="noreferrer">
                Mở lại
              </a>
            ) : r.has_file ? (
              <Button type="link" size="small" onClick={() => reopen(r.id)}>
                Mở lại
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

/** A run: what it is, its print designer and sheets, its codes. */
export function StampDetailPage() {
  const { id } = useParams();
  const qc = useQueryClient();
  const keys = queryKeys('stamps');
  const runId = Number(id);
  const run = useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: ({ signal }) => client.GET('/api/admin/stamps/{id}', { params: { path: { id: runId } }, signal }),
    staleTime: 0,
  });
  const printData = useQuery({
    queryKey: [...keys.detail(id ?? ''), 'print-data'],
    queryFn: ({ signal }) => client.GET('/api/admin/stamps/print-data/{id}', { params: { path: { id: runId } }, signal }),
    staleTime: 0,
  });
  const first = useQuery({
    queryKey: [...keys.detail(id ?? ''), 'first-code'],
    queryFn: ({ signal }) => client.GET('/api/admin/stamps/{id}/codes', { params: { path: { id: runId }, query: { limit: 1 } }, signal }),
  });
  if (run.isLoading || printData.isLoading) return <LoadingBlock />;
  if (run.data?.code !== 200 || printData.data?.code !== 200) return <Alert type="error" showIcon message={run.data?.message ?? 'Không tải được đợt tem'} />;
  const r = run.data.data.entry;
  const pd = printData.data.data.entry;
  const refresh = () => qc.invalidateQueries({ queryKey: keys.all });
  const firstCode = first.data?.code === 200 ? first.data.data.entries[0] : undefined;
  const sampleUrl = firstCode?.url ?? `${window.location.origin}/truy-xuat/0000000000000`;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={`Đợt tem: ${r.name ?? `#${r.id}`}`}
        extra={
          <Link to={stamps.route}>
            <Button>Quay lại</Button>
          </Link>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="Sản phẩm">{pd.product.name}</Descriptions.Item>
          <Descriptions.Item label="Hồ sơ truy xuất">{r.trace?.code ?? 'Không có'}</Descriptions.Item>
          <Descriptions.Item label="Trạng thái">{tagOf(STAMP_RUN_STATUS, r.status)}</Descriptions.Item>
          <Descriptions.Item label="Số lượng">{Number(r.quantity).toLocaleString('vi-VN')}</Descriptions.Item>
          <Descriptions.Item label="Số sê-ri">
            {r.serial_from} – {r.serial_to}
          </Descriptions.Item>
          <Descriptions.Item label="Đã in / đã hủy">
            {Number(r.printed_count ?? 0).toLocaleString('vi-VN')} / {Number(r.voided_count ?? 0).toLocaleString('vi-VN')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          items={[
            {
              key: 'design',
              label: 'Thiết kế và in tem',
              children: (
                <StampDesigner
                  key={r.id}
                  runId={Number(r.id)}
                  initial={pd.stamp}
                  productName={pd.product.name}
                  packagingDate={pd.packaging_date}
                  sampleUrl={sampleUrl}
                  sampleSerial={firstCode?.serial ?? r.serial_from ?? 1}
                  disabled={r.status === 'voided'}
                  left={Math.max(Number(r.quantity) - Number(r.printed_count ?? 0) - Number(r.voided_count ?? 0), 0)}
                  onPrinted={refresh}
                />
              ),
            },
            { key: 'codes', label: 'Danh sách mã tem', children: <CodesTab run={r} onChanged={refresh} /> },
            { key: 'jobs', label: 'Lịch sử in', children: <JobsTab runId={Number(r.id)} /> },
          ]}
        />
      </Card>
    </Space>
  );
}
