import { DownloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@nns/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Form, Input, Modal, Row, Space, Statistic, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { type AnswerData, buildUrl, client } from '../../core/client';
import { answerErrors, resultPopup, withLoading } from '../../core/feedback';
import { jobResult } from '../../core/jobs';
import { RefSelect } from '../../core/resource/ref-select';
import { useSession } from '../../core/session';

type StampStatistics = AnswerData<'/api/admin/stamp-statistics', 'get'>;
type Totals = StampStatistics['totals'][number];
type Job = StampStatistics['entries'][number];
type Marked = AnswerData<'/api/admin/stamp-statistics/marked', 'get'>['entries'][number];

const n = (v: number) => Number(v ?? 0).toLocaleString('vi-VN');
const SUMMARY: [keyof StampStatistics['summary'], string][] = [
  ['issued', 'Đã phát hành'],
  ['printed', 'Đã in'],
  ['activated', 'Đã kích hoạt'],
  ['scanned', 'Đã quét'],
  ['flagged', 'Nghi giả'],
  ['voided', 'Đã hủy'],
];

/**
 * Stamp statistics (issue 14 item 8): per product the stamps issued, printed, activated and scanned
 * over a period, and the history of print jobs; filters product, producer, ward, period; export.
 */
export function StampStatisticsPage() {
  const { can } = useSession();
  const [filters, setFilters] = useState<{ product_id?: number; manufacture_id?: number; ward_id?: number; from?: string; to?: string }>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const params = { ...filters, page, limit: size };
  const q = useQuery({
    queryKey: ['stamp-statistics', params],
    queryFn: ({ signal }) => client.GET('/api/admin/stamp-statistics', { params: { query: params }, signal }),
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const set = (k: keyof typeof filters, v: unknown) => {
    setFilters((f) => ({ ...f, [k]: v ?? undefined }));
    setPage(1);
  };
  const exportXlsx = async () => {
    const env = await jobResult<{ url: string }>(await withLoading(client.GET('/api/admin/stamp-statistics/export', { params: { query: filters } })));
    if (env?.code !== 200) return resultPopup(env);
    window.location.href = buildUrl(env.data.url);
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Thống kê tem">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label="Sản phẩm" htmlFor="stat-product">
            <RefSelect
              id="stat-product"
              resource="products"
              placeholder="Tất cả"
              allowClear
              style={{ width: 220 }}
              value={filters.product_id ?? null}
              onChange={(v) => set('product_id', v)}
            />
          </Form.Item>
          <Form.Item label="Cơ sở sản xuất" htmlFor="stat-manufacture">
            <RefSelect
              id="stat-manufacture"
              resource="manufactures"
              placeholder="Tất cả"
              allowClear
              style={{ width: 220 }}
              value={filters.manufacture_id ?? null}
              onChange={(v) => set('manufacture_id', v)}
            />
          </Form.Item>
          <Form.Item label="Phường/xã" htmlFor="stat-ward">
            <RefSelect
              id="stat-ward"
              resource="wards"
              placeholder="Tất cả"
              allowClear
              style={{ width: 200 }}
              value={filters.ward_id ?? null}
              onChange={(v) => set('ward_id', v)}
            />
          </Form.Item>
          <Form.Item label="Thời gian" htmlFor="stat-period">
            <DatePicker.RangePicker
              id={{ start: 'stat-period' }}
              format="DD/MM/YYYY"
              allowEmpty={[true, true]}
              placeholder={['Từ ngày', 'Đến ngày']}
              onChange={(r: [Dayjs | null, Dayjs | null] | null) => {
                setFilters((f) => ({ ...f, from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') }));
                setPage(1);
              }}
            />
          </Form.Item>
          {can('export', 'stamp_statistics') && (
            <Button icon={<DownloadOutlined />} onClick={() => void exportXlsx()}>
              Xuất Excel
            </Button>
          )}
        </Form>
        <Row gutter={16} style={{ marginTop: 16 }}>
          {SUMMARY.map(([k, label]) => (
            <Col key={k} xs={12} md={4}>
              <Statistic title={label} value={n(data?.summary?.[k] ?? 0)} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card title="Theo sản phẩm" size="small">
        <Table<Totals>
          rowKey="product_id"
          size="small"
          loading={q.isLoading}
          dataSource={data?.totals ?? []}
          pagination={false}
          locale={{ emptyText: 'Không có dữ liệu' }}
          scroll={{ x: 800 }}
          columns={[
            { title: 'STT', key: 'i', width: 60, render: (_v, _r, i) => i + 1 },
            { title: 'Sản phẩm', dataIndex: 'product_name' },
            { title: 'Cơ sở sản xuất', dataIndex: 'manufacture_name' },
            ...SUMMARY.map(([k, label]) => ({ title: label, dataIndex: k, align: 'right' as const, render: (v: number) => n(v) })),
            { title: 'Lượt quét', dataIndex: 'scans', align: 'right' as const, render: (v: number) => n(v) },
          ]}
        />
      </Card>
      <MarkedStamps filters={filters} />
      <Card title="Lịch sử in tem" size="small">
        <Table<Job>
          rowKey="id"
          size="small"
          loading={q.isLoading}
          dataSource={data?.entries ?? []}
          locale={{ emptyText: 'Không có dữ liệu' }}
          scroll={{ x: 800 }}
          pagination={{
            current: page,
            pageSize: size,
            total: data?.pagination?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            onChange: (p, s) => {
              setPage(p);
              setSize(s);
            },
          }}
          columns={[
            { title: 'STT', key: 'i', width: 60, render: (_v, _r, i) => (page - 1) * size + i + 1 },
            { title: 'Thời gian in', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
            { title: 'Đợt tem', dataIndex: 'stamp_name' },
            { title: 'Sản phẩm', dataIndex: 'product_name' },
            { title: 'Số sê-ri', key: 'serials', render: (_v, r) => `${r.serial_from} – ${r.serial_to}` },
            { title: 'Số tem', dataIndex: 'count', align: 'right', render: (v: number) => n(v) },
            { title: 'Số dòng', dataIndex: 'lines', align: 'right' },
            { title: 'Người in', dataIndex: 'created_by_name' },
          ]}
        />
      </Card>
    </Space>
  );
}

/**
 * Stamps whose scans look wrong (issue 28 §1): many distinct scanners (the public page asks to check
 * the seal) or reported as likely fake. An officer who may approve stamps clears the mark with a reason.
 */
function MarkedStamps({ filters }: { filters: { product_id?: number; manufacture_id?: number; ward_id?: number } }) {
  const { can } = useSession();
  const [page, setPage] = useState(1);
  const [clearing, setClearing] = useState<Marked | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const params = { product_id: filters.product_id, manufacture_id: filters.manufacture_id, ward_id: filters.ward_id, page, limit: 10 };
  const q = useQuery({
    queryKey: ['stamp-statistics', 'marked', params],
    queryFn: ({ signal }) => client.GET('/api/admin/stamp-statistics/marked', { params: { query: params }, signal }),
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const submit = async () => {
    if (!clearing) return;
    const env = await withLoading(
      client.PUT('/api/admin/stamps/{id}/codes/{serial}/clear-flag', {
        params: { path: { id: clearing.stamp_id, serial: clearing.serial } },
        body: form.getFieldsValue(),
      }),
    );
    const errors = env?.code === 400 ? answerErrors(env) : [];
    if (errors.length) {
      form.setFields(errors.filter((e) => e.field === 'reason').map((e) => ({ name: 'reason', errors: [e.message] })));
      return;
    }
    resultPopup(env);
    if (env?.code === 200) {
      setClearing(null);
      form.resetFields();
      void q.refetch();
    }
  };
  return (
    <Card title="Tem bị đánh dấu" size="small" data-testid="marked-stamps">
      <Table<Marked>
        rowKey={(r) => `${r.stamp_id}-${r.serial}`}
        size="small"
        loading={q.isLoading}
        dataSource={data?.entries ?? []}
        locale={{ emptyText: 'Không có tem bị đánh dấu' }}
        scroll={{ x: 800 }}
        pagination={{ current: page, pageSize: 10, total: data?.pagination?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: 'Số sê-ri', dataIndex: 'serial' },
          { title: 'Sản phẩm', dataIndex: 'product_name' },
          { title: 'Đợt tem', dataIndex: 'stamp_name' },
          {
            title: 'Đánh dấu',
            key: 'mark',
            render: (_v, r) => (r.flagged ? <Tag color="red">Nghi giả</Tag> : <Tag color="orange">Quét bất thường</Tag>),
          },
          { title: 'Số thiết bị quét', dataIndex: 'scanner_count', align: 'right', render: (v: number) => n(v) },
          { title: 'Lượt quét', dataIndex: 'scan_count', align: 'right', render: (v: number) => n(v) },
          { title: 'Từ lúc', dataIndex: 'anomaly_at', render: (v: string | null) => (v ? formatDateTime(v) : '') },
          ...(can('approve', 'stamps')
            ? [
                {
                  title: 'Thao tác',
                  key: 'actions',
                  render: (_v: unknown, r: Marked) => (
                    <Button size="small" onClick={() => setClearing(r)} aria-label={`Gỡ đánh dấu tem số ${r.serial}`}>
                      Gỡ đánh dấu
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={clearing !== null}
        title={clearing ? `Gỡ đánh dấu tem số ${clearing.serial}` : ''}
        okText="Gỡ đánh dấu"
        cancelText="Hủy"
        onOk={() => void submit()}
        onCancel={() => {
          setClearing(null);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <p>Sau khi gỡ, trang truy xuất công khai của tem trở lại bình thường. Lý do được ghi vào nhật ký hệ thống.</p>
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label="Lý do" required>
            <Input.TextArea rows={3} maxLength={500} placeholder="Ví dụ: đã kiểm tra tại điểm bán, tem niêm phong còn nguyên" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
