import { CloseOutlined, DownOutlined, SaveOutlined, SettingOutlined, StarOutlined } from '@ant-design/icons';
import { type Density, type ListPreference, type ResourceDef, SAVED_VIEWS_MAX } from '@nns/shared';
import { Button, Checkbox, Dropdown, Input, Modal, Popover, Segmented, Tooltip } from 'antd';
import { useState } from 'react';
import { notify } from '../feedback';
import { type ListParams, paramsFromSearch, viewQuery } from './list-params';

const DENSITY_OPTIONS: { value: Density; label: string }[] = [
  { value: 'small', label: 'Gọn' },
  { value: 'middle', label: 'Vừa' },
  { value: 'large', label: 'Rộng' },
];

export interface ListSettingsProps {
  columns: { key: string; label: string }[];
  hidden: Set<string>;
  density?: Density;
  save(patch: Partial<ListPreference>): Promise<boolean>;
}

/** 'Tùy chỉnh hiển thị': the row density and the columns shown, kept per user on the server. */
export function ListSettings({ columns, hidden: saved, density, save }: ListSettingsProps) {
  // the box follows the click at once (the stored settings reach the screen a tick later, through the
  // query cache); a refused save brings the stored value back
  const savedKey = [...saved].sort().join(',');
  const [chosen, setChosen] = useState<{ from: string; hidden: Set<string> } | null>(null);
  const hidden = chosen && chosen.from === savedKey ? chosen.hidden : saved;
  const shown = columns.filter((c) => !hidden.has(c.key));
  const set = (key: string, show: boolean) => {
    const next = new Set(hidden);
    if (show) next.delete(key);
    else next.add(key);
    setChosen({ from: savedKey, hidden: next });
    void save({ hidden: [...next] }).then((ok) => {
      if (!ok) setChosen(null);
    });
  };
  const content = (
    <div style={{ width: 240 }}>
      <div style={{ fontWeight: 600, marginBottom: 6 }}>Mật độ hiển thị</div>
      <Segmented<Density> block size="small" options={DENSITY_OPTIONS} value={density ?? 'middle'} onChange={(v) => void save({ density: v })} />
      <div style={{ fontWeight: 600, margin: '12px 0 6px' }}>Cột hiển thị</div>
      <div role="group" aria-label="Cột hiển thị" style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 300, overflowY: 'auto' }}>
        {columns.map((c) => {
          const on = !hidden.has(c.key);
          return (
            <Checkbox key={c.key} checked={on} disabled={on && shown.length === 1} onChange={(e) => set(c.key, e.target.checked)}>
              {c.label}
            </Checkbox>
          );
        })}
      </div>
      {hidden.size > 0 && (
        <Button size="small" type="link" style={{ padding: 0, marginTop: 8 }} onClick={() => void save({ hidden: [] })}>
          Hiện tất cả cột
        </Button>
      )}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="Tùy chỉnh hiển thị" content={content}>
      <Tooltip title="Cột và mật độ hiển thị">
        <Button icon={<SettingOutlined />} aria-label="Tùy chỉnh hiển thị" />
      </Tooltip>
    </Popover>
  );
}

export interface SavedViewsProps {
  def: ResourceDef;
  params: ListParams;
  prefs: ListPreference;
  save(patch: Partial<ListPreference>): Promise<boolean>;
  onApply(change: Partial<ListParams>): void;
  compact?: boolean;
}

/** Named views of this list for this user: the current search, sort and filters saved under a name, picked again from a menu. */
export function SavedViews({ def, params, prefs, save, onApply, compact }: SavedViewsProps) {
  const views = prefs.views ?? [];
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const current = viewQuery(params);
  const active = views.find((v) => v.query === current && current !== '');
  const apply = (query: string) => {
    const p = paramsFromSearch(def, new URLSearchParams(query));
    onApply({ search: p.search, sort: p.sort, filters: p.filters, trash: p.trash });
  };
  const saveView = async () => {
    const n = name.trim();
    if (!n) return notify.error('Nhập tên cho bộ lọc');
    if (views.length >= SAVED_VIEWS_MAX && !views.some((v) => v.name === n)) return notify.error(`Tối đa ${SAVED_VIEWS_MAX} bộ lọc đã lưu`);
    if (await save({ views: [...views.filter((v) => v.name !== n), { name: n, query: current }] })) {
      notify.success(`Đã lưu bộ lọc “${n}”`);
      setNaming(false);
      setName('');
    }
  };
  const items = [
    ...views.map((v) => ({
      key: `view:${v.name}`,
      label: (
        <span style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between', minWidth: 180 }}>
          <span>{v.name}</span>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={`Xóa bộ lọc “${v.name}”`}
            onClick={(e) => {
              e.stopPropagation();
              void save({ views: views.filter((x) => x.name !== v.name) });
            }}
          />
        </span>
      ),
    })),
    ...(views.length ? [{ type: 'divider' as const }] : []),
    { key: 'save', icon: <SaveOutlined />, label: 'Lưu bộ lọc hiện tại…', disabled: current === '' },
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'save') {
              setName(active?.name ?? '');
              setNaming(true);
            } else {
              const v = views.find((x) => `view:${x.name}` === key);
              if (v) apply(v.query);
            }
          },
        }}
      >
        <Tooltip title="Bộ lọc đã lưu">
          <Button icon={<StarOutlined />} aria-label="Bộ lọc đã lưu">
            {compact || !active ? null : active.name}
            {compact ? null : <DownOutlined />}
          </Button>
        </Tooltip>
      </Dropdown>
      <Modal
        title="Lưu bộ lọc hiện tại"
        open={naming}
        okText="Lưu"
        cancelText="Hủy"
        onOk={() => void saveView()}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label="Tên bộ lọc"
          placeholder="Ví dụ: Chờ duyệt tháng này"
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => void saveView()}
        />
      </Modal>
    </>
  );
}
