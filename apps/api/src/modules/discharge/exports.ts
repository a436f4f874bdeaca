import { formatDate, optionLabel } from '@nns/shared';
import { DISCHARGE_PARAMETERS, LIMIT_COLUMNS, parameterLabel, TRAFFIC_STATUS, WASTEWATER_TYPES } from '@nns/shared/discharge';
import { ANNOUNCEMENT, PUBLIC_STATUS } from '@nns/shared/enums';
import constructsDef from '@nns/shared/resources/discharge-constructs';
import trafficDef from '@nns/shared/resources/discharge-traffic';
import { type SQL, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../core/excel';
import { columnLetter, DATE_FMT, escapeCell, excelDate, sheetName } from '../../core/export';
import { col, cursorCondition, encodeCursor, type ListQuery, orderSql, sortOf, whereSql } from '../../core/resource-query';
import { attachRefs, exec, iso, presentRow, selectList } from '../../core/resource-store';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { complianceOf, type Period } from './compliance';
import { inventoryOf } from './inventory.module';
import type { ExceedPeriod } from './overview';

/** Excel's 'light red fill with dark red text': the cell of a value over its limit. */
export const RED_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const RED_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF9C0006' }, bold: true };
const NUM = '#,##0.###';
const HEAD: Partial<ExcelJS.Font> = { bold: true };

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** 'tháng này', 'tháng 03/2026', '12 tháng gần nhất'. */
export const periodLabel = (p: ExceedPeriod) =>
  p.kind === 'this-month' ? 'tháng này' : p.kind === 'last-12-months' ? '12 tháng gần nhất' : `tháng ${String(p.from).slice(4)}/${String(p.from).slice(0, 4)}`;

/** The list as its screen shows it, under the list's filters; 'Vượt giới hạn tháng này' filled red where yes. */
export async function writeListWorkbook(services: Services, w: SQL[], q: ListQuery, period: ExceedPeriod, file: string): Promise<number> {
  const Excel = await loadExcel();
  const wb = new Excel.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName(constructsDef.label), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  const cols: { header: string; key: string; width: number; numFmt?: string; value: (r: Record<string, unknown>) => unknown }[] = [
    { header: 'Mã công trình', key: 'code', width: 16, value: (r) => r.code },
    { header: 'Tên công trình', key: 'name', width: 36, value: (r) => r.name },
    { header: 'Loại nước thải', key: 'wastewater_type', width: 24, value: (r) => optionLabel(WASTEWATER_TYPES, r.wastewater_type) },
    { header: 'Phường/xã', key: 'ward', width: 22, value: (r) => (r.ward as { name?: string } | null)?.name ?? '' },
    { header: 'Địa chỉ', key: 'address', width: 30, value: (r) => r.address ?? '' },
    { header: 'Số giấy phép', key: 'permit_number', width: 18, value: (r) => r.permit_number ?? '' },
    { header: 'Ngày hết hạn giấy phép', key: 'permit_expiry', width: 16, numFmt: DATE_FMT, value: (r) => excelDate(r.permit_expiry) },
    { header: 'Lưu lượng xả cho phép (m³/ngày đêm)', key: 'permitted_flow', width: 18, numFmt: NUM, value: (r) => num(r.permitted_flow) },
    { header: 'Lưu lượng đo gần nhất (m³/ngày)', key: 'last_flow', width: 18, numFmt: NUM, value: (r) => num(r.last_flow) },
    { header: 'Ngày đo gần nhất', key: 'last_measured_date', width: 14, numFmt: DATE_FMT, value: (r) => excelDate(r.last_measured_date) },
    {
      header: `Vượt giới hạn ${periodLabel(period)}`,
      key: 'exceeded',
      width: 14,
      value: (r) => ((r.exceeded_months as number[] | null)?.some((m) => m >= period.from && m <= period.to) ? 'Có' : 'Không'),
    },
    { header: 'Lần vượt giới hạn gần nhất', key: 'last_exceeded_date', width: 16, numFmt: DATE_FMT, value: (r) => excelDate(r.last_exceeded_date) },
    { header: 'Trạng thái công khai', key: 'public_status', width: 16, value: (r) => optionLabel(PUBLIC_STATUS, r.public_status) },
    { header: 'Công bố', key: 'announce', width: 14, value: (r) => optionLabel(ANNOUNCEMENT, r.announce) },
  ];
  ws.columns = [
    { header: 'STT', key: '_n', width: 6 },
    ...cols.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} })),
  ];
  ws.getRow(1).font = HEAD;
  ws.getRow(1).alignment = { wrapText: true, vertical: 'middle' };
  ws.getRow(1).commit();
  const s = sortOf(constructsDef, q);
  let n = 0;
  let cursor: string | null = null;
  const exIndex = cols.findIndex((c) => c.key === 'exceeded') + 2;
  for (;;) {
    const wc = cursor ? [...w, cursorCondition(s, cursor)] : w;
    const rows = await exec(services.db, sql`select ${selectList(constructsDef)} from ${col(constructsDef.table)}${whereSql(wc)}${orderSql(s)} limit 2000`);
    if (!rows.length) break;
    cursor = encodeCursor(s, rows[rows.length - 1]);
    await attachRefs(services.db, constructsDef, rows);
    for (const raw of rows) {
      const r = presentRow(constructsDef, raw);
      const values: Record<string, unknown> = { _n: ++n };
      for (const c of cols) values[c.key] = escapeCell(c.value(r)) ?? null;
      const row = ws.addRow(values);
      if (values.exceeded === 'Có') {
        row.getCell(exIndex).fill = RED_FILL;
        row.getCell(exIndex).font = RED_FONT;
      }
      row.commit();
    }
    if (rows.length < 2000) break;
  }
  ws.autoFilter = `A1:${columnLetter(cols.length + 1)}${n + 1}`;
  ws.commit();
  await wb.commit();
  return n;
}

/** One work: its permit, its flows of the period with each value over its limit filled red, the months, its inventory. */
export async function writeConstructWorkbook(db: Db, c: Record<string, unknown>, p: Period, file: string): Promise<number> {
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  const comp = await complianceOf(db, Number(c.id), p);
  const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

  const info = wb.addWorksheet('Công trình');
  info.columns = [
    { header: 'Thông tin', key: 'k', width: 38 },
    { header: 'Giá trị', key: 'v', width: 60 },
  ];
  info.getRow(1).font = HEAD;
  const add = (k: string, v: unknown, fmt?: string) => {
    const r = info.addRow({ k, v: escapeCell(v) ?? '' });
    if (fmt) r.getCell(2).numFmt = fmt;
  };
  add('Mã công trình', c.code);
  add('Tên công trình', c.name);
  add('Chủ công trình', c.owner ?? '');
  add('Loại nước thải', optionLabel(WASTEWATER_TYPES, c.wastewater_type));
  add('Phường/xã', (c.ward as { name?: string } | null)?.name ?? '');
  add('Địa chỉ', c.address ?? '');
  add('Vĩ độ, kinh độ', `${c.lat}, ${c.long}`);
  add('Số giấy phép xả thải', c.permit_number ?? '');
  add('Ngày cấp phép', excelDate(c.permit_date), DATE_FMT);
  add('Cơ quan cấp phép', c.permit_issuer ?? '');
  add('Ngày hết hạn giấy phép', excelDate(c.permit_expiry), DATE_FMT);
  add('Lưu lượng xả cho phép (m³/ngày đêm)', num(c.permitted_flow), NUM);
  add('Nguồn tiếp nhận', c.receiving_water ?? '');
  add('Công nghệ xử lý', c.treatment_technology ?? '');
  add('Quy chuẩn áp dụng', `${comp.standard_code ?? ''}, ${optionLabel(LIMIT_COLUMNS, comp.column)}`);
  add('Hệ số nhân giới hạn (K hoặc Kq × Kf)', comp.factor ?? 1, NUM);
  add('Trạng thái công khai', optionLabel(PUBLIC_STATUS, c.public_status));
  add('Công bố', optionLabel(ANNOUNCEMENT, c.announce));
  add('Kỳ số liệu', `${dmy(p.from)} – ${dmy(p.to)}`);

  // the flows: the parameters with a limit first, then those measured without one
  const limits = comp.limits ?? [];
  const flowRows = await exec(
    db,
    sql`select ${selectList(trafficDef)} from discharge_traffic where construct_id = ${Number(c.id)} and measured_date >= ${`${p.from}T00:00:00.000Z`} and measured_date <= ${`${p.to}T00:00:00.000Z`} order by measured_date, id`,
  );
  const measured = new Set(DISCHARGE_PARAMETERS.map((x) => x.code).filter((k) => flowRows.some((r) => r[k] != null)));
  const params = [...limits.map((l) => l.parameter), ...[...measured].filter((k) => !limits.some((l) => l.parameter === k))];
  const unitOf = (k: string) => DISCHARGE_PARAMETERS.find((x) => x.code === k)?.unit;
  const fs = wb.addWorksheet('Số liệu đo', { views: [{ state: 'frozen', xSplit: 2, ySplit: 2 }] });
  fs.columns = [
    { header: 'STT', key: '_n', width: 6 },
    { header: 'Ngày đo', key: 'measured_date', width: 12, style: { numFmt: DATE_FMT } },
    { header: 'Lưu lượng (m³/ngày)', key: 'flow', width: 14, style: { numFmt: NUM } },
    ...params.map((k) => ({ header: unitOf(k) ? `${parameterLabel(k)} (${unitOf(k)})` : parameterLabel(k), key: k, width: 13, style: { numFmt: NUM } })),
    { header: 'Kết quả', key: 'status', width: 14 },
    { header: 'Chỉ tiêu vượt', key: 'exceeded', width: 30 },
  ];
  fs.getRow(1).font = HEAD;
  fs.getRow(1).alignment = { wrapText: true, vertical: 'middle' };
  const limitRow: Record<string, unknown> = { _n: '', measured_date: 'Giới hạn', flow: num(comp.permitted_flow) };
  for (const l of limits) limitRow[l.parameter] = l.min != null ? `${l.min} – ${l.max}` : l.max;
  const lr = fs.addRow(limitRow);
  lr.font = { italic: true };
  let n = 0;
  for (const raw of flowRows) {
    const r = presentRow(trafficDef, raw);
    const ex = (Array.isArray(r.exceeded) ? r.exceeded : JSON.parse(String(r.exceeded ?? '[]'))) as string[];
    const values: Record<string, unknown> = {
      _n: ++n,
      measured_date: excelDate(r.measured_date),
      flow: num(r.flow),
      status: optionLabel(TRAFFIC_STATUS, r.status),
    };
    for (const k of params) values[k] = num(r[k]);
    values.exceeded = ex.map(parameterLabel).join(', ');
    const row = fs.addRow(values);
    for (const k of ex) {
      const cell = row.getCell(k);
      cell.fill = RED_FILL;
      cell.font = RED_FONT;
    }
    if (ex.length) {
      row.getCell('status').fill = RED_FILL;
      row.getCell('status').font = RED_FONT;
    }
  }

  const ms = wb.addWorksheet('Theo tháng');
  ms.columns = [
    { header: 'Tháng', key: 'month', width: 10 },
    { header: 'Số ngày đo', key: 'flows', width: 12 },
    { header: 'Số ngày vượt giới hạn', key: 'exceeded', width: 14 },
    { header: 'Lưu lượng lớn nhất (m³/ngày)', key: 'max_flow', width: 16, style: { numFmt: NUM } },
    { header: 'Lưu lượng trung bình (m³/ngày)', key: 'avg_flow', width: 16, style: { numFmt: NUM } },
    { header: 'Chỉ tiêu vượt (số ngày)', key: 'by', width: 50 },
  ];
  ms.getRow(1).font = HEAD;
  ms.getRow(1).alignment = { wrapText: true, vertical: 'middle' };
  for (const m of comp.months) {
    const row = ms.addRow({
      month: `${m.month.slice(5, 7)}/${m.month.slice(0, 4)}`,
      flows: m.flows,
      exceeded: m.exceeded,
      max_flow: m.max_flow,
      avg_flow: m.avg_flow,
      by: Object.entries(m.by_parameter)
        .map(([k, v]) => `${parameterLabel(k)}: ${v}`)
        .join('; '),
    });
    if (m.exceeded) {
      row.getCell('exceeded').fill = RED_FILL;
      row.getCell('exceeded').font = RED_FONT;
    }
  }

  const inv = await inventoryOf(db, Number(c.id));
  const is = wb.addWorksheet('Kiểm kê');
  is.columns = [
    { header: 'Thông tin', key: 'k', width: 34 },
    { header: 'Giá trị', key: 'v', width: 80 },
  ];
  is.getRow(1).font = HEAD;
  if (!inv.row) is.addRow({ k: 'Chưa có kiểm kê', v: '' });
  else {
    const r = inv.row;
    const rows: [string, unknown][] = [
      ['Năm kiểm kê', Number(r.survey_year)],
      ['Ngày kiểm kê', r.survey_date ? formatDate(String(iso(r.survey_date))) : ''],
      ['Nguồn phát sinh nước thải', r.wastewater_sources ?? ''],
      ['Hệ thống xử lý nước thải', r.treatment_system ?? ''],
      ['Chế độ quan trắc', r.monitoring_regime ?? ''],
      ['Kết quả kiểm tra, tuân thủ', r.compliance_findings ?? ''],
      ['Cán bộ kiểm kê', r.inspector ?? ''],
    ];
    for (const [k, v] of rows) is.addRow({ k, v: escapeCell(v) }).alignment = { wrapText: true, vertical: 'top' };
  }
  await wb.xlsx.writeFile(file);
  return n;
}
