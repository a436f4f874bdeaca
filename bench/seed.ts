import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { searchTextOf } from '../apps/api/src/core/resource-query';
import type { Database } from '../apps/api/src/db/client';

/** Words the generated names are made of, with the unaccented lowercase form the engine searches. */
const KINDS = [
  ['Thùng', 'thung'],
  ['Bao', 'bao'],
  ['Hộp', 'hop'],
  ['Chai', 'chai'],
  ['Túi', 'tui'],
  ['Kiện', 'kien'],
  ['Gói', 'goi'],
  ['Lọ', 'lo'],
];
const GOODS = [
  ['cà phê', 'ca phe'],
  ['gạo', 'gao'],
  ['hạt điều', 'hat dieu'],
  ['tiêu', 'tieu'],
  ['chè', 'che'],
  ['sầu riêng', 'sau rieng'],
  ['thanh long', 'thanh long'],
  ['xoài', 'xoai'],
];

const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

/**
 * Fills product_units with `rows` rows in one set-based statement (generate_series): names like
 * 'Thùng cà phê 123', symbol 'DV123', every tenth row inactive (the 100,000-row export filters on
 * that), created one second apart. search_text is what the engine would write (checked below).
 */
export async function seedProductUnits(database: Database, rows: number) {
  const def = resourceByName['product-units'];
  const name = sql`(${arr(KINDS.map((k) => k[0]))})[g % 8 + 1] || ' ' || (${arr(GOODS.map((k) => k[0]))})[(g / 8) % 8 + 1] || ' ' || g`;
  const search = sql`(${arr(KINDS.map((k) => k[1]))})[g % 8 + 1] || ' ' || (${arr(GOODS.map((k) => k[1]))})[(g / 8) % 8 + 1] || ' ' || g || ' dv' || g`;
  const chunk = 250_000;
  for (let from = 1; from <= rows; from += chunk) {
    const to = Math.min(rows, from + chunk - 1);
    await database.query(sql`insert into product_units (name, symbol, is_active, search_text, created_at, updated_at)
      select ${name}, 'DV' || g, g % 10 <> 0, ${search}, now() - make_interval(secs => ${rows} - g), now() - make_interval(secs => ${rows} - g)
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await database.query(sql`vacuum analyze product_units`);
  // the million rows' pages written out now, not by a checkpoint spread over the first scenarios
  await database.query(sql`checkpoint`);
  // the generated search text must be the engine's own, or the search scenario measures nothing real
  const [probe] = await database.query<{ name: string; symbol: string; search_text: string }>(
    sql`select name, symbol, search_text from product_units where id = (select max(id) from product_units)`,
  );
  const expected = searchTextOf(def, probe);
  if (probe.search_text !== expected) throw new Error(`search_text differs from the engine's: ${probe.search_text} vs ${expected}`);
}
