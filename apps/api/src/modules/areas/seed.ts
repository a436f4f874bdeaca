import type { ResourceDef } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { col } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';

/**
 * Inserts demo rows that are not there yet (matched by `key`), so a second start adds nothing and a
 * record an administrator changed is left alone. Answers the id of every row by its key.
 */
export async function seedRows(services: Services, def: ResourceDef, rows: Record<string, unknown>[], key = 'code') {
  const ids = new Map<string, number>();
  for (const r of rows) {
    const [found] = await exec<{ id: number }>(services.db, sql`select id from ${col(def.table)} where ${col(key)} = ${r[key]} limit 1`);
    if (found) {
      ids.set(String(r[key]), found.id);
      continue;
    }
    ids.set(String(r[key]), await resource(def.name).seed(services.db, r));
  }
  return ids;
}
