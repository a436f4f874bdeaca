import { ArrowLeftOutlined, FileExcelOutlined, FilterOutlined, PlusOutlined, ReloadOutlined, RestOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@nns/shared';
import { Badge, Button, Drawer, Input, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ListFilters } from './list-filters';
import { ListSettings, SavedViews } from './list-settings';
import type { ResourceListState } from './use-resource-list';

export interface ListToolbarProps {
  def: ResourceDef;
  state: ResourceListState;
  /** the screen's own buttons, before 'Thêm mới' */
  toolbar?: ReactNode;
  /** where 'Thêm mới' goes */
  createPath: string;
  /** the columns a user may show or hide */
  columns: { key: string; label: string }[];
  phone: boolean;
}

/**
 * Above a list: search and the actions on one line; the declared filters below it on the card's whole
 * width (a drawer on phones).
 */
export function ListToolbar({ def, state: s, toolbar, createPath, columns, phone }: ListToolbarProps) {
  const navigate = useNavigate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { params, trash, can, hasFilters, clearFilters } = s;
  const filterControls = <ListFilters def={def} filters={params.filters} onChange={s.setFilters} block={phone} />;
  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8, alignItems: 'flex-start' }}>
        {def.searchFields.length > 0 && (
          <Input.Search
            allowClear
            value={s.search.text}
            onChange={(e) => s.search.setText(e.target.value)}
            placeholder={`Tìm theo ${def.searchFields.map((k) => def.labels[k]?.toLowerCase()).join(', ')}`}
            aria-label="Tìm kiếm"
            style={{ flex: phone ? '1 1 100%' : '1 1 220px', maxWidth: phone ? undefined : 360 }}
            onSearch={s.search.submit}
          />
        )}
        <Space wrap size={phone ? 6 : 8} style={{ marginLeft: phone ? undefined : 'auto', justifyContent: phone ? 'flex-start' : 'flex-end' }}>
          {phone && def.filterFields.length > 0 && (
            <Badge count={s.filterCount} size="small">
              <Button icon={<FilterOutlined />} aria-label="Bộ lọc" onClick={() => setFiltersOpen(true)}>
                Bộ lọc
              </Button>
            </Badge>
          )}
          {toolbar}
          <SavedViews def={def} params={params} prefs={s.prefs} save={s.savePrefs} onApply={s.update} compact={phone} />
          <ListSettings columns={columns} hidden={s.hidden} density={s.prefs.density} save={s.savePrefs} />
          {def.softDelete && can.delete && (
            <Tooltip title={trash ? 'Quay lại danh sách' : 'Thùng rác: bản ghi đã xóa'}>
              <Button icon={trash ? <ArrowLeftOutlined /> : <RestOutlined />} aria-label={trash ? 'Quay lại danh sách' : 'Thùng rác'} onClick={s.toggleTrash}>
                {phone ? null : trash ? 'Danh sách' : 'Thùng rác'}
              </Button>
            </Tooltip>
          )}
          <Tooltip title="Tải lại">
            <Button icon={<ReloadOutlined />} aria-label="Tải lại" onClick={() => void s.refresh()} />
          </Tooltip>
          {can.export && (
            <Button icon={<FileExcelOutlined />} aria-label="Xuất Excel" onClick={() => void s.exportList()}>
              {phone ? null : 'Xuất Excel'}
            </Button>
          )}
          {can.create && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath)}>
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
                Xem kết quả{s.pg?.total != null ? ` (${s.pg.total.toLocaleString('vi-VN')})` : ''}
              </Button>
            </div>
          }
        >
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>{filterControls}</div>
        </Drawer>
      )}
    </>
  );
}
