import type { ResourceDef } from '@nns/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ListParams, paramsFromSearch, searchFromParams, withChange } from './list-params';

/** The list state read from and written to the URL (replace, so Back leaves the list in one step). */
export function useListParams(def: ResourceDef): [ListParams, (change: Partial<ListParams>) => void] {
  const [sp, setSp] = useSearchParams();
  const key = sp.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the search params
  const params = useMemo(() => paramsFromSearch(def, sp), [def, key]);
  const update = useCallback((change: Partial<ListParams>) => setSp(searchFromParams(withChange(params, change)), { replace: true }), [params, setSp]);
  return [params, update];
}
