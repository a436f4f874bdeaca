import type { RowError } from '@nns/shared';
import { type ResourceDef, toFieldErrors } from '@nns/shared';
import limitsDef from '@nns/shared/resources/discharge-limits';
import { sql } from 'drizzle-orm';
import { inImportTransaction, rowErrorsOf, templateWorkbook } from '../../core/import';
import { type ImportColumn, importableFields, parseCell, RefResolver, readSheet } from '../../core/import-cells';
import type { Ctx, StoredRow } from '../../core/module';
import { exec, selectList } from '../../core/resource-store';
import type { Services } from '../../core/services';
import { writeRecord } from '../../core/write-path';

/** The limits sheet: a row is named by its standard, column and parameter together (the table's unique key). */
const sheetDef: ResourceDef = { ...limitsDef, config: { ...limitsDef.config, import: { key: 'standard_code' } } };
const columns: ImportColumn[] = importableFields(sheetDef);

export const limitsTemplate = () => templateWorkbook(sheetDef, columns);

/**
 * Imports rows of the limits table from .xlsx in one transaction (a dry run, or a file with any error,
 * writes nothing): a new standard (QCVN 14:2025/BTNMT, QCVN 40:2025/BTNMT) is added as data, a row
 * already there (same standard, column and parameter) is updated. Each write goes through the limits'
 * hooks, so the works judged by that standard and column are judged again.
 */
export async function importLimits(services: Services, ctx: Ctx, buf: Buffer, dryRun: boolean) {
  const sheet = await readSheet(sheetDef, buf);
  return inImportTransaction(
    services,
    dryRun,
    async (tx, s) => {
      s.total = sheet.rows.length;
      const refs = new RefResolver(tx, limitsDef.name, ctx.user);
      const seen = new Map<string, number>();
      for (const r of sheet.rows) {
        const errors: RowError[] = [];
        const body: Record<string, unknown> = {};
        for (const col of sheet.columns) {
          const res = await parseCell(col.field, r.values[col.key], refs, true);
          if ('error' in res) errors.push({ row: r.row, field: col.key, column: col.header, message: res.error });
          else if ('value' in res) body[col.key] = res.value;
        }
        const key = [body.standard_code, body.column, body.parameter].map((v) => String(v ?? '')).join(' · ');
        const fail = (list: RowError[]) => {
          s.errors.push(...list.map((e) => ({ ...e, column: e.column ?? limitsDef.labels[e.field] ?? e.field })));
          s.rows.push({ row: r.row, key, action: 'error' });
        };
        const parsed = limitsDef.createSchema.safeParse(body);
        if (!parsed.success) {
          const inError = new Set(errors.map((e) => e.field));
          for (const e of toFieldErrors(parsed.error.issues, limitsDef.labels)) if (!inError.has(e.field)) errors.push({ row: r.row, ...e });
        }
        if (errors.length || !parsed.success) {
          fail(errors);
          continue;
        }
        const dup = seen.get(key);
        if (dup) {
          fail([{ row: r.row, field: 'parameter', message: `Quy chuẩn, cột và thông số trùng với dòng ${dup}` }]);
          continue;
        }
        seen.set(key, r.row);
        const data: Record<string, unknown> = parsed.data;
        const [existing] = await exec<StoredRow<typeof limitsDef>>(
          tx,
          sql`select ${selectList(limitsDef)} from discharge_limits
            where standard_code = ${data.standard_code} and "column" = ${data.column} and parameter = ${data.parameter} limit 1`,
        );
        const unchanged =
          existing &&
          ['limit_min', 'limit_max', 'unit', 'k_applies'].every((k) => {
            const a = existing[k] ?? null;
            const b = data[k] ?? null;
            return a === null || b === null ? a === b : typeof b === 'number' ? Number(a) === b : String(a) === String(b);
          });
        if (unchanged) {
          s.unchanged++;
          s.rows.push({ row: r.row, key, action: 'unchanged', id: existing.id });
          continue;
        }
        try {
          const row = await tx.transaction(async (sp) => writeRecord({ def: limitsDef, ctx, db: sp, existing, data, audit: 'import' }));
          if (existing) s.updated++;
          else s.created++;
          s.rows.push({ row: r.row, key, action: existing ? 'update' : 'create', id: row.id as number });
        } catch (e) {
          fail(rowErrorsOf(e, r.row, 'parameter'));
        }
      }
    },
    sheet.ignored,
  );
}
