import '@fastify/multipart';
import { formatDate, formatDateTime, type ResourceDef, toFieldErrors } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError, badRequest } from './errors';
import { loadExcel } from './excel';
import { exportColumns, sheetName } from './export';
import { columnHint, type ImportColumn, parseCell, RefResolver, readSheet, type Sheet, type SheetRow, templateColumns } from './import-cells';
import type { Ctx, Router } from './module';
import { col, whereSql } from './resource-query';
import { jsonValue } from './resource-schema';
import { attachRefs, exec, presentRow, selectList } from './resource-store';
import { scopeOf } from './scope';
import type { Services } from './services';
import { writeRecord } from './write-path';

/**
 * .xlsx import from the export template: POST /api/admin/{name}/import?dry_run=1|0 (multipart `file`).
 * Every row is read back into a request body, validated by the declaration's schema, its references
 * resolved by title or code, and upserted by the declared key, all in one transaction: a dry run (the
 * default) and a file with any error roll everything back, so nothing is written until the whole file
 * is clean. Each row runs in a savepoint so one bad row cannot hide the errors of the next.
 */

import type { ImportSummary, RowError } from '@nns/shared';

export type { ImportSummary, RowError, RowReport } from '@nns/shared';

export const importQuery = z
  .object({
    dry_run: z.enum(['1', '0', 'true', 'false'], { error: 'dry_run chỉ nhận 1 hoặc 0' }).optional(),
  })
  .strict();

export const importResponse = z.object({
  dry_run: z.boolean(),
  written: z.boolean(),
  total: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  errors: z.array(z.object({ row: z.number(), field: z.string(), column: z.string().optional(), message: z.string() })),
  rows: z.array(
    z.object({
      row: z.number(),
      key: z.string(),
      action: z.string(),
      id: z.number().optional(),
      target: z.string().optional(),
      changes: z
        .record(z.string(), z.object({ from: jsonValue, to: jsonValue }))
        .optional()
        .describe('cột → giá trị cũ (như tệp xuất ghi) và giá trị mới của dòng'),
    }),
  ),
  ignored_columns: z.array(z.string()),
});

class Rollback extends Error {}

export const isDryRun = (q: { dry_run?: string }) => q.dry_run === undefined || q.dry_run === '1' || q.dry_run === 'true';

/** The uploaded file of a multipart request (field `file`). */
export async function uploadedFile(ctx: Ctx): Promise<Buffer> {
  const part = await ctx.req.file().catch(() => undefined);
  if (!part) throw badRequest([{ field: 'file', message: 'Vui lòng chọn tệp Excel (.xlsx) để nhập' }]);
  const buf = await part.toBuffer().catch((e: { statusCode?: number }) => {
    if (e.statusCode === 413) throw e;
    throw badRequest([{ field: 'file', message: 'Tệp tải lên không đọc được, vui lòng thử lại' }]);
  });
  if (buf.length < 4 || buf[0] !== 0x50 || buf[1] !== 0x4b) {
    throw badRequest([{ field: 'file', message: 'Tệp không phải là tệp Excel (.xlsx) hợp lệ' }]);
  }
  return buf;
}

/** Runs an import in one transaction; rolled back on a dry run or when any row has an error. */
export async function inImportTransaction(services: Services, dryRun: boolean, work: (tx: Db, s: ImportSummary) => Promise<void>, ignored: string[] = []) {
  const s: ImportSummary = { dry_run: dryRun, written: false, total: 0, created: 0, updated: 0, unchanged: 0, errors: [], rows: [], ignored_columns: ignored };
  try {
    await services.db.transaction(async (tx) => {
      await work(tx, s);
      if (dryRun || s.errors.length) throw new Rollback();
    });
    s.written = true;
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  if (!dryRun && s.errors.length) {
    throw new AppError(400, `Tệp có lỗi ở ${new Set(s.errors.map((e) => e.row)).size} dòng, chưa ghi dữ liệu nào`, s);
  }
  return s;
}

/** AppErrors of a row's write become that row's errors; anything else is a real failure. */
export function rowErrorsOf(e: unknown, row: number, fallbackField: string): RowError[] {
  if (!(e instanceof AppError)) throw e;
  const list = (e.data as { errors?: { field: string; message: string }[] } | null)?.errors;
  if (list?.length) return list.map((x) => ({ row, field: x.field, message: x.message }));
  return [{ row, field: fallbackField, message: e.message }];
}

const same = (def: ResourceDef, k: string, a: unknown, b: unknown) => {
  const f = def.fields[k];
  const empty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && !v.length);
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (f?.kind === 'date' || f?.kind === 'datetime') return Date.parse(String(a)) === Date.parse(String(b));
  if (f?.kind === 'refs') return JSON.stringify([...(a as number[])].sort()) === JSON.stringify([...(b as number[])].sort());
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return JSON.stringify(a) === JSON.stringify(b);
};

/** What a cell showed before: the export's own rendering where the list has that column. */
function shownBefore(def: ResourceDef, row: Record<string, unknown>, key: string): unknown {
  const c = exportColumns(def).find((x) => x.key === key);
  const v = c ? c.value(row) : (row[key] ?? '');
  if (v instanceof Date) return def.fields[key]?.kind === 'date' ? formatDate(row[key] as string) : formatDateTime(row[key] as string);
  return v;
}

interface RowJob {
  ctx: Ctx;
  tx: Db;
  def: ResourceDef;
  sheet: Sheet;
  refs: RefResolver;
  seen: Map<string, number>;
  s: ImportSummary;
}

/** A key the importer cannot use: taken outside their scope, told in words that do not say it exists. */
export const unusableKey = (label: string, key: string) => `Không dùng được ${label.toLowerCase()} '${key}' trong phạm vi của bạn, hãy dùng mã khác`;

async function importRow(j: RowJob, r: SheetRow) {
  const { ctx, tx, def, s } = j;
  const key = def.config.import?.key ?? 'code';
  const keyText = String(r.values[key] ?? '').trim();
  const fail = (errors: RowError[]) => {
    // each error names its column as the file heads it
    s.errors.push(...errors.map((e) => ({ ...e, column: e.column ?? def.fields[e.field.split('.')[0]]?.label ?? e.field })));
    s.rows.push({ row: r.row, key: keyText, action: 'error' });
  };
  if (!keyText) return fail([{ row: r.row, field: key, message: `${def.fields[key].label} bắt buộc (dùng để nhận diện bản ghi)` }]);
  const dup = j.seen.get(keyText);
  if (dup) return fail([{ row: r.row, field: key, message: `${def.fields[key].label} '${keyText}' trùng với dòng ${dup}` }]);
  j.seen.set(keyText, r.row);

  const live = def.softDelete ? [sql`deleted_at is null`] : [];
  const [existing] = await exec(
    tx,
    sql`select ${selectList(def)} from ${col(def.table)}${whereSql([sql`${col(key)} = ${keyText}`, ...live, ...scopeOf(def, ctx.user, 'write')])} limit 1`,
  );
  const creating = !existing;
  if (creating && scopeOf(def, ctx.user, 'write').length) {
    // the code is taken by a record outside the importer's scope: say it cannot be used, never that it exists
    const [taken] = await exec(tx, sql`select 1 from ${col(def.table)}${whereSql([sql`${col(key)} = ${keyText}`, ...live])} limit 1`);
    if (taken) return fail([{ row: r.row, field: key, message: unusableKey(def.fields[key].label, keyText) }]);
  }
  const body: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const c of j.sheet.columns) {
    const raw = r.values[c.key];
    const res = await parseCell(c.field, raw, j.refs, creating);
    if ('error' in res) errors.push({ row: r.row, field: c.key, message: res.error });
    else if ('value' in res) body[c.key] = res.value;
    else if (!creating && c.field.required) errors.push({ row: r.row, field: c.key, message: `${c.field.label} bắt buộc` });
  }
  // the declaration's checks run on the cells that did read, so one pass reports every error of the row
  const parsed = (creating ? def.createSchema : def.updateSchema).safeParse(body);
  if (!parsed.success) {
    const inError = new Set(errors.map((e) => e.field));
    for (const e of toFieldErrors(parsed.error.issues, def.labels)) if (!inError.has(e.field.split('.')[0])) errors.push({ row: r.row, ...e });
  }
  if (errors.length || !parsed.success) return fail(errors);
  const data = parsed.data as Record<string, unknown>;

  let changes: Record<string, { from: unknown; to: unknown }> | undefined;
  if (existing) {
    const before = presentRow(def, existing);
    await attachRefs(tx, def, [before]);
    changes = {};
    for (const [k, v] of Object.entries(data)) {
      if (!same(def, k, before[k], v)) changes[k] = { from: shownBefore(def, before, k), to: r.values[k] ?? '' };
    }
    if (!Object.keys(changes).length) {
      s.unchanged++;
      s.rows.push({ row: r.row, key: keyText, action: 'unchanged', id: existing.id as number });
      return;
    }
  }
  try {
    if (existing && !ctx.user?.permissions.has(`update:${def.subject}`)) {
      // changing what exists is an update, whatever the route: a create-only account adds new rows only
      return fail([{ row: r.row, field: key, message: `Bạn không có quyền cập nhật ${def.label.toLowerCase()} đã có (mã '${keyText}')` }]);
    }
    const id = await tx.transaction(async (spTx) => {
      const row = await writeRecord({ def, ctx, db: spTx, existing, data, audit: 'import' });
      return row.id as number;
    });
    if (existing) s.updated++;
    else s.created++;
    s.rows.push({ row: r.row, key: keyText, action: existing ? 'update' : 'create', id, changes });
  } catch (e) {
    fail(rowErrorsOf(e, r.row, key));
  }
}

/** Reads, checks and (unless a dry run) writes one file for one resource. */
export async function importResource(services: Services, def: ResourceDef, ctx: Ctx, buf: Buffer, dryRun: boolean) {
  const sheet = await readSheet(def, buf);
  return inImportTransaction(
    services,
    dryRun,
    async (tx, s) => {
      s.total = sheet.rows.length;
      const job: RowJob = { ctx, tx, def, sheet, refs: new RefResolver(tx, def.name, ctx.user), seen: new Map(), s };
      for (const r of sheet.rows) await importRow(job, r);
    },
    sheet.ignored,
  );
}

/**
 * The template: every importable field as a column, a second row saying how to fill each one
 * (format, allowed values, required or not; the import skips it), header rows frozen, and a second
 * sheet that explains the columns again.
 */
export async function templateWorkbook(def: ResourceDef, columns: ImportColumn[] = templateColumns(def)) {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(def.label), { views: [{ state: 'frozen', xSplit: 0, ySplit: 2 }] });
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: Math.min(45, Math.max(16, c.header.length + 4)) }));
  ws.getRow(1).font = { bold: true };
  const hints = ws.addRow(columns.map((c) => columnHint(def, c)));
  hints.font = { italic: true, color: { argb: 'FF595959' } };
  hints.alignment = { wrapText: true, vertical: 'top' };
  hints.height = 45;
  const help = wb.addWorksheet('Hướng dẫn');
  help.columns = [
    { header: 'Cột', width: 36 },
    { header: 'Bắt buộc', width: 10 },
    { header: 'Cách ghi', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  help.addRow(['Dòng 2 của trang dữ liệu', '', 'Hướng dẫn cách ghi từng cột: giữ nguyên hoặc xóa đi, hệ thống bỏ qua dòng này khi nhập']);
  for (const c of columns) {
    const isKey = c.key === def.config.import?.key;
    help.addRow([c.header, c.field.required || isKey ? 'Có' : '', columnHint(def, c)]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function registerImport(router: Router, services: Services, def: ResourceDef) {
  const base = `/api/admin/${def.name}`;
  const tags = [def.label];
  const access = { action: 'create' as const, subject: def.subject };
  router.add({
    method: 'POST',
    url: `${base}/import`,
    access,
    summary: `Nhập Excel ${def.label.toLowerCase()} (dry_run=1 để kiểm tra trước)`,
    tags,
    query: importQuery,
    multipart: true,
    response: importResponse,
    message: 'Đã xử lý tệp nhập',
    handler: async (ctx) => {
      const dryRun = isDryRun(ctx.query);
      const s = await importResource(services, def, ctx, await uploadedFile(ctx), dryRun);
      if (!dryRun) ctx.req.audited = true;
      return s;
    },
  });
  router.add({
    method: 'GET',
    url: `${base}/import-template`,
    access,
    summary: `Tệp mẫu nhập Excel ${def.label.toLowerCase()}`,
    tags,
    raw: true,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    handler: async (ctx) => {
      const buf = await templateWorkbook(def);
      const name = `mau-nhap-${def.name}.xlsx`;
      ctx.reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(buf);
    },
  });
}
