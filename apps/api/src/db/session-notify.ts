import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { exec } from './sql';

/** The channel every change that can alter a signed-in session is announced on (core/session-cache.ts). */
export const SESSIONS_CHANNEL = 'nns_sessions';

const FUNCTION = 'nns_notify_sessions';
/** the function's body exactly as pg_proc.prosrc keeps it */
const FUNCTION_BODY = ` begin perform pg_notify('${SESSIONS_CHANNEL}', ''); return null; end `;

type Event = 'insert' | 'update' | 'delete' | 'truncate';
/** pg_trigger.tgtype bits of the events (a statement-level AFTER trigger sets no others) */
const EVENT_BITS: Record<Event, number> = { insert: 4, delete: 8, update: 16, truncate: 32 };

const TRIGGERS: { table: string; events: Event[]; columns?: string[] }[] = [
  {
    table: 'users',
    events: ['update', 'delete'],
    columns: ['status', 'role_id', 'scope', 'province_id', 'ward_id', 'must_change_password', 'username', 'full_name'],
  },
  { table: 'role_permissions', events: ['insert', 'update', 'delete', 'truncate'] },
  { table: 'permissions', events: ['insert', 'update', 'delete'] },
  { table: 'sessions', events: ['update', 'delete'], columns: ['revoked_at', 'expires_at'] },
];

interface Installed {
  body: string | null;
  triggers: { name: string; table: string; type: number; enabled: string; fn: string; columns: string[] }[] | null;
}

/** Whether the function and every trigger are in place as declared above (read from the catalogue, no table lock). */
async function upToDate(tx: Db): Promise<boolean> {
  const [r] = await exec<Installed>(
    tx,
    sql`select
      (select p.prosrc from pg_proc p join pg_language l on l.oid = p.prolang
        where p.proname = ${FUNCTION} and p.pronamespace = current_schema()::regnamespace and p.pronargs = 0
          and p.prorettype = 'trigger'::regtype and l.lanname = 'plpgsql') as body,
      (select json_agg(json_build_object('name', t.tgname, 'table', c.relname, 'type', t.tgtype, 'enabled', t.tgenabled, 'fn', p.proname,
          'columns', (select coalesce(json_agg(a.attname::text order by a.attname), '[]'::json) from pg_attribute a
            where a.attrelid = t.tgrelid and a.attnum = any(t.tgattr))))
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace and t.tgname like ${'%_notify_sessions'}) as triggers`,
  );
  if (r.body !== FUNCTION_BODY) return false;
  const have = r.triggers ?? [];
  return TRIGGERS.every((want) => {
    const t = have.find((x) => x.name === `${want.table}_notify_sessions`);
    const type = want.events.reduce((n, e) => n + EVENT_BITS[e], 0);
    return (
      !!t &&
      t.table === want.table &&
      t.fn === FUNCTION &&
      t.enabled === 'O' &&
      t.type === type &&
      JSON.stringify(t.columns) === JSON.stringify([...(want.columns ?? [])].sort())
    );
  });
}

/**
 * Statement-level triggers that NOTIFY SESSIONS_CHANNEL when a committed change can alter what a
 * token resolves to: a user's status, role, ward, name or forced password change, a role's
 * permissions, the permission catalogue, a session's revocation or expiry. Whatever made the change
 * (this process, another one, a script, psql) is heard by every process. A session's `last_seen_at`
 * (written once a minute per active session) is deliberately not among them.
 *
 * Checked at every start inside the migration transaction, and (re)created only when the catalogue
 * shows them missing or different: creating a trigger locks its table against writes until the
 * transaction ends, so a process starting beside busy ones must not do it for nothing.
 * Returns whether anything was (re)created.
 */
export async function installSessionNotify(tx: Db): Promise<boolean> {
  if (await upToDate(tx)) return false;
  await exec(tx, sql.raw(`create or replace function ${FUNCTION}() returns trigger language plpgsql as $$${FUNCTION_BODY}$$`));
  for (const { table, events, columns } of TRIGGERS) {
    const on = events.map((e) => (e === 'update' && columns ? `update of ${columns.join(', ')}` : e)).join(' or ');
    await exec(tx, sql.raw(`create or replace trigger ${table}_notify_sessions after ${on} on ${table} for each statement execute function ${FUNCTION}()`));
  }
  return true;
}
