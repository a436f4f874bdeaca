import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Segmented, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { type AnswerData, client } from '../../core/client';
import { formatDateTime } from '../../core/format';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { useIsPhone } from '../../core/responsive';
import { BandTag } from './band-tag';
import { MultiLineChart } from './chart';

type InsectStation = AnswerData<'/api/admin/monitorings/insect-data', 'get'>['stations'][number];

const PERIODS = [
  { value: '7d', label: '7 ngày', days: 7, interval: 'hour' },
  { value: '30d', label: '30 ngày', days: 30, interval: 'day' },
  { value: '1y', label: '1 năm', days: 365, interval: 'month' },
] as const;

const fmt = (v: number | undefined) => (v == null ? '' : v.toLocaleString('vi-VN', { maximumFractionDigits: 2 }));

/** Insect data (spec §2 statistics/insect-data): densities by order over time, for every insect station in scope or one of them. */
export function InsectDataPage() {
  const phone = useIsPhone();
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['value']>('30d');
  const [stationId, setStationId] = useState<number | undefined>();
  const p = PERIODS.find((x) => x.value === period) ?? PERIODS[1];
  const to = useMemo(() => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString(), []);
  const from = new Date(Date.parse(to) - p.days * 86_400_000).toISOString();
  const q = useQuery({
    queryKey: [...queryKeys('monitorings').all, 'insect-data', period, stationId, to],
    queryFn: ({ signal }) =>
      client.GET('/api/admin/monitorings/insect-data', {
        params: { query: { from, to, interval: p.interval, ...(stationId ? { station_id: stationId } : {}) } },
        signal,
      }),
  });
  // the station picker lists every insect station in scope, whichever is picked
  const all = useQuery({
    queryKey: [...queryKeys('monitorings').all, 'insect-stations'],
    queryFn: ({ signal }) => client.GET('/api/admin/monitorings', { params: { query: { type: '6', limit: 100 } }, signal }),
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const lines = useMemo(() => (data ? data.orders.map((o) => ({ name: o.name, points: data.series[o.code] ?? [] })) : []), [data]);
  if (q.isLoading) return <LoadingBlock />;
  if (!data) return <Alert type="error" showIcon message={q.data?.message || 'Không tải được dữ liệu côn trùng'} />;
  const stations = all.data?.code === 200 ? all.data.data.entries : [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" title="Dữ liệu côn trùng theo bộ">
        <Space wrap size={[12, 12]} style={{ marginBottom: 12 }}>
          <Segmented value={period} onChange={(v) => setPeriod(v as typeof period)} options={PERIODS.map((x) => ({ value: x.value, label: x.label }))} />
          <Select
            aria-label="Trạm côn trùng"
            allowClear
            placeholder="Tất cả trạm côn trùng"
            style={{ width: phone ? '100%' : 300, minWidth: 240 }}
            value={stationId}
            onChange={setStationId}
            options={stations.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
          />
        </Space>
        {lines.length === 0 ? (
          <Empty description="Chưa có dữ liệu côn trùng trong khoảng thời gian này" />
        ) : (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              Mật độ trung bình ({data.unit}) theo {data.interval === 'hour' ? 'giờ' : data.interval === 'day' ? 'ngày' : 'tháng'}
              {stationId ? '' : ', trên mọi trạm côn trùng trong phạm vi'}
            </Typography.Paragraph>
            <MultiLineChart label="mật độ theo bộ côn trùng" unit={data.unit} lines={lines} hourly={data.interval === 'hour'} />
          </>
        )}
      </Card>
      <Card variant="borderless" title={`Trạm côn trùng (${data.stations.length})`}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: true }}
          dataSource={data.stations}
          columns={[
            {
              title: 'Trạm',
              key: 'name',
              render: (_: unknown, s: InsectStation) => <Link to={`/admin/monitoring/statistics/insect/${s.id}`}>{`${s.code} · ${s.name}`}</Link>,
            },
            { title: 'Mức hiện tại', key: 'band', render: (_: unknown, s: InsectStation) => <BandTag type={6} band={s.last_band} /> },
            ...data.orders.map((o) => ({
              title: o.name,
              key: o.code,
              align: 'right' as const,
              render: (_: unknown, s: InsectStation) => fmt(s.last_values?.[o.code]),
            })),
            {
              title: 'Lần đo gần nhất',
              key: 'last',
              render: (_: unknown, s: InsectStation) => (s.last_reading_at ? formatDateTime(s.last_reading_at) : 'Chưa có dữ liệu'),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
