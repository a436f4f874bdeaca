import { type FieldDef, MAX_ID, MESSAGES, type ResourceDef, unaccent } from '@nns/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from './errors';
import type { SessionUser } from './module';
import { scopeOf } from './scope';

export const MAX_LIMIT = 100;
/** counts above this are capped (filtered lists) or estimated from statistics (whole tables) */
export const COUNT_CAP = 10000;

const RANGE_KINDS = new Set(['date', 'datetime', 'integer', 'float', 'money']);
const num = (label: string) => z.coerce.number({ error: MESSAGES.number(label) }).refine(Number.isFinite, MESSAGES.number(label));
const dateQ = (label: string) => z.string().refine((v) => !Number.isNaN(Date.parse(v)), MESSAGES.date(label));

function filterSchemas(key: string, f: FieldDef): Record<string, z.ZodType> {
  const L = f.label;
  if (RANGE_KINDS.has(f.kind)) {
    const s = f.kind === 'date' || f.kind === 'datetime' ? dateQ(L) : num(L);
    return { [`${key}_from`]: s.optional(), [`${key}_to`]: s.optional(), ...(f.kind.startsWith('date') ? {} : { [key]: s.optional() }) };
  }
  switch (f.kind) {
    case 'enum': {
      const numeric = (f.options ?? []).every((o) => typeof o.value === 'number');
      const values = (f.options ?? []).map((o) => String(o.value));
      return {
        [key]: z
          .string()
          .refine((v) => v.split(',').every((x) => values.includes(x)), MESSAGES.enum(L))
          .meta({
            description: `Một hoặc nhiều giá trị, cách nhau bởi dấu phẩy: ${(f.options ?? []).map((o) => `${o.value} (${o.label})`).join(', ')}`,
            'x-enum-values': values,
            'x-enum-labels': (f.options ?? []).map((o) => o.label),
          })
          .transform((v) => v.split(',').map((x) => (numeric ? Number(x) : x)))
          .optional(),
      };
    }
    case 'ref':
    case 'refs':
      return {
        [key]: z.coerce
          .number({ error: MESSAGES.invalid(L) })
          .int(MESSAGES.invalid(L))
          .positive(MESSAGES.invalid(L))
          .max(MAX_ID, MESSAGES.invalid(L))
          .optional(),
      };
    case 'switch':
      return {
        [key]: z
          .enum(['true', 'false', '1', '0'], { error: MESSAGES.invalid(L) })
          .transform((v) => v === 'true' || v === '1')
          .optional(),
      };
    default:
      return { [key]: z.string().max(255).optional() };
  }
}

/** The paging of every list (declared or hand-written): page from 1, limit up to MAX_LIMIT. */
export const pageQueryShape = {
  page: z.coerce
    .number({ error: 'Trang phải là số nguyên dương' })
    .int('Trang phải là số nguyên dương')
    .min(1, 'Trang phải là số nguyên dương')
    .max(1_000_000, 'Trang quá lớn')
    .default(1),
  limit: z.coerce
    .number({ error: 'Số dòng mỗi trang phải là số nguyên' })
    .int('Số dòng mỗi trang phải là số nguyên')
    .min(1, 'Số dòng mỗi trang tối thiểu là 1')
    .max(MAX_LIMIT, `Số dòng mỗi trang tối đa là ${MAX_LIMIT}`)
    .default(10),
};

export function listQuerySchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {
    ...pageQueryShape,
    search: z.string().max(200, 'Từ khóa tìm kiếm tối đa 200 ký tự').optional(),
    sort: z
      .string()
      .refine((v) => def.sortable.includes(v.replace(/^-/, '')), { message: 'Không thể sắp xếp theo trường này' })
      .optional(),
    cursor: z.string().max(500).optional(),
    ids: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Danh sách mã không hợp lệ')
      .refine((v) => v.split(',').every((x) => Number(x) <= MAX_ID), 'Danh sách mã không hợp lệ')
      .transform((v) => v.split(',').map(Number))
      .optional(),
  };
  if (def.softDelete) shape.trashed = z.enum(['only', 'with'], { error: 'Giá trị trashed phải là only hoặc with' }).optional();
  for (const key of def.filterFields) Object.assign(shape, filterSchemas(key, def.fields[key]));
  if (def.wardScoped && !def.filterFields.includes('ward_id')) Object.assign(shape, filterSchemas('ward_id', def.fields.ward_id));
  return z.object(shape).strict();
}

export type ListQuery = Record<string, unknown> & {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
  cursor?: string;
  ids?: number[];
  trashed?: 'only' | 'with';
};

export const col = (name: string) => sql.identifier(name);

export function searchTextOf(def: ResourceDef, row: Record<string, unknown>): string | null {
  if (!def.searchFields.length) return null;
  return unaccent(
    def.searchFields
      .map((k) => row[k] ?? '')
      .filter((v) => v !== '')
      .join(' ')
      .toLowerCase(),
  );
}

/**
 * The words of a search served by full-text search, or null for the trigram path. Rule (issue 11):
 * two or more words, each only ASCII letters and digits (every Vietnamese word once unaccented, đ→d)
 * → full text on search_tsv,
 * `'w1' & 'w2' & 'wn':*`: every word, in any order, the last one as a prefix (still being typed).
 * One token (a name fragment, a code such as 'dv999999'), or anything with punctuation ('lo-12/2024',
 * an e-mail) or other scripts (whose letters PostgreSQL's parser may not take for letters under the
 * C locale) → `search_text LIKE '%…%'` on the trigram index, which matches inside words.
 */
export function searchWords(term: string): string[] | null {
  const words = term.split(/\s+/).filter(Boolean);
  if (words.length < 2 || !words.every((w) => /^[a-z0-9]+$/.test(w))) return null;
  return words;
}

/** Tokens at least this long (letters and digits only) are searched through nns_search_codes (a code, a phone number). */
export const CODE_MIN = 8;
/** nns_search_codes keeps this many characters of each suffix (migration 0016_search_codes). */
export const CODE_GRAM = 16;

/**
 * The token of a search served by the code index, or null. Rule (issue 11, 4th pass): one token of
 * CODE_MIN or more ASCII letters and digits ('dv999999', '0912345678', a tax code). Its LIKE '%token%'
 * can only match inside one maximal run of letters and digits of search_text (it holds no other
 * character), so it matches where some suffix of such a run starts with it: nns_search_codes(search_text)
 * holds every suffix (its first CODE_GRAM characters) of every run of CODE_MIN or more, and the GIN index
 * on it finds `'token':*` in one short posting list, where the trigram index intersected the long lists of
 * the code's common trigrams ('999'). strpos then checks the whole token (beyond CODE_GRAM too): the
 * same rows as LIKE, from the start, middle or end of a word, in any search field.
 */
export function searchCode(term: string): string | null {
  return term.length >= CODE_MIN && /^[a-z0-9]+$/.test(term) ? term : null;
}

/** The tsquery text of searchWords: letters and digits only, so quoting cannot be broken out of. */
export const tsQueryOf = (words: string[]) => words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Conditions of a list, count or export: soft delete, ward scope, filters and search. */
export function whereOf(def: ResourceDef, q: Partial<ListQuery>, user: SessionUser | null, opts: { includeTrashed?: boolean } = {}): SQL[] {
  const w: SQL[] = [];
  if (def.softDelete && !opts.includeTrashed) {
    if (q.trashed === 'only') w.push(sql`deleted_at is not null`);
    else if (q.trashed !== 'with') w.push(sql`deleted_at is null`);
  }
  w.push(...scopeOf(def, user));
  if (q.ids) w.push(sql`id = any(${sql.raw(`'{${q.ids.join(',')}}'::int[]`)})`);
  for (const key of [...def.filterFields, ...(def.wardScoped ? ['ward_id'] : [])]) {
    const f = def.fields[key];
    const v = q[key];
    if (v !== undefined) {
      if (f.kind === 'refs') w.push(sql`${v} = any(${col(key)})`);
      else if (Array.isArray(v))
        w.push(
          v.length === 1
            ? sql`${col(key)} = ${v[0]}`
            : sql`${col(key)} in (${sql.join(
                v.map((x) => sql`${x}`),
                sql`, `,
              )})`,
        );
      else w.push(sql`${col(key)} = ${v}`);
    }
    if (RANGE_KINDS.has(f.kind)) {
      const from = q[`${key}_from`];
      const to = q[`${key}_to`];
      if (from !== undefined) w.push(sql`${col(key)} >= ${from}`);
      if (to !== undefined) {
        // a date-only upper bound includes that whole day
        const end =
          typeof to === 'string' && /^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/.test(to) ? new Date(Date.parse(to.slice(0, 10)) + 86400000).toISOString() : null;
        w.push(end ? sql`${col(key)} < ${end}` : sql`${col(key)} <= ${to}`);
      }
    }
  }
  if (q.search?.trim() && def.searchFields.length) {
    const term = unaccent(q.search.trim().toLowerCase());
    const words = searchWords(term);
    const code = words ? null : searchCode(term);
    if (words) w.push(sql`search_tsv @@ to_tsquery('simple', ${tsQueryOf(words)})`);
    else if (code)
      // the matches' ids are found first, as an array (an InitPlan: a fence PostgreSQL cannot flatten).
      // As a plain condition the planner, which estimates prefix matches at 0.5 % of rows, walks the id
      // index for `order by id desc limit 11` and filters every row: a rare code read the whole table.
      // With `id = any(array)` it reads only those rows (by the primary key) and sorts them.
      w.push(
        sql`id = any(array(select id from ${col(def.table)} where nns_search_codes(search_text) @@ ${`'${code.slice(0, CODE_GRAM)}':*`}::tsquery)) and strpos(search_text, ${code}) > 0`,
      );
    else w.push(sql`search_text like ${`%${likeEscape(term)}%`}`);
  }
  return w;
}

export const whereSql = (w: SQL[]) => (w.length ? sql` where ${sql.join(w, sql` and `)}` : sql``);

export interface SortSpec {
  field: string;
  desc: boolean;
}

export function sortOf(def: ResourceDef, q: Partial<ListQuery>): SortSpec {
  const s = q.sort ?? def.defaultSort;
  return { field: s.replace(/^-/, ''), desc: s.startsWith('-') };
}

export const orderSql = (s: SortSpec) => {
  const dir = sql.raw(s.desc ? 'desc' : 'asc');
  return s.field === 'id' ? sql` order by id ${dir}` : sql` order by ${col(s.field)} ${dir} nulls last, id ${dir}`;
};

/** A cursor is the sort value and id of the last row of a page. */
export function encodeCursor(s: SortSpec, row: Record<string, unknown>): string {
  const v = row[s.field];
  return Buffer.from(JSON.stringify([s.field, s.desc, v instanceof Date ? v.toISOString() : v, row.id])).toString('base64url');
}

/**
 * A cursor's condition as its text form ('id', 'null' or 'value:<type>': one SQL text each), its values,
 * and a builder taking each value or a placeholder for it (execStatic prepares the text once per form).
 */
export interface CursorParts {
  form: string;
  values: Record<string, unknown>;
  build(v: (name: string) => unknown): SQL;
}

export function cursorParts(s: SortSpec, cursor: string): CursorParts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw badRequest([{ field: 'cursor', message: 'Con trỏ phân trang không hợp lệ' }]);
  }
  const scalar = (v: unknown) =>
    v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 500);
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== s.field ||
    parsed[1] !== s.desc ||
    !Number.isSafeInteger(parsed[3]) ||
    parsed[3] < 0 ||
    parsed[3] > MAX_ID ||
    !scalar(parsed[2]) ||
    (typeof parsed[2] === 'string' && parsed[2].includes('\u0000'))
  ) {
    throw badRequest([{ field: 'cursor', message: 'Con trỏ phân trang không hợp lệ' }]);
  }
  return keysetParts(s, parsed[2] as string | number | boolean | null, parsed[3]);
}

/**
 * The condition "after the row with this sort value and id" in the sort's order (a cursor's, or a page
 * anchor's: core/page-anchors.ts), as CursorParts. A value may be the sort column's text form: PostgreSQL
 * reads it back as the column's type (the placeholder takes the column's type from the comparison).
 */
export function keysetParts(s: SortSpec, value: string | number | boolean | null, id: number): CursorParts {
  const op = sql.raw(s.desc ? '<' : '>');
  if (s.field === 'id') return { form: 'id', values: { id }, build: (v) => sql`id ${op} ${v('id')}` };
  if (value === null) return { form: 'null', values: { id }, build: (v) => sql`(${col(s.field)} is null and id ${op} ${v('id')})` };
  // nulls sort last in both directions
  return {
    form: `value:${typeof value}`,
    values: { value, id },
    build: (v) => sql`((${col(s.field)}, id) ${op} (${v('value')}, ${v('id')}) or ${col(s.field)} is null)`,
  };
}

/** The condition of a cursor's next page with its values bound. */
export function cursorCondition(s: SortSpec, cursor: string): SQL {
  const c = cursorParts(s, cursor);
  return c.build((n) => c.values[n]);
}
