import { CheckCircleOutlined, CloseCircleOutlined, DeleteOutlined, EditOutlined, EyeOutlined, UndoOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@nns/shared';
import { Button, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Row } from './display';
import type { ResourceListState } from './use-resource-list';

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

/** 'Thao tác': restore in the trash; else the declared 'set' actions, the screen's buttons, view, edit, delete. */
export function actionsColumn(def: ResourceDef, s: ResourceListState, rowActions: ((row: Row) => ReactNode) | undefined, phone: boolean) {
  const { trash, sets, can } = s;
  const fixed = phone ? undefined : ('right' as const);
  if (trash) {
    if (!can.delete) return null;
    const column: ColumnsType<Row>[number] = {
      title: 'Thao tác',
      key: '__actions',
      fixed,
      width: 80,
      render: (_v, row) => (
        <Tooltip title="Khôi phục">
          <Button size="small" type="text" icon={<UndoOutlined />} aria-label="Khôi phục" onClick={() => void s.restore(row)} />
        </Tooltip>
      ),
    };
    return { column, room: 80 };
  }
  if (!(can.read || can.edit || can.delete || sets.length || rowActions)) return null;
  // icon buttons (label in a tooltip and for screen readers) keep the fixed column narrow
  const buttons = sets.length + (can.read ? 1 : 0) + (can.edit ? 1 : 0) + (can.delete ? 1 : 0);
  const column: ColumnsType<Row>[number] = {
    title: 'Thao tác',
    key: '__actions',
    fixed,
    width: rowActions ? undefined : Math.max(80, buttons * 26 + 14),
    render: (_v, row) => (
      <Space size={2}>
        {sets.map(([name, a]) =>
          a.kind === 'set' && row[a.field] !== a.value && (!a.from || a.from.includes(row[a.field])) ? (
            <Tooltip key={name} title={a.label}>
              <Button
                size="small"
                type="text"
                danger={a.rejects}
                style={a.rejects ? undefined : { color: '#389e0d' }}
                icon={a.rejects ? <CloseCircleOutlined /> : <CheckCircleOutlined />}
                aria-label={a.label}
                onClick={() => void s.runAction(name, a, row)}
              />
            </Tooltip>
          ) : (
            // keeps the other buttons in place from row to row
            <span key={name} style={{ display: 'inline-block', width: 24 }} />
          ),
        )}
        {rowActions?.(row)}
        {can.read && <LinkButton to={`${def.route}/${row.id}/detail`} label="Xem chi tiết" icon={<EyeOutlined />} />}
        {/* a row the server marks read_only (a shared record this account may only read) offers no edit or delete */}
        {can.edit && row.read_only !== true && <LinkButton to={`${def.route}/${row.id}/edit`} label="Chỉnh sửa" icon={<EditOutlined />} />}
        {can.delete && row.read_only !== true && (
          <Tooltip title="Xóa">
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Xóa" onClick={() => void s.remove(row)} />
          </Tooltip>
        )}
      </Space>
    ),
  };
  return { column, room: (buttons + (rowActions ? 1 : 0)) * 26 + 14 };
}
