import { resourceIndex } from '@nns/shared/resource-index.gen';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../core/format';
import { InlineLoading } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { resourceCount } from '../../core/resource/resource-count';
import { useSession } from '../../core/session';
import './home.css';
import { homeCardGroups } from './home-order';
import { PendingCard } from './pending-card';
import { RecentActivity } from './recent-activity';

function CountCard({ name, label, route }: { name: string; label: string; route: string }) {
  const q = useQuery({
    queryKey: queryKeys(name).count,
    queryFn: ({ signal }) => resourceCount(name, signal),
  });
  const n = q.data?.data?.count;
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
  const groups = homeCardGroups(can);
  // the queue shows to whoever may approve something; the server says what, in their scope
  const approves = resourceIndex.some((r) => r.approvable && can('approve', r.subject));
  return (
    <div>
      <h1 className="home-title">Xin chào, {user?.full_name || user?.username}</h1>
      <p className="home-lead">Tổng quan số liệu bạn được phép xem.</p>
      {approves && <PendingCard />}
      {groups.length ? (
        groups.map((g) => (
          <section key={g.key} className="stat-area" aria-labelledby={`area-${g.key}`}>
            <h2 id={`area-${g.key}`} className="stat-area-title">
              {g.label}
            </h2>
            <div className="stat-grid">
              {g.cards.map((r) => (
                <CountCard key={r.name} name={r.name} label={r.label} route={r.route} />
              ))}
            </div>
          </section>
        ))
      ) : (
        <div className="home-panel home-empty">Chưa có số liệu nào bạn được phép xem</div>
      )}
      {can('list', 'system_logs') && <RecentActivity />}
    </div>
  );
}
