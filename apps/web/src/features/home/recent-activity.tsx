import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LoadingBlock } from '../../app/loading';
import { api } from '../../core/api';
import type { ListData } from '../../core/api-types';
import { actionLabel, formatDateTime, subjectLabel } from '../../core/format';
import { queryKeys } from '../../core/query';
import type { LogEntry } from '../system-logs/log-types';

/** The last ten rows of the system log (only for users who may list it); plain list, no pagination code. */
export function RecentActivity() {
  const q = useQuery({
    queryKey: queryKeys('system-logs').list({ limit: 10 }),
    queryFn: ({ signal }) => api.get<ListData<LogEntry>>('/api/admin/system/logs', { params: { limit: 10 }, signal }),
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
            <span>
              <strong>{r.actor_username ?? 'Hệ thống'}</strong> · {actionLabel(r.action)} <span className="activity-subject">{subjectLabel(r.subject)}</span>
              {r.record_id && <span className="activity-muted">#{r.record_id}</span>}
            </span>
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
