import type { ListData, RecordAction, ResourceDef } from '@nns/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { resourceCall } from '../client';
import { queryKeys } from '../query';
import { useSession } from '../session';
import type { Row } from './display';
import { SEARCH_DEBOUNCE_MS, sortFromOrder, toApiQuery } from './list-params';
import { useListParams } from './use-list-params';
import { useListPrefs } from './use-list-prefs';
import { useRecordActions } from './use-record-actions';

export interface ListOptions {
  /** query keys every call of this list carries (a list scoped to a parent) */
  baseQuery?: Record<string, string | number>;
}

/**
 * What a resource's list screen does, apart from its markup: the query state kept in the URL (search,
 * filters, sort, page, trash), the page of rows, the user's rights on them, the chosen rows, saved
 * views and column settings (use-list-prefs), and the row actions with their busy state.
 */
export function useResourceList(def: ResourceDef, { baseQuery }: ListOptions = {}) {
  const [params, update] = useListParams(def);
  const { can } = useSession();
  const actions = useRecordActions(def);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const query = { ...toApiQuery(def, params), ...baseQuery };
  /** the list's filters without paging: an export, a bulk action's export */
  const exportQuery = { ...toApiQuery(def, params, false), ...baseQuery };
  const custom = def.config.custom ?? {};
  const [prefs, savePrefs] = useListPrefs(def);
  const trash = Boolean(params.trash);

  // the chosen rows (across pages); a new search, filter, sort or view starts a new choice
  const [selected, setSelected] = useState<number[]>([]);
  const choiceKey = JSON.stringify([params.search, params.filters, params.sort, trash, baseQuery]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `choiceKey` stands for what the rows are chosen from
  useEffect(() => setSelected([]), [choiceKey]);

  const search = useSearchBox(params.search, (v) => update({ search: v }));

  const list = useQuery({
    queryKey: queryKeys(def.name).list(query),
    queryFn: ({ signal }) => resourceCall<ListData<Row>>('get', def.name, '', { params: { query }, signal }),
    placeholderData: keepPreviousData,
  });
  const env = list.data;
  const ok = env?.code === 200;
  const rows = ok && Array.isArray(env.data?.entries) ? env.data.entries : [];
  const pg = ok ? env.data.pagination : undefined;
  const failed = list.isFetched && !list.isFetching && !ok && env !== undefined && Object.keys(env).length > 0;

  // the record actions the user may run here: toggles show as a switch in their column, the others as buttons
  const toggles = new Map<string, [string, RecordAction]>();
  const sets: [string, RecordAction][] = [];
  for (const [name, a] of Object.entries(def.actions)) {
    if (trash || !can(a.permission, def.subject)) continue;
    if (a.kind === 'toggle') toggles.set(a.field, [name, a]);
    else sets.push([name, a]);
  }
  const canRead = Boolean(!trash && def.config.detail && !custom.read && can('read', def.subject));
  const canEdit = !trash && !custom.update && can('update', def.subject);
  const canDelete = !custom.delete && can('delete', def.subject);
  const canExport = Boolean(def.exportName && can('export', def.subject));
  const canCreate = !trash && !custom.create && can('create', def.subject);
  /** rows can be chosen when the user may do something with a choice */
  const canBulk = !trash ? Object.values(def.actions).some((a) => can(a.permission, def.subject)) || canDelete || canExport : canDelete;
  /** where a row leads: its detail, else its form (none in the trash) */
  const rowPath = (row: Row) => (canRead ? `${def.route}/${row.id}/detail` : canEdit ? `${def.route}/${row.id}/edit` : null);

  /** runs a row's action with that row's button spinning */
  const act = async (key: string, fn: () => Promise<unknown>) => {
    setBusyRow(key);
    try {
      await fn();
    } finally {
      setBusyRow(null);
    }
  };
  const runAction = (name: string, a: RecordAction, row: Row) => act(`${name}:${row.id}`, () => actions.runAction(name, a, row));
  const restore = (row: Row) => act(`restore:${row.id}`, () => actions.restore(row));
  const remove = (row: Row) =>
    act(`delete:${row.id}`, async () => {
      const done = await actions.remove(row);
      // the last row of a page gone: the page before
      if (done && rows.length === 1 && params.page > 1) update({ page: params.page - 1 });
    });

  const onTableChange: TableProps<Row>['onChange'] = (p, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      update({ sort: sortFromOrder(s?.columnKey as string | undefined, s?.order) });
    } else if (extra.action === 'paginate') {
      const limit = p.pageSize ?? params.limit;
      update(limit !== params.limit ? { limit, page: 1 } : { page: p.current ?? 1 });
    }
  };

  // a page past the end (rows deleted elsewhere, an old link) moves to the last page there is
  const lastPage = pg?.total_pages ?? 0;
  useEffect(() => {
    if (ok && rows.length === 0 && lastPage > 0 && params.page > lastPage) update({ page: lastPage });
  }, [ok, rows.length, lastPage, params.page, update]);

  const hasFilters = params.search !== '' || Object.keys(params.filters).length > 0;
  // a range counts once
  const filterCount = Object.keys(params.filters).filter((k) => !k.endsWith('_to') || !(`${k.slice(0, -3)}_from` in params.filters)).length;

  return {
    params,
    update,
    trash,
    search,
    list,
    env,
    rows,
    pg,
    failed,
    prefs,
    savePrefs,
    hidden: new Set(prefs.hidden ?? []),
    selected,
    setSelected,
    toggles,
    sets,
    can: { read: canRead, edit: canEdit, delete: canDelete, export: canExport, create: canCreate, bulk: canBulk },
    rowPath,
    busyRow,
    runAction,
    restore,
    remove,
    refresh: actions.refresh,
    exportList: () => actions.exportList(exportQuery),
    exportQuery,
    onTableChange,
    hasFilters,
    filterCount,
    clearFilters: () => update({ search: '', filters: {} }),
    setFilters: (filters: typeof params.filters) => update({ filters }),
    toggleTrash: () => update({ trash: !trash }),
  };
}

export type ResourceListState = ReturnType<typeof useResourceList>;

/**
 * The search box's text: searched as you type (after a pause) besides Enter; a change of the URL (a
 * saved view, 'Xóa bộ lọc') shows in the box.
 */
function useSearchBox(current: string, apply: (v: string) => void) {
  const [text, setText] = useState(current);
  useEffect(() => setText((t) => (t.trim() === current ? t : current)), [current]);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const currentRef = useRef(current);
  currentRef.current = current;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const v = text.trim();
    if (v === currentRef.current) return;
    // asks only if the URL does not hold it yet (Enter may have been quicker), so a late timer never
    // writes the list's query onto a screen the user has gone on to
    timer.current = setTimeout(() => {
      if (v !== currentRef.current) applyRef.current(v);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [text]);
  return {
    text,
    setText,
    /** Enter or the search button: at once */
    submit: (v: string) => {
      clearTimeout(timer.current);
      setText(v);
      applyRef.current(v.trim());
    },
  };
}

/** The width of an element, followed as the window changes (the table's room beside the menu). */
export function useElementWidth<T extends HTMLElement>(initial: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => {
      if (e.contentRect.width > 0) setWidth(Math.round(e.contentRect.width));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}
