import type { RecordAction, ResourceDef } from '@nns/shared';
import { useQueryClient } from '@tanstack/react-query';
import { confirmDialog, notify, withLoading } from '../../app/feedback';
import { api, buildUrl } from '../api';
import { queryKeys } from '../query';
import type { Row } from './display';

/** A toggle's 'on' value: true for switches, the first option of a two-valued enum. */
export function onValueOf(def: ResourceDef, field: string): unknown {
  const f = def.fields[field];
  return f?.kind === 'enum' ? f.options?.[0]?.value : true;
}

/** The value a toggle sends the row to, for the confirm text. */
export function isOn(def: ResourceDef, field: string, row: Row): boolean {
  const on = onValueOf(def, field);
  return on === true ? Boolean(row[field]) : row[field] === on;
}

export function recordTitle(def: ResourceDef, row: Row): string {
  const t = row[def.titleField];
  return t === null || t === undefined || t === '' ? `#${row.id}` : String(t);
}

/** Record actions, delete and export of a list, each with its confirm and its notice. */
export function useRecordActions(def: ResourceDef) {
  const qc = useQueryClient();
  const keys = queryKeys(def.name);
  const refresh = () => qc.invalidateQueries({ queryKey: keys.all });

  async function runAction(name: string, action: RecordAction, row: Row): Promise<boolean> {
    const title = recordTitle(def, row);
    let content: string;
    if (action.kind === 'toggle') {
      const field = def.fields[action.field]?.label ?? action.field;
      content = action.confirm ?? `Bạn có chắc muốn ${isOn(def, action.field, row) ? 'tắt' : 'bật'} “${field}” của “${title}”?`;
    } else {
      content = action.confirm ?? `Bạn có chắc muốn ${action.label.toLowerCase()} “${title}”?`;
    }
    if (!(await confirmDialog({ title: action.label, content }))) return false;
    const env = await withLoading(api.put(`/api/admin/${def.name}/${name}/${row.id}`));
    if (env?.code === 200) notify.success(env.message || 'Cập nhật thành công');
    else notify.error(env?.message || 'Không thực hiện được thao tác');
    await refresh();
    return env?.code === 200;
  }

  async function remove(row: Row): Promise<boolean> {
    const ok = await confirmDialog({ title: `Xóa ${def.label.toLowerCase()}`, content: `Bạn có chắc muốn xóa “${recordTitle(def, row)}”?`, danger: true });
    if (!ok) return false;
    const env = await withLoading(api.delete(`/api/admin/${def.name}/${row.id}`));
    if (env?.code === 200) notify.success(env.message || 'Xóa thành công');
    else notify.error(env?.message || 'Không xóa được bản ghi');
    await refresh();
    return env?.code === 200;
  }

  /** GET /api/admin/{name}/{exportName} with the list's filters → data.url, then the browser downloads it. */
  async function exportList(query: Record<string, string | number>) {
    if (!def.exportName) return;
    const env = await withLoading(api.get(`/api/admin/${def.name}/${def.exportName}`, { params: query }));
    const url = env?.code === 200 ? (env.data?.url as string | undefined) : undefined;
    // the API may live on another host (VITE_API_URL): its relative URLs are resolved against it
    if (url) window.location.href = buildUrl(url);
    else notify.error(env?.message || 'Không xuất được tệp Excel');
  }

  return { runAction, remove, exportList, refresh };
}
