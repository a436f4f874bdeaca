import { DeleteOutlined, EditOutlined, EyeOutlined, FileExcelOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { RecordAction, ResourceDef } from '@nns/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Result, Space, Switch, Table, Tooltip } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, type Envelope } from '../api';
import type { ListData } from '../api-types';
import { queryKeys } from '../query';
import { useSession } from '../session';
import { fieldOf, type Row, renderValue } from './display';
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

/** The generic list screen of a resource: search, filters, sort, paging, export, toggles, actions, delete. */
export function ResourceList({ def, title, extraColumns = [], columns: adjust, toolbar, rowActions, baseQuery, createPath }: ResourceListProps) {
  const [params, update] = useListParams(def);
  const { can } = useSession();
  const navigate = useNavigate();
  const { runAction, remove, exportList, refresh } = useRecordActions(def);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const query = { ...toApiQuery(def, params), ...baseQuery };
  const custom = def.config.custom ?? {};

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

  let cols: ColumnsType<Row> = [
    { title: 'STT', key: '__no', width: 64, align: 'center', render: (_v, _r, i) => rowNumber(params.page, params.limit, i) },
    ...def.listColumns.map((key) => {
      const f = fieldOf(def.fields, key);
      const toggle = toggles.get(key);
      return {
        title: f?.label ?? key,
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
          return f ? renderValue(row, key, f, 'list') : String(row[key] ?? '');
        },
      };
    }),
    ...extraColumns,
  ];

  const canRead = def.config.detail && !custom.read && can('read', def.subject);
  const canEdit = !custom.update && can('update', def.subject);
  const canDelete = !custom.delete && can('delete', def.subject);
  if (canRead || canEdit || canDelete || sets.length || rowActions) {
    cols.push({
      title: 'Thao tác',
      key: '__actions',
      fixed: 'right',
      render: (_v, row) => (
        <Space size={4}>
          {sets.map(([name, a]) =>
            a.kind === 'set' && row[a.field] !== a.value ? (
              <Button key={name} size="small" type="primary" ghost onClick={() => void act(`${name}:${row.id}`, () => runAction(name, a, row))}>
                {a.label}
              </Button>
            ) : null,
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
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12, alignItems: 'flex-start' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, flex: '1 1 480px' }}>
          {def.searchFields.length > 0 && (
            <Input.Search
              key={params.search}
              allowClear
              defaultValue={params.search}
              placeholder={`Tìm theo ${def.searchFields.map((k) => def.labels[k]?.toLowerCase()).join(', ')}`}
              aria-label="Tìm kiếm"
              style={{ width: 300 }}
              onSearch={(v) => update({ search: v.trim() })}
            />
          )}
          <ListFilters def={def} filters={params.filters} onChange={(filters) => update({ filters })} />
          {hasFilters && <Button onClick={() => update({ search: '', filters: {} })}>Xóa bộ lọc</Button>}
        </div>
        <Space wrap style={{ marginLeft: 'auto' }}>
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
      {failed ? (
        <Result status="error" title="Không tải được danh sách" subTitle={env?.message} extra={<Button onClick={() => void list.refetch()}>Thử lại</Button>} />
      ) : (
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={cols}
          dataSource={rows}
          loading={list.isFetching}
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
      )}
    </Card>
  );
}
