import type { ResourceDef } from '@nns/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ListParams, paramsFromSearch, searchFromParams, withChange } from './list-params';

/** The last query string of each list, so 'Quay lại' and a save bring the list back as it was. */
const lastSearch = new Map<string, string>();

/** The list's path with the filters, page and sort it had when the user left it. */
export function listPath(def: ResourceDef): string {
  const q = lastSearch.get(def.name);
  return q ? `${def.route}?${q}` : def.route;
}

/** The list state read from and written to the URL (replace, so Back leaves the list in one step). */
export function useListParams(def: ResourceDef): [ListParams, (change: Partial<ListParams>) => void] {
  const [sp, setSp] = useSearchParams();
  const key = sp.toString();
  lastSearch.set(def.name, key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the search params
  const params = useMemo(() => paramsFromSearch(def, sp), [def, key]);
  const update = useCallback((change: Partial<ListParams>) => setSp(searchFromParams(withChange(params, change)), { replace: true }), [params, setSp]);
  return [params, update];
}
