import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from './helpers';

/** A ward row for scope tests (written directly: the areas module's own rules are not under test here). */
export async function makeWard(t: TestApp, name = `Phường ${crypto.randomBytes(2).toString('hex')}`): Promise<number> {
  const code = String(crypto.randomInt(10000, 99999));
  // in the first province there is (a test database may hold none: one is made)
  const [w] = await t.database.query<{ id: number }>(sql`with p as (
      insert into provinces (code, name) select ${`P${code}`}, ${'Tỉnh thử'} where not exists (select 1 from provinces) returning id
    )
    insert into wards (code, name, province_id, search_text)
    values (${code}, ${name}, coalesce((select id from p), (select min(id) from provinces)), ${name.toLowerCase()}) returning id`);
  return w.id;
}
