// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the scanner's cases are source text, placeholders included
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resources } from '@nns/shared/registry';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30 §5: the resource runtime (core/runtime.ts) is the one way code writes a declared table, so
 * hooks, scope, search text, audit and cache invalidation cannot be skipped. This test reads every
 * source of the API and fails on a write to a declared table from anywhere else: SQL text
 * (`insert into t`, `update t set`, `delete from t`, the table named or given as `${col(def.table)}`)
 * drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` on a declared table's object, and the write
 * path's SQL builders (insertSql, updateSql) called from elsewhere.
 */
const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The files that may write declared tables, each with why. Keep this list short. */
export const ALLOWED: Record<string, string> = {
  'core/runtime.ts': 'the runtime itself: setPassword, seed and derive',
  'core/write-path.ts': "the runtime's write path: create, update, delete and restore",
  'core/resource-store.ts': 'the SQL builders (insertSql, updateSql) the write path runs',
  'db/backup.ts': 'a restore loads whole tables back as they were saved, generically, before any module starts',
  'db/migrate.ts': 'migrations move whole tables generically, before any module starts',
};

/**
 * Writes not moved into the runtime yet, each with why. Not a place to add to: the test fails when a
 * file here no longer writes (take it off the list), so the list only shrinks.
 */
export const PENDING: Record<string, string> = {
  'modules/monitoring/ingest.ts': "the stations' last values, set in the one statement that stores a batch of readings",
};

/** A declared table's drizzle object as db/schema/resources.gen.ts names it ('article-types' → articleTypes). */
const objectName = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The writes to declared tables in one source, as `line: statement`. */
export function writesIn(code: string, tables: string[], objects: string[]): string[] {
  const t = `(?:public\\.)?"?(?:${tables.join('|')})"?`;
  const dyn = String.raw`\$\{\s*col\([^)]*\.table\)\s*\}`;
  const target = `(?:${t}|${dyn})`;
  const res = [
    new RegExp(String.raw`\binsert\s+into\s+${target}(?![\w-])`, 'gi'),
    new RegExp(String.raw`\bupdate\s+${target}(?![\w-])\s+(?:set\b|as\b|[a-z_]\w*\s+set\b)`, 'gi'),
    new RegExp(String.raw`\bdelete\s+from\s+${target}(?![\w-])`, 'gi'),
    new RegExp(String.raw`\.(?:insert|update|delete)\(\s*(?:${objects.join('|')})\s*\)`, 'g'),
    // the write path's SQL builders, called around it
    /\b(?:insertSql|updateSql)\(/g,
  ];
  const out: string[] = [];
  for (const re of res) {
    for (const m of code.matchAll(re)) {
      const line = code.slice(0, m.index).split('\n').length;
      out.push(`${line}: ${m[0].replace(/\s+/g, ' ')}`);
    }
  }
  return out.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
}

function sources(dir: string, base = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) Object.assign(out, sources(path.join(dir, e.name), rel));
    else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) out[rel] = fs.readFileSync(path.join(dir, e.name), 'utf8');
  }
  return out;
}

describe('declared tables are written only through the resource runtime', () => {
  const tables = resources.map((d) => d.table);
  const objects = resources.map((d) => objectName(d.name));

  it('no source outside the runtime inserts, updates or deletes rows of a declared table', () => {
    const all = sources(src);
    expect(Object.keys(all).length).toBeGreaterThan(100);
    for (const f of Object.keys(ALLOWED)) expect(all[f], `${f} (allowed) exists`).toBeDefined();
    const found: Record<string, string[]> = {};
    const stale: string[] = [];
    for (const [rel, code] of Object.entries(all)) {
      if (rel in ALLOWED) continue;
      const w = writesIn(code, tables, objects);
      if (w.length && !(rel in PENDING)) found[rel] = w;
      if (!w.length && rel in PENDING) stale.push(rel);
    }
    for (const f of Object.keys(PENDING)) if (!(f in all)) stale.push(f);
    expect(stale, 'no longer writes a declared table outside the runtime: take it off PENDING').toEqual([]);
    expect(
      found,
      "write these through resource('<name>') (core/runtime.ts): create/update/delete/action, seed for demo data, derive for server-kept columns",
    ).toEqual({});
  });

  it('catches every form of write, and not reads or other tables', () => {
    const t = ['stages', 'users', 'article_types'];
    const o = ['stages', 'users', 'articleTypes'];
    const code = [
      'await exec(db, sql`update stages set position = ${i} where id = ${id}`);',
      'await exec(db, sql`UPDATE "users" AS u SET status = 1`);',
      'await exec(db, sql`update users u set name = 1`);',
      'await exec(db, sql`insert into article_types (name) values (1)`);',
      'await exec(db, sql`delete from public.stages where id = 1`);',
      'await exec(db, sql`insert into ${col(def.table)} (a) values (1)`);',
      'await exec(db, sql`update ${col(DEFS[tier].table)} set is_active = true`);',
      'await tx.insert(users).values({});',
      'await db.update(articleTypes).set({});',
      'await db.delete( stages ).where(x);',
      'await exec(db, insertSql(def, row));',
      // not writes to a declared table:
      'await exec(db, sql`select * from stages for update`);',
      'await exec(db, sql`insert into stamp_codes (a) values (1)`);',
      'await exec(db, sql`update users_x set a = 1`);',
      'await exec(db, sql`delete from audit_logs`);',
      'await tx.insert(uploads).values({});',
      'on conflict (key) do update set value = excluded.value',
    ].join('\n');
    expect(writesIn(code, t, o)).toEqual([
      '1: update stages set',
      '2: UPDATE "users" AS',
      '3: update users u set',
      '4: insert into article_types',
      '5: delete from public.stages',
      '6: insert into ${col(def.table)}',
      '7: update ${col(DEFS[tier].table)} set',
      '8: .insert(users)',
      '9: .update(articleTypes)',
      '10: .delete( stages )',
      '11: insertSql(',
    ]);
  });
});
