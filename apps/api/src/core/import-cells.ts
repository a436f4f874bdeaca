import { type FieldDef, MESSAGES, NO_DATA, type ResourceDef, TZ_OFFSET_MINUTES, unaccent } from '@nns/shared';
import { lowerFirst } from '@nns/shared/log-sentence';
import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { Db } from '../db/client';
import { badRequest } from './errors';
import { loadExcel } from './excel';
import type { SessionUser } from './module';
import { col } from './resource-query';
import { exec } from './resource-store';
import { scopeOf } from './scope';

/** The columns an import understands: every writable field, found by its Vietnamese header. */
export interface ImportColumn {
  header: string;
  key: string;
  field: FieldDef;
}

const SKIP_KINDS = new Set(['password']);
export const norm = (s: string) => unaccent(s.trim().toLowerCase()).replace(/\s+/g, ' ');

export function importableFields(def: ResourceDef): ImportColumn[] {
  return Object.entries(def.fields)
    .filter(([, f]) => !f.readOnly && !f.writeOnly && !SKIP_KINDS.has(f.kind))
    .map(([key, field]) => ({ header: field.label, key, field }));
}

/** The template: every importable field in declaration order, the key (the one that names a row) first. */
export function templateColumns(def: ResourceDef): ImportColumn[] {
  const all = importableFields(def);
  const key = def.config.import?.key;
  const k = all.find((c) => c.key === key);
  return k ? [k, ...all.filter((c) => c !== k)] : all;
}

const KIND_HINTS: Partial<Record<FieldDef['kind'], string>> = {
  date: 'Ngày dd/mm/yyyy',
  datetime: 'Ngày giờ dd/mm/yyyy hh:mm (giờ Việt Nam)',
  switch: 'Có hoặc Không',
  integer: 'Số nguyên',
  money: 'Số tiền (VNĐ), số nguyên',
  float: 'Số, phần thập phân dùng dấu phẩy hoặc dấu chấm',
  images: 'Đường dẫn ảnh, mỗi dòng một ảnh',
  files: 'Đường dẫn tệp, mỗi dòng một tệp',
  image: 'Đường dẫn ảnh đã tải lên',
  file: 'Đường dẫn tệp đã tải lên',
  json: 'Dữ liệu JSON',
  polygon: 'GeoJSON Polygon',
  email: 'Địa chỉ email',
  phone: 'Số điện thoại',
  richtext: 'Văn bản (có thể có HTML)',
};

/**
 * The second row of the template: how to fill the column ('Bắt buộc. Ngày dd/mm/yyyy', 'Không bắt
 * buộc. Một trong: Đang hoạt động, Ngừng hoạt động'). The import knows it and skips it.
 */
export function columnHint(def: ResourceDef, c: ImportColumn): string {
  const f = c.field;
  const isKey = c.key === def.config.import?.key;
  let how: string;
  if (f.kind === 'enum') how = `Một trong: ${(f.options ?? []).map((o) => o.label).join(', ')}`;
  else if (f.kind === 'ref') how = `Tên hoặc mã ${lowerFirst(resourceByName[f.ref ?? '']?.label ?? 'bản ghi')} đã có`;
  else if (f.kind === 'refs') how = `Tên hoặc mã ${lowerFirst(resourceByName[f.ref ?? '']?.label ?? 'bản ghi')} đã có, cách nhau bởi dấu phẩy`;
  else how = KIND_HINTS[f.kind] ?? (f.max ? `Văn bản, tối đa ${f.max} ký tự` : 'Văn bản');
  if (f.min !== undefined && (f.kind === 'integer' || f.kind === 'float' || f.kind === 'money'))
    how += `, từ ${f.min}${f.max !== undefined ? ` đến ${f.max}` : ''}`;
  const need = isKey ? 'Bắt buộc, dùng để nhận diện (trùng thì cập nhật)' : f.required ? 'Bắt buộc' : 'Không bắt buộc';
  return `${need}. ${how}`;
}

export interface SheetRow {
  /** the spreadsheet's own row number (the header is row 1) */
  row: number;
  values: Record<string, unknown>;
}

export interface Sheet {
  columns: ImportColumn[];
  ignored: string[];
  rows: SheetRow[];
}

/** A cell as a plain value: rich text, hyperlinks and formula results unwrapped. */
export function plainCell(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v !== 'object') return v;
  const o = v as unknown as Record<string, unknown>;
  if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join('');
  if ('result' in o) return plainCell(o.result as ExcelJS.CellValue);
  if ('text' in o) return o.text;
  if ('error' in o) return null;
  return null;
}

export const MAX_IMPORT_ROWS = 5000;

/** Reads the first sheet: headers on row 1 matched to field labels (accents and case ignored). */
export async function readSheet(def: ResourceDef, buf: Buffer): Promise<Sheet> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest([{ field: 'file', message: 'Tệp không phải là tệp Excel (.xlsx) hợp lệ' }]);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest([{ field: 'file', message: 'Tệp Excel không có trang tính nào' }]);
  const byHeader = new Map<string, ImportColumn>();
  for (const c of importableFields(def)) {
    byHeader.set(norm(c.header), c);
    byHeader.set(norm(c.key), c);
  }
  const cols = new Map<number, ImportColumn>();
  const ignored: string[] = [];
  ws.getRow(1).eachCell((cell, n) => {
    const h = String(plainCell(cell.value) ?? '').trim();
    if (!h) return;
    const c = byHeader.get(norm(h));
    if (c && ![...cols.values()].includes(c)) cols.set(n, c);
    else if (!['stt', 'ngay tao', 'ngay cap nhat'].includes(norm(h))) ignored.push(h);
  });
  const key = def.config.import?.key ?? 'code';
  if (![...cols.values()].some((c) => c.key === key)) {
    throw badRequest([{ field: 'file', message: `Tệp thiếu cột '${def.fields[key]?.label ?? key}' (dùng để nhận diện bản ghi)` }]);
  }
  // the template's second row tells how to fill each column: not data
  const isHintRow = (r: ExcelJS.Row) => {
    let hints = 0;
    for (const [i, c] of cols) {
      const v = String(plainCell(r.getCell(i).value) ?? '').trim();
      if (!v) continue;
      if (v !== columnHint(def, c)) return false;
      hints++;
    }
    return hints > 0;
  };
  const rows: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1 || (n === 2 && isHintRow(r))) return;
    const values: Record<string, unknown> = {};
    let any = false;
    for (const [i, c] of cols) {
      const v = plainCell(r.getCell(i).value);
      values[c.key] = v;
      if (v !== null && String(v).trim() !== '') any = true;
    }
    if (any) rows.push({ row: n, values });
  });
  if (rows.length > MAX_IMPORT_ROWS) {
    throw badRequest([{ field: 'file', message: `Mỗi lần nhập tối đa ${MAX_IMPORT_ROWS} dòng (tệp có ${rows.length} dòng)` }]);
  }
  return { columns: [...cols.values()], ignored, rows };
}

/** The export writes formula-like text with a leading quote; the import takes it off again. */
export const unescapeCell = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && (v.trim() === '' || v.trim() === NO_DATA));
const pad = (n: number) => String(n).padStart(2, '0');

function parseNumber(v: unknown): number | null {
  if (typeof v === 'number') return v;
  let s = String(v)
    .trim()
    .replace(/\s|₫|đ/gi, '');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  const n = Number(s);
  return s !== '' && Number.isFinite(n) ? n : null;
}

/** 'DD/MM/YYYY' (or an Excel date, or ISO) → 'YYYY-MM-DDT00:00:00Z'. */
function parseDate(v: unknown): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : `${v.toISOString().slice(0, 10)}T00:00:00Z`;
  const s = String(v).trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) {
    const iso = `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`;
    const d = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.getUTCDate() === Number(m[1]) ? `${iso}T00:00:00Z` : null;
  }
  m = /^(\d{4}-\d{2}-\d{2})/.exec(s);
  return m && !Number.isNaN(Date.parse(m[1])) ? `${m[1]}T00:00:00Z` : null;
}

/** 'DD/MM/YYYY HH:mm' at UTC+7 (as the export writes it) → ISO 8601 UTC. */
function parseDateTime(v: unknown): string | null {
  const shift = TZ_OFFSET_MINUTES * 60_000;
  // an Excel date cell carries the wall-clock time it shows, read as UTC
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : new Date(v.getTime() - shift).toISOString();
  const s = String(v).trim();
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (m) {
    const t = Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
    return Number.isNaN(t) ? null : new Date(t - shift).toISOString();
  }
  return /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : null;
}

const YES = new Set(['co', 'x', '1', 'true', 'yes', 'dung']);
const NO = new Set(['khong', '0', 'false', 'no', 'sai']);

export type CellResult = { value: unknown } | { error: string } | { skip: true };

/** Looks up referenced records by their title (or code, or '#id'), inside the import's transaction. */
export class RefResolver {
  private cache = new Map<string, number[]>();
  constructor(
    private db: Db,
    private self: string,
    /** look-ups stay inside the importer's scope: another ward's record is 'không tồn tại', never named */
    private user: SessionUser | null = null,
  ) {}

  async ids(f: FieldDef, text: string): Promise<number[]> {
    const target = resourceByName[f.ref ?? ''];
    if (!target) return [];
    const cacheKey = `${target.name}|${norm(text)}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    const label = f.refLabel ?? target.titleField;
    const scope = scopeOf(target, this.user);
    const live = sql`${target.softDelete ? sql` and deleted_at is null` : sql``}${scope.length ? sql` and ${sql.join(scope, sql` and `)}` : sql``}`;
    const byId = /^#\d+$/.test(text) ? sql` or id = ${Number(text.slice(1))}` : sql``;
    const hasCode = 'code' in target.fields && label !== 'code';
    const rows = await exec<{ id: number; label: unknown; code?: unknown }>(
      this.db,
      sql`select id, ${col(label)} as label${hasCode ? sql`, code` : sql``}
      from ${col(target.table)} where (lower(${col(label)}::text) = ${text.toLowerCase()}${hasCode ? sql` or code = ${text}` : sql``}${byId})${live} limit 5`,
    );
    // a code or an id names one record; a title may be shared
    const exact = rows.filter((r) => (hasCode && r.code === text) || `#${r.id}` === text);
    const ids = (exact.length ? exact : rows).map((r) => r.id);
    // rows of the file may still create records of its own table (a tree): only cache what was found
    if (ids.length && target.name !== this.self) this.cache.set(cacheKey, ids);
    return ids;
  }
}

async function resolveOne(f: FieldDef, text: string, refs: RefResolver): Promise<CellResult> {
  const ids = await refs.ids(f, text);
  if (ids.length === 1) return { value: ids[0] };
  if (ids.length > 1) return { error: `${f.label} '${text}' trùng với nhiều bản ghi, hãy ghi mã thay cho tên` };
  return { error: `${f.label} '${text}' không tồn tại` };
}

/**
 * One cell back into a request value, the inverse of export.ts `cellOf`: enum labels, 'Có'/'Không',
 * dates DD/MM/YYYY, titles of referenced records, JSON for lists and shapes. A blank cell is null on
 * an update (the export writes null as blank) and left out on a create (defaults apply).
 */
export async function parseCell(f: FieldDef, raw: unknown, refs: RefResolver, creating: boolean): Promise<CellResult> {
  if (isBlank(raw)) {
    if (creating || f.kind === 'switch') return { skip: true };
    return { value: f.kind === 'refs' || f.kind === 'images' || f.kind === 'files' ? [] : null };
  }
  const text = typeof raw === 'string' ? unescapeCell(raw.trim()) : raw instanceof Date ? '' : String(raw);
  switch (f.kind) {
    case 'integer':
    case 'money':
    case 'float': {
      const n = parseNumber(raw);
      if (n === null) return { error: f.kind === 'float' ? MESSAGES.number(f.label) : MESSAGES.integer(f.label) };
      return { value: n };
    }
    case 'date': {
      const d = parseDate(raw);
      return d ? { value: d } : { error: MESSAGES.date(f.label) };
    }
    case 'datetime': {
      const d = parseDateTime(raw);
      return d ? { value: d } : { error: MESSAGES.date(f.label) };
    }
    case 'switch': {
      const k = norm(text);
      if (typeof raw === 'boolean') return { value: raw };
      if (YES.has(k)) return { value: true };
      if (NO.has(k)) return { value: false };
      return { error: `${f.label} chỉ nhận 'Có' hoặc 'Không'` };
    }
    case 'enum': {
      const o = (f.options ?? []).find((x) => norm(x.label) === norm(text) || String(x.value) === text);
      return o ? { value: o.value } : { error: `${MESSAGES.enum(f.label)} (${(f.options ?? []).map((x) => x.label).join(', ')})` };
    }
    case 'ref':
      return resolveOne(f, text, refs);
    case 'refs': {
      // the export joins titles with ', '; a title that itself holds a comma still resolves whole
      const whole = await refs.ids(f, text);
      if (whole.length === 1) return { value: whole };
      const ids: number[] = [];
      for (const part of text
        .split(/[,;\n]/)
        .map((s) => s.trim())
        .filter(Boolean)) {
        const r = await resolveOne(f, part, refs);
        if ('error' in r) return r;
        ids.push((r as { value: number }).value);
      }
      return { value: [...new Set(ids)] };
    }
    case 'images':
    case 'files':
    case 'json':
    case 'polygon': {
      try {
        return { value: JSON.parse(text) };
      } catch {
        if (f.kind === 'images' || f.kind === 'files')
          return {
            value: text
              .split(/[,\n]/)
              .map((s) => s.trim())
              .filter(Boolean),
          };
        return { error: MESSAGES.invalid(f.label) };
      }
    }
    default:
      return { value: typeof raw === 'number' ? String(raw) : text };
  }
}
