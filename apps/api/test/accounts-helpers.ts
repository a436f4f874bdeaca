import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from './helpers';

/** A ward row for scope tests (written directly: the areas module's own rules are not under test here). */
export async function makeWard(t: TestApp, name = `Phường ${crypto.randomBytes(2).toString('hex')}`): Promise<number> {
  const code = String(crypto.randomInt(10000, 99999));
  const [w] = await t.database.query<{ id: number }>(sql`insert into wards (code, name, province_id, search_text)
    values (${code}, ${name}, 1, ${name.toLowerCase()}) returning id`);
  return w.id;
}
