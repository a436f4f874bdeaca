import { describeLog, type LogRow, type LogText, logChanges, resourceOfLog } from '@nns/shared/log-sentence';
import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { col } from './resource-query';
import { exec } from './resource-store';

type Row = LogRow & { actor_id: number | null };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const idList = (ids: Iterable<number>) => sql.raw(`'{${[...ids].join(',')}}'::int[]`);

/**
 * The sentences of a page of the system log: one query per kind of name it needs (actors' full
 * names, the records' display names, the names of referenced records), whatever the page holds.
 */
export async function describeLogs<T extends Row>(db: Db, rows: T[]): Promise<(T & LogText)[]> {
  // 1. what each row needs: the record's name when its snapshots lack it, referenced ids of changed fields
  const want = new Map<string, Set<number>>(); // resource name → ids
  const need = (resource: string, id: unknown) => {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0 || n > 2147483647) return;
    if (!want.has(resource)) want.set(resource, new Set());
    want.get(resource)?.add(n);
  };
  const actors = new Set<number>();
  for (const r of rows) {
    if (r.actor_id) actors.add(r.actor_id);
    const def = resourceOfLog(r);
    if (!def) continue;
    const tf = def.titleField;
    const snap = { ...(isObj(r.before) ? r.before : {}), ...(isObj(r.after) ? r.after : {}) };
    if ((snap[tf] === undefined || snap[tf] === null) && r.record_id) need(def.name, r.record_id);
    for (const c of logChanges(def, r.before, r.after)) {
      const f = def.fields[c.field];
      if (f?.kind === 'ref' && f.ref) {
        if (isObj(r.before)) need(f.ref, r.before[c.field]);
        if (isObj(r.after)) need(f.ref, r.after[c.field]);
      }
      if (f?.kind === 'refs' && f.ref) {
        for (const side of [r.before, r.after]) if (isObj(side) && Array.isArray(side[c.field])) for (const id of side[c.field] as unknown[]) need(f.ref, id);
      }
    }
  }
  // 2. the look-ups: by id, trashed rows included (a deleted record keeps its name in the log)
  const names = new Map<string, Map<number, string>>();
  await Promise.all(
    [...want].map(async ([resource, ids]) => {
      const def = resourceByName[resource];
      if (!def || !ids.size) return;
      const tf = def.titleField;
      const found = await exec<{ id: number; label: unknown }>(
        db,
        sql`select id, ${col(tf)}::text as label from ${col(def.table)} where id = any(${idList(ids)})`,
      ).catch(() => []);
      names.set(resource, new Map(found.map((x) => [x.id, String(x.label ?? '')])));
    }),
  );
  const actorNames = new Map<number, string>();
  if (actors.size) {
    const found = await exec<{ id: number; full_name: string | null }>(db, sql`select id, full_name from users where id = any(${idList(actors)})`);
    for (const a of found) if (a.full_name) actorNames.set(a.id, a.full_name);
  }
  const ref = (resource: string, id: number) => names.get(resource)?.get(id) || undefined;
  // 3. the sentences
  return rows.map((r) => {
    const def = resourceOfLog(r);
    const record = def && r.record_id ? ref(def.name, Number(r.record_id)) : undefined;
    const text = describeLog(r, { actor: r.actor_id ? actorNames.get(r.actor_id) : null, record, ref });
    return { ...r, ...text };
  });
}
