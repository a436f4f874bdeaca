import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type FieldDef, formatDate, formatDateTime, optionLabel, type ResourceDef } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { exportFiles } from '../db/schema/core';
import { loadExcel } from './excel';
import type { Ctx } from './module';
import { col, cursorCondition, encodeCursor, type ListQuery, orderSql, sortOf, whereOf, whereSql } from './resource-query';
import { attachRefs, exec, selectList } from './resource-store';
import type { Services } from './services';
import { tmpDir } from './storage';

export const EXPORT_MAX_ROWS = 1_000_000;
const BATCH = 2000;
const EXPORT_TTL_MINUTES = 60;

/** Excel refuses * ? : \\ / [ ] in sheet names and more than 31 characters. */
export const sheetName = (label: string) => label.replace(/[*?:\\/[\]]/g, '-').slice(0, 31);

/** A cell that a spreadsheet would run as a formula is written as text with a leading quote. */
export function escapeCell(v: unknown): unknown {
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(v)) return `'${v}`;
  return v;
}

export interface ExportColumn {
  header: string;
  key: string;
  width?: number;
  value(row: Record<string, unknown>): unknown;
}

function cellOf(key: string, f: FieldDef): (row: Record<string, unknown>) => unknown {
  switch (f.kind) {
    case 'enum':
      return (r) => optionLabel(f.options, r[key]);
    case 'switch':
      return (r) => (r[key] ? 'Có' : 'Không');
    case 'date':
      return (r) => (r[key] ? formatDate(r[key] as string) : '');
    case 'datetime':
      return (r) => (r[key] ? formatDateTime(r[key] as string) : '');
    case 'ref': {
      const name = key.replace(/_id$/, '');
      return (r) => ((r[name] as Record<string, unknown> | null)?.[f.refLabel ?? 'name'] as string) ?? '';
    }
    case 'refs': {
      const name = `${key.replace(/_ids$/, '')}_items`;
      return (r) => ((r[name] as Record<string, unknown>[] | null) ?? []).map((x) => x[f.refLabel ?? 'name']).join(', ');
    }
    case 'images':
    case 'files':
    case 'json':
    case 'polygon':
      return (r) => (r[key] == null ? '' : JSON.stringify(r[key]));
    default:
      return (r) => r[key] ?? '';
  }
}

/** The export columns of a resource: its list columns with Vietnamese headers (and the row number). */
export function exportColumns(def: ResourceDef): ExportColumn[] {
  const cols: ExportColumn[] = [];
  for (const key of def.listColumns) {
    if (key === 'created_at' || key === 'updated_at') {
      cols.push({ header: key === 'created_at' ? 'Ngày tạo' : 'Ngày cập nhật', key, width: 18, value: (r) => formatDateTime(r[key] as string) });
      continue;
    }
    const f = def.fields[key];
    if (!f || f.writeOnly) continue;
    cols.push({ header: f.label, key, width: Math.min(50, Math.max(12, f.label.length + 4)), value: cellOf(key, f) });
  }
  return cols;
}

/** Where an export lives in the store: the download (any process) and the clean-up find it there. */
export const exportKey = (token: string) => `exports/${token}.xlsx`;

/**
 * Streams the filtered, sorted rows of a list into an .xlsx in DATA_DIR/tmp, in batches, so a large
 * export stays small in memory, then puts it in the store (shared by every process) as
 * exports/<token>.xlsx; answers a short-lived unguessable download URL.
 */
export async function exportResource(services: Services, def: ResourceDef, q: ListQuery, ctx: Ctx, columns = exportColumns(def)) {
  const dir = tmpDir(services.config);
  fs.mkdirSync(dir, { recursive: true });
  const token = crypto.randomBytes(24).toString('base64url');
  const stamp = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 16).replace(/[-:T]/g, '');
  const fileName = `${def.name}-${stamp}.xlsx`;
  const file = path.join(dir, `export-${token}.xlsx`);
  try {
    const n = await writeWorkbook(services, def, q, ctx, columns, file);
    const key = exportKey(token);
    await services.storage.putFile(key, file);
    try {
      await services.db.insert(exportFiles).values({
        token,
        file_name: fileName,
        path: key,
        user_id: ctx.user?.id ?? null,
        expires_at: new Date(Date.now() + EXPORT_TTL_MINUTES * 60_000).toISOString(),
      });
    } catch (err) {
      await services.storage.remove(key).catch(() => {});
      throw err;
    }
    return { url: `/api/exports/${token}/${encodeURIComponent(fileName)}`, rows: n };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function writeWorkbook(services: Services, def: ResourceDef, q: ListQuery, ctx: Ctx, columns: ExportColumn[], file: string): Promise<number> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName(def.label));
  ws.columns = [{ header: 'STT', key: '_n', width: 6 }, ...columns.map((c) => ({ header: c.header, key: c.key, width: c.width }))];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const w = whereOf(def, q, ctx.user);
  const s = sortOf(def, q);
  let n = 0;
  let cursor: string | null = null;
  // keyset batches: each batch costs the same however deep the export is
  while (n < EXPORT_MAX_ROWS) {
    const wc = cursor ? [...w, cursorCondition(s, cursor)] : w;
    const rows = await exec(services.db, sql`select ${selectList(def)} from ${col(def.table)}${whereSql(wc)}${orderSql(s)} limit ${BATCH}`);
    if (!rows.length) break;
    cursor = encodeCursor(s, rows[rows.length - 1]);
    await attachRefs(services.db, def, rows);
    for (const r of rows) {
      const values: Record<string, unknown> = { _n: ++n };
      for (const c of columns) values[c.key] = escapeCell(c.value(r));
      ws.addRow(values).commit();
    }
    if (rows.length < BATCH) break;
  }
  ws.commit();
  await wb.commit();
  return n;
}
