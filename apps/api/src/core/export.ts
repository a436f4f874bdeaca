import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type FieldDef, formatDate, formatDateTime, NO_DATA, optionLabel, type ResourceDef, TZ_OFFSET_MINUTES } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { exportFiles } from '../db/schema/core';
import { tmpDir } from '../lib/storage';
import { loadExcel } from './excel';
import { yieldToLoop } from './jobs';
import type { Ctx } from './module';
import { col, cursorCondition, encodeCursor, type ListQuery, orderSql, sortOf, whereOf, whereSql } from './resource-query';
import { attachRefs, exec, selectList } from './resource-store';
import type { Services } from './services';

export const EXPORT_MAX_ROWS = 1_000_000;
const BATCH = 2000;
/** rows written between two yields to the event loop */
export const YIELD_ROWS = 500;
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
  /** Excel's number format of the column (dates, money): the cell holds a real date or number */
  numFmt?: string;
  value(row: Record<string, unknown>): unknown;
}

export const DATE_FMT = 'dd/mm/yyyy';
export const DATETIME_FMT = 'dd/mm/yyyy hh:mm';
export const MONEY_FMT = '#,##0 ₫';
const TZ_MS = TZ_OFFSET_MINUTES * 60_000;

/** A date-only value (YYYY-MM-DDT00:00:00Z) as the Excel date of that day; null when empty or zero. */
export function excelDate(v: unknown): Date | null {
  if (v === null || v === undefined || v === '' || formatDate(v as string) === NO_DATA) return null;
  const d = new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A moment as the Excel date-time an officer reads at UTC+7 (Excel has no time zones: the wall clock, stored as UTC). */
export function excelDateTime(v: unknown): Date | null {
  if (v === null || v === undefined || v === '' || formatDateTime(v as string) === NO_DATA) return null;
  const t = v instanceof Date ? v.getTime() : Date.parse(String(v));
  return Number.isNaN(t) ? null : new Date(t + TZ_MS);
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

function cellOf(key: string, f: FieldDef): (row: Record<string, unknown>) => unknown {
  switch (f.kind) {
    case 'enum':
      return (r) => optionLabel(f.options, r[key]);
    case 'switch':
      return (r) => (r[key] ? 'Có' : 'Không');
    case 'date':
      return (r) => excelDate(r[key]);
    case 'datetime':
      return (r) => excelDateTime(r[key]);
    case 'integer':
    case 'float':
    case 'money':
      return (r) => num(r[key]);
    case 'ref': {
      const name = key.replace(/_id$/, '');
      return (r) => ((r[name] as Record<string, unknown> | null)?.[f.refLabel ?? 'name'] as string) ?? '';
    }
    case 'refs': {
      const name = `${key.replace(/_ids$/, '')}_items`;
      return (r) => ((r[name] as Record<string, unknown>[] | null) ?? []).map((x) => x[f.refLabel ?? 'name']).join(', ');
    }
    // one address a line: the import reads them back (import-cells.ts)
    case 'images':
    case 'files':
      return (r) => (Array.isArray(r[key]) ? (r[key] as unknown[]).join('\n') : '');
    // an empty list is a blank cell, as the detail shows nothing (the import reads blank back as empty)
    case 'json':
    case 'polygon':
      return (r) => (r[key] == null || (Array.isArray(r[key]) && !(r[key] as unknown[]).length) ? '' : JSON.stringify(r[key]));
    default:
      return (r) => r[key] ?? '';
  }
}

const FMT: Partial<Record<FieldDef['kind'], string>> = { date: DATE_FMT, datetime: DATETIME_FMT, money: MONEY_FMT };

/** The fields the detail screen shows (core/resource/resource-detail.tsx): every presented field but maps. */
export const detailFields = (def: ResourceDef) => Object.entries(def.fields).filter(([, f]) => !f.writeOnly && f.kind !== 'password' && f.kind !== 'polygon');

/**
 * The export columns of a resource: every field its detail shows (the list's columns first), under the
 * same Vietnamese labels (enum captions, names of referenced records, real Excel dates at UTC+7 and
 * money as numbers, each with its number format), then when the record was made and last changed.
 */
export function exportColumns(def: ResourceDef): ExportColumn[] {
  const cols: ExportColumn[] = [];
  const shown = new Map(detailFields(def));
  // the list's columns first (what the officer knows from the screen), then the rest of the detail
  const keys = [...new Set([...def.listColumns.filter((k) => shown.has(k)), ...shown.keys()])];
  for (const key of keys) {
    const f = shown.get(key) as FieldDef;
    const width = f.kind === 'richtext' || f.kind === 'textarea' || f.kind === 'json' ? 40 : Math.min(40, Math.max(12, f.label.length + 4));
    cols.push({ header: f.label, key, width, numFmt: FMT[f.kind], value: cellOf(key, f) });
  }
  cols.push({ header: 'Ngày tạo', key: 'created_at', width: 18, numFmt: DATETIME_FMT, value: (r) => excelDateTime(r.created_at) });
  cols.push({ header: 'Ngày cập nhật', key: 'updated_at', width: 18, numFmt: DATETIME_FMT, value: (r) => excelDateTime(r.updated_at) });
  return cols;
}

/** 'A', …, 'Z', 'AA'…: the letter of a 1-based column number. */
export function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** Where an export lives in the store: the download (any process) and the clean-up find it there. */
export const exportKey = (token: string) => `exports/${token}.xlsx`;

/**
 * Streams the filtered, sorted rows of a list into an .xlsx in DATA_DIR/tmp, in batches, so a large
 * export stays small in memory, then puts it in the store (shared by every process) as
 * exports/<token>.xlsx; answers a short-lived unguessable download URL.
 */
export async function exportResource(
  services: Services,
  def: ResourceDef,
  q: ListQuery,
  ctx: Ctx,
  columns = exportColumns(def),
  onRows: (n: number) => unknown = () => {},
) {
  return publishExport(services, ctx, def.name, (file) => writeWorkbook(services, def, q, ctx, columns, file, onRows));
}

/**
 * An .xlsx written by `write` into DATA_DIR/tmp, put in the store as exports/<token>.xlsx and
 * answered as a short-lived unguessable download URL (hand-written exports use it too).
 */
export async function publishExport(services: Services, ctx: Ctx, baseName: string, write: (file: string) => Promise<number>) {
  const dir = tmpDir(services.config);
  fs.mkdirSync(dir, { recursive: true });
  const token = crypto.randomBytes(24).toString('base64url');
  const stamp = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 16).replace(/[-:T]/g, '');
  const fileName = `${baseName}-${stamp}.xlsx`;
  const file = path.join(dir, `export-${token}.xlsx`);
  try {
    const n = await write(file);
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

async function writeWorkbook(
  services: Services,
  def: ResourceDef,
  q: ListQuery,
  ctx: Ctx,
  columns: ExportColumn[],
  file: string,
  onRows: (n: number) => unknown,
): Promise<number> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  // the header row stays in sight while scrolling (a streamed sheet takes its views when made)
  const ws = wb.addWorksheet(sheetName(def.label), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  ws.columns = [
    { header: 'STT', key: '_n', width: 6 },
    ...columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} })),
  ];
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
      for (const c of columns) values[c.key] = escapeCell(c.value(r)) ?? null;
      ws.addRow(values).commit();
      // runs as a background job (core/jobs.ts): requests are answered between chunks
      if (n % YIELD_ROWS === 0) await yieldToLoop();
    }
    await onRows(n);
    if (rows.length < BATCH) break;
  }
  // a filter button on every header, over the rows written (written at the sheet's end, so set last)
  ws.autoFilter = `A1:${columnLetter(columns.length + 1)}${n + 1}`;
  ws.commit();
  await wb.commit();
  return n;
}
