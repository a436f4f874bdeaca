import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** One key factory per resource, so invalidating `all` refreshes its lists, details and count. */
export function queryKeys(resourceName: string) {
  const all = [resourceName] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params?: Record<string, unknown>) => [...all, 'list', params ?? {}] as const,
    detail: (id: string | number) => [...all, 'detail', String(id)] as const,
    count: [...all, 'count'] as const,
  };
}
