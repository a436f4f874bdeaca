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
import { exec, selectList } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
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
  // a unit whose official code was corrected or changed: the code it had (the official list's update keeps its references)
  'ma cu': 'previous',
  'previous code': 'previous',
  previous_code: 'previous',
};
type Key = 'code' | 'name' | 'level' | 'parent' | 'previous';
export type Tier = 'province' | 'district' | 'ward';

const WARD_LEVELS = ['phuong', 'xa', 'thi tran', 'dac khu'];
const DISTRICT_LEVELS = ['quan', 'huyen', 'thi xa', 'thanh pho'];
export const DEFS: Record<Tier, ResourceDef> = { province: provincesDef, district: districtsDef, ward: wardsDef };
export const TIER_LABEL: Record<Tier, string> = { province: 'tỉnh/thành phố', district: 'quận/huyện', ward: 'phường/xã' };
const ORDER: Record<Tier, number> = { province: 0, district: 1, ward: 2 };

export interface UnitRow {
  row: number;
  code: string;
  name: string;
  level: string;
  parent: string;
  /** the code the unit had before (a corrected code): the official list's update changes that row's code */
  previous?: string;
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

export async function readUnits(buf: Buffer): Promise<UnitRow[]> {
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
    const u = { row: n, code: text(r, 'code'), name: text(r, 'name'), level: text(r, 'level'), parent: text(r, 'parent'), previous: text(r, 'previous') };
    if (u.code || u.name) out.push(u);
  });
  if (out.length > 20000) throw badRequest([{ field: 'file', message: 'Mỗi lần nhập tối đa 20.000 đơn vị' }]);
  return out;
}

export type Unit = Record<string, unknown> & { id: number; code: string };
export interface Known {
  province: Map<string, Unit>;
  district: Map<string, Unit>;
  ward: Map<string, Unit>;
}

export async function loadKnown(tx: Db): Promise<Known> {
  const all = async (tier: Tier) => {
    const def = DEFS[tier];
    const rows = await exec<Unit>(tx, sql`select ${selectList(def)} from ${col(def.table)}`);
    return new Map(rows.map((r) => [String(r.code), r]));
  };
  return { province: await all('province'), district: await all('district'), ward: await all('ward') };
}

/** How a set of units is written: the import's upsert (the file's codes and names win), or adding only what is missing. */
export type UnitsMode = 'upsert' | 'add-missing';

/** A unit the database holds under an official code with another name, level or parent (add-missing leaves it as it is). */
export interface UnitDifference {
  code: string;
  field: string;
  database: unknown;
  official: unknown;
}

export interface ApplyUnitsOptions {
  mode: UnitsMode;
  /**
   * the person importing (upsert, through the API): each unit is created or changed through the
   * runtime (hooks, scope, audit under `audit`); without one (add-missing at start) the new units are
   * reference data, seeded in bulk
   */
  ctx?: Ctx | null;
  /** what the audit log calls the import's writes (default 'import') */
  audit?: string;
  /** added to every audit entry's after (the official list's source) */
  auditAfter?: Record<string, unknown>;
}

/**
 * The one writer of administrative units, shared by the official-list import (Excel, upsert by code)
 * and the national list loaded at start (add-missing). Reads what the database holds once, checks
 * every row in memory (code, parent, cross-tier clashes, the declaration's schema), then writes each
 * tier in bulk, provinces first so a ward can name a province of the same file. Row errors go to `s`;
 * the caller decides whether they roll back (the import) or are only reported (add-missing).
 */
export async function applyUnits(tx: Db, units: UnitRow[], s: ImportSummary, o: ApplyUnitsOptions) {
  const known = await loadKnown(tx);
  const differences: UnitDifference[] = [];
  const seen = new Map<string, number>();
  const ctx = o.ctx ?? null;
  if (o.mode === 'upsert' && !ctx) throw new Error("applyUnits: an upsert is a person's import and needs its ctx");
  const writeOptions = { audit: o.audit ?? 'import', also: o.auditAfter ? async () => ({ after: o.auditAfter }) : undefined };
  const fail = (u: UnitRow, e: RowError[]) => {
    s.errors.push(...e);
    s.rows.push({ row: u.row, key: u.code, action: 'error' });
  };
  s.total += units.length;
  const sorted = [...units].sort((a, b) => ORDER[tierOf(a)] - ORDER[tierOf(b)] || a.row - b.row);
  for (const tier of ['province', 'district', 'ward'] as Tier[]) {
    const def = DEFS[tier];
    const inserts: { u: UnitRow; data: Record<string, unknown> }[] = [];
    for (const u of sorted.filter((x) => tierOf(x) === tier)) {
      const first = seen.get(u.code);
      if (u.code && first) {
        fail(u, [{ row: u.row, field: 'code', message: `Mã '${u.code}' trùng với dòng ${first}` }]);
        continue;
      }
      seen.set(u.code, u.row);
      if (!u.code) {
        fail(u, [{ row: u.row, field: 'code', message: 'Mã đơn vị hành chính bắt buộc' }]);
        continue;
      }
      const errors: RowError[] = [];
      if (!/^\d{1,10}$/.test(u.code)) errors.push({ row: u.row, field: 'code', message: 'Mã đơn vị hành chính chỉ gồm chữ số' });
      const body: Record<string, unknown> = { code: u.code, name: u.name, level: levelOf(u.level, u.name) || null };
      if (tier !== 'province') {
        const province = known.province.get(u.parent);
        const district = province ? null : known.district.get(u.parent);
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
        if (known[other].has(u.code)) errors.push({ row: u.row, field: 'code', message: `Mã '${u.code}' đã được dùng cho một ${TIER_LABEL[other]}` });
      }
      if (errors.length) {
        fail(u, errors);
        continue;
      }
      const existing = known[tier].get(u.code);
      const parsed = (existing ? def.updateSchema : def.createSchema).safeParse(body);
      if (!parsed.success) {
        fail(
          u,
          toFieldErrors(parsed.error.issues, def.labels).map((e) => ({ row: u.row, ...e })),
        );
        continue;
      }
      const data = parsed.data as Record<string, unknown>;
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (existing) {
        for (const [k, v] of Object.entries(data)) if ((existing[k] ?? null) !== (v ?? null)) changes[k] = { from: existing[k] ?? '', to: v ?? '' };
        if (!Object.keys(changes).length || o.mode === 'add-missing') {
          // add-missing never renames: what differs is reported, the database keeps its own
          for (const [field, c] of Object.entries(changes)) differences.push({ code: u.code, field, database: c.from, official: c.to });
          s.unchanged++;
          s.rows.push({ row: u.row, key: u.code, action: 'unchanged', id: existing.id, target: def.name });
          continue;
        }
        try {
          const row = (await tx.transaction((spTx) => resource(def.name).update(ctx as Ctx, spTx, existing, data, writeOptions))) as Unit;
          known[tier].set(u.code, row);
          s.updated++;
          s.rows.push({ row: u.row, key: u.code, action: 'update', id: row.id, target: def.name, changes });
        } catch (e) {
          fail(u, rowErrorsOf(e, u.row, 'code'));
        }
        continue;
      }
      inserts.push({ u, data });
    }
    // an import with errors writes nothing: its new units only stand as parents for the rows below
    if (s.errors.length && o.mode === 'upsert') {
      for (const { u, data } of inserts) {
        known[tier].set(u.code, { ...data, id: -1, code: u.code });
        s.created++;
        s.rows.push({ row: u.row, key: u.code, action: 'create', target: def.name });
      }
      continue;
    }
    const added = (u: UnitRow, row: Unit) => {
      known[tier].set(u.code, row);
      s.created++;
      s.rows.push({ row: u.row, key: u.code, action: 'create', id: row.id, target: def.name });
    };
    if (!ctx) {
      // the national list at start: reference data, a handful of statements for the whole list
      const created = (await resource(def.name).seedMany(
        tx,
        inserts.map((x) => x.data),
      )) as Unit[];
      const byCode = new Map(created.map((r) => [String(r.code), r]));
      for (const { u } of inserts) added(u, byCode.get(u.code) as Unit);
      continue;
    }
    for (const { u, data } of inserts) {
      try {
        added(u, (await tx.transaction((spTx) => resource(def.name).create(ctx, spTx, data, writeOptions))) as Unit);
      } catch (e) {
        fail(u, rowErrorsOf(e, u.row, 'code'));
      }
    }
  }
  s.rows.sort((a, b) => a.row - b.row);
  s.errors.sort((a, b) => a.row - b.row);
  return { differences, known };
}

/** Upserts the units of one sheet by code, provinces first so a file can hold a whole province. */
export async function importUnits(services: Services, ctx: Ctx, buf: Buffer, dryRun: boolean) {
  const units = await readUnits(buf);
  return inImportTransaction(services, dryRun, async (tx, s) => {
    await applyUnits(tx, units, s, { mode: 'upsert', ctx });
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
