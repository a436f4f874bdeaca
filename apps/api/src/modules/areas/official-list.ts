import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors';
import { type ImportSummary, inImportTransaction } from '../../core/import';
import { norm } from '../../core/import-cells';
import type { Ctx } from '../../core/module';
import { col } from '../../core/resource-query';
import { exec, presentRow } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
import { usersOf } from '../../core/write-path';
import type { Db } from '../../db/client';
import { OFFICIAL_UNITS_FILE, officialUnits } from './official-units';
import { applyUnits, DEFS, levelOf, loadKnown, type Tier, tierOf, type Unit, type UnitRow } from './units-import';

/**
 * Applying a newer official list of administrative units to a running database (issue 29.10). Units
 * change by resolution after the 2025 reorganisation (renamed, made wards, a code corrected, a province
 * made a centrally-run city); a dated list in db/reference/ or an administrator's Excel file says what
 * the units are now. Unlike the start-time load (add-missing, official-units.ts) this one makes the
 * database agree with the list, and a dry run shows every change first:
 *
 * - a code changed (the file's 'Mã cũ' / previous_code, or one unit missing under its old code whose
 *   name and parent match exactly one new code) moves the row to its new code: same id, every record
 *   that points at it still does;
 * - additions, renames, level changes and moves are the official-list import's upsert (applyUnits);
 * - a unit the list no longer holds is deleted only when nothing points at it; a unit records point at
 *   is kept and marked 'Không còn hiệu lực' (is_active false); a unit that comes back is active again.
 *
 * A whole list judges every unit; an upload that covers some provinces judges only the units of the
 * provinces it names. Each change is written to the system log (action 'official-list').
 */
export const REFERENCE_DIR = path.dirname(OFFICIAL_UNITS_FILE);
const LIST_FILE_RE = /^administrative-units-(\d{4}(?:-\d{2}-\d{2})?)\.csv\.gz$/;
export const AUDIT_ACTION = 'official-list';
/** changes listed in an answer; the counts are always whole */
const CHANGES_SHOWN = 5000;

export type ChangeKind = 'add' | 'rename' | 'level' | 'move' | 'recode' | 'deactivate' | 'delete' | 'reactivate';
export interface ListChange {
  kind: ChangeKind;
  tier: Tier;
  code: string;
  name: string;
  from?: string;
  to?: string;
  /** records that point at a unit the list no longer holds */
  references?: number;
}
export interface OfficialListSummary extends ImportSummary {
  source: string;
  whole: boolean;
  counts: Record<ChangeKind, number>;
  changes: ListChange[];
  changes_total: number;
}

/** The dated lists shipped in db/reference/, newest first ('2025' is the list in force from 1 July 2025). */
export function shippedLists(): { file: string; date: string }[] {
  return fs
    .readdirSync(REFERENCE_DIR)
    .map((file) => ({ file, m: LIST_FILE_RE.exec(file) }))
    .filter((x) => x.m)
    .map((x) => ({ file: x.file, date: (x.m as RegExpExecArray)[1].length === 4 ? `${(x.m as RegExpExecArray)[1]}-07-01` : (x.m as RegExpExecArray)[1] }))
    .sort((a, b) => b.date.localeCompare(a.date));
}

export function readShippedList(file: string): UnitRow[] {
  if (!shippedLists().some((x) => x.file === file)) throw badRequest([{ field: 'file', message: `Không có danh mục '${file}' trong dữ liệu kèm theo` }]);
  return officialUnits(path.join(REFERENCE_DIR, file)).units;
}

const parentCodeOf = (tier: Tier, u: Unit, byId: { province: Map<number, Unit>; district: Map<number, Unit> }) => {
  if (tier === 'province') return '';
  if (tier === 'ward' && u.district_id != null) return byId.district.get(u.district_id as number)?.code ?? '';
  return byId.province.get(u.province_id as number)?.code ?? '';
};

/** How many records point at each of these units, over every declared reference to the tier's resource. */
async function referenceCounts(tx: Db, tier: Tier, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!ids.length) return out;
  const list = sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::int[]`;
  for (const u of usersOf(DEFS[tier])) {
    const q = u.many
      ? sql`select x as id, count(*)::int as n from ${col(u.def.table)}, unnest(${col(u.key)}) as x where x = any(${list}) group by x`
      : sql`select ${col(u.key)} as id, count(*)::int as n from ${col(u.def.table)} where ${col(u.key)} = any(${list}) group by ${col(u.key)}`;
    for (const r of await exec<{ id: number; n: number }>(tx, q)) out.set(r.id, (out.get(r.id) ?? 0) + r.n);
  }
  return out;
}

const TIERS: Tier[] = ['province', 'district', 'ward'];

async function syncUnits(tx: Db, units: UnitRow[], s: ImportSummary, ctx: Ctx, o: { source: string; whole: boolean }) {
  const changes: ListChange[] = [];
  const audit = (e: { recordId: number; tier: Tier; before?: unknown; after?: unknown; what: string }) =>
    ctx.audit(
      {
        action: AUDIT_ACTION,
        subject: 'administrative_areas',
        recordId: e.recordId,
        before: e.before ?? null,
        after: { ...(e.after as object), change: e.what, source: o.source },
      },
      tx,
    );
  let known = await loadKnown(tx);
  const byId = () => ({
    province: new Map([...known.province.values()].map((u) => [u.id, u])),
    district: new Map([...known.district.values()].map((u) => [u.id, u])),
  });
  const fileTier = new Map<string, Tier>(units.map((u) => [u.code, tierOf(u)]));
  const inFile = (tier: Tier, code: string) => fileTier.get(code) === tier;

  // 1. code changes, before anything else, so the upsert below finds the row under its new code
  const recodes: { tier: Tier; from: Unit; to: UnitRow }[] = [];
  const taken = new Set<string>();
  for (const u of units) {
    const tier = tierOf(u);
    const old = u.previous ? known[tier].get(u.previous) : undefined;
    if (old && !known[tier].has(u.code) && !inFile(tier, old.code)) {
      recodes.push({ tier, from: old, to: u });
      taken.add(old.code);
    }
  }
  {
    const ids = byId();
    for (const tier of TIERS) {
      const missing = [...known[tier].values()].filter((x) => !inFile(tier, x.code) && !taken.has(x.code) && x.is_active !== false);
      const fresh = units.filter((u) => tierOf(u) === tier && !known[tier].has(u.code) && !recodes.some((r) => r.to === u));
      const key = (name: string, parent: string) => `${norm(name)}|${parent}`;
      const freshByKey = new Map<string, UnitRow[]>();
      for (const u of fresh) freshByKey.set(key(u.name, u.parent), [...(freshByKey.get(key(u.name, u.parent)) ?? []), u]);
      const missingByKey = new Map<string, Unit[]>();
      for (const m of missing) {
        const k = key(String(m.name), parentCodeOf(tier, m, ids));
        missingByKey.set(k, [...(missingByKey.get(k) ?? []), m]);
      }
      // only a match that is one to one: two units of one name under one parent are left to an officer
      for (const [k, olds] of missingByKey) {
        const news = freshByKey.get(k);
        if (olds.length === 1 && news?.length === 1) recodes.push({ tier, from: olds[0], to: news[0] });
      }
    }
  }
  for (const r of recodes) {
    const def = DEFS[r.tier];
    const row = (await resource(def.name).update(ctx, tx, r.from, { code: r.to.code }, { auditKeys: ['code'] })) as Unit;
    known[r.tier].delete(r.from.code);
    known[r.tier].set(row.code, row);
    changes.push({ kind: 'recode', tier: r.tier, code: r.to.code, name: r.to.name, from: r.from.code, to: r.to.code });
    await audit({
      recordId: row.id,
      tier: r.tier,
      what: 'recode',
      before: { code: r.from.code, name: r.from.name },
      after: { code: row.code, name: row.name },
    });
  }

  // 2. what the upsert will do, named for the dry run: additions, renames, level changes, moves
  {
    const ids = byId();
    for (const u of units) {
      const tier = tierOf(u);
      const have = known[tier].get(u.code);
      if (!have) {
        changes.push({ kind: 'add', tier, code: u.code, name: u.name });
        continue;
      }
      if (String(have.name) !== u.name) changes.push({ kind: 'rename', tier, code: u.code, name: u.name, from: String(have.name), to: u.name });
      const level = levelOf(u.level, u.name);
      if (level && (have.level ?? '') !== level) changes.push({ kind: 'level', tier, code: u.code, name: u.name, from: String(have.level ?? ''), to: level });
      const parent = parentCodeOf(tier, have, ids);
      if (tier !== 'province' && parent !== u.parent) changes.push({ kind: 'move', tier, code: u.code, name: u.name, from: parent, to: u.parent });
    }
  }
  await applyUnits(tx, units, s, { mode: 'upsert', ctx, audit: AUDIT_ACTION, auditAfter: { source: o.source } });
  if (s.errors.length) return changes;
  known = await loadKnown(tx);

  // 3. units back on the list are in force again
  for (const tier of TIERS) {
    for (const u of known[tier].values()) {
      if (u.is_active !== false || !inFile(tier, u.code)) continue;
      await resource(DEFS[tier].name).update(ctx, tx, u, { is_active: true }, { auditKeys: ['is_active'] });
      changes.push({ kind: 'reactivate', tier, code: u.code, name: String(u.name) });
      await audit({ recordId: u.id, tier, what: 'reactivate', before: { is_active: false }, after: { code: u.code, is_active: true } });
    }
  }

  // 4. units the list no longer holds, within what the file covers: wards first, so a district or a
  // province whose units all went has nothing under it any more
  const ids = byId();
  const provincesCovered = new Set<string>();
  for (const u of units) {
    const tier = tierOf(u);
    if (tier === 'province') provincesCovered.add(u.code);
    else {
      const p =
        known.province.get(u.parent) ?? (known.district.get(u.parent) ? ids.province.get(known.district.get(u.parent)?.province_id as number) : undefined);
      if (p) provincesCovered.add(p.code);
    }
  }
  for (const tier of ['ward', 'district', 'province'] as Tier[]) {
    const def = DEFS[tier];
    const gone = [...known[tier].values()].filter((u) => {
      if (inFile(tier, u.code) || u.is_active === false) return false;
      if (o.whole) return true;
      if (tier === 'province') return false;
      return provincesCovered.has(ids.province.get(u.province_id as number)?.code ?? '');
    });
    const refs = await referenceCounts(
      tx,
      tier,
      gone.map((u) => u.id),
    );
    for (const u of gone) {
      const n = refs.get(u.id) ?? 0;
      let deleted = false;
      if (n === 0) {
        // a platform table may still point at it without a declaration: then it is kept like the others
        deleted = await tx
          .transaction(async (sp) => {
            await resource(def.name).delete(ctx, sp, u);
            return true;
          })
          .catch(() => false);
      }
      if (deleted) {
        changes.push({ kind: 'delete', tier, code: u.code, name: String(u.name), references: 0 });
        await audit({ recordId: u.id, tier, what: 'delete', before: presentRow(def, u) });
      } else {
        await resource(def.name).update(ctx, tx, u, { is_active: false }, { auditKeys: ['is_active'] });
        changes.push({ kind: 'deactivate', tier, code: u.code, name: String(u.name), references: n });
        await audit({
          recordId: u.id,
          tier,
          what: 'deactivate',
          before: { code: u.code, name: u.name, is_active: true },
          after: { is_active: false, references: n },
        });
      }
    }
  }
  return changes;
}

const countsOf = (changes: ListChange[]) => {
  const c = { add: 0, rename: 0, level: 0, move: 0, recode: 0, deactivate: 0, delete: 0, reactivate: 0 } as Record<ChangeKind, number>;
  for (const x of changes) c[x.kind]++;
  return c;
};

/** Applies (or with dryRun only shows) an official list; one summary line in the system log when written. */
export async function applyOfficialList(
  services: Services,
  ctx: Ctx,
  units: UnitRow[],
  o: { source: string; whole: boolean; dryRun: boolean },
): Promise<OfficialListSummary> {
  let changes: ListChange[] = [];
  const s = await inImportTransaction(services, o.dryRun, async (tx, sum) => {
    changes = await syncUnits(tx, units, sum, ctx, o);
    if (!o.dryRun && !sum.errors.length) {
      const counts = countsOf(changes);
      await ctx.audit(
        {
          action: AUDIT_ACTION,
          subject: 'administrative_areas',
          recordId: null,
          after: {
            message: `Cập nhật danh mục ĐVHC theo ${o.source}: thêm ${counts.add}, đổi tên ${counts.rename}, đổi cấp ${counts.level}, đổi đơn vị cấp trên ${counts.move}, đổi mã ${counts.recode}, không còn hiệu lực ${counts.deactivate}, xóa ${counts.delete}, hiệu lực lại ${counts.reactivate}`,
            source: o.source,
            whole: o.whole,
            counts,
          },
        },
        tx,
      );
    }
  });
  return { ...s, source: o.source, whole: o.whole, counts: countsOf(changes), changes: changes.slice(0, CHANGES_SHOWN), changes_total: changes.length };
}
