import { useQuery } from '@tanstack/react-query';
import { api } from '../../core/api';
import { queryKeys } from '../../core/query';

/** One work as GET answers it. */
export function useWork(id: string) {
  const q = useQuery({
    queryKey: queryKeys('discharge-constructs').detail(id),
    queryFn: ({ signal }) => api.get(`/api/admin/discharge-constructs/${id}`, { signal }),
  });
  return { q, work: q.data?.code === 200 ? (q.data.data.entry as Record<string, any>) : null };
}

export interface LimitView {
  parameter: string;
  label: string;
  unit: string;
  min: number | null;
  max: number | null;
  k_applies: boolean;
}

export const limitText = (l: Pick<LimitView, 'min' | 'max' | 'k_applies'>) =>
  l.max == null && l.k_applies
    ? 'chưa xác định (thiếu Kf)'
    : l.min != null
      ? `${l.min.toLocaleString('vi-VN')}–${(l.max ?? 0).toLocaleString('vi-VN')}`
      : `≤ ${(l.max ?? 0).toLocaleString('vi-VN')}`;
