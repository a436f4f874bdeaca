import { resources } from '@nns/shared/registry';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { InlineLoading } from '../../app/loading';
import { api } from '../../core/api';
import { formatNumber } from '../../core/format';
import { queryKeys } from '../../core/query';
import { useSession } from '../../core/session';
import './home.css';
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
    <Link to={route} data-testid={`count-${name}`} className="home-panel stat-card">
      <div className="stat-card-title">{label}</div>
      <div className="stat-card-value">{q.isLoading ? <InlineLoading /> : q.data?.code === 200 && n !== undefined ? formatNumber(n, 0) : '—'}</div>
    </Link>
  );
}

/**
 * /admin/home. The first screen after signing in is plain markup around the shell (no antd Card,
 * Typography or Statistic): it keeps the first admin download under its 400 KB budget.
 */
export default function HomePage() {
  const { user, can } = useSession();
  const cards = countableResources(can);
  return (
    <div>
      <h1 className="home-title">Xin chào, {user?.full_name || user?.username}</h1>
      <p className="home-lead">Tổng quan số liệu bạn được phép xem.</p>
      {cards.length ? (
        <div className="stat-grid">
          {cards.map((r) => (
            <CountCard key={r.name} name={r.name} label={r.label} route={r.route} />
          ))}
        </div>
      ) : (
        <div className="home-panel home-empty">Chưa có số liệu nào bạn được phép xem</div>
      )}
      {can('list', 'system_logs') && <RecentActivity />}
    </div>
  );
}
