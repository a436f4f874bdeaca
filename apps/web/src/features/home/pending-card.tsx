import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { type AnswerData, client } from '../../core/client';
import { formatNumber } from '../../core/format';
import { LoadingBlock } from '../../core/loading';
import { menuRank } from './home-order';

export type PendingEntry = AnswerData<'/api/admin/home/pending', 'get'>['entries'][number];

/** 'Chờ duyệt': what awaits this user's approval, per resource, in their scope (GET /api/admin/home/pending). */
export function PendingCard() {
  const q = useQuery({
    queryKey: ['home', 'pending'],
    queryFn: ({ signal }) => client.GET('/api/admin/home/pending', { signal }),
  });
  // in the menu's order, like the count cards
  const rank = menuRank();
  const entries = q.data?.code === 200 ? [...q.data.data.entries].sort((a, b) => rank(a.route) - rank(b.route)) : [];
  let body: React.ReactNode;
  if (q.isLoading) body = <LoadingBlock height={80} />;
  else if (q.data && q.data.code !== 200) body = <span className="activity-error">{q.data.message}</span>;
  else if (!entries.length) body = <div className="home-empty">Không có bản ghi nào chờ bạn duyệt</div>;
  else
    body = (
      <ul className="pending-list">
        {entries.map((e) => (
          <li key={e.resource} data-testid={`pending-${e.resource}`}>
            <Link to={e.list_url} className="pending-head">
              <span>{e.label}</span>
              <span className="pending-count">
                {formatNumber(e.count, 0)}
                {e.count_is_capped ? '+' : ''}
              </span>
            </Link>
            <ul>
              {e.items.map((i) => (
                <li key={i.id}>
                  <Link to={i.url}>{i.name}</Link>
                </li>
              ))}
              {e.count > e.items.length && (
                <li>
                  <Link to={e.list_url} className="pending-more">
                    Xem tất cả {formatNumber(e.count, 0)} {e.label.toLowerCase()} chờ duyệt
                  </Link>
                </li>
              )}
            </ul>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="home-panel activity-panel" data-testid="pending-card" aria-labelledby="pending-title">
      <header>
        <h2 id="pending-title">Chờ duyệt</h2>
      </header>
      <div>{body}</div>
    </section>
  );
}
