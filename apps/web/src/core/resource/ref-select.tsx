import type { ListData } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { Select, type SelectProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { resourceCall } from '../client';
import { InlineLoading } from '../loading';
import { useSession } from '../session';
import { geoLevelOf, scopePins } from './form-mapping';

type Id = number | string;
export interface RefOption {
  value: Id;
  label: string;
}

export interface RefSelectProps {
  /** the target resource (URL name under /api/admin) */
  resource: string;
  /** the field of the target shown in the list */
  refLabel?: string;
  /** a label made of several fields (e.g. a user's name and username); overrides `refLabel` */
  labelOf?: (entry: Record<string, unknown>) => string;
  value?: Id | Id[] | null;
  onChange?: (v: Id | Id[] | null) => void;
  multiple?: boolean;
  /** labels already known (from the record being edited) so ids never flash as numbers */
  initialOptions?: RefOption[];
  placeholder?: string;
  allowClear?: boolean;
  style?: SelectProps['style'];
  id?: string;
  disabled?: boolean;
  /** filters sent with the typed text (a ward picker: the chosen province, ref-narrowing.ts) */
  params?: Record<string, string>;
  /** the path under /api/admin asked instead of the target's list (the field's `refPath`: 'roles/assignable') */
  path?: string;
}

export const SEARCH_LIMIT = 20;

const optionOf =
  (refLabel: string) =>
  (e: Record<string, unknown>): RefOption => ({ value: e.id as Id, label: String(e[refLabel] ?? `#${e.id}`) });
const DEBOUNCE_MS = 300;
/** Many communes share a name across provinces (Xã Tân Thành…): the picker names the province too. */
const wardOption = (e: Record<string, unknown>): RefOption => {
  const p = (e.province as { name?: string } | null | undefined)?.name;
  return { value: e.id as Id, label: `${String(e.name ?? `#${e.id}`)}${p ? ` – ${p}` : ''}` };
};

/** A select over another resource with server search: GET /api/admin/{ref}?search=…&limit=20. */
export function RefSelect({
  resource,
  refLabel = 'name',
  labelOf,
  value,
  onChange,
  multiple,
  initialOptions,
  placeholder,
  allowClear = true,
  style,
  id,
  disabled,
  params,
  path,
}: RefSelectProps) {
  const [options, setOptions] = useState<RefOption[]>([]);
  const [known, setKnown] = useState<RefOption[]>(initialOptions ?? []);
  const [loading, setLoading] = useState(false);
  const [search, setSearch] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const toOption = labelOf
    ? (e: Record<string, unknown>): RefOption => ({ value: e.id as Id, label: labelOf(e) })
    : geoLevelOf(resource) === 'ward' && refLabel === 'name'
      ? wardOption
      : optionOf(refLabel);
  // without the right to list the target, asking would answer 403, which sends the user to the 403 screen
  const { can, user } = useSession();
  // a scoped user is offered their own ward / province only (the server's scope decides the writes)
  const narrowing = JSON.stringify({ ...params, ...scopePins(resource, user) });
  // a ward officer's ward in a form is fixed: prefilled (scopeDefaults) and not to be changed, the
  // server refusing any other; its name comes with the profile, so it shows without list:wards
  const ownWard = geoLevelOf(resource) === 'ward' && !multiple && id !== undefined && user?.scope === 'ward' && user.ward_id != null;
  const profileWard = user?.ward;
  const fixedOption = useMemo<RefOption[]>(
    () => (ownWard && profileWard?.id != null && profileWard.name ? [{ value: profileWard.id, label: profileWard.name }] : []),
    [ownWard, profileWard?.id, profileWard?.name],
  );
  // the list asked: the target's, or the field's own `refPath` under /api/admin
  const listName = path ?? resource;
  const target = resourceByName[resource];
  const allowed = !target || can('list', target.subject);

  // biome-ignore lint/correctness/useExhaustiveDependencies: toOption is derived from refLabel
  useEffect(() => {
    if (!allowed) return;
    const ctrl = new AbortController();
    clearTimeout(timer.current);
    timer.current = setTimeout(
      async () => {
        setLoading(true);
        const query = { ...(JSON.parse(narrowing) as Record<string, string>), search: search || undefined, limit: SEARCH_LIMIT };
        const env = await resourceCall<ListData<Record<string, unknown>>>('get', listName, '', { params: { query }, signal: ctrl.signal });
        if (ctrl.signal.aborted) return;
        setLoading(false);
        if (env?.code === 200 && Array.isArray(env.data?.entries)) setOptions(env.data.entries.map(toOption));
      },
      search ? DEBOUNCE_MS : 0,
    );
    return () => {
      ctrl.abort();
      clearTimeout(timer.current);
    };
  }, [listName, search, refLabel, allowed, narrowing]);

  // a value whose label we do not know yet (a filter restored from the URL): ask the server once
  const ids = useMemo(() => (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]), [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the value changes, not on every search
  useEffect(() => {
    const missing = ids.filter((v) => ![...fixedOption, ...known, ...options].some((o) => String(o.value) === String(v)));
    if (!missing.length || !allowed) return;
    const ctrl = new AbortController();
    const query = { ids: missing.join(','), limit: missing.length };
    void resourceCall<ListData<Record<string, unknown>>>('get', listName, '', { params: { query }, signal: ctrl.signal }).then((env) => {
      if (env?.code === 200 && Array.isArray(env.data?.entries)) setKnown((k) => [...k, ...env.data.entries.map(toOption)]);
    });
    return () => ctrl.abort();
  }, [ids, listName, allowed]);

  const merged = useMemo(() => {
    const seen = new Set<string>();
    return [...fixedOption, ...known, ...options].filter((o) => {
      const k = String(o.value);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }, [fixedOption, known, options]);

  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      filterOption={false}
      onSearch={setSearch}
      onOpenChange={(open) => !open && setSearch('')}
      value={multiple ? ids : (ids[0] ?? undefined)}
      onChange={(v, opt) => {
        const picked = (Array.isArray(opt) ? opt : opt ? [opt] : []) as RefOption[];
        setKnown((k) => [...k, ...picked.filter((p) => p && !k.some((x) => x.value === p.value))]);
        onChange?.(v ?? null);
      }}
      options={merged}
      loading={loading}
      allowClear={allowClear && !ownWard}
      placeholder={placeholder ?? 'Chọn hoặc gõ để tìm'}
      // outside a form (a list's filter) nothing labels the picker but its placeholder: it names it too
      aria-label={id ? undefined : placeholder}
      notFoundContent={!allowed ? 'Bạn không có quyền xem danh sách này' : loading ? <InlineLoading /> : 'Không có dữ liệu'}
      style={{ width: '100%', ...style }}
      disabled={disabled || ownWard}
    />
  );
}
