import { type BandRange, levelColor, levelLabel, type MonitoringType } from '@nns/shared/monitoring';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Empty, Row, Segmented, Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../core/api';
import { formatDateTime } from '../../core/format';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { BandTag } from './band-tag';
import { ParameterChart, type Point } from './chart';

interface StatAnswer {
  station: Record<string, unknown> & {
    id: number;
    code: string;
    name: string;
    type: number;
    last_band: number | null;
    last_reading_at: string | null;
    ward?: { name?: string } | null;
  };
  interval: 'hour' | 'day' | 'month';
  from: string;
  to: string;
  parameters: Record<string, { label: string; unit: string }>;
  series: Record<string, Point[]>;
  bands: Record<string, BandRange[]>;
  band_source: 'ward' | 'default' | 'preset';
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
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['value']>('7d');
  const p = PERIODS.find((x) => x.value === period) ?? PERIODS[1];
  // the period ends at the next full hour, so the query key is stable within the hour
  const to = useMemo(() => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString(), []);
  const from = new Date(Date.parse(to) - p.days * 86_400_000).toISOString();
  const q = useQuery({
    queryKey: [...queryKeys('monitorings').all, 'stat', id, period, to],
    queryFn: ({ signal }) => api.get<StatAnswer>(`/api/admin/monitorings/stat-monitoring/${id}`, { params: { from, to, interval: p.interval }, signal }),
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const type = (data?.station.type ?? 1) as MonitoringType;
  const colorOf = useCallback((l: number) => levelColor(type, l), [type]);
  const labelOf = useCallback((l: number) => levelLabel(type, l), [type]);
  if (q.isLoading) return <LoadingBlock />;
  if (!data) return <Alert type="error" showIcon message={q.data?.message || 'Không tải được thống kê của trạm'} />;
  const s = data.station;
  const keys = Object.keys(data.series).sort((a, b) => Number(b in data.bands) - Number(a in data.bands));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Descriptions
          title={
            <Space>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {s.name}
              </Typography.Title>
              <BandTag type={s.type} band={s.last_band} />
            </Space>
          }
          extra={<Link to="/admin/monitoring/locations">Danh sách trạm</Link>}
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'code', label: 'Mã trạm', children: s.code },
            { key: 'ward', label: 'Phường/xã', children: s.ward?.name ?? '' },
            { key: 'last', label: 'Lần đo gần nhất', children: s.last_reading_at ? formatDateTime(s.last_reading_at) : 'Không có dữ liệu' },
            { key: 'src', label: 'Ngưỡng đang áp dụng', children: SOURCE[data.band_source] },
          ]}
        />
      </Card>
      <Segmented value={period} onChange={(v) => setPeriod(v as typeof period)} options={PERIODS.map((x) => ({ value: x.value, label: x.label }))} />
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
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
