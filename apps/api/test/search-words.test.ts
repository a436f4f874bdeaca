import { resourceByName } from '@nns/shared/registry';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords, tsQueryOf, whereOf, whereSql } from '../src/core/resource-query';
import { call, makeApp, type TestApp } from './helpers';

/**
 * issue 11: a search of two or more words runs on full text (search_tsv, every word in any order, the
 * last one as a prefix); one token or a code keeps the trigram LIKE '%…%'. Same answers on both engines.
 */
let t: TestApp;
const NAMES = ['Cà phê sữa đá 1234', 'Đường phèn Quảng Ngãi', 'Sữa đậu nành', 'Lô-12/2024 hạt điều', 'DV999999 mã hiếm'];
beforeAll(async () => {
  t = await makeApp();
  for (const name of NAMES) {
    const r = await call(t, 'POST', '/api/admin/product-units', { body: { name } });
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
    expect(text('dv999999')).toContain('search_text like');
  });
});
