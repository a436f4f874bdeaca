import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCode, searchWords, tsQueryOf, whereOf, whereSql } from '../src/core/resource-query';
import { call, makeApp, type TestApp } from './helpers';

/**
 * issue 11: a search of two or more words runs on full text (search_tsv, every word in any order, the
 * last one as a prefix); one token or a code keeps the trigram LIKE '%…%'. Same answers on both engines.
 */
let t: TestApp;
/** rows for the code path: codes at the start, middle and end of a run, in the symbol, across punctuation, past 16 characters */
const CODES: [string, string | null][] = [
  ['Mã ABC12345678XYZ lô', null],
  ['Bao gạo', 'SKU-0912345678'],
  ['Hộp DV99-9999', null],
  ['Chuỗi ABCDEFGHIJKLMNOPQRSTUVWXYZ0123', null],
  ['SÔNGHỒNG12345 Hà Nội', null],
  ['Kiện KM88888880', null],
];
const NAMES = ['Cà phê sữa đá 1234', 'Đường phèn Quảng Ngãi', 'Sữa đậu nành', 'Lô-12/2024 hạt điều', 'DV999999 mã hiếm', ...CODES.map(([n]) => n)];
beforeAll(async () => {
  t = await makeApp();
  for (const name of NAMES.slice(0, 5)) {
    const r = await call(t, 'POST', '/api/admin/product-units', { body: { name } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  for (const [name, symbol] of CODES) {
    const r = await call(t, 'POST', '/api/admin/product-units', { body: { name, ...(symbol ? { symbol } : {}) } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
});
afterAll(async () => t?.close());

async function found(search: string): Promise<string[]> {
  const r = await call(t, 'GET', '/api/admin/product-units', { query: { search, limit: '100' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const names = r.body.data.entries.map((e: { name: string }) => e.name).filter((n: string) => NAMES.includes(n));
  // the count route and the list agree on what a search matches
  const c = await call(t, 'GET', '/api/admin/product-units/count', { query: { search } });
  expect(c.status).toBe(200);
  expect(c.body.data.count).toBe(r.body.data.pagination.total);
  return names.sort();
}

describe('word search (full text)', () => {
  it('finds every word in any order', async () => {
    expect(await found('ca phe')).toEqual(['Cà phê sữa đá 1234']);
    expect(await found('phe ca')).toEqual(['Cà phê sữa đá 1234']);
    expect(await found('1234 da sua ca')).toEqual(['Cà phê sữa đá 1234']);
    expect(await found('ca phe nanh')).toEqual([]);
  });

  it('takes the last word as a prefix, the others whole', async () => {
    expect(await found('ca phe 12')).toEqual(['Cà phê sữa đá 1234']);
    expect(await found('ca ph')).toEqual(['Cà phê sữa đá 1234']);
    expect(await found('sua d')).toEqual(['Cà phê sữa đá 1234', 'Sữa đậu nành']);
    // an earlier word is a whole word: 'ph' is no word of any name
    expect(await found('ph ca')).toEqual([]);
  });

  it('ignores diacritics and case, đ as d', async () => {
    expect(await found('Cà Phê')).toEqual(['Cà phê sữa đá 1234']);
    expect(await found('CA PHE SUA')).toEqual(['Cà phê sữa đá 1234']);
    expect(await found('duong phen')).toEqual(['Đường phèn Quảng Ngãi']);
    expect(await found('đường phèn')).toEqual(['Đường phèn Quảng Ngãi']);
    expect(await found('dau nanh')).toEqual(['Sữa đậu nành']);
    expect(await found('quang ngai')).toEqual(['Đường phèn Quảng Ngãi']);
  });
});

describe('one token or a code (trigram)', () => {
  it('matches inside words, accent-free', async () => {
    expect(await found('phê')).toEqual(['Cà phê sữa đá 1234', 'Đường phèn Quảng Ngãi']);
    expect(await found('uong')).toEqual(['Đường phèn Quảng Ngãi']);
    expect(await found('dv9999')).toEqual(['DV999999 mã hiếm']);
    expect(await found('lo-12/2024')).toEqual(['Lô-12/2024 hạt điều']);
    expect(await found('12/2024 hat')).toEqual(['Lô-12/2024 hạt điều']);
  });
});

/** What search_text LIKE '%token%' finds among the live rows: what the code path must find. */
async function likeFinds(token: string): Promise<string[]> {
  const rows = await t.database.query<{ name: string }>(sql`select name from product_units where deleted_at is null and search_text like ${`%${token}%`}`);
  return rows
    .map((r) => r.name)
    .filter((n) => NAMES.includes(n))
    .sort();
}

describe('a code: one token of 8 or more letters and digits (nns_search_codes)', () => {
  it('finds exactly what LIKE finds: start, middle and end of a word, another field, accents, past 16 characters', async () => {
    const cases: [string, string[]][] = [
      ['dv999999', ['DV999999 mã hiếm']], // a whole code
      ['km888888', ['Kiện KM88888880']], // the start of a longer one
      ['88888880', ['Kiện KM88888880']], // the end of a word
      ['abc12345', ['Mã ABC12345678XYZ lô']], // the start
      ['c1234567', ['Mã ABC12345678XYZ lô']], // the middle
      ['45678xyz', ['Mã ABC12345678XYZ lô']], // the end
      ['12345678', ['Bao gạo', 'Mã ABC12345678XYZ lô']], // in the symbol, and in the middle of another code
      ['0912345678', ['Bao gạo']],
      ['sku0912345678', []], // '-' is not skipped: LIKE does not match it either
      ['dv999999x', []],
      ['nghong12', ['SÔNGHỒNG12345 Hà Nội']], // accent-free, inside a word
      ['cdefghijklmnopqrstuvwxyz01', ['Chuỗi ABCDEFGHIJKLMNOPQRSTUVWXYZ0123']], // 26 characters: past the index's 16
      ['cdefghijklmnopqrzzzz', []], // the same first 16 characters, then different
      ['DEFGHIJKLMNOP', ['Chuỗi ABCDEFGHIJKLMNOPQRSTUVWXYZ0123']], // upper case typed
    ];
    for (const [term, expected] of cases) {
      expect(searchCode(term.toLowerCase()), term).toBe(term.toLowerCase());
      expect(await found(term), term).toEqual(expected);
      expect(await likeFinds(term.toLowerCase()), term).toEqual(expected);
    }
  });

  it('follows edits and deletes (the index is on the search text itself)', async () => {
    const c = await call(t, 'POST', '/api/admin/product-units', { body: { name: 'Tạm QX7777777' } });
    expect(c.status).toBe(200);
    const id = c.body.data.entry.id;
    expect(await found('qx777777')).toEqual([]); // not in NAMES: the list answer itself is checked below
    const list = async (search: string) =>
      (await call(t, 'GET', '/api/admin/product-units', { query: { search } })).body.data.entries.map((e: { id: number }) => e.id);
    expect(await list('qx777777')).toEqual([id]);
    expect((await call(t, 'PUT', `/api/admin/product-units/${id}`, { body: { name: 'Tạm QY7777777' } })).status).toBe(200);
    expect(await list('qx777777')).toEqual([]);
    expect(await list('qy777777')).toEqual([id]);
    expect((await call(t, 'DELETE', `/api/admin/product-units/${id}`)).status).toBe(200);
    expect(await list('qy777777')).toEqual([]);
    const trashed = await call(t, 'GET', '/api/admin/product-units', { query: { search: 'qy777777', trashed: 'only' } });
    expect(trashed.body.data.entries.map((e: { id: number }) => e.id)).toEqual([id]);
  });
});

describe('the rule', () => {
  it('two or more words of ASCII letters and digits → full text; else trigram', () => {
    expect(searchWords('ca phe 1234')).toEqual(['ca', 'phe', '1234']);
    expect(searchWords('  ca   phe ')).toEqual(['ca', 'phe']);
    expect(searchWords('dv999999')).toBeNull();
    expect(searchWords('lo-12 hat')).toBeNull();
    expect(searchWords("ca ' | phe")).toBeNull();
    expect(searchWords('trà 中文')).toBeNull();
    expect(tsQueryOf(['ca', 'phe', '1234'])).toBe("'ca' & 'phe' & '1234':*");
  });

  it('the list query uses search_tsv for words and search_text LIKE for a code', () => {
    const def = resourceByName['product-units'];
    const text = (search: string) => new PgDialect().sqlToQuery(whereSql(whereOf(def, { search }, null))).sql;
    expect(text('ca phe')).toContain('search_tsv @@ to_tsquery(');
    expect(text('ca phe')).not.toContain('search_text like');
    expect(text('dv9999')).toContain('search_text like');
    expect(text('dv999999')).toContain('nns_search_codes(search_text) @@');
    expect(text('dv999999')).not.toContain('search_text like');
  });

  it('a code is one token of 8 or more ASCII letters and digits', () => {
    expect(searchCode('dv999999')).toBe('dv999999');
    expect(searchCode('0912345678')).toBe('0912345678');
    expect(searchCode('dv99999')).toBeNull();
    expect(searchCode('dv99-9999')).toBeNull();
    expect(searchCode('ca phe 1234')).toBeNull();
    expect(searchCode('trà12345678')).toBeNull();
  });
});
