import { resources } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { exec } from './sql';

/** The channel every committed write to a generic resource's table is announced on, the table's name as payload (core/page-anchors.ts). */
export const WRITES_CHANNEL = 'nns_writes';

const FUNCTION = 'nns_notify_writes';
/** the function's body exactly as pg_proc.prosrc keeps it */
const FUNCTION_BODY = ` begin perform pg_notify('${WRITES_CHANNEL}', tg_table_name); return null; end `;
/** insert (4) + delete (8) + update (16) + truncate (32): pg_trigger.tgtype of a statement-level AFTER trigger on all four */
const TYPE = 4 + 8 + 16 + 32;

/** The tables announced: every generic resource's (scoped lists also read wards and parent resources, all among them). */
export const writesNotifyTables = () => [...new Set(resources.map((r) => r.table))].sort();

interface Installed {
  body: string | null;
  triggers: { name: string; table: string; type: number; enabled: string; fn: string }[] | null;
}

/** Whether the function and every trigger are in place (read from the catalogue, no table lock). */
async function upToDate(tx: Db, tables: string[]): Promise<boolean> {
  const [r] = await exec<Installed>(
    tx,
    sql`select
      (select p.prosrc from pg_proc p join pg_language l on l.oid = p.prolang
        where p.proname = ${FUNCTION} and p.pronamespace = current_schema()::regnamespace and p.pronargs = 0
          and p.prorettype = 'trigger'::regtype and l.lanname = 'plpgsql') as body,
      (select json_agg(json_build_object('name', t.tgname, 'table', c.relname, 'type', t.tgtype, 'enabled', t.tgenabled, 'fn', p.proname))
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace and t.tgname like ${'%_notify_writes'}) as triggers`,
  );
  if (r.body !== FUNCTION_BODY) return false;
  const have = r.triggers ?? [];
  return tables.every((table) => {
    const t = have.find((x) => x.name === `${table}_notify_writes`);
    return !!t && t.table === table && t.fn === FUNCTION && t.enabled === 'O' && t.type === TYPE;
  });
}

/**
 * Statement-level AFTER triggers that NOTIFY WRITES_CHANNEL with the table's name when a statement
 * inserts, updates, deletes or truncates rows of a generic resource (PostgreSQL folds identical
 * notifications of one transaction into one). Whatever wrote (this process, another one, a script,
 * psql) is heard by every process: page anchors (core/page-anchors.ts) are dropped on it.
 * Checked at every start inside the migration transaction and (re)created only when the catalogue
 * shows them missing or different, as db/session-notify.ts does. Returns whether anything was (re)created.
 */
export async function installWritesNotify(tx: Db): Promise<boolean> {
  const tables = writesNotifyTables();
  if (await upToDate(tx, tables)) return false;
  await exec(tx, sql.raw(`create or replace function ${FUNCTION}() returns trigger language plpgsql as $$${FUNCTION_BODY}$$`));
  for (const table of tables) {
    await exec(
      tx,
      sql.raw(
        `create or replace trigger ${table}_notify_writes after insert or update or delete or truncate on ${table} for each statement execute function ${FUNCTION}()`,
      ),
    );
  }
  return true;
}
