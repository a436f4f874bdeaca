import { useQuery } from '@tanstack/react-query';
import { type AnswerData, client } from '../../core/client';
import { queryKeys } from '../../core/query';

/** One work as GET answers it. */
export function useWork(id: string) {
  const q = useQuery({
    queryKey: queryKeys('discharge-constructs').detail(id),
    queryFn: ({ signal }) => client.GET('/api/admin/discharge-constructs/{id}', { params: { path: { id: Number(id) } }, signal }),
  });
  return { q, work: q.data?.code === 200 ? q.data.data.entry : null };
}

/** A limit in force for a work, after its factors (the flows list and the compliance answer both carry them). */
export type LimitView = AnswerData<'/api/admin/discharge-constructs/compliance/{id}', 'get'>['limits'][number];

export const limitText = (l: Pick<LimitView, 'min' | 'max' | 'k_applies'>) =>
  l.max == null && l.k_applies
    ? 'chưa xác định (thiếu Kf)'
    : l.min != null
      ? `${l.min.toLocaleString('vi-VN')}–${(l.max ?? 0).toLocaleString('vi-VN')}`
      : `≤ ${(l.max ?? 0).toLocaleString('vi-VN')}`;
