import type { EntryData, ResourceDef } from '@nns/shared';
import { useQuery } from '@tanstack/react-query';
import { resourceCall } from '../client';
import { queryKeys } from '../query';
import type { Row } from './display';

/** One record of a resource (GET /api/admin/{name}/{id}), shared by its detail and its form. */
export function useRecord(def: ResourceDef, id: string | undefined, o: { staleTime?: number } = {}) {
  return useQuery({
    queryKey: queryKeys(def.name).detail(id ?? ''),
    queryFn: ({ signal }) => resourceCall<EntryData<Row>>('get', def.name, `/${id}`, { signal }),
    enabled: !!id,
    ...o,
  });
}
