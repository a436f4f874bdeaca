import type { FieldDef, ResourceDef } from '@nns/shared';

/** The state of a list screen; it lives in the URL so a list opens again as it was. */
export interface ListParams {
  page: number;
  limit: number;
  search: string;
  /** `field` or `-field`; '' means the declaration's default */
  sort: string;
  /** declared filters by query key (`status`, `created_at_from`…), as strings */
  filters: Record<string, string>;
  /** the trash of a soft-deleting resource (`trashed=only`); absent on the live list */
  trash?: boolean;
}

/** How long search-as-you-type waits after the last keystroke before it asks. */
export const SEARCH_DEBOUNCE_MS = 300;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_LIMIT = 10;

const RANGE_KINDS = new Set(['date', 'datetime', 'integer', 'float', 'money']);

export const isRangeFilter = (f: FieldDef) => RANGE_KINDS.has(f.kind);

/** The query keys a declared filter uses: one for equality, `_from`/`_to` for dates and numbers. */
export function filterKeys(def: ResourceDef): string[] {
  return def.filterFields.flatMap((name) => {
    const f = def.fields[name];
    return f && isRangeFilter(f) ? [`${name}_from`, `${name}_to`] : [name];
  });
}

function positiveInt(v: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!v || !/^\d+$/.test(v)) return fallback;
  const n = Number(v);
  return n >= 1 && n <= max ? n : fallback;
}

/** URL → list state; anything the declaration does not allow is dropped, so a stale link still opens. */
export function paramsFromSearch(def: ResourceDef, sp: URLSearchParams): ListParams {
  const limit = positiveInt(sp.get('limit'), DEFAULT_LIMIT);
  const sort = sp.get('sort') ?? '';
  const filters: Record<string, string> = {};
  for (const key of filterKeys(def)) {
    const v = sp.get(key);
    if (v !== null && v !== '') filters[key] = v;
  }
  return {
    page: positiveInt(sp.get('page'), 1),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIMIT,
    search: (sp.get('search') ?? '').trim(),
    sort: def.sortable.includes(sort.replace(/^-/, '')) ? sort : '',
    filters,
    ...(def.softDelete && sp.get('trashed') === 'only' ? { trash: true } : {}),
  };
}

/** List state → URL; defaults are left out to keep links short. */
export function searchFromParams(p: ListParams): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.page > 1) sp.set('page', String(p.page));
  if (p.limit !== DEFAULT_LIMIT) sp.set('limit', String(p.limit));
  if (p.search) sp.set('search', p.search);
  if (p.sort) sp.set('sort', p.sort);
  for (const [k, v] of Object.entries(p.filters)) if (v !== '') sp.set(k, v);
  if (p.trash) sp.set('trashed', 'only');
  return sp;
}

/** List state → the API's query (GET /api/admin/{name}); the export uses the same minus paging. */
export function toApiQuery(def: ResourceDef, p: ListParams, withPaging = true): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  if (withPaging) {
    q.page = p.page;
    q.limit = p.limit;
  }
  if (p.search) q.search = p.search;
  q.sort = p.sort || def.defaultSort;
  for (const [k, v] of Object.entries(p.filters)) if (v !== '') q[k] = v;
  if (p.trash) q.trashed = 'only';
  return q;
}

/** Row number of the spec: (page-1)*size + index, counted from 1. */
export const rowNumber = (page: number, size: number, index: number) => (page - 1) * size + index + 1;

/** antd Table sort order of a column under the current `sort` param. */
export function sortOrderOf(sort: string, field: string): 'ascend' | 'descend' | null {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

/** antd Table sorter → `sort` param ('' when the user cleared it). */
export function sortFromOrder(field: string | undefined, order: 'ascend' | 'descend' | null | undefined): string {
  if (!field || !order) return '';
  return order === 'descend' ? `-${field}` : field;
}

/** Any change that does not name a page goes back to page 1. */
export function withChange(p: ListParams, change: Partial<ListParams>): ListParams {
  const next = { ...p, ...change, page: change.page ?? 1 };
  if (!next.trash) delete next.trash;
  return next;
}

/** The part of a list's URL a saved view keeps: search, sort and filters (not the page or its size). */
export function viewQuery(p: ListParams): string {
  return searchFromParams({ ...p, page: 1, limit: DEFAULT_LIMIT }).toString();
}
