import type { ResourceDef } from '@nns/shared';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { boundToWall, vnDayEnd, vnDayStart, wallDay } from '../vn-time';
import { DATE_FORMAT } from './field-widget';
import { isRangeFilter } from './list-params';
import { refNarrowing } from './ref-narrowing';
import { RefSelect } from './ref-select';

export interface ListFiltersProps {
  def: ResourceDef;
  filters: Record<string, string>;
  onChange: (filters: Record<string, string>) => void;
  /** one control a line, each the whole width (the filter drawer of a phone) */
  block?: boolean;
}

const W = 200;

/**
 * A picked day range → the `_from`/`_to` filters. A date-only field holds calendar days (midnight
 * UTC), so its bounds are the days themselves; a datetime field holds instants, so the bounds are
 * the first and last instant of those days in Vietnam (UTC+7), whatever the browser's zone.
 */
export function dayRangeFilter(key: string, kind: string, from: Dayjs | null, to: Dayjs | null): Record<string, string | undefined> {
  const day = (d: Dayjs | null) => (d ? wallDay(d) : undefined);
  const [a, b] = [day(from), day(to)];
  if (kind === 'date') return { [`${key}_from`]: a, [`${key}_to`]: b };
  return { [`${key}_from`]: a && vnDayStart(a), [`${key}_to`]: b && vnDayEnd(b) };
}

/** One control per declared filter; every change goes straight to the URL. */
export function ListFilters({ def, filters, onChange, block = false }: ListFiltersProps) {
  const w = block ? '100%' : W;
  const set = (patch: Record<string, string | undefined>) => {
    const next = { ...filters };
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') delete next[k];
      else next[k] = v;
    }
    onChange(next);
  };

  return (
    <>
      {def.filterFields.map((key) => {
        const f = def.fields[key];
        if (!f) return null;
        const label = f.label;
        if (f.kind === 'enum') {
          const numeric = (f.options ?? []).every((o) => typeof o.value === 'number');
          return (
            <Select
              key={key}
              allowClear
              placeholder={label}
              aria-label={label}
              style={{ width: w }}
              value={filters[key] === undefined ? undefined : numeric ? Number(filters[key]) : filters[key]}
              onChange={(v) => set({ [key]: v === undefined || v === null ? undefined : String(v) })}
              options={f.options?.map((o) => ({ value: o.value, label: o.label }))}
            />
          );
        }
        if (f.kind === 'switch') {
          return (
            <Select
              key={key}
              allowClear
              placeholder={label}
              aria-label={label}
              style={{ width: w }}
              value={filters[key]}
              onChange={(v) => set({ [key]: v })}
              options={[
                { value: 'true', label: `${label}: Có` },
                { value: 'false', label: `${label}: Không` },
              ]}
            />
          );
        }
        if (f.kind === 'ref' || f.kind === 'refs') {
          return (
            <div key={key} style={{ width: block ? '100%' : W + 40 }}>
              <RefSelect
                resource={f.ref ?? ''}
                refLabel={f.refLabel}
                placeholder={label}
                params={refNarrowing(def, key, filters)}
                value={filters[key] ? Number(filters[key]) : undefined}
                onChange={(v) => set({ [key]: v === null || v === undefined ? undefined : String(v) })}
              />
            </div>
          );
        }
        if (isRangeFilter(f) && (f.kind === 'date' || f.kind === 'datetime')) {
          return (
            <DatePicker.RangePicker
              key={key}
              format={DATE_FORMAT}
              placeholder={[`${label} từ`, 'đến']}
              allowEmpty={[true, true]}
              style={block ? { width: '100%' } : undefined}
              value={[boundToWall(filters[`${key}_from`]), boundToWall(filters[`${key}_to`])]}
              onChange={(r) => set(dayRangeFilter(key, f.kind, r?.[0] ?? null, r?.[1] ?? null))}
            />
          );
        }
        if (isRangeFilter(f)) {
          return (
            <Space.Compact key={key} block={block}>
              <InputNumber
                placeholder={`${label} từ`}
                value={filters[`${key}_from`]}
                onChange={(v) => set({ [`${key}_from`]: v == null ? undefined : String(v) })}
                style={{ width: block ? '60%' : 160 }}
              />
              <InputNumber
                placeholder="đến"
                value={filters[`${key}_to`]}
                onChange={(v) => set({ [`${key}_to`]: v == null ? undefined : String(v) })}
                style={{ width: block ? '40%' : 110 }}
              />
            </Space.Compact>
          );
        }
        return (
          <Input.Search
            key={key}
            allowClear
            placeholder={label}
            aria-label={label}
            style={{ width: w }}
            defaultValue={filters[key]}
            onSearch={(v) => set({ [key]: v.trim() || undefined })}
          />
        );
      })}
    </>
  );
}
