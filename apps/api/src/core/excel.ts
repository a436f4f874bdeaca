import type ExcelJS from 'exceljs';

let loaded: Promise<typeof ExcelJS> | null = null;

/**
 * exceljs, loaded on the first export, import or template: it weighs about 20 MB of memory, which a
 * process that never touches a spreadsheet should not carry (the export's RSS budget counts it).
 */
export function loadExcel(): Promise<typeof ExcelJS> {
  loaded ??= import('exceljs').then((m) => (m as unknown as { default: typeof ExcelJS }).default ?? (m as unknown as typeof ExcelJS));
  return loaded;
}
