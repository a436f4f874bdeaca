import { FileExcelOutlined } from '@ant-design/icons';
import { levelColor, levelLabel, type MonitoringType, officialCategory } from '@nns/shared/monitoring';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, List, Row, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type AnswerData, buildUrl, client } from '../../core/client';
import { notify, withLoading } from '../../core/feedback';
import { formatDateTime } from '../../core/format';
import { jobResult } from '../../core/jobs';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { useIsPhone } from '../../core/responsive';
import { useSession } from '../../core/session';
import { BandTag, textOn } from './band-tag';
import { MultiLineChart, ParameterChart } from './chart';

type StatAnswer = AnswerData<'/api/admin/monitorings/stat-monitoring/{id}', 'get'>;
type SeafoodCheck = StatAnswer['seafood'][number];
type CriteriaLine = Pick<SeafoodCheck['latest'][number], 'parameter' | 'label' | 'min' | 'max'>;

const num = (v: number | null | undefined) => (v == null ? '' : v.toLocaleString('vi-VN', { maximumFractionDigits: 2 }));
const rangeText = (c: CriteriaLine) =>
  c.min != null && c.max != null ? `${num(c.min)}–${num(c.max)}` : c.min != null ? `≥ ${num(c.min)}` : c.max != null ? `≤ ${num(c.max)}` : 'không giới hạn';
type CheckRow = CriteriaLine & { value: number; result: 'ok' | 'low' | 'high' };
const RESULT: Record<string, { text: string; color: string }> = {
  ok: { text: 'Đạt', color: 'green' },
  low: { text: 'Thấp hơn', color: 'orange' },
  high: { text: 'Cao hơn', color: 'red' },
  both: { text: 'Có lúc thấp, có lúc cao', color: 'red' },
};

/** Part 7 of issue 15: the species farmed in the station's ward, their criteria and what is out of range. */
function SeafoodCard({ checks, phone }: { checks: SeafoodCheck[]; phone: boolean }) {
  return (
    <Card variant="borderless" title="Tiêu chí thủy sản nuôi tại phường/xã" data-testid="seafood-checks">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {checks.map((c) => {
          const byParam = new Map(c.period.map((p) => [p.parameter, p]));
          const rows: CheckRow[] = c.latest.length ? c.latest : c.period.map((p) => ({ ...p, value: Number.NaN, result: 'ok' as const }));
          return (
            <div key={c.criteria_id}>
              <Space wrap style={{ marginBottom: 6 }}>
                <Typography.Text strong>{c.seafood_name}</Typography.Text>
                <Typography.Text type="secondary">
                  {c.criteria_name}
                  {c.stage ? ` · ${c.stage}` : ''}
                </Typography.Text>
                {c.out_of_range.length ? <Tag color="red">{`${c.out_of_range.length} thông số ngoài ngưỡng`}</Tag> : <Tag color="green">Đạt tiêu chí</Tag>}
              </Space>
              {phone ? (
                // a phone: one block per parameter instead of four narrow columns
                <List
                  size="small"
                  dataSource={rows}
                  renderItem={(r) => {
                    const p = byParam.get(r.parameter);
                    return (
                      <List.Item style={{ display: 'block' }}>
                        <div>
                          <Typography.Text strong>{r.label}</Typography.Text> <Typography.Text type="secondary">tiêu chí {rangeText(r)}</Typography.Text>
                        </div>
                        <Space wrap size={4} style={{ marginTop: 4 }}>
                          {!Number.isNaN(r.value) && <Tag color={RESULT[r.result].color}>{`Gần nhất ${num(r.value)} · ${RESULT[r.result].text}`}</Tag>}
                          {p && <Tag color={RESULT[p.result].color}>{`Trong kỳ ${num(p.low)} – ${num(p.high)} · ${RESULT[p.result].text}`}</Tag>}
                        </Space>
                      </List.Item>
                    );
                  }}
                />
              ) : (
                <Table
                  size="small"
                  pagination={false}
                  rowKey="parameter"
                  scroll={{ x: true }}
                  dataSource={rows}
                  columns={[
                    { title: 'Thông số', dataIndex: 'label', key: 'label' },
                    { title: 'Tiêu chí', key: 'range', render: (_: unknown, r: CheckRow) => rangeText(r) },
                    {
                      title: 'Lần đo gần nhất',
                      key: 'value',
                      render: (_: unknown, r: CheckRow) =>
                        Number.isNaN(r.value) ? '' : <Tag color={RESULT[r.result].color}>{`${num(r.value)} · ${RESULT[r.result].text}`}</Tag>,
                    },
                    {
                      title: 'Trong kỳ (thấp nhất – cao nhất)',
                      key: 'period',
                      render: (_: unknown, r: CheckRow) => {
                        const p = byParam.get(r.parameter);
                        return p ? <Tag color={RESULT[p.result].color}>{`${num(p.low)} – ${num(p.high)} · ${RESULT[p.result].text}`}</Tag> : '';
                      },
                    },
                  ]}
                />
              )}
            </div>
          );
        })}
      </Space>
    </Card>
  );
}

const PERIODS = [
  { value: '1d', label: '24 giờ', days: 1, interval: 'hour' },
  { value: '7d', label: '7 ngày', days: 7, interval: 'hour' },
  { value: '30d', label: '30 ngày', days: 30, interval: 'day' },
  { value: '1y', label: '1 năm', days: 365, interval: 'day' },
] as const;

const SOURCE = { ward: 'cấu hình riêng của phường/xã', default: 'cấu hình mặc định', preset: 'ngưỡng quốc gia (VN_AQI, VN_WQI, cấp mưa)' };

/** A station: its current band, and each parameter over the chosen period with the bands behind. */
export function StationPage() {
  const { id = '' } = useParams();
  const phone = useIsPhone();
  const { can } = useSession();
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['value']>('7d');
  const p = PERIODS.find((x) => x.value === period) ?? PERIODS[1];
  // the period ends at the next full hour, so the query key is stable within the hour
  const to = useMemo(() => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString(), []);
  const from = new Date(Date.parse(to) - p.days * 86_400_000).toISOString();
  const q = useQuery({
    queryKey: [...queryKeys('monitorings').all, 'stat', id, period, to],
    queryFn: ({ signal }) =>
      client.GET('/api/admin/monitorings/stat-monitoring/{id}', { params: { path: { id: Number(id) }, query: { from, to, interval: p.interval } }, signal }),
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const type: MonitoringType = data?.station.type ?? 1;
  const colorOf = useCallback((l: number) => levelColor(type, l), [type]);
  // an insect station: its orders' densities together on one chart
  const orderLines = useMemo(
    () =>
      data && type === 6
        ? Object.keys(data.series)
            .filter((k) => k !== 'density')
            .map((k) => ({ name: (data.parameters[k]?.label ?? k).replace(/^Mật độ /, ''), points: data.series[k] }))
        : [],
    [data, type],
  );
  const exportExcel = async () => {
    const env = await jobResult<{ url: string }>(
      await withLoading(client.GET('/api/admin/monitorings/export-readings/{id}', { params: { path: { id: Number(id) }, query: { from, to } } })),
    );
    if (env?.code === 200 && env.data?.url) window.location.href = buildUrl(env.data.url);
    else notify.error(env?.message || 'Không xuất được tệp Excel');
  };
  const labelOf = useCallback((l: number) => levelLabel(type, l), [type]);
  const categoryOf = useMemo(
    () => ({
      aqi: (v: number) => officialCategory('aqi', v),
      aqi_day: (v: number) => officialCategory('aqi_day', v),
      wqi: (v: number) => officialCategory('wqi', v),
    }),
    [],
  );
  if (q.isLoading) return <LoadingBlock />;
  if (!data) return <Alert type="error" showIcon message={q.data?.message || 'Không tải được thống kê của trạm'} />;
  const s = data.station;
  const last = s.last_values;
  // the decision's own category of the latest index (QĐ 1459 VN_AQI, QĐ 1460 VN_WQI), beside the spec's band
  const index =
    type === 1 ? { key: 'aqi', name: 'VN_AQI', law: 'QĐ 1459/QĐ-TCMT' } : type === 2 ? { key: 'wqi', name: 'VN_WQI', law: 'QĐ 1460/QĐ-TCMT' } : null;
  const official = index ? officialCategory(index.key, last?.[index.key]) : null;
  const keys = Object.keys(data.series).sort((a, b) => Number(b in data.bands) - Number(a in data.bands));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Descriptions
          title={
            <Space wrap>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {s.name}
              </Typography.Title>
              <BandTag type={s.type} band={s.last_band} />
              {index && official && (
                <Tag
                  color={official.color}
                  style={{ color: textOn(official.color), fontWeight: 600 }}
                  data-testid="official-category"
                  title={`Phân loại theo ${index.law}`}
                >
                  {`${index.name} ${last?.[index.key]}: ${official.label}`}
                </Tag>
              )}
              {index && !official && (
                <Tag data-testid="official-category">{type === 1 ? 'Chưa có VN_AQI (cần số liệu bụi PM10 hoặc PM2.5)' : 'Chưa có VN_WQI'}</Tag>
              )}
            </Space>
          }
          extra={phone ? null : <Link to="/admin/monitoring/locations">Danh sách trạm</Link>}
          column={{ xs: 1, sm: 2, lg: 4 }}
          size={phone ? 'small' : 'default'}
          items={[
            { key: 'code', label: 'Mã trạm', children: s.code },
            { key: 'ward', label: 'Phường/xã', children: s.ward?.name ?? '' },
            { key: 'last', label: 'Lần đo gần nhất', children: s.last_reading_at ? formatDateTime(s.last_reading_at) : 'Không có dữ liệu' },
            { key: 'src', label: 'Ngưỡng đang áp dụng', children: SOURCE[data.band_source] },
            ...(type === 3 && last?.rain_24h != null
              ? [{ key: 'rain24', label: 'Lượng mưa 24 giờ', children: `${last.rain_24h.toLocaleString('vi-VN', { maximumFractionDigits: 2 })} mm` }]
              : []),
          ]}
        />
      </Card>
      <Space wrap size={[12, 8]} style={{ justifyContent: 'space-between', width: '100%' }}>
        <Segmented
          value={period}
          onChange={(v) => setPeriod(v as typeof period)}
          options={PERIODS.map((x) => ({ value: x.value, label: x.label }))}
          aria-label="Khoảng thời gian"
        />
        {can('export', 'monitorings') && (
          <Button icon={<FileExcelOutlined />} onClick={() => void exportExcel()} data-testid="readings-export">
            {`Xuất Excel ${p.label}`}
          </Button>
        )}
      </Space>
      {data.seafood?.length > 0 && <SeafoodCard checks={data.seafood} phone={phone} />}
      {orderLines.length > 0 && (
        <Card size="small" title="Mật độ theo bộ côn trùng (con/m²)">
          <MultiLineChart label="mật độ theo bộ côn trùng" unit="con/m²" lines={orderLines} hourly={data.interval === 'hour'} />
        </Card>
      )}
      {keys.length === 0 ? (
        <Card variant="borderless">
          <Empty description="Chưa có dữ liệu trong khoảng thời gian này" />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {keys.map((k) => (
            <Col key={k} xs={24} xl={12}>
              <Card
                size="small"
                title={`${data.parameters[k]?.label ?? k}${data.parameters[k]?.unit ? ` (${data.parameters[k].unit})` : ''}`}
                extra={data.bands[k] ? <Tag>có ngưỡng</Tag> : null}
              >
                <ParameterChart
                  label={data.parameters[k]?.label ?? k}
                  unit={data.parameters[k]?.unit ?? ''}
                  points={data.series[k]}
                  bands={data.bands[k]}
                  colorOf={colorOf}
                  labelOf={labelOf}
                  hourly={data.interval === 'hour'}
                  category={categoryOf[k as keyof typeof categoryOf]}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
