import { alertLevelOf, levelColor, levelLabel, type MonitoringType, type Parameter, parametersOf } from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import { loadExcel } from '../../core/excel';
import { DATETIME_FMT, excelDateTime, publishExport, sheetName, YIELD_ROWS } from '../../core/export';
import { yieldToLoop } from '../../core/jobs';
import type { Ctx } from '../../core/module';
import { exec, iso } from '../../core/resource-store';
import type { Services } from '../../core/services';

const BATCH = 5000;
/** a year of readings every minute is 525,600 rows: enough for any period the screen offers */
export const READINGS_EXPORT_MAX = 600_000;

/** The text colour readable on a band colour (black on yellow, white on dark red). */
const textOn = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const y = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return y > 150 ? 'FF000000' : 'FFFFFFFF';
};
const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;
/** Excel number format by a parameter's size: whole numbers for counts, two decimals otherwise. */
const numFmt = (p: Parameter) => (p.max >= 10000 ? '#,##0' : '#,##0.00');

/**
 * A station's raw readings of a period as .xlsx: one row per reading at UTC+7 (a real Excel date),
 * one column per parameter under its Vietnamese name and unit (real numbers with a number format),
 * VN_AQI or VN_WQI where the type has one, and the band's name in a cell filled with its colour.
 * Written in keyset batches through the streaming writer, as the resource exports are.
 */
export async function exportReadings(
  s: Services,
  ctx: Ctx,
  station: Record<string, unknown>,
  from: string,
  to: string,
  extra: Record<string, Parameter> = {},
  /** how far through the period the rows written so far reach (ms of ms) */
  onProgress: (done: number, total: number) => unknown = () => {},
) {
  const type = Number(station.type) as MonitoringType;
  const id = Number(station.id);
  const params = { ...parametersOf(type), ...extra };
  // the columns: the parameters the period's readings carry, in the type's order
  const present = await exec<{ k: string }>(
    s.db,
    sql`select distinct param as k from monitoring_daily where station_id = ${id} and bucket >= ${from}::timestamptz - interval '1 day' and bucket < ${to}`,
  );
  const have = new Set(present.map((r) => r.k));
  const keys = Object.keys(params).filter((k) => have.has(k) && k !== 'aqi' && k !== 'wqi');
  const index = type === 1 ? { key: 'aqi', label: 'VN_AQI (giờ)' } : type === 2 ? { key: 'wqi', label: 'VN_WQI' } : null;
  const name = `tram-${String(station.code).replace(/[^A-Za-z0-9_-]/g, '')}-du-lieu`;
  return publishExport(s, ctx, name, async (file) => {
    const ExcelJS = await loadExcel();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(sheetName(`${station.code} ${station.name}`), { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
    ws.columns = [
      { header: 'Thời điểm đo (UTC+7)', key: 't', width: 20, style: { numFmt: DATETIME_FMT } },
      ...keys.map((k) => ({
        header: `${params[k].label}${params[k].unit ? ` (${params[k].unit})` : ''}`,
        key: k,
        width: Math.max(12, params[k].label.length + 6),
        style: { numFmt: numFmt(params[k]) },
      })),
      ...(index ? [{ header: index.label, key: index.key, width: 14, style: { numFmt: '0' } }] : []),
      ...(type === 1 ? [{ header: 'Chất ô nhiễm chính', key: 'aqi_dominant', width: 18 }] : []),
      { header: type === 3 ? 'Cấp mưa' : 'Mức', key: 'band', width: 16 },
    ];
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    const bandCol = ws.columns.length;
    let n = 0;
    let after = from;
    let first = true;
    while (n < READINGS_EXPORT_MAX) {
      const rows = await exec<{
        measured_at: string;
        values: Record<string, number> | string;
        band: number | null;
        aqi: number | null;
        aqi_dominant: string | null;
        wqi: number | null;
      }>(
        s.db,
        sql`select measured_at, values, band, aqi, aqi_dominant, wqi from monitoring_readings where station_id = ${id}
          and measured_at ${first ? sql`>=` : sql`>`} ${after}::timestamptz and measured_at < ${to}::timestamptz order by measured_at limit ${BATCH}`,
      );
      first = false;
      if (!rows.length) break;
      for (const r of rows) {
        const v = typeof r.values === 'string' ? (JSON.parse(r.values) as Record<string, number>) : r.values;
        const cells: Record<string, unknown> = { t: excelDateTime(iso(r.measured_at)) };
        for (const k of keys) cells[k] = v[k] ?? null;
        if (index) cells[index.key] = r[index.key as 'aqi' | 'wqi'] ?? null;
        if (type === 1) cells.aqi_dominant = r.aqi_dominant ? (params[r.aqi_dominant]?.label ?? r.aqi_dominant.toUpperCase()) : null;
        const band = r.band == null ? null : Number(r.band);
        cells.band = band == null ? null : levelLabel(type, band);
        const row = ws.addRow(cells);
        if (band != null) {
          const color = levelColor(type, band);
          const cell = row.getCell(bandCol);
          cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(color) } };
          cell.font = { color: { argb: textOn(color) }, bold: band === alertLevelOf(type) };
        }
        row.commit();
        n++;
        // runs as a background job (core/jobs.ts): requests are answered between chunks
        if (n % YIELD_ROWS === 0) await yieldToLoop();
      }
      after = iso(rows[rows.length - 1].measured_at);
      await onProgress(Date.parse(after) - Date.parse(from), Date.parse(to) - Date.parse(from));
      if (rows.length < BATCH) break;
    }
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: n + 1, column: bandCol } };
    ws.commit();
    await wb.commit();
    return n;
  });
}
