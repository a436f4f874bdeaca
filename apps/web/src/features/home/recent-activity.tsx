import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { client } from '../../core/client';
import { actionLabel, formatDateTime, subjectLabel } from '../../core/format';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import type { LogEntry } from '../system-logs/log-types';

/** the server's sentence, or (an older server) action and subject */
const sentenceOf = (r: LogEntry) => r.sentence || `${r.actor_username ?? 'Hệ thống'} · ${actionLabel(r.action)} ${subjectLabel(r.subject)}`;

/** The last ten rows of the system log (only for users who may list it); plain list, no pagination code. */
export function RecentActivity() {
  const q = useQuery({
    queryKey: queryKeys('system-logs').list({ limit: 10 }),
    queryFn: ({ signal }) => client.GET('/api/admin/system/logs', { params: { query: { limit: 10 } }, signal }),
  });
  const rows = q.data?.code === 200 ? q.data.data.entries : [];
  let body: React.ReactNode;
  if (q.isLoading) body = <LoadingBlock height={120} />;
  else if (q.data && q.data.code !== 200) body = <span className="activity-error">{q.data.message}</span>;
  else if (!rows.length) body = <div className="home-empty">Chưa có hoạt động nào</div>;
  else
    body = (
      <ul className="activity-list">
        {rows.map((r) => (
          <li key={r.id}>
            <span className={r.action === 'login-failed' || r.action === 'login-throttled' ? 'activity-error' : undefined}>{sentenceOf(r)}</span>
            <span className="activity-muted">{formatDateTime(r.at)}</span>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="home-panel activity-panel" data-testid="recent-activity" aria-labelledby="recent-activity-title">
      <header>
        <h2 id="recent-activity-title">Hoạt động gần đây</h2>
        <Link to="/admin/system/logs">Xem tất cả</Link>
      </header>
      <div>{body}</div>
    </section>
  );
}
