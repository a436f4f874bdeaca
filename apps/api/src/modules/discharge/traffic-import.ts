import type { RowError } from '@nns/shared';
import { type ResourceDef, toFieldErrors } from '@nns/shared';
import constructsDef from '@nns/shared/resources/discharge-constructs';
import trafficDef from '@nns/shared/resources/discharge-traffic';
import { sql } from 'drizzle-orm';
import { inImportTransaction, rowErrorsOf, templateWorkbook } from '../../core/import';
import { type ImportColumn, importableFields, parseCell, RefResolver, readSheet } from '../../core/import-cells';
import type { Ctx } from '../../core/module';
import { exec, findOne, iso, selectList } from '../../core/resource-store';
import type { Services } from '../../core/services';
import { writeRecord } from '../../core/write-path';
import { constructOf, judge, limitsOf, notifyExceedance } from './judge';

/** The sheet of one work's flows: every field but the work (the route names it), keyed by the day measured. */
const sheetDef: ResourceDef = {
  ...trafficDef,
  fields: Object.fromEntries(Object.entries(trafficDef.fields).filter(([k]) => k !== 'construct_id')),
  config: { ...trafficDef.config, import: { key: 'measured_date' } },
};
const columns: ImportColumn[] = importableFields(sheetDef);

export const flowTemplate = () => templateWorkbook(sheetDef, columns);

/**
 * Imports one work's flows from .xlsx in one transaction (a dry run, or a file with any error, writes
 * nothing): each row read back into a request body, validated by the declaration, judged like a flow
 * typed on the form, and upserted by its day (one measurement a day per work). The ward's officers get
 * one notice for the whole file when some days exceed.
 */
export async function importFlows(services: Services, ctx: Ctx, constructId: number, buf: Buffer, dryRun: boolean) {
  await findOne(services.db, constructsDef, constructId, ctx);
  const sheet = await readSheet(sheetDef, buf);
  return inImportTransaction(
    services,
    dryRun,
    async (tx, s) => {
      s.total = sheet.rows.length;
      const refs = new RefResolver(tx, trafficDef.name, ctx.user);
      const seen = new Map<string, number>();
      const c = await constructOf(tx, constructId);
      const limits = c ? await limitsOf(tx, c) : [];
      const bad: { date: string; checks: ReturnType<typeof judge>['checks'] }[] = [];
      for (const r of sheet.rows) {
        const errors: RowError[] = [];
        const body: Record<string, unknown> = {};
        for (const col of sheet.columns) {
          const res = await parseCell(col.field, r.values[col.key], refs, true);
          if ('error' in res) errors.push({ row: r.row, field: col.key, column: col.header, message: res.error });
          else if ('value' in res) body[col.key] = res.value;
        }
        const day = typeof body.measured_date === 'string' ? body.measured_date : '';
        const fail = (list: RowError[]) => {
          s.errors.push(...list.map((e) => ({ ...e, column: e.column ?? trafficDef.labels[e.field] ?? e.field })));
          s.rows.push({ row: r.row, key: day.slice(0, 10), action: 'error' });
        };
        const parsed = trafficDef.createSchema.safeParse({ ...body, construct_id: constructId });
        if (!parsed.success) {
          const inError = new Set(errors.map((e) => e.field));
          for (const e of toFieldErrors(parsed.error.issues, trafficDef.labels)) if (!inError.has(e.field)) errors.push({ row: r.row, ...e });
        }
        if (errors.length || !parsed.success) {
          fail(errors);
          continue;
        }
        const dup = seen.get(day);
        if (dup) {
          fail([{ row: r.row, field: 'measured_date', message: `Ngày đo ${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} trùng với dòng ${dup}` }]);
          continue;
        }
        seen.set(day, r.row);
        const data: Record<string, unknown> = parsed.data;
        const [existing] = await exec(
          tx,
          sql`select ${selectList(trafficDef)} from discharge_traffic where construct_id = ${constructId} and measured_date = ${day}::timestamptz limit 1`,
        );
        try {
          const row = await tx.transaction(async (sp) =>
            writeRecord({
              def: trafficDef,
              ctx,
              db: sp,
              existing,
              data,
              trusted: ['status', 'exceeded'],
              audit: 'import',
            }),
          );
          if (existing) s.updated++;
          else s.created++;
          s.rows.push({ row: r.row, key: day.slice(0, 10), action: existing ? 'update' : 'create', id: row.id as number });
          if (c && Number(row.status) === 2) bad.push({ date: String(iso(row.measured_date)), checks: judge(row, c, limits).checks });
        } catch (e) {
          fail(rowErrorsOf(e, r.row, 'measured_date'));
        }
      }
      if (c && !dryRun && !s.errors.length)
        await notifyExceedance(
          services,
          tx,
          c,
          bad.sort((a, b) => a.date.localeCompare(b.date)),
        );
    },
    sheet.ignored,
  );
}
