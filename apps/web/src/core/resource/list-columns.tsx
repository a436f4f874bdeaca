import { type FieldDef, formatNumber, type ResourceDef } from '@nns/shared';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { refsTexts, refText } from './display';

/**
 * Column sizes of the generic list, so a register fits a 1366 px screen beside the menu (a table of
 * about 990 px): text cells have a widest size and end in '…' with the whole text on hover; long
 * headings wrap onto two lines. Measured on every register of issue 5 at 1366×768.
 */
const NAME_KEYS = ['name', 'full_name', 'title'];
/** Widths a text column starts from before the rows are known (px, without padding). */
export const WIDTH = { name: 180, code: 124, text: 120, email: 150, ref: 130, long: 160, refs: 160, heading: 90 } as const;
/** Cell padding (antd 'middle' table: 8 px each side) and a sort icon beside a heading. */
export const PAD = 16;
const SORTER = 22;
/** Rough width (px) of a text in the table's 14 px font: capitals and digits are wider than the rest. */
export function textPx(t: string): number {
  let w = 0;
  for (const ch of t) w += ch === ' ' ? 4 : /[0-9A-ZĐ]/.test(ch) || ch !== ch.toLowerCase() ? 9.5 : 7.4;
  return Math.ceil(w);
}

/** Codes, barcodes and tax numbers: one unbreakable token, kept on one line. */
const codeLike = (key: string, f: FieldDef) => f.kind === 'code' || key === 'code' || (!!f.format && f.format !== 'url');

/** The record's name column in a list, if the list shows one. */
export function nameColumn(def: ResourceDef): string | undefined {
  return def.listColumns.find((k) => k === def.titleField) ?? def.listColumns.find((k) => NAME_KEYS.includes(k));
}

/** The widest size of a text-like column (px); undefined for numbers, dates, tags and switches. */
export function textWidth(def: ResourceDef, key: string, f: FieldDef): number | undefined {
  if (codeLike(key, f) && ['text', 'code'].includes(f.kind)) return WIDTH.code;
  if (key === nameColumn(def)) return WIDTH.name;
  switch (f.kind) {
    case 'code':
      return WIDTH.code;
    case 'text':
      return WIDTH.text;
    case 'email':
      return WIDTH.email;
    case 'ref':
      return WIDTH.ref;
    case 'textarea':
    case 'richtext':
      return WIDTH.long;
    case 'refs':
      return WIDTH.refs;
    default:
      return undefined;
  }
}

/** The plain text of a text-like cell (what the hover shows whole); null for other kinds and blanks. */
export function cellText(row: Record<string, unknown>, key: string, f: FieldDef): string | null {
  const v = row[key];
  switch (f.kind) {
    case 'text':
    case 'code':
    case 'email':
    case 'phone':
    case 'textarea':
      return v === null || v === undefined || v === '' ? null : String(v);
    case 'richtext':
      return v
        ? String(v)
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim() || null
        : null;
    case 'ref':
      return refText(row, key, f) || null;
    case 'refs':
      return refsTexts(row, key, f).join(', ') || null;
    default:
      return null;
  }
}

/**
 * Text cut at `width` px with '…' (names and references on up to two lines, so 'Hợp tác xã …' still
 * shows which one; codes and e-mails on one); the whole text in a tooltip when it is cut.
 */
export function Ellipsis({ text, width, rows = 1 }: { text: string; width: number; rows?: number }) {
  return (
    <Typography.Paragraph style={{ maxWidth: width, marginBottom: 0 }} ellipsis={{ rows, tooltip: text }}>
      {text}
    </Typography.Paragraph>
  );
}

/** Lines a cut cell of this kind may take: words wrap onto a second line, single tokens do not. */
export const ellipsisRows = (key: string, f: FieldDef) => (codeLike(key, f) || ['email', 'phone'].includes(f.kind) ? 1 : 2);

/** A column heading that wraps onto a second line past `width` px instead of widening the column. */
export function Heading({ label, width = WIDTH.heading }: { label: ReactNode; width?: number }) {
  // words are not broken ('Quận/huyện' stays whole), only wrapped at spaces
  return <span style={{ display: 'inline-block', maxWidth: width, whiteSpace: 'normal', overflowWrap: 'normal', verticalAlign: 'middle' }}>{label}</span>;
}

export interface RangePair {
  min: string;
  max: string;
  label: string;
}

const NUMERIC = ['integer', 'float', 'money'];

/**
 * Two list columns `<x>_min` ('… từ') and `<x>_max` ('… đến') read as one range column '…': '15 – 25'
 * (seafood criteria hold four such ranges). Keyed by the `_min` field.
 */
export function rangePairs(def: ResourceDef): Map<string, RangePair> {
  const pairs = new Map<string, RangePair>();
  for (const key of def.listColumns) {
    const m = /^(.*)_min$/.exec(key);
    if (!m) continue;
    const max = `${m[1]}_max`;
    const fMin = def.fields[key];
    const fMax = def.fields[max];
    if (!fMin || !fMax || !def.listColumns.includes(max) || !NUMERIC.includes(fMin.kind) || !NUMERIC.includes(fMax.kind)) continue;
    const label = fMin.label.replace(/\s+từ(?=\s|$)/, '');
    if (label === fMin.label) continue;
    pairs.set(key, { min: key, max, label });
  }
  return pairs;
}

/** '15 – 25', '≥ 15', '≤ 25' or nothing. */
export function rangeText(row: Record<string, unknown>, p: RangePair): string {
  const num = (v: unknown) => (typeof v === 'number' ? formatNumber(v, 6) : null);
  const lo = num(row[p.min]);
  const hi = num(row[p.max]);
  if (lo !== null && hi !== null) return lo === hi ? lo : `${lo} – ${hi}`;
  if (lo !== null) return `≥ ${lo}`;
  if (hi !== null) return `≤ ${hi}`;
  return '';
}

/** Where a heading wraps: at its column's text width (less the sort icon), else WIDTH.heading. */
export function headingMax(width: number | undefined, sortable: boolean): number {
  return Math.max(64, width === undefined ? WIDTH.heading : sortable ? width - SORTER : width);
}

/** The widest a heading makes its column (px, padding and sort icon included). */
function headingWidth(label: string, width: number | undefined, sortable: boolean) {
  return Math.min(label.length * 7.5, headingMax(width, sortable)) + (sortable ? SORTER : 0) + PAD;
}

/** Natural widths (px, padding included) of the cells of a kind that is not cut. */
const CELL: Partial<Record<FieldDef['kind'], number>> = {
  phone: 106,
  date: 94,
  datetime: 146,
  integer: 90,
  float: 100,
  money: 110,
  enum: 105,
  switch: 90,
  image: 56,
  images: 56,
};

/** How wide a list column can get (px, padding included): its widest cell or its heading. */
export function columnWidth(def: ResourceDef, key: string, f: FieldDef | undefined, label: string): number {
  const sortable = def.sortable.includes(key);
  const width = f ? textWidth(def, key, f) : undefined;
  const cell = width !== undefined ? width + PAD : ((f && CELL[f.kind]) ?? 120);
  return Math.max(cell, headingWidth(label, width, sortable));
}

/** The range column's width: '15 – 25' or '6,5 – 8,5' under a heading that wraps. */
export function rangeWidth(def: ResourceDef, p: RangePair): number {
  return Math.max(100, headingWidth(p.label, undefined, def.sortable.includes(p.min)));
}

/** A text column of a list page: how wide its longest cell on the page would like to be, and its bounds. */
export interface TextColumn {
  key: string;
  want: number;
  min: number;
  max: number;
}

/** What a text column of this kind would like for its longest cell on the page (px, without padding). */
export function textColumn(def: ResourceDef, key: string, f: FieldDef, rows: Record<string, unknown>[]): TextColumn {
  const base = textWidth(def, key, f) ?? WIDTH.text;
  const code = codeLike(key, f);
  const longest = rows.reduce((n, r) => Math.max(n, textPx(cellText(r, key, f) ?? '')), 0);
  // a code is never wrapped, so it gets a margin over the estimate rather than an ellipsis at the edge
  const want = rows.length ? Math.ceil(longest * 1.1) + 6 + (f.kind === 'refs' ? 24 : 0) : base;
  return { key, want, min: code ? 90 : 72, max: code ? 200 : key === nameColumn(def) ? 360 : 300 };
}

/**
 * Shares the room the other columns leave (`budget`, px without padding) among the text columns: each
 * gets what its longest cell wants when all fit, else the narrow ones keep theirs and the rest share
 * what is left equally (cut with '…', whole on hover). Never under a column's `min`.
 */
export function shareWidths(cols: TextColumn[], budget: number): Map<string, number> {
  const out = new Map<string, number>();
  const wants = cols.map((c) => ({ ...c, want: Math.min(c.max, Math.max(c.min, c.want)) })).sort((a, b) => a.want - b.want);
  let left = budget;
  wants.forEach((c, i) => {
    const share = left / (wants.length - i);
    const w = Math.max(c.min, Math.floor(Math.min(c.want, share)));
    out.set(c.key, w);
    left -= w;
  });
  // room to spare (few columns): it goes to the text columns by their size, so nothing wraps needlessly
  const total = wants.reduce((n, c) => n + (out.get(c.key) ?? 0), 0);
  if (left > 0 && total > 0) {
    for (const c of wants) {
      const w = out.get(c.key) ?? 0;
      out.set(c.key, Math.min(c.max, Math.floor(w + (left * w) / total)));
    }
  }
  return out;
}
