import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Form, Row, Space, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { MapEditor } from '../../components/map';
import { type AnswerData, buildUrl, client } from '../../core/client';
import { notify, withLoading } from '../../core/feedback';
import { formatDateTime, formatNumber, rowNumber } from '../../core/format';
import { jobResult } from '../../core/jobs';
import { loadingProps } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { RefSelect } from '../../core/resource/ref-select';
import { useSession } from '../../core/session';
import { ScansChart } from './scans-chart';

type Filters = { product_id?: number; manufacture_id?: number; ward_id?: number; from?: string; to?: string; page: number; limit: number };

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

function filtersOf(sp: URLSearchParams): Filters {
  return {
    product_id: num(sp.get('product_id')),
    manufacture_id: num(sp.get('manufacture_id')),
    ward_id: num(sp.get('ward_id')),
    from: day(sp.get('from')),
    to: day(sp.get('to')),
    page: num(sp.get('page')) ?? 1,
    limit: num(sp.get('limit')) ?? 10,
  };
}

function toSearch(f: Filters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null && !(k === 'page' && v === 1) && !(k === 'limit' && v === 10)) out[k] = String(v);
  return out;
}

type ScanStatisticsEntry = AnswerData<'/api/admin/scan-statistics', 'get'>['entries'][number];

const withoutPage = ({ page: _p, limit: _l, ...rest }: Filters) => rest;
const fmt = (n: number) => formatNumber(n, 0);

export default function ScanStatisticsPage() {
  const [sp, setSp] = useSearchParams();
  const f = filtersOf(sp);
  const { can } = useSession();
  const update = (patch: Partial<Filters>) => setSp(toSearch({ ...f, page: 1, ...patch }));
  const stats = useQuery({
    queryKey: queryKeys('scan-statistics').list(f),
    queryFn: ({ signal }) => client.GET('/api/admin/scan-statistics', { params: { query: f }, signal }),
    placeholderData: (prev) => prev,
  });
  const locations = useQuery({
    queryKey: queryKeys('scan-statistics').list({ ...withoutPage(f), locations: 1 }),
    queryFn: ({ signal }) => client.GET('/api/admin/scan-statistics/locations', { params: { query: withoutPage(f) }, signal }),
  });
  const data = stats.data?.code === 200 ? stats.data.data : undefined;
  const points = locations.data?.code === 200 ? (locations.data.data?.entries ?? []) : [];
  const period = data?.period;

  async function exportExcel() {
    const env = await jobResult<{ url: string }>(await withLoading(client.GET('/api/admin/scan-statistics/export', { params: { query: withoutPage(f) } })));
    if (env?.code === 200 && env.data?.url) window.location.href = buildUrl(env.data.url);
    else notify.error(env?.message || 'Không xuất được tệp Excel');
  }

  const range: [Dayjs, Dayjs] | null = period ? [dayjs(period.from), dayjs(period.to)] : null;
  return (
    <Card
      title="Thống kê lượt quét"
      extra={
        can('export', 'scan_statistics') ? (
          <Button onClick={exportExcel} data-testid="scan-export">
            Xuất Excel
          </Button>
        ) : undefined
      }
    >
      <Form layout="vertical">
        <Row gutter={12}>
          <Col xs={24} md={12} lg={6}>
            <Form.Item label="Sản phẩm" htmlFor="scan-product">
              <RefSelect
                id="scan-product"
                resource="products"
                value={f.product_id ?? null}
                onChange={(v) => update({ product_id: (v as number) ?? undefined })}
                placeholder="Tất cả sản phẩm"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <Form.Item label="Cơ sở sản xuất" htmlFor="scan-manufacture">
              <RefSelect
                id="scan-manufacture"
                resource="manufactures"
                value={f.manufacture_id ?? null}
                onChange={(v) => update({ manufacture_id: (v as number) ?? undefined })}
                placeholder="Tất cả cơ sở"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={5}>
            <Form.Item label="Phường/xã" htmlFor="scan-ward">
              <RefSelect
                id="scan-ward"
                resource="wards"
                value={f.ward_id ?? null}
                onChange={(v) => update({ ward_id: (v as number) ?? undefined })}
                placeholder="Tất cả phường/xã"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={7}>
            <Form.Item label="Khoảng thời gian" htmlFor="scan-period">
              <DatePicker.RangePicker
                id="scan-period"
                style={{ width: '100%' }}
                format="DD/MM/YYYY"
                allowClear={false}
                value={range}
                placeholder={['Từ ngày', 'Đến ngày']}
                onChange={(v) => v?.[0] && v[1] && update({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {stats.data && stats.data.code !== 200 && <Typography.Paragraph type="danger">{stats.data.message || 'Không tải được thống kê'}</Typography.Paragraph>}
      <Row gutter={12} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title="Lượt quét" value={fmt(data?.totals.scans ?? 0)} data-testid="total-scans" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Tem được kích hoạt (quét lần đầu)" value={fmt(data?.totals.first_scans ?? 0)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Tem nghi giả" value={fmt(data?.totals.flagged ?? 0)} valueStyle={data?.totals.flagged ? { color: '#cf1322' } : undefined} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Sản phẩm được quét" value={fmt(data?.totals.products ?? 0)} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Typography.Title level={5}>Lượt quét theo ngày</Typography.Title>
          {data && <ScansChart days={data.daily} />}
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>Vị trí quét (người tiêu dùng đồng ý chia sẻ): {fmt(points.length)}</Typography.Title>
          <MapEditor
            readOnly
            height={300}
            markers={points.map((p) => ({
              lat: p.lat,
              long: p.long,
              alert: p.flagged,
              title: `${p.product_name} · sê-ri ${p.serial} · ${formatDateTime(p.scanned_at)}${p.flagged ? ' · nghi giả' : ''}`,
            }))}
          />
        </Col>
      </Row>
      <Table<ScanStatisticsEntry>
        style={{ marginTop: 16 }}
        rowKey={(r) => `${r.product_id}-${r.manufacture_id}-${r.ward_id}`}
        size="middle"
        loading={loadingProps(stats.isFetching)}
        dataSource={data?.entries ?? []}
        locale={{ emptyText: 'Không có dữ liệu' }}
        scroll={{ x: 760 }}
        pagination={{
          current: f.page,
          pageSize: f.limit,
          total: data?.pagination.total ?? 0,
          showTotal: (t) => `Tổng ${t} bản ghi`,
          onChange: (page, limit) => update({ page: limit !== f.limit ? 1 : page, limit }),
        }}
        columns={[
          { title: 'STT', width: 56, render: (_, __, i) => rowNumber(f.page, f.limit, i) },
          { title: 'Sản phẩm', dataIndex: 'product_name' },
          { title: 'Cơ sở sản xuất', dataIndex: 'manufacture_name', render: (v) => v ?? '' },
          { title: 'Phường/xã', dataIndex: 'ward_name', render: (v) => v ?? '' },
          { title: 'Lượt quét', dataIndex: 'scans', align: 'right', width: 110, render: fmt },
          { title: 'Quét lần đầu', dataIndex: 'first_scans', align: 'right', width: 120, render: fmt },
          {
            title: 'Tem nghi giả',
            dataIndex: 'flagged',
            align: 'right',
            width: 120,
            render: (v: number) => (v ? <Typography.Text type="danger">{fmt(v)}</Typography.Text> : fmt(v)),
          },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">Số liệu theo ngày giờ Việt Nam (UTC+7), từ bảng tổng hợp theo ngày.</Typography.Text>
      </Space>
    </Card>
  );
}
