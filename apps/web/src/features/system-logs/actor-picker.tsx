import { Select } from 'antd';
import { useMemo } from 'react';
import { RefSelect } from '../../core/resource/ref-select';
import { useSession } from '../../core/session';

/** A user as the pickers show one: 'Họ tên (tên đăng nhập)'. */
export function userLabel(e: Record<string, unknown>): string {
  const name = typeof e.full_name === 'string' && e.full_name.trim() ? e.full_name.trim() : '';
  const username = typeof e.username === 'string' ? e.username : '';
  if (name && username) return `${name} (${username})`;
  return name || username || `#${e.id}`;
}

export interface Actor {
  id: number;
  username: string | null;
}

export interface ActorPickerProps {
  value?: number | null;
  onChange?: (v: number | null) => void;
  /** actors of the log rows on screen: what a viewer without the users list can pick from */
  seen?: Actor[];
  id?: string;
  style?: React.CSSProperties;
}

/**
 * The 'Người thực hiện' filter. With list:users it searches the users on the server by name or
 * username; without it (asking would answer 403 and leave for the 403 screen) it offers the
 * actors of the rows already shown, searched in place.
 */
export function ActorPicker({ value, onChange, seen = [], id, style }: ActorPickerProps) {
  const { can } = useSession();
  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const a of seen) if (a.id != null && !byId.has(a.id)) byId.set(a.id, a.username ?? `#${a.id}`);
    if (value != null && !byId.has(value)) byId.set(value, `#${value}`);
    return [...byId].map(([v, label]) => ({ value: v, label })).sort((a, b) => a.label.localeCompare(b.label, 'vi'));
  }, [seen, value]);

  if (can('list', 'users')) {
    return (
      <RefSelect
        id={id}
        resource="users"
        labelOf={userLabel}
        value={value ?? null}
        onChange={(v) => onChange?.(v == null ? null : Number(v))}
        placeholder="Tìm theo họ tên, tên đăng nhập"
        style={style}
      />
    );
  }
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      placeholder="Người trong danh sách đang xem"
      notFoundContent="Không có dữ liệu"
      style={{ width: '100%', ...style }}
    />
  );
}
