import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  FilterOutlined,
  PlusOutlined,
  ReloadOutlined,
  RestOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { RecordAction, ResourceDef } from '@nns/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, ConfigProvider, Drawer, Empty, Grid, Input, Result, Space, Switch, Table, Tooltip } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { cloneElement, isValidElement, type MouseEvent, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, type Envelope } from '../api';
import type { ListData } from '../api-types';
import { queryKeys } from '../query';
import { useSession } from '../session';
import { BulkBar } from './bulk-bar';
import { fieldOf, type Row, renderValue } from './display';
import {
  cellText,
  columnWidth,
  Ellipsis,
  ellipsisRows,
  Heading,
  headingMax,
  PAD,
  rangePairs,
  rangeText,
  rangeWidth,
  shareWidths,
  type TextColumn,
  textColumn,
  textWidth,
} from './list-columns';
import { ListFilters } from './list-filters';
import { PAGE_SIZES, rowNumber, SEARCH_DEBOUNCE_MS, sortFromOrder, sortOrderOf, toApiQuery } from './list-params';
import { ListSettings, SavedViews } from './list-settings';
import { useListParams } from './use-list-params';
import { useListPrefs } from './use-list-prefs';
import { isOn, useRecordActions } from './use-record-actions';

export interface ResourceListProps {
  def: ResourceDef;
  title?: ReactNode;
  /** columns added after the declared ones (before 'Thao tác') */
  extraColumns?: ColumnsType<Row>;
  /** a last say over the columns (reorder, drop, replace) */
  columns?: (cols: ColumnsType<Row>) => ColumnsType<Row>;
  /** buttons added to the toolbar, before 'Thêm mới' */
  toolbar?: ReactNode;
  /** buttons added to each row's 'Thao tác' */
  rowActions?: (row: Row) => ReactNode;
  /** query keys every call of this list carries (a list scoped to a parent) */
  baseQuery?: Record<string, string | number>;
  /** where 'Thêm mới' goes; defaults to `${def.route}/create` */
  createPath?: string;
}

export const EMPTY_TEXT = 'Không có dữ liệu';
/** The empty result of a search: it repeats what was searched. */
export const notFoundText = (search: string) => (search ? `Không tìm thấy kết quả cho “${search}”` : 'Không có bản ghi nào khớp bộ lọc');

/** What a click on a row leaves alone: links, buttons, inputs, checkboxes, switches, menus. */
const INTERACTIVE =
  'a, button, input, textarea, select, label, [role="button"], [role="switch"], [role="checkbox"], [role="menuitem"], .ant-table-selection-column, .ant-dropdown, .ant-select, .ant-popover';

/** A click that opens the row's detail: not on a control inside the row, not the end of a text selection. */
export function opensRow(e: MouseEvent<HTMLElement>): boolean {
  const t = e.target as HTMLElement;
  // events of portals (menus, popovers) bubble through React to the row, but not through the DOM
  if (!e.currentTarget.contains(t) || t.closest(INTERACTIVE)) return false;
  const sel = typeof window.getSelection === 'function' ? window.getSelection() : null;
  return !sel || sel.isCollapsed || sel.toString() === '';
}

/** A button that is a real link (open in a new tab works) and navigates inside the app on a plain click. */
function LinkButton({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={label}
        href={to}
        onClick={(e) => {
          if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          navigate(to);
        }}
      />
    </Tooltip>
  );
}
export const LOADING_TEXT = 'Đang tải...';
/** The table's width at 1366 px beside the open menu, until the real one is measured. */
const TABLE_WIDTH_1366 = 990;
/** the column of the row checkboxes */
const SELECTION_WIDTH = 36;
/** chosen rows: a light tint of the brand green (antd derives a grey-green from #237804, too dark under black text) */
const TABLE_THEME = { components: { Table: { rowSelectedBg: '#eef7e8', rowSelectedHoverBg: '#e2f1d7' } } };

/** A 'set' action that turns a record down (products' 'Từ chối') gets a red cross; the others a green tick. */
const isRejection = (a: RecordAction) => a.kind === 'set' && /^reject/.test(String(a.value));

/** The generic list screen of a resource: search, filters, sort, paging, export, toggles, actions, delete. */
export function ResourceList({ def, title, extraColumns = [], columns: adjust, toolbar, rowActions, baseQuery, createPath }: ResourceListProps) {
  const [params, update] = useListParams(def);
  const { can } = useSession();
  const navigate = useNavigate();
  const { runAction, remove, restore, exportList, refresh } = useRecordActions(def);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const query = { ...toApiQuery(def, params), ...baseQuery };
  const custom = def.config.custom ?? {};
  const [prefs, savePrefs] = useListPrefs(def);
  const hidden = new Set(prefs.hidden ?? []);
  const trash = Boolean(params.trash);
  // a phone (under 768 px): filters in a drawer, the name column fixed on the left of a scrolling table
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false && Boolean(screens.xs || screens.sm);
  const [filtersOpen, setFiltersOpen] = useState(false);

  // the chosen rows (across pages); a new search, filter, sort or view starts a new choice
  const [selected, setSelected] = useState<number[]>([]);
  const choiceKey = JSON.stringify([params.search, params.filters, params.sort, trash, baseQuery]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `choiceKey` stands for what the rows are chosen from
  useEffect(() => setSelected([]), [choiceKey]);

  // search as you type (after a pause) besides Enter; a change of the URL (a view, 'Xóa bộ lọc') shows in the box
  const [searchText, setSearchText] = useState(params.search);
  useEffect(() => setSearchText((t) => (t.trim() === params.search ? t : params.search)), [params.search]);
  const updateRef = useRef(update);
  updateRef.current = update;
  const searchRef = useRef(params.search);
  searchRef.current = params.search;
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const v = searchText.trim();
    if (v === searchRef.current) return;
    // asks only if the URL does not hold it yet (Enter may have been quicker), so a late timer never
    // writes the list's query onto a screen the user has gone on to
    searchTimer.current = setTimeout(() => {
      if (v !== searchRef.current) updateRef.current({ search: v });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(searchTimer.current);
  }, [searchText]);

  // the table's room (the screen minus the menu), so the name column can take what the others leave
  const box = useRef<HTMLDivElement>(null);
  const [tableWidth, setTableWidth] = useState(TABLE_WIDTH_1366);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => {
      if (e.contentRect.width > 0) setTableWidth(Math.round(e.contentRect.width));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const list = useQuery({
    queryKey: queryKeys(def.name).list(query),
    queryFn: ({ signal }) => api.get<ListData<Row>>(`/api/admin/${def.name}`, { params: query, signal }),
    placeholderData: keepPreviousData,
  });
  const env = list.data as Envelope<ListData<Row>> | undefined;
  const ok = env?.code === 200;
  const rows = ok && Array.isArray(env.data?.entries) ? env.data.entries : [];
  const pg = ok ? env.data.pagination : undefined;

  const toggles = new Map<string, [string, RecordAction]>();
  const sets: [string, RecordAction][] = [];
  for (const [name, a] of Object.entries(def.actions)) {
    if (trash || !can(a.permission, def.subject)) continue;
    if (a.kind === 'toggle') toggles.set(a.field, [name, a]);
    else sets.push([name, a]);
  }

  const act = async (key: string, fn: () => Promise<unknown>) => {
    setBusyRow(key);
    try {
      await fn();
    } finally {
      setBusyRow(null);
    }
  };

  const pairs = rangePairs(def);
  const paired = new Set([...pairs.values()].map((p) => p.max));
  // text columns share what the other columns leave of the table by their longest cell on the page
  // (worked out below, after `columns`; read when the cells render)
  const widths = new Map<string, number>();
  const labels = new Map<string, string>([['__no', 'STT']]);
  const texts: TextColumn[] = [];
  const canRead = !trash && def.config.detail && !custom.read && can('read', def.subject);
  const canEdit = !trash && !custom.update && can('update', def.subject);
  const canDelete = !custom.delete && can('delete', def.subject);
  /** rows can be chosen when the user may do something with a choice */
  const canBulk = !trash
    ? Object.values(def.actions).some((a) => can(a.permission, def.subject)) || canDelete || Boolean(def.exportName && can('export', def.subject))
    : canDelete;
  /** where a row leads: its detail, else its form (none in the trash) */
  const rowPath = (row: Row) => (canRead ? `${def.route}/${row.id}/detail` : canEdit ? `${def.route}/${row.id}/edit` : null);
  const linked = (row: Row, key: string, node: ReactNode) => {
    const to = key === def.titleField ? rowPath(row) : null;
    return to ? <Link to={to}>{node}</Link> : node;
  };
  let shared = new Map<string, number>();
  let cols: ColumnsType<Row> = [
    { title: 'STT', key: '__no', width: 50, align: 'center', render: (_v, _r, i) => rowNumber(params.page, params.limit, i) },
    ...def.listColumns
      .filter((key) => !paired.has(key))
      .map((key) => {
        const pair = pairs.get(key);
        if (pair) {
          // '… từ' and '… đến' in one column: '15 – 25'
          widths.set(key, rangeWidth(def, pair));
          labels.set(key, pair.label);
          return {
            title: <Heading label={pair.label} width={headingMax(undefined, def.sortable.includes(key))} />,
            key,
            align: 'right' as const,
            sorter: def.sortable.includes(key),
            sortOrder: sortOrderOf(params.sort, key),
            sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
            render: (_: unknown, row: Row) => <span style={{ whiteSpace: 'nowrap' }}>{rangeText(row, pair)}</span>,
          };
        }
        const f = fieldOf(def.fields, key);
        const toggle = toggles.get(key);
        const width = f ? textWidth(def, key, f) : undefined;
        const label = f?.label ?? key;
        labels.set(key, label);
        widths.set(key, columnWidth(def, key, f, label));
        if (f && width !== undefined) texts.push(textColumn(def, key, f, rows));
        const sortable = def.sortable.includes(key);
        return {
          title: <Heading label={label} width={headingMax(width, sortable)} />,
          dataIndex: key,
          key,
          sorter: def.sortable.includes(key),
          sortOrder: sortOrderOf(params.sort, key),
          sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
          align: f && ['integer', 'float', 'money'].includes(f.kind) && key !== 'id' ? ('right' as const) : undefined,
          render: (_: unknown, row: Row) => {
            if (toggle && f && !trash) {
              const [name, a] = toggle;
              return (
                <Switch
                  size="small"
                  aria-label={a.label}
                  checked={isOn(def, key, row)}
                  disabled={row.read_only === true}
                  loading={busyRow === `${name}:${row.id}`}
                  onClick={(_c, e) => {
                    e.stopPropagation();
                    void act(`${name}:${row.id}`, () => runAction(name, a, row));
                  }}
                />
              );
            }
            if (!f) return String(row[key] ?? '');
            // text cells end in '…' at their width, the whole text on hover
            const text = width ? cellText(row, key, f) : null;
            const w = shared.get(key) ?? width;
            if (w && text && f.kind !== 'refs') return linked(row, key, <Ellipsis text={text} width={w} rows={ellipsisRows(key, f)} />);
            if (w && f.kind === 'refs') return <div style={{ maxWidth: w }}>{renderValue(row, key, f, 'list')}</div>;
            return linked(row, key, <span style={{ whiteSpace: 'nowrap' }}>{renderValue(row, key, f, 'list')}</span>);
          },
        };
      }),
    ...extraColumns,
  ];

  for (const c of extraColumns) labels.set(String(c.key), typeof c.title === 'string' ? c.title : String(c.key));
  if (trash) {
    if (canDelete) {
      cols.push({
        title: 'Thao tác',
        key: '__actions',
        fixed: phone ? undefined : 'right',
        width: 80,
        render: (_v, row) => (
          <Tooltip title="Khôi phục">
            <Button size="small" type="text" icon={<UndoOutlined />} aria-label="Khôi phục" onClick={() => void act(`restore:${row.id}`, () => restore(row))} />
          </Tooltip>
        ),
      });
    }
  } else if (canRead || canEdit || canDelete || sets.length || rowActions) {
    // icon buttons (label in a tooltip and for screen readers) keep the fixed column narrow
    const buttons = sets.length + (canRead ? 1 : 0) + (canEdit ? 1 : 0) + (canDelete ? 1 : 0);
    widths.set('__actions', (buttons + (rowActions ? 1 : 0)) * 26 + 14);
    cols.push({
      title: 'Thao tác',
      key: '__actions',
      fixed: phone ? undefined : 'right',
      width: rowActions ? undefined : Math.max(80, buttons * 26 + 14),
      render: (_v, row) => (
        <Space size={2}>
          {sets.map(([name, a]) =>
            a.kind === 'set' && row[a.field] !== a.value && (!a.from || a.from.includes(row[a.field])) ? (
              <Tooltip key={name} title={a.label}>
                <Button
                  size="small"
                  type="text"
                  danger={isRejection(a)}
                  style={isRejection(a) ? undefined : { color: '#389e0d' }}
                  icon={isRejection(a) ? <CloseCircleOutlined /> : <CheckCircleOutlined />}
                  aria-label={a.label}
                  onClick={() => void act(`${name}:${row.id}`, () => runAction(name, a, row))}
                />
              </Tooltip>
            ) : (
              // keeps the other buttons in place from row to row
              <span key={name} style={{ display: 'inline-block', width: 24 }} />
            ),
          )}
          {rowActions?.(row)}
          {canRead && <LinkButton to={`${def.route}/${row.id}/detail`} label="Xem chi tiết" icon={<EyeOutlined />} />}
          {/* a row the server marks read_only (a shared record this account may only read) offers no edit or delete */}
          {canEdit && row.read_only !== true && <LinkButton to={`${def.route}/${row.id}/edit`} label="Chỉnh sửa" icon={<EditOutlined />} />}
          {canDelete && row.read_only !== true && (
            <Tooltip title="Xóa">
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="Xóa"
                onClick={() =>
                  void act(`delete:${row.id}`, async () => {
                    const done = await remove(row);
                    if (done && rows.length === 1 && params.page > 1) update({ page: params.page - 1 });
                  })
                }
              />
            </Tooltip>
          )}
        </Space>
      ),
    });
  }
  if (adjust) cols = adjust(cols);
  // the columns the user may show or hide (not the actions); at least one stays
  const choosable = cols
    .filter((c) => c.key !== '__actions')
    .map((c) => ({
      key: String(c.key),
      label: labels.get(String(c.key)) ?? (typeof c.title === 'string' ? c.title : (fieldOf(def.fields, String(c.key))?.label ?? String(c.key))),
    }));
  if (choosable.some((c) => !hidden.has(c.key))) cols = cols.filter((c) => !hidden.has(String(c.key)));
  if (phone) {
    // no row numbers; the record's name first, fixed while the rest scrolls
    cols = cols.filter((c) => c.key !== '__no');
    const i = cols.findIndex((c) => c.key === def.titleField);
    if (i >= 0) {
      const [name] = cols.splice(i, 1);
      cols.unshift({ ...name, fixed: 'left' });
    }
  }
  {
    const kept = new Set(cols.map((c) => String(c.key)));
    const shown = texts.filter((t) => kept.has(t.key));
    const textKeys = new Set(shown.map((t) => t.key));
    const others = cols.reduce((sum, c) => {
      const k = String(c.key);
      if (textKeys.has(k)) return sum;
      return sum + (typeof c.width === 'number' ? c.width : (widths.get(k) ?? 120));
    }, 0);
    shared = shareWidths(shown, tableWidth - others - shown.length * PAD - 2 - (canBulk ? SELECTION_WIDTH : 0));
    cols = cols.map((c) => {
      const k = String(c.key);
      const w = shared.get(k);
      if (w === undefined) return c;
      const label = fieldOf(def.fields, k)?.label ?? k;
      return { ...c, title: <Heading label={label} width={headingMax(w, def.sortable.includes(k))} /> };
    });
  }

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
  const filterCount = Object.keys(params.filters).filter((k) => !k.endsWith('_to') || !(`${k.slice(0, -3)}_from` in params.filters)).length;
  const clearFilters = () => update({ search: '', filters: {} });
  const emptyText = hasFilters ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={notFoundText(params.search)}>
      <Button onClick={clearFilters}>Xóa bộ lọc</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={trash ? 'Thùng rác trống' : EMPTY_TEXT} />
  );
  const filterControls = <ListFilters def={def} filters={params.filters} onChange={(filters) => update({ filters })} block={phone} />;
  const failed = list.isFetched && !list.isFetching && !ok && env !== undefined && Object.keys(env).length > 0;
  const total = pg?.total ?? 0;

  const title0 = title ?? def.label;
  return (
    <Card
      title={trash ? <>{title0} — Thùng rác</> : title0}
      variant="borderless"
      styles={phone ? { body: { padding: '12px 12px 16px' }, header: { padding: '0 12px' } } : { body: { paddingTop: 12 } }}
    >
      {/* search and the actions on one line; the declared filters below it, on the card's whole width (a drawer on phones) */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8, alignItems: 'flex-start' }}>
        {def.searchFields.length > 0 && (
          <Input.Search
            allowClear
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder={`Tìm theo ${def.searchFields.map((k) => def.labels[k]?.toLowerCase()).join(', ')}`}
            aria-label="Tìm kiếm"
            style={{ flex: phone ? '1 1 100%' : '1 1 220px', maxWidth: phone ? undefined : 360 }}
            onSearch={(v) => {
              clearTimeout(searchTimer.current);
              setSearchText(v);
              update({ search: v.trim() });
            }}
          />
        )}
        <Space wrap size={phone ? 6 : 8} style={{ marginLeft: phone ? undefined : 'auto', justifyContent: phone ? 'flex-start' : 'flex-end' }}>
          {phone && def.filterFields.length > 0 && (
            <Badge count={filterCount} size="small">
              <Button icon={<FilterOutlined />} aria-label="Bộ lọc" onClick={() => setFiltersOpen(true)}>
                Bộ lọc
              </Button>
            </Badge>
          )}
          {toolbar}
          <SavedViews def={def} params={params} prefs={prefs} save={savePrefs} onApply={update} compact={phone} />
          <ListSettings columns={choosable} hidden={hidden} density={prefs.density} save={savePrefs} />
          {def.softDelete && canDelete && (
            <Tooltip title={trash ? 'Quay lại danh sách' : 'Thùng rác: bản ghi đã xóa'}>
              <Button
                icon={trash ? <ArrowLeftOutlined /> : <RestOutlined />}
                aria-label={trash ? 'Quay lại danh sách' : 'Thùng rác'}
                onClick={() => update({ trash: !trash })}
              >
                {phone ? null : trash ? 'Danh sách' : 'Thùng rác'}
              </Button>
            </Tooltip>
          )}
          <Tooltip title="Tải lại">
            <Button icon={<ReloadOutlined />} aria-label="Tải lại" onClick={() => void refresh()} />
          </Tooltip>
          {def.exportName && can('export', def.subject) && (
            <Button icon={<FileExcelOutlined />} aria-label="Xuất Excel" onClick={() => void exportList({ ...toApiQuery(def, params, false), ...baseQuery })}>
              {phone ? null : 'Xuất Excel'}
            </Button>
          )}
          {!trash && !custom.create && can('create', def.subject) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath ?? `${def.route}/create`)}>
              Thêm mới
            </Button>
          )}
        </Space>
      </div>
      {!phone && (def.filterFields.length > 0 || hasFilters) && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
          {filterControls}
          {hasFilters && <Button onClick={clearFilters}>Xóa bộ lọc</Button>}
        </div>
      )}
      {phone && (
        <Drawer
          title="Bộ lọc"
          placement="bottom"
          height="auto"
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          footer={
            <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
              <Button onClick={clearFilters} disabled={!hasFilters}>
                Xóa bộ lọc
              </Button>
              <Button type="primary" onClick={() => setFiltersOpen(false)}>
                Xem kết quả{pg?.total != null ? ` (${pg.total.toLocaleString('vi-VN')})` : ''}
              </Button>
            </div>
          }
        >
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>{filterControls}</div>
        </Drawer>
      )}
      {selected.length > 0 && (
        <BulkBar def={def} ids={selected} trash={trash} exportQuery={{ ...toApiQuery(def, params, false), ...baseQuery }} onDone={() => setSelected([])} />
      )}
      {failed ? (
        <Result status="error" title="Không tải được danh sách" subTitle={env?.message} extra={<Button onClick={() => void list.refetch()}>Thử lại</Button>} />
      ) : (
        <div ref={box}>
          <ConfigProvider theme={TABLE_THEME}>
            <Table<Row>
              rowKey="id"
              size={prefs.density ?? (phone ? 'small' : 'middle')}
              columns={cols}
              dataSource={rows}
              loading={{ spinning: list.isFetching, tip: LOADING_TEXT }}
              onChange={onTableChange}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText }}
              showSorterTooltip={{ title: 'Bấm để sắp xếp' }}
              rowSelection={
                canBulk
                  ? {
                      selectedRowKeys: selected,
                      preserveSelectedRowKeys: true,
                      columnWidth: SELECTION_WIDTH,
                      fixed: phone ? 'left' : undefined,
                      onChange: (keys) => setSelected(keys.map(Number)),
                      // antd names the header checkbox in English ('Select all')
                      columnTitle: (node) =>
                        isValidElement(node) ? cloneElement(node as ReactElement<Record<string, unknown>>, { 'aria-label': 'Chọn tất cả' }) : node,
                      // not the record's name: a cell's accessible name would then match the name cell's
                      getCheckboxProps: (row) => ({ 'aria-label': `Chọn bản ghi ${row.id}` }) as never,
                    }
                  : undefined
              }
              onRow={(row) => {
                const to = rowPath(row);
                if (!to) return {};
                return {
                  style: { cursor: 'pointer' },
                  onClick: (e) => {
                    if (!opensRow(e)) return;
                    if (e.ctrlKey || e.metaKey) window.open(to, '_blank', 'noopener');
                    else navigate(to);
                  },
                };
              }}
              pagination={{
                current: params.page,
                pageSize: params.limit,
                total,
                size: phone ? 'small' : undefined,
                showLessItems: phone,
                showSizeChanger: !phone,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (t) =>
                  phone ? `${t.toLocaleString('vi-VN')} bản ghi` : `${pg?.total_is_estimate ? 'Khoảng' : 'Tổng'} ${t.toLocaleString('vi-VN')} bản ghi`,
                locale: { items_per_page: '/ trang' },
              }}
            />
          </ConfigProvider>
        </div>
      )}
    </Card>
  );
}
