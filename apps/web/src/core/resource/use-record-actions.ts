import type { RecordAction, ResourceDef } from '@nns/shared';
import { useQueryClient } from '@tanstack/react-query';
import { buildUrl, resourceCall } from '../client';
import { confirmDialog, notify, withLoading } from '../feedback';
import { jobResult } from '../jobs';
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

/** The answer of POST /api/admin/{name}/bulk. */
export interface BulkResult {
  action: string;
  total: number;
  done: number;
  failed: { id: number; message: string }[];
}

/** The answer of an export: the file to download (or a job, which jobResult waits for). */
type ExportAnswer = { url?: string };

/** At most this many ids in one export of a selection (the list's `ids` filter). */
export const EXPORT_SELECTION_MAX = 100;

/** 'Bản ghi không thuộc…' → '2 bản ghi không thuộc…'; any other message → '2 bản ghi: …'. */
function countedMessage(n: number, message: string): string {
  const m = /^bản ghi\s+(.*)$/i.exec(message);
  return m ? `${n} bản ghi ${m[1]}` : `${n} bản ghi: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
}

/**
 * One line for a bulk result, failures grouped by message, most frequent first:
 * 'Đã phê duyệt 18/20; 2 bản ghi không thuộc phường/xã của bạn'.
 */
export function bulkSummary(verb: string, r: BulkResult): string {
  const groups = new Map<string, number>();
  for (const f of r.failed) groups.set(f.message, (groups.get(f.message) ?? 0) + 1);
  const parts = [...groups.entries()].sort((a, b) => b[1] - a[1]).map(([m, n]) => countedMessage(n, m));
  return [`${verb} ${r.done}/${r.total}`, ...parts].join('; ');
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
    const env = await withLoading(resourceCall('put', def.name, `/${name}/${row.id}`));
    if (env?.code === 200) notify.success(env.message || 'Cập nhật thành công');
    else notify.error(env?.message || 'Không thực hiện được thao tác');
    await refresh();
    return env?.code === 200;
  }

  async function remove(row: Row): Promise<boolean> {
    const ok = await confirmDialog({ title: `Xóa ${def.label.toLowerCase()}`, content: `Bạn có chắc muốn xóa “${recordTitle(def, row)}”?`, danger: true });
    if (!ok) return false;
    const env = await withLoading(resourceCall('delete', def.name, `/${row.id}`));
    if (env?.code === 200) notify.success(env.message || 'Xóa thành công');
    else notify.error(env?.message || 'Không xóa được bản ghi');
    await refresh();
    return env?.code === 200;
  }

  async function restore(row: Row): Promise<boolean> {
    const ok = await confirmDialog({ title: `Khôi phục ${def.label.toLowerCase()}`, content: `Khôi phục “${recordTitle(def, row)}” từ thùng rác?` });
    if (!ok) return false;
    const env = await withLoading(resourceCall('put', def.name, `/restore/${row.id}`));
    if (env?.code === 200) notify.success(env.message || 'Khôi phục thành công');
    else notify.error(env?.message || 'Không khôi phục được bản ghi');
    await refresh();
    return env?.code === 200;
  }

  /** GET /api/admin/{name}/{exportName} with the list's filters → data.url, then the browser downloads it. */
  async function exportList(query: Record<string, string | number>) {
    if (!def.exportName) return;
    const env = await jobResult<ExportAnswer>(await withLoading(resourceCall<ExportAnswer>('get', def.name, `/${def.exportName}`, { params: { query } })));
    const url = env?.code === 200 ? env.data?.url : undefined;
    // the API may live on another host (VITE_API_URL): its relative URLs are resolved against it
    if (url) window.location.href = buildUrl(url);
    else notify.error(env?.message || 'Không xuất được tệp Excel');
  }

  /**
   * One request for a selection: POST /api/admin/{name}/bulk, after a confirm; the notice says how
   * many were done and why the others were not. Answers the result (null when cancelled or refused).
   */
  async function bulk(o: { action: string; ids: number[]; value?: boolean; verb: string; title: string; content: string; danger?: boolean }) {
    if (!(await confirmDialog({ title: o.title, content: o.content, danger: o.danger }))) return null;
    const body: Record<string, unknown> = { action: o.action, ids: o.ids };
    if (o.value !== undefined) body.value = o.value;
    const env = await withLoading(resourceCall<BulkResult>('post', def.name, '/bulk', { body }));
    await refresh();
    if (env?.code !== 200 || !env.data) {
      notify.error(env?.message || 'Không thực hiện được thao tác');
      return null;
    }
    const text = bulkSummary(o.verb, env.data);
    if (env.data.failed.length === 0) notify.success(text);
    else if (env.data.done === 0) notify.error(text);
    else notify.warning(text);
    return env.data;
  }

  /** The chosen rows as an Excel file: the list's export with the `ids` filter. */
  async function exportSelection(ids: number[], query: Record<string, string | number>) {
    if (ids.length > EXPORT_SELECTION_MAX) {
      notify.error(`Chỉ xuất được tối đa ${EXPORT_SELECTION_MAX} bản ghi đã chọn; bỏ chọn để xuất cả danh sách`);
      return;
    }
    await exportList({ ...query, ids: ids.join(',') });
  }

  return { runAction, remove, restore, exportList, refresh, bulk, exportSelection };
}
