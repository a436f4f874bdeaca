import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { ImportSummary } from '../../core/import';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema/core';
import { applyUnits, type UnitRow } from './units-import';

/** Vietnam's administrative units from 1 July 2025: 34 provinces, 3,321 communes (db/reference/README.md). */
export const OFFICIAL_UNITS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/reference/administrative-units-2025.csv.gz');
const MARKER = 'official_units';

/** Splits one CSV line (RFC 4180 quotes; the file has no line breaks inside a field). */
function csvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

let cached: { units: UnitRow[]; version: string } | null = null;

/** The shipped list as rows of the official-list import (code, name, level, parent code), and its version (a hash of the file). */
export function officialUnits(file = OFFICIAL_UNITS_FILE): { units: UnitRow[]; version: string } {
  if (cached && file === OFFICIAL_UNITS_FILE) return cached;
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  const lines = text.split('\n').filter((l) => l.trim());
  const header = csvLine(lines[0]);
  const at = (k: string) => header.indexOf(k);
  const [ci, ni, li, pi, oi] = [at('code'), at('name'), at('level'), at('parent_code'), at('previous_code')];
  const units = lines.slice(1).map((l, i) => {
    const c = csvLine(l);
    const u: UnitRow = { row: i + 2, code: c[ci].trim(), name: c[ni].trim(), level: c[li].trim(), parent: (c[pi] ?? '').trim() };
    if (oi >= 0 && c[oi]?.trim()) u.previous = c[oi].trim();
    return u;
  });
  const out = { units, version: `2025-07-01:${crypto.createHash('sha256').update(text).digest('hex').slice(0, 16)}` };
  if (file === OFFICIAL_UNITS_FILE) cached = out;
  return out;
}

export interface OfficialUnitsResult {
  skipped: boolean;
  created: number;
  differences: number;
  errors: number;
  ms: number;
}

/**
 * Brings the national list into a database, inside the caller's transaction: a new database gets all
 * of it, an older one the units it lacks. Written through the official-list import's own code
 * (add-missing: a unit the database already holds under an official code keeps its name, level and
 * parent; what differs goes to the system log, never over an officer's edit). Runs once per version
 * of the data file (a marker in `settings`), so a normal start costs one query and a unit deleted on
 * purpose stays deleted.
 */
export async function ensureOfficialUnits(tx: Db): Promise<OfficialUnitsResult> {
  const t0 = Date.now();
  const { units, version } = officialUnits();
  const [marker] = await exec<{ value: { version?: string } | null }>(tx, sql`select value from settings where key = ${MARKER}`);
  if (marker?.value?.version === version) return { skipped: true, created: 0, differences: 0, errors: 0, ms: Date.now() - t0 };
  const s: ImportSummary = { dry_run: false, written: true, total: 0, created: 0, updated: 0, unchanged: 0, errors: [], rows: [], ignored_columns: [] };
  const { differences } = await applyUnits(tx, units, s, { mode: 'add-missing' });
  const value = {
    version,
    loaded_at: new Date().toISOString(),
    created: s.created,
    unchanged: s.unchanged,
    differences: differences.length,
    errors: s.errors.length,
  };
  await exec(
    tx,
    sql`insert into settings (key, value, updated_at) values (${MARKER}, ${JSON.stringify(value)}::jsonb, now())
    on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
  // a first load into an empty table is the normal case; an older database that already held units
  // says in the system log what was added and where it differs from the official list
  if (s.unchanged || s.errors.length) {
    const errorsByCode = s.errors.map((e) => ({ code: units[e.row - 2]?.code, field: e.field, message: e.message }));
    await tx.insert(auditLogs).values({
      action: 'official-units',
      subject: 'administrative_areas',
      before: null,
      after: {
        message: `Danh mục ĐVHC chính thức (${version}): đã thêm ${s.created} đơn vị còn thiếu; ${differences.length} khác biệt với danh mục được giữ nguyên như đã sửa; ${s.errors.length} đơn vị không thêm được.`,
        version,
        created: s.created,
        differences: differences.slice(0, 500),
        differences_total: differences.length,
        not_added: errorsByCode.slice(0, 500),
        not_added_total: errorsByCode.length,
      },
    });
  }
  return { skipped: false, created: s.created, differences: differences.length, errors: s.errors.length, ms: Date.now() - t0 };
}
