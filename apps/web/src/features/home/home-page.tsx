import { resources } from '@nns/shared/registry';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { api } from '../../core/api';
import { formatNumber } from '../../core/format';
import { queryKeys } from '../../core/query';
import { useSession } from '../../core/session';
import { RecentActivity } from './recent-activity';

/** The resources whose count the user may see on the dashboard. */
export function countableResources(can: (a: string, s: string) => boolean) {
  return resources.filter((r) => r.count && can('list', r.subject));
}

function CountCard({ name, label, route }: { name: string; label: string; route: string }) {
  const q = useQuery({
    queryKey: queryKeys(name).count,
    queryFn: ({ signal }) => api.get<{ count?: number; total?: number } | number>(`/api/admin/${name}/count`, { signal }),
  });
  const d = q.data?.data;
  const n = typeof d === 'number' ? d : (d?.count ?? d?.total);
  return (
    <Link to={route} data-testid={`count-${name}`}>
      <Card hoverable size="small">
        <Statistic
          title={label}
          loading={q.isLoading}
          value={q.data?.code === 200 && n !== undefined ? formatNumber(n, 0) : '—'}
          valueStyle={{ color: '#237804' }}
        />
      </Card>
    </Link>
  );
}

export default function HomePage() {
  const { user, can } = useSession();
  const cards = countableResources(can);
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Xin chào, {user?.full_name || user?.username}
      </Typography.Title>
      <Typography.Paragraph type="secondary">Tổng quan số liệu bạn được phép xem.</Typography.Paragraph>
      {cards.length ? (
        <Row gutter={[16, 16]}>
          {cards.map((r) => (
            <Col key={r.name} xs={24} sm={12} lg={8} xl={6}>
              <CountCard name={r.name} label={r.label} route={r.route} />
            </Col>
          ))}
        </Row>
      ) : (
        <Card>
          <Empty description="Chưa có số liệu nào bạn được phép xem" />
        </Card>
      )}
      {can('list', 'system_logs') && <RecentActivity />}
    </div>
  );
}
