import { levelColor, levelLabel, levelsOf, MONITORING_TYPES, type MonitoringType } from '@nns/shared/monitoring';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, List, Row, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PointsMap } from '../../components/map';
import { api } from '../../core/api';
import { formatDateTime } from '../../core/format';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { useIsPhone } from '../../core/responsive';
import { textOn } from './band-tag';

interface Station {
  id: number;
  code: string;
  name: string;
  type: number;
  lat: number | null;
  long: number | null;
  last_band: number | null;
}
/** the server's answer: each station an array in the order of station_columns (20,000 of them stay small) */
interface OverviewAnswer {
  station_columns: string[];
  stations: unknown[][];
  counts: { type: number; band: number | null; n: number }[];
  alerts: { id: number; station_id: number; station_code: string; station_name: string; kind: string; kind_label: string; started_at: string }[];
}

const stationsOf = (d: OverviewAnswer): Station[] =>
  d.stations.map((row) => Object.fromEntries(d.station_columns.map((c, i) => [c, row[i]])) as unknown as Station);

const NO_DATA_COLOR = '#9e9e9e';

/** The overview: stations on the map coloured by their current band, counts per type and band, the open alerts. */
export function OverviewPage() {
  const navigate = useNavigate();
  const phone = useIsPhone();
  const q = useQuery({
    queryKey: [...queryKeys('monitorings').all, 'overview'],
    queryFn: ({ signal }) => api.get<OverviewAnswer>('/api/admin/monitorings/overview', { signal }),
    refetchInterval: 60_000,
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const stations = useMemo(() => (data ? stationsOf(data) : []), [data]);
  const points = useMemo(
    () =>
      stations
        .filter((s) => s.lat != null && s.long != null)
        .map((s) => ({
          lat: s.lat as number,
          long: s.long as number,
          color: s.last_band == null ? NO_DATA_COLOR : levelColor(s.type as MonitoringType, s.last_band),
          title: `${s.code} · ${s.name}: ${s.last_band == null ? 'chưa có dữ liệu' : levelLabel(s.type as MonitoringType, s.last_band)}`,
          onClick: () => navigate(`/admin/monitoring/statistics/${s.type === 6 ? 'insect' : 'station'}/${s.id}`),
        })),
    [stations, navigate],
  );
  if (q.isLoading) return <LoadingBlock />;
  if (!data) return <Alert type="error" showIcon message={q.data?.message || 'Không tải được tổng quan'} />;
  const rows = MONITORING_TYPES.map((t) => {
    const type = Number(t.value) as MonitoringType;
    const row: Record<string, unknown> = { key: type, type: t.label };
    for (const c of data.counts.filter((x) => Number(x.type) === type)) row[c.band == null ? 'none' : `b${c.band}`] = c.n;
    return row;
  });
  const levels = [1, 2, 3, 4, 5, 6];
  const columns = [
    { title: 'Loại trạm', dataIndex: 'type', key: 'type' },
    ...levels.map((l) => ({
      title: `Mức ${l}`,
      key: `b${l}`,
      align: 'center' as const,
      render: (_: unknown, r: Record<string, unknown>) => {
        const type = Number(r.key) as MonitoringType;
        if (l > levelsOf(type).length) return '';
        const n = Number(r[`b${l}`] ?? 0);
        const color = levelColor(type, l);
        return n ? (
          <Tag color={color} style={{ color: textOn(color) }} title={levelLabel(type, l)}>
            {levelLabel(type, l)}: {n}
          </Tag>
        ) : (
          <span style={{ color: '#666' }}>0</span>
        );
      },
    })),
    { title: 'Chưa có dữ liệu', key: 'none', align: 'center' as const, render: (_: unknown, r: Record<string, unknown>) => Number(r.none ?? 0) },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card title={`Bản đồ trạm quan trắc (${stations.length})`} variant="borderless">
          <PointsMap points={points} height={phone ? 300 : 420} label="Bản đồ trạm quan trắc theo mức hiện tại" />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={`Cảnh báo đang mở (${data.alerts.length})`} variant="borderless" data-testid="active-alerts">
          {data.alerts.length === 0 ? (
            <Empty description="Không có cảnh báo" />
          ) : (
            <List
              size="small"
              dataSource={data.alerts}
              renderItem={(a) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <Link to={`/admin/monitoring/statistics/station/${a.station_id}`}>
                        <Tag color={a.kind === 'offline' ? 'default' : 'red'}>{a.kind_label}</Tag>
                        {a.station_code} · {a.station_name}
                      </Link>
                    }
                    description={`Từ ${formatDateTime(a.started_at)}`}
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col span={24}>
        <Card title="Số trạm theo loại và mức hiện tại" variant="borderless">
          {phone ? (
            // a phone: one line per type with only the levels that have stations (seven columns do not fit)
            <List
              size="small"
              dataSource={rows}
              renderItem={(r) => {
                const type = Number(r.key) as MonitoringType;
                const tags = levels
                  .filter((l) => l <= levelsOf(type).length && Number(r[`b${l}`] ?? 0) > 0)
                  .map((l) => {
                    const color = levelColor(type, l);
                    return (
                      <Tag key={l} color={color} style={{ color: textOn(color), marginBottom: 4 }}>
                        {levelLabel(type, l)}: {Number(r[`b${l}`])}
                      </Tag>
                    );
                  });
                const none = Number(r.none ?? 0);
                return (
                  <List.Item style={{ flexWrap: 'wrap', gap: 4, justifyContent: 'flex-start' }}>
                    <strong style={{ width: 84 }}>{String(r.type)}</strong>
                    <span style={{ flex: 1, minWidth: 0 }}>
                      {tags}
                      {none > 0 && <Tag style={{ marginBottom: 4 }}>Chưa có dữ liệu: {none}</Tag>}
                      {!tags.length && !none && <span style={{ color: '#666' }}>Không có trạm</span>}
                    </span>
                  </List.Item>
                );
              }}
            />
          ) : (
            <Table size="small" pagination={false} columns={columns} dataSource={rows} scroll={{ x: true }} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
