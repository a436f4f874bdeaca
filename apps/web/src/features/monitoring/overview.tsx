import { levelColor, levelLabel, levelsOf, MONITORING_TYPES, type MonitoringType } from '@nns/shared/monitoring';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, List, Row, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PointsMap } from '../../components/map';
import { type AnswerData, client } from '../../core/client';
import { formatDateTime } from '../../core/format';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { useIsPhone } from '../../core/responsive';
import { useSession } from '../../core/session';
import { BandTag, textOn } from './band-tag';

/**
 * The server's answer: the map's points as one flat array, six numbers a station in the order of
 * point_fields (id, lat, long, type, band, alert: 20,000 stations stay small), the counts per type
 * and band, the open alerts.
 */
type OverviewAnswer = AnswerData<'/api/admin/monitorings/overview', 'get'>;
interface MapStation {
  id: number;
  lat: number;
  long: number;
  type: MonitoringType;
  band: number | null;
  alert: boolean;
}

const stationsOf = (d: OverviewAnswer): MapStation[] => {
  const f = d.point_fields;
  const [id, lat, long, type, band, alert] = (['id', 'lat', 'long', 'type', 'band', 'alert'] as const).map((k) => f.indexOf(k));
  const out: MapStation[] = [];
  for (let i = 0; i + f.length <= d.points.length; i += f.length) {
    const p = d.points;
    out.push({
      id: Number(p[i + id]),
      lat: Number(p[i + lat]),
      long: Number(p[i + long]),
      type: Number(p[i + type]) as MonitoringType,
      band: p[i + band] == null ? null : Number(p[i + band]),
      alert: p[i + alert] === 1,
    });
  }
  return out;
};

const NO_DATA_COLOR = '#9e9e9e';
const typeLabel = (type: number) => String(MONITORING_TYPES.find((o) => Number(o.value) === type)?.label ?? type);

/** The station picked on the map: its code, name and band, read when picked (the map carries only numbers). */
function PickedStation({ station, onClose }: { station: MapStation; onClose: () => void }) {
  const { can } = useSession();
  const readable = can('read', 'monitorings');
  const q = useQuery({
    queryKey: [...queryKeys('monitorings').all, 'map-pick', station.id],
    queryFn: ({ signal }) => client.GET('/api/admin/monitorings/{id}', { params: { path: { id: station.id } }, signal }),
    enabled: readable,
  });
  const entry = q.data?.code === 200 ? q.data.data.entry : null;
  const chart = `/admin/monitoring/statistics/${station.type === 6 ? 'insect' : 'station'}/${station.id}`;
  return (
    <Alert
      type={station.alert ? 'warning' : 'info'}
      closable
      onClose={onClose}
      style={{ marginTop: 8 }}
      data-testid="picked-station"
      message={
        <Space wrap size={[8, 4]}>
          <strong>{entry ? `${entry.code} · ${entry.name}` : `Trạm ${typeLabel(station.type).toLowerCase()} #${station.id}`}</strong>
          <BandTag type={station.type} band={station.band} />
          {station.alert && <Tag color="red">Đang cảnh báo</Tag>}
          {entry?.last_reading_at ? <span style={{ color: '#555' }}>Đo lúc {formatDateTime(entry.last_reading_at)}</span> : null}
          {readable && <Link to={chart}>Xem biểu đồ</Link>}
        </Space>
      }
    />
  );
}

/** The overview: stations on the map coloured by their current band, counts per type and band, the open alerts. */
export function OverviewPage() {
  const phone = useIsPhone();
  const [picked, setPicked] = useState<MapStation | null>(null);
  const q = useQuery({
    queryKey: [...queryKeys('monitorings').all, 'overview'],
    queryFn: ({ signal }) => client.GET('/api/admin/monitorings/overview', { signal }),
    refetchInterval: 60_000,
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const stations = useMemo(() => (data ? stationsOf(data) : []), [data]);
  const points = useMemo(
    () =>
      stations.map((s) => ({
        lat: s.lat,
        long: s.long,
        color: s.band == null ? NO_DATA_COLOR : levelColor(s.type, s.band),
        ring: s.alert,
        title: `${typeLabel(s.type)}: ${s.band == null ? 'chưa có dữ liệu' : levelLabel(s.type, s.band)}${s.alert ? ' · đang cảnh báo' : ''}`,
      })),
    [stations],
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
        <Card
          title={`Bản đồ trạm quan trắc (${stations.length.toLocaleString('vi-VN')}${data.points_total > stations.length ? ` / ${data.points_total.toLocaleString('vi-VN')}` : ''})`}
          variant="borderless"
        >
          <PointsMap
            points={points}
            height={phone ? 300 : 420}
            label="Bản đồ trạm quan trắc theo mức hiện tại; chọn một điểm để xem trạm"
            onPick={(i) => setPicked(stations[i] ?? null)}
          />
          {picked && <PickedStation key={picked.id} station={picked} onClose={() => setPicked(null)} />}
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
                      <Link to={`/admin/monitoring/statistics/${a.station_type === 6 ? 'insect' : 'station'}/${a.station_id}`}>
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
