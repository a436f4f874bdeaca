import { CheckCircleOutlined, CloseCircleOutlined, DeleteOutlined, DownOutlined, FileExcelOutlined, UndoOutlined } from '@ant-design/icons';
import type { RecordAction, ResourceDef } from '@nns/shared';
import { Button, Dropdown, Space } from 'antd';
import { useSession } from '../session';
import { useRecordActions } from './use-record-actions';

export interface BulkBarProps {
  def: ResourceDef;
  /** the chosen rows' ids (they may span pages) */
  ids: number[];
  /** the list shows the trash: only restore (and export) apply */
  trash?: boolean;
  /** the list's export query (filters, sort), for the export of the selection */
  exportQuery: Record<string, string | number>;
  /** after an action ran: the selection is cleared */
  onDone(): void;
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The bar over a list with chosen rows: what the user may do to all of them at once, by permission
 * as the row actions are (approve and the other 'set' actions, each toggle on/off, delete; restore in
 * the trash), and the Excel file of the selection. One request per action.
 */
export function BulkBar({ def, ids, trash = false, exportQuery, onDone }: BulkBarProps) {
  const { can } = useSession();
  const { bulk, exportSelection } = useRecordActions(def);
  const custom = def.config.custom ?? {};
  const n = ids.length;
  const what = `${n} bản ghi đã chọn`;
  const run = async (o: Parameters<typeof bulk>[0]) => {
    if (await bulk(o)) onDone();
  };
  const actions = (Object.entries(def.actions) as [string, RecordAction][]).filter(([, a]) => !trash && can(a.permission, def.subject));

  return (
    <div
      role="region"
      aria-label="Thao tác với các bản ghi đã chọn"
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '8px 12px', marginBottom: 8, background: '#e6f4ff', borderRadius: 8 }}
    >
      <strong style={{ whiteSpace: 'nowrap' }}>Đã chọn {n}</strong>
      <Space wrap size={6}>
        {actions.map(([name, a]) =>
          a.kind === 'set' ? (
            <Button
              key={name}
              size="small"
              danger={a.rejects}
              icon={a.rejects ? <CloseCircleOutlined /> : <CheckCircleOutlined />}
              onClick={() =>
                void run({ action: name, ids, verb: `Đã ${lower(a.label)}`, title: a.label, content: `Bạn có chắc muốn ${lower(a.label)} ${what}?` })
              }
            >
              {a.label}
            </Button>
          ) : (
            <Dropdown
              key={name}
              trigger={['click']}
              menu={{
                items: [
                  { key: 'on', label: 'Bật' },
                  { key: 'off', label: 'Tắt' },
                ],
                onClick: ({ key }) => {
                  const field = def.fields[a.field]?.label ?? a.field;
                  const on = key === 'on';
                  void run({
                    action: name,
                    ids,
                    value: on,
                    verb: `Đã ${on ? 'bật' : 'tắt'} “${field}”`,
                    title: a.label,
                    content: `Bạn có chắc muốn ${on ? 'bật' : 'tắt'} “${field}” của ${what}?`,
                  });
                },
              }}
            >
              <Button size="small">
                {def.fields[a.field]?.label ?? a.label} <DownOutlined />
              </Button>
            </Dropdown>
          ),
        )}
        {trash && can('delete', def.subject) && (
          <Button
            size="small"
            icon={<UndoOutlined />}
            onClick={() => void run({ action: 'restore', ids, verb: 'Đã khôi phục', title: 'Khôi phục', content: `Khôi phục ${what} từ thùng rác?` })}
          >
            Khôi phục
          </Button>
        )}
        {def.exportName && can('export', def.subject) && (
          <Button size="small" icon={<FileExcelOutlined />} onClick={() => void exportSelection(ids, exportQuery)}>
            Xuất Excel
          </Button>
        )}
        {!trash && !custom.delete && can('delete', def.subject) && (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() =>
              void run({
                action: 'delete',
                ids,
                verb: 'Đã xóa',
                title: `Xóa ${def.label.toLowerCase()}`,
                content: `Bạn có chắc muốn xóa ${what}?${def.softDelete ? ' Các bản ghi được chuyển vào thùng rác.' : ''}`,
                danger: true,
              })
            }
          >
            Xóa
          </Button>
        )}
        <Button size="small" type="link" onClick={onDone}>
          Bỏ chọn
        </Button>
      </Space>
    </div>
  );
}
