import { type ResourceDef, toFieldErrors } from '@nns/shared';
import districtsDef from '@nns/shared/resources/districts';
import provincesDef from '@nns/shared/resources/provinces';
import wardsDef from '@nns/shared/resources/wards';
import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { badRequest } from '../../core/errors';
import { loadExcel } from '../../core/excel';
import { type ImportSummary, inImportTransaction, type RowError, rowErrorsOf } from '../../core/import';
import { norm, plainCell } from '../../core/import-cells';
import type { Ctx } from '../../core/module';
import { col } from '../../core/resource-query';
import { checkRefs, exec, insertSql, mapDbError, present, selectList, updateSql } from '../../core/resource-store';
import type { Services } from '../../core/services';
import { rowValues } from '../../core/write-path';
import type { Db } from '../../db/client';

/**
 * The official list of administrative units in one sheet: code, name, level, parent code (the shape
 * of the national statistics office's list). Provinces, districts and wards are told apart by level
 * and parent: a unit without a parent is a province; Phường/Xã/Thị trấn/Đặc khu are wards whose parent
 * is a district or (the 2025 two-level shape) directly a province; the rest are districts.
 */
export const UNIT_HEADERS = ['Mã', 'Tên', 'Cấp', 'Mã cấp trên'] as const;
const HEADER_KEYS: Record<string, Key> = {
  ma: 'code',
  code: 'code',
  'ma don vi hanh chinh': 'code',
  'ma don vi': 'code',
  ten: 'name',
  name: 'name',
  'ten don vi': 'name',
  'ten don vi hanh chinh': 'name',
  cap: 'level',
  level: 'level',
  'ma cap tren': 'parent',
  'parent code': 'parent',
  parent_code: 'parent',
  'ma don vi cap tren': 'parent',
  'ma tinh/huyen': 'parent',
};
type Key = 'code' | 'name' | 'level' | 'parent';
type Tier = 'province' | 'district' | 'ward';

const WARD_LEVELS = ['phuong', 'xa', 'thi tran', 'dac khu'];
const DISTRICT_LEVELS = ['quan', 'huyen', 'thi xa', 'thanh pho'];
const DEFS: Record<Tier, ResourceDef> = { province: provincesDef, district: districtsDef, ward: wardsDef };
const TIER_LABEL: Record<Tier, string> = { province: 'tỉnh/thành phố', district: 'quận/huyện', ward: 'phường/xã' };
const ORDER: Record<Tier, number> = { province: 0, district: 1, ward: 2 };

interface UnitRow {
  row: number;
  code: string;
  name: string;
  level: string;
  parent: string;
}

/** The level as written, or the unit kind that starts the name ('Phường Xuân Hương - Đà Lạt' → 'Phường'). */
export function levelOf(level: string, name: string): string {
  if (level.trim()) return level.trim();
  const n = norm(name);
  const kinds = ['thanh pho', 'thi tran', 'thi xa', 'dac khu', 'phuong', 'xa', 'quan', 'huyen', 'tinh'];
  const k = kinds.find((x) => n.startsWith(`${x} `));
  return k ? name.trim().split(/\s+/).slice(0, k.split(' ').length).join(' ') : '';
}

export function tierOf(u: UnitRow): Tier {
  if (!u.parent) return 'province';
  const l = norm(levelOf(u.level, u.name));
  if (WARD_LEVELS.some((w) => l === w || l.startsWith(`${w} `))) return 'ward';
  if (DISTRICT_LEVELS.some((d) => l === d || l.startsWith(`${d} `))) return 'district';
  return 'ward';
}

async function readUnits(buf: Buffer): Promise<UnitRow[]> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest([{ field: 'file', message: 'Tệp không phải là tệp Excel (.xlsx) hợp lệ' }]);
  }
  const ws = wb.worksheets[0];
  const cols = new Map<Key, number>();
  ws?.getRow(1).eachCell((cell, n) => {
    const k = HEADER_KEYS[norm(String(plainCell(cell.value) ?? ''))];
    if (k && !cols.has(k)) cols.set(k, n);
  });
  const missing = (['code', 'name'] as Key[]).filter((k) => !cols.has(k));
  if (!ws || missing.length) {
    throw badRequest([
      { field: 'file', message: `Tệp cần các cột: ${UNIT_HEADERS.join(', ')} (thiếu cột ${missing.map((k) => (k === 'code' ? 'Mã' : 'Tên')).join(', ')})` },
    ]);
  }
  const out: UnitRow[] = [];
  const text = (r: ExcelJS.Row, k: Key) => {
    const i = cols.get(k);
    const v = i ? plainCell(r.getCell(i).value) : null;
    return v === null || v === undefined ? '' : String(v).trim();
  };
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const u = { row: n, code: text(r, 'code'), name: text(r, 'name'), level: text(r, 'level'), parent: text(r, 'parent') };
    if (u.code || u.name) out.push(u);
  });
  if (out.length > 20000) throw badRequest([{ field: 'file', message: 'Mỗi lần nhập tối đa 20.000 đơn vị' }]);
  return out;
}

async function byCode(tx: Db, tier: Tier, code: string) {
  const def = DEFS[tier];
  const [row] = await exec(tx, sql`select ${selectList(def)} from ${col(def.table)} where code = ${code} limit 1`);
  return row;
}

async function importUnit(ctx: Ctx, tx: Db, u: UnitRow, s: ImportSummary) {
  const tier = tierOf(u);
  const def = DEFS[tier];
  const errors: RowError[] = [];
  const fail = (e: RowError[]) => {
    s.errors.push(...e);
    s.rows.push({ row: u.row, key: u.code, action: 'error' });
  };
  if (!u.code) return fail([{ row: u.row, field: 'code', message: 'Mã đơn vị hành chính bắt buộc' }]);
  if (!/^\d{1,10}$/.test(u.code)) errors.push({ row: u.row, field: 'code', message: 'Mã đơn vị hành chính chỉ gồm chữ số' });
  const body: Record<string, unknown> = { code: u.code, name: u.name, level: levelOf(u.level, u.name) || null };
  if (tier !== 'province') {
    const province = await byCode(tx, 'province', u.parent);
    const district = province ? null : await byCode(tx, 'district', u.parent);
    if (tier === 'district') {
      if (!province) errors.push({ row: u.row, field: 'parent', message: `Mã cấp trên '${u.parent}' không phải là một tỉnh/thành phố đã có` });
      else body.province_id = province.id;
    } else if (province) {
      Object.assign(body, { province_id: province.id, district_id: null });
    } else if (district) {
      Object.assign(body, { province_id: district.province_id, district_id: district.id });
    } else {
      errors.push({ row: u.row, field: 'parent', message: `Mã cấp trên '${u.parent}' không tồn tại (cần là mã tỉnh hoặc quận/huyện)` });
    }
  }
  for (const other of (['province', 'district', 'ward'] as Tier[]).filter((x) => x !== tier)) {
    if (await byCode(tx, other, u.code)) errors.push({ row: u.row, field: 'code', message: `Mã '${u.code}' đã được dùng cho một ${TIER_LABEL[other]}` });
  }
  if (errors.length) return fail(errors);
  const existing = await byCode(tx, tier, u.code);
  const parsed = (existing ? def.updateSchema : def.createSchema).safeParse(body);
  if (!parsed.success) errors.push(...toFieldErrors(parsed.error.issues, def.labels).map((e) => ({ row: u.row, ...e })));
  if (errors.length) return fail(errors);
  const data = parsed.data as Record<string, unknown>;
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (existing) {
    for (const [k, v] of Object.entries(data)) if ((existing[k] ?? null) !== (v ?? null)) changes[k] = { from: existing[k] ?? '', to: v ?? '' };
    if (!Object.keys(changes).length) {
      s.unchanged++;
      s.rows.push({ row: u.row, key: u.code, action: 'unchanged', id: existing.id as number, target: def.name });
      return;
    }
  }
  try {
    const id = await tx.transaction(async (spTx) => {
      const sp = spTx as unknown as Db;
      await checkRefs(sp, def, data);
      const q = existing ? updateSql(def, existing.id as number, rowValues(def, data, ctx, existing)) : insertSql(def, rowValues(def, data, ctx));
      const [row] = await exec(sp, q).catch(mapDbError);
      await ctx.audit(
        {
          action: 'import',
          subject: def.subject,
          recordId: row.id as number,
          before: existing ? present(def, existing, undefined, null) : null,
          after: present(def, row, undefined, null),
        },
        sp,
      );
      return row.id as number;
    });
    if (existing) s.updated++;
    else s.created++;
    s.rows.push({ row: u.row, key: u.code, action: existing ? 'update' : 'create', id, target: def.name, changes: existing ? changes : undefined });
  } catch (e) {
    fail(rowErrorsOf(e, u.row, 'code'));
  }
}

/** Upserts the units of one sheet by code, provinces first so a file can hold a whole province. */
export async function importUnits(services: Services, ctx: Ctx, buf: Buffer, dryRun: boolean) {
  const units = await readUnits(buf);
  const seen = new Map<string, number>();
  return inImportTransaction(services, dryRun, async (tx, s) => {
    s.total = units.length;
    const sorted = [...units].sort((a, b) => ORDER[tierOf(a)] - ORDER[tierOf(b)] || a.row - b.row);
    for (const u of sorted) {
      const first = seen.get(u.code);
      if (u.code && first) {
        s.errors.push({ row: u.row, field: 'code', message: `Mã '${u.code}' trùng với dòng ${first}` });
        s.rows.push({ row: u.row, key: u.code, action: 'error' });
        continue;
      }
      seen.set(u.code, u.row);
      await importUnit(ctx, tx, u, s);
    }
    s.rows.sort((a, b) => a.row - b.row);
    s.errors.sort((a, b) => a.row - b.row);
  });
}

export async function unitsTemplate() {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Đơn vị hành chính');
  ws.columns = UNIT_HEADERS.map((h) => ({ header: h, width: h === 'Tên' ? 40 : 16 }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(['68', 'Tỉnh Lâm Đồng', 'Tỉnh', '']);
  ws.addRow(['24781', 'Phường Xuân Hương - Đà Lạt', 'Phường', '68']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
