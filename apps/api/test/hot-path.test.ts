import { resources } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { col } from '../src/core/resource-query';
import { iso, selectColumns, selectList } from '../src/core/resource-store';

// issue 11: work moved out of the hot path must give the same answers as the work it replaced

describe('selectList: built once per resource', () => {
  it('is the same SQL as the identifiers joined one by one, for every resource', () => {
    const dialect = new PgDialect();
    for (const def of resources) {
      const joined = sql.join(
        selectColumns(def).map((n) => col(n)),
        sql`, `,
      );
      const a = dialect.sqlToQuery(sql`select ${selectList(def)} from ${col(def.table)} where id = ${1}`);
      const b = dialect.sqlToQuery(sql`select ${joined} from ${col(def.table)} where id = ${1}`);
      expect(a).toEqual(b);
      expect(selectList(def)).toBe(selectList(def));
      expect(a.sql).not.toContain('search_text');
    }
  });
});

describe('iso: timestamps as ISO 8601 UTC', () => {
  it("rewrites PostgreSQL's UTC text form exactly as a Date would", () => {
    const samples = [
      '2026-11-22 03:28:58+00',
      '2026-11-22 03:28:58.1+00',
      '2026-11-22 03:28:58.12+00',
      '2026-11-22 03:28:58.123+00',
      '2026-11-22 03:28:58.123456+00',
      '2026-11-22 03:28:58.999999+00',
      '2000-02-29 23:59:59.5+00',
      '1970-01-01 00:00:00+00',
    ];
    for (const s of samples) expect(iso(s)).toBe(new Date(`${s.replace(' ', 'T')}:00`).toISOString());
    expect(iso('2026-11-22 03:28:58.123456+00')).toBe('2026-11-22T03:28:58.123Z');
  });

  it('other offsets, Dates and other values still go through Date or pass unchanged', () => {
    expect(iso('2026-11-22 10:28:58+07')).toBe('2026-11-22T03:28:58.000Z');
    expect(iso('2026-11-22T03:28:58Z')).toBe('2026-11-22T03:28:58.000Z');
    expect(iso(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(iso('not a date')).toBe('not a date');
    expect(iso(null)).toBe(null);
    expect(iso('0099-01-01 00:00:00+00 BC')).toBe('0099-01-01 00:00:00+00 BC');
  });
});
