import type { ResourceDef } from '@nns/shared';
import { Button, Card, ConfigProvider, Empty, Grid, Result, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { cloneElement, isValidElement, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { BulkBar } from './bulk-bar';
import type { Row } from './display';
import { PAGE_SIZES } from './list-params';
import { listColumns, SELECTION_WIDTH } from './list-table-columns';
import { ListToolbar } from './list-toolbar';
import { useElementWidth, useResourceList } from './use-resource-list';

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

export const LOADING_TEXT = 'Đang tải...';
/** The table's width at 1366 px beside the open menu, until the real one is measured. */
const TABLE_WIDTH_1366 = 990;
/** chosen rows: a light tint of the brand green (antd derives a grey-green from #237804, too dark under black text) */
const TABLE_THEME = { components: { Table: { rowSelectedBg: '#eef7e8', rowSelectedHoverBg: '#e2f1d7' } } };

/** The generic list screen of a resource: search, filters, sort, paging, export, toggles, actions, delete (logic in useResourceList). */
export function ResourceList({ def, title, extraColumns, columns: adjust, toolbar, rowActions, baseQuery, createPath }: ResourceListProps) {
  const s = useResourceList(def, { baseQuery });
  const { params, trash, rows, pg, env, list, selected, setSelected } = s;
  const navigate = useNavigate();
  // a phone (under 768 px): filters in a drawer, the name column fixed on the left of a scrolling table
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false && Boolean(screens.xs || screens.sm);
  // the table's room (the screen minus the menu), so the name column can take what the others leave
  const [box, tableWidth] = useElementWidth<HTMLDivElement>(TABLE_WIDTH_1366);
  const { cols, choosable } = listColumns(def, s, { extraColumns, adjust, rowActions, phone, tableWidth });

  const emptyText = s.hasFilters ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={notFoundText(params.search)}>
      <Button onClick={s.clearFilters}>Xóa bộ lọc</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={trash ? 'Thùng rác trống' : EMPTY_TEXT} />
  );
  const total = pg?.total ?? 0;
  const title0 = title ?? def.label;
  return (
    <Card
      title={trash ? <>{title0} — Thùng rác</> : title0}
      variant="borderless"
      styles={phone ? { body: { padding: '12px 12px 16px' }, header: { padding: '0 12px' } } : { body: { paddingTop: 12 } }}
    >
      <ListToolbar def={def} state={s} toolbar={toolbar} createPath={createPath ?? `${def.route}/create`} columns={choosable} phone={phone} />
      {selected.length > 0 && <BulkBar def={def} ids={selected} trash={trash} exportQuery={s.exportQuery} onDone={() => setSelected([])} />}
      {s.failed ? (
        <Result status="error" title="Không tải được danh sách" subTitle={env?.message} extra={<Button onClick={() => void list.refetch()}>Thử lại</Button>} />
      ) : (
        <div ref={box}>
          <ConfigProvider theme={TABLE_THEME}>
            <Table<Row>
              rowKey="id"
              size={s.prefs.density ?? (phone ? 'small' : 'middle')}
              columns={cols}
              dataSource={rows}
              loading={{ spinning: list.isFetching, tip: LOADING_TEXT }}
              onChange={s.onTableChange}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText }}
              showSorterTooltip={{ title: 'Bấm để sắp xếp' }}
              rowSelection={
                s.can.bulk
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
                const to = s.rowPath(row);
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
