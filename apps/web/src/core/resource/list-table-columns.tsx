import type { ResourceDef } from '@nns/shared';
import { Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
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
import { rowNumber, sortOrderOf } from './list-params';
import { actionsColumn } from './list-row-actions';
import { isOn } from './use-record-actions';
import type { ResourceListState } from './use-resource-list';

/** the column of the row checkboxes */
export const SELECTION_WIDTH = 36;
const SORT_DIRECTIONS: ('ascend' | 'descend')[] = ['ascend', 'descend'];

export interface ColumnOptions {
  /** columns added after the declared ones (before 'Thao tác') */
  extraColumns?: ColumnsType<Row>;
  /** a last say over the columns (reorder, drop, replace) */
  adjust?: (cols: ColumnsType<Row>) => ColumnsType<Row>;
  /** buttons added to each row's 'Thao tác' */
  rowActions?: (row: Row) => ReactNode;
  phone: boolean;
  /** the table's measured width: text columns share what the others leave */
  tableWidth: number;
}

/**
 * The list's columns: row number, the declared columns (a range pair in one, a toggle as a switch, the
 * title linked to the record), the screen's own, and 'Thao tác'; then the user's hidden columns out,
 * the name first on a phone, and the text columns' widths shared out. Also the columns a user may hide.
 */
export function listColumns(def: ResourceDef, s: ResourceListState, o: ColumnOptions) {
  const { params, trash, rows, toggles, busyRow, hidden } = s;
  const { extraColumns = [], adjust, rowActions, phone, tableWidth } = o;
  const pairs = rangePairs(def);
  const paired = new Set([...pairs.values()].map((p) => p.max));
  // text columns share what the other columns leave of the table by their longest cell on the page
  // (worked out below; read when the cells render)
  const widths = new Map<string, number>();
  const labels = new Map<string, string>([['__no', 'STT']]);
  const texts: TextColumn[] = [];
  let shared = new Map<string, number>();
  const linked = (row: Row, key: string, node: ReactNode) => {
    const to = key === def.titleField ? s.rowPath(row) : null;
    return to ? <Link to={to}>{node}</Link> : node;
  };
  const sorting = (key: string) => ({ sorter: def.sortable.includes(key), sortOrder: sortOrderOf(params.sort, key), sortDirections: SORT_DIRECTIONS });

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
            ...sorting(key),
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
        return {
          title: <Heading label={label} width={headingMax(width, def.sortable.includes(key))} />,
          dataIndex: key,
          key,
          ...sorting(key),
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
                    void s.runAction(name, a, row);
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

  const actions = actionsColumn(def, s, rowActions, phone);
  if (actions) {
    widths.set('__actions', actions.room);
    cols.push(actions.column);
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
  const kept = new Set(cols.map((c) => String(c.key)));
  const shown = texts.filter((t) => kept.has(t.key));
  const textKeys = new Set(shown.map((t) => t.key));
  const others = cols.reduce((sum, c) => {
    const k = String(c.key);
    if (textKeys.has(k)) return sum;
    return sum + (typeof c.width === 'number' ? c.width : (widths.get(k) ?? 120));
  }, 0);
  shared = shareWidths(shown, tableWidth - others - shown.length * PAD - 2 - (s.can.bulk ? SELECTION_WIDTH : 0));
  cols = cols.map((c) => {
    const k = String(c.key);
    const w = shared.get(k);
    if (w === undefined) return c;
    const label = fieldOf(def.fields, k)?.label ?? k;
    return { ...c, title: <Heading label={label} width={headingMax(w, def.sortable.includes(k))} /> };
  });
  return { cols, choosable };
}
