import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { RecordAction, ResourceDef } from '@nns/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Result, Space, Switch, Table, Tooltip } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, type Envelope } from '../api';
import type { ListData } from '../api-types';
import { queryKeys } from '../query';
import { useSession } from '../session';
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
import { PAGE_SIZES, rowNumber, sortFromOrder, sortOrderOf, toApiQuery } from './list-params';
import { useListParams } from './use-list-params';
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
export const LOADING_TEXT = 'Đang tải...';
/** The table's width at 1366 px beside the open menu, until the real one is measured. */
const TABLE_WIDTH_1366 = 990;

/** A 'set' action that turns a record down (products' 'Từ chối') gets a red cross; the others a green tick. */
const isRejection = (a: RecordAction) => a.kind === 'set' && /^reject/.test(String(a.value));

/** The generic list screen of a resource: search, filters, sort, paging, export, toggles, actions, delete. */
export function ResourceList({ def, title, extraColumns = [], columns: adjust, toolbar, rowActions, baseQuery, createPath }: ResourceListProps) {
  const [params, update] = useListParams(def);
  const { can } = useSession();
  const navigate = useNavigate();
  const { runAction, remove, exportList, refresh } = useRecordActions(def);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const query = { ...toApiQuery(def, params), ...baseQuery };
  const custom = def.config.custom ?? {};

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
    if (!can(a.permission, def.subject)) continue;
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
  const texts: TextColumn[] = [];
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
            if (toggle && f) {
              const [name, a] = toggle;
              return (
                <Switch
                  size="small"
                  aria-label={a.label}
                  checked={isOn(def, key, row)}
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
            if (w && text && f.kind !== 'refs') return <Ellipsis text={text} width={w} rows={ellipsisRows(key, f)} />;
            if (w && f.kind === 'refs') return <div style={{ maxWidth: w }}>{renderValue(row, key, f, 'list')}</div>;
            return <span style={{ whiteSpace: 'nowrap' }}>{renderValue(row, key, f, 'list')}</span>;
          },
        };
      }),
    ...extraColumns,
  ];

  const canRead = def.config.detail && !custom.read && can('read', def.subject);
  const canEdit = !custom.update && can('update', def.subject);
  const canDelete = !custom.delete && can('delete', def.subject);
  if (canRead || canEdit || canDelete || sets.length || rowActions) {
    // icon buttons (label in a tooltip and for screen readers) keep the fixed column narrow
    const buttons = sets.length + (canRead ? 1 : 0) + (canEdit ? 1 : 0) + (canDelete ? 1 : 0);
    widths.set('__actions', (buttons + (rowActions ? 1 : 0)) * 26 + 14);
    cols.push({
      title: 'Thao tác',
      key: '__actions',
      fixed: 'right',
      width: rowActions ? undefined : Math.max(80, buttons * 26 + 14),
      render: (_v, row) => (
        <Space size={2}>
          {sets.map(([name, a]) =>
            a.kind === 'set' && row[a.field] !== a.value ? (
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
          {canRead && (
            <Tooltip title="Xem chi tiết">
              <Button size="small" type="text" icon={<EyeOutlined />} aria-label="Xem chi tiết" onClick={() => navigate(`${def.route}/${row.id}/detail`)} />
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip title="Chỉnh sửa">
              <Button size="small" type="text" icon={<EditOutlined />} aria-label="Chỉnh sửa" onClick={() => navigate(`${def.route}/${row.id}/edit`)} />
            </Tooltip>
          )}
          {canDelete && (
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
  {
    const kept = new Set(cols.map((c) => String(c.key)));
    const shown = texts.filter((t) => kept.has(t.key));
    const textKeys = new Set(shown.map((t) => t.key));
    const others = cols.reduce((sum, c) => {
      const k = String(c.key);
      if (textKeys.has(k)) return sum;
      return sum + (typeof c.width === 'number' ? c.width : (widths.get(k) ?? 120));
    }, 0);
    shared = shareWidths(shown, tableWidth - others - shown.length * PAD - 2);
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
  const failed = list.isFetched && !list.isFetching && !ok && env !== undefined && Object.keys(env).length > 0;
  const total = pg?.total ?? 0;

  return (
    <Card title={title ?? def.label} variant="borderless" styles={{ body: { paddingTop: 12 } }}>
      {/* search and the actions on one line; the declared filters below it, on the card's whole width */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8, alignItems: 'flex-start' }}>
        {def.searchFields.length > 0 && (
          <Input.Search
            key={params.search}
            allowClear
            defaultValue={params.search}
            placeholder={`Tìm theo ${def.searchFields.map((k) => def.labels[k]?.toLowerCase()).join(', ')}`}
            aria-label="Tìm kiếm"
            style={{ flex: '1 1 220px', maxWidth: 360 }}
            onSearch={(v) => update({ search: v.trim() })}
          />
        )}
        <Space wrap style={{ marginLeft: 'auto', justifyContent: 'flex-end' }}>
          {toolbar}
          <Tooltip title="Tải lại">
            <Button icon={<ReloadOutlined />} aria-label="Tải lại" onClick={() => void refresh()} />
          </Tooltip>
          {def.exportName && can('export', def.subject) && (
            <Button icon={<FileExcelOutlined />} onClick={() => void exportList({ ...toApiQuery(def, params, false), ...baseQuery })}>
              Xuất Excel
            </Button>
          )}
          {!custom.create && can('create', def.subject) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath ?? `${def.route}/create`)}>
              Thêm mới
            </Button>
          )}
        </Space>
      </div>
      {(def.filterFields.length > 0 || hasFilters) && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
          <ListFilters def={def} filters={params.filters} onChange={(filters) => update({ filters })} />
          {hasFilters && <Button onClick={() => update({ search: '', filters: {} })}>Xóa bộ lọc</Button>}
        </div>
      )}
      {failed ? (
        <Result status="error" title="Không tải được danh sách" subTitle={env?.message} extra={<Button onClick={() => void list.refetch()}>Thử lại</Button>} />
      ) : (
        <div ref={box}>
          <Table<Row>
            rowKey="id"
            size="middle"
            columns={cols}
            dataSource={rows}
            loading={{ spinning: list.isFetching, tip: LOADING_TEXT }}
            onChange={onTableChange}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
            showSorterTooltip={{ title: 'Bấm để sắp xếp' }}
            pagination={{
              current: params.page,
              pageSize: params.limit,
              total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (t) => `${pg?.total_is_estimate ? 'Khoảng' : 'Tổng'} ${t.toLocaleString('vi-VN')} bản ghi`,
              locale: { items_per_page: '/ trang' },
            }}
          />
        </div>
      )}
    </Card>
  );
}
