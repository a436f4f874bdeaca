import {
  compareFlow,
  defaultStandard,
  exceededCodes,
  type LimitRow,
  PARAMETER_CODES,
  type PermitFactors,
  parameterLabel,
  statusOf,
  type ValueCheck,
} from '@nns/shared/discharge';
import { sql } from 'drizzle-orm';
import { notify } from '../../core/notify';
import { exec } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';

export type Construct = PermitFactors & {
  id: number;
  code: string;
  name: string;
  ward_id: number;
  standard_code: string | null;
  limit_column: string;
  kq_class: string | null;
};

/** The standard a work is judged by: the one its permit names, or the default of its wastewater type. */
export const standardOf = (c: Pick<Construct, 'standard_code' | 'wastewater_type'>) => c.standard_code || defaultStandard(c.wastewater_type);

export async function constructOf(db: Db, id: number): Promise<Construct | null> {
  const [r] = await exec<Construct>(
    db,
    sql`select id, code, name, ward_id, wastewater_type, permitted_flow, k_factor, kq, kf, kq_class, standard_code, limit_column from discharge_constructs where id = ${id}`,
  );
  return r ? normalise(r) : null;
}

const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const normalise = (r: Construct): Construct => ({
  ...r,
  id: Number(r.id),
  ward_id: Number(r.ward_id),
  wastewater_type: Number(r.wastewater_type),
  permitted_flow: numOrNull(r.permitted_flow),
  k_factor: numOrNull(r.k_factor),
  kq: numOrNull(r.kq),
  kf: numOrNull(r.kf),
});

/** The limits table rows of the work's standard and column. */
export async function limitsOf(db: Db, c: Pick<Construct, 'standard_code' | 'wastewater_type' | 'limit_column'>): Promise<LimitRow[]> {
  const rows = await exec<LimitRow>(
    db,
    sql`select standard_code, "column", parameter, limit_min, limit_max, unit, k_applies from discharge_limits
      where standard_code = ${standardOf(c)} and "column" = ${c.limit_column} order by id`,
  );
  return rows.map((r) => ({ ...r, limit_min: numOrNull(r.limit_min), limit_max: numOrNull(r.limit_max), k_applies: !!r.k_applies }));
}

/** A flow's values by code, numbers only (what the database answered may be strings). */
export function valuesOf(row: Record<string, unknown>): Record<string, number | null> {
  const out: Record<string, number | null> = { flow: numOrNull(row.flow) };
  for (const k of PARAMETER_CODES) out[k] = numOrNull(row[k]);
  return out;
}

/** A flow's judgement: 1 Đạt, 2 Vượt giới hạn, 3 not decidable for want of the permitted flow (Kf). */
export function judge(values: Record<string, unknown>, c: Construct, limits: LimitRow[]): { checks: ValueCheck[]; status: 1 | 2 | 3; exceeded: string[] } {
  const checks = compareFlow(valuesOf(values), c, limits);
  return { checks, status: statusOf(checks), exceeded: exceededCodes(checks) };
}

/** The months (YYYYMM) in which a flow of work `c` broke a limit, as a JSON array (null when none); migration 0015 backfills with the same query. */
const EXCEEDED_MONTHS = sql.raw(
  `select jsonb_agg(distinct (extract(year from t.measured_date at time zone 'UTC') * 100 + extract(month from t.measured_date at time zone 'UTC'))::int)
    from discharge_traffic t where t.construct_id = discharge_constructs.id and t.status = 2`,
);

/**
 * Keeps the work's summary in step with its flows (in the writer's transaction): the latest flow and
 * its day, the last day any flow broke a limit and the months it happened in (the map's 'vượt giới
 * hạn' of a period reads them), and its updated_at (the map's ETag follows it).
 */
export async function refreshSummary(db: Db, constructId: number) {
  const own = sql`t.construct_id = discharge_constructs.id`;
  await resource('discharge-constructs').derive(db, sql`id = ${constructId}`, {
    last_flow: sql`(select t.flow from discharge_traffic t where ${own} order by t.measured_date desc, t.id desc limit 1)`,
    last_measured_date: sql`(select max(t.measured_date) from discharge_traffic t where ${own})`,
    last_exceeded_date: sql`(select max(t.measured_date) from discharge_traffic t where ${own} and t.status = 2)`,
    exceeded_months: sql`(${EXCEEDED_MONTHS})`,
    updated_at: sql`now()`,
  });
}

/** Judges every flow of a work again (its permit, standard or factors changed). */
export async function rejudgeAll(db: Db, c: Construct) {
  const limits = await limitsOf(db, c);
  const rows = await exec(db, sql`select * from discharge_traffic where construct_id = ${c.id}`);
  for (const r of rows) {
    const j = judge(valuesOf(r), c, limits);
    await resource('discharge-traffic').derive(db, sql`id = ${r.id}`, { status: j.status, exceeded: sql`${JSON.stringify(j.exceeded)}::jsonb` });
  }
  await refreshSummary(db, c.id);
}

/** Judges again every work whose limits are those of one of these standards and columns (a row of the limits table changed). */
export async function rejudgeUsing(db: Db, keys: { standard_code: string; column: string }[]) {
  const columns = [...new Set(keys.map((k) => k.column))];
  const works = await exec<{ id: number; standard_code: string | null; wastewater_type: number; limit_column: string }>(
    db,
    sql`select id, standard_code, wastewater_type, limit_column from discharge_constructs where limit_column in ${columns} order by id`,
  );
  for (const w of works) {
    if (!keys.some((k) => k.column === w.limit_column && k.standard_code === standardOf(w))) continue;
    const c = await constructOf(db, Number(w.id));
    if (c) await rejudgeAll(db, c);
  }
}

/** The ward's officers: its active users who may see its works (list:discharge_construct). */
async function officersOf(db: Db, wardId: number): Promise<number[]> {
  const rows = await exec<{ id: number }>(
    db,
    sql`select u.id from users u where u.ward_id = ${wardId} and u.status = 'active' and exists (
      select 1 from role_permissions rp join permissions p on p.id = rp.permission_id
      where rp.role_id = u.role_id and p.action = 'list' and p.subject = 'discharge_construct')`,
  );
  return rows.map((r) => Number(r.id));
}

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const fmt = (n: number) => n.toLocaleString('vi-VN', { maximumFractionDigits: 3 });

/** What one exceeding value says: 'BOD5 = 60 (giới hạn 55)'. */
export function exceedanceText(ch: ValueCheck): string {
  const limit = ch.max != null && ch.value > ch.max ? `giới hạn ${fmt(ch.max)}` : `tối thiểu ${fmt(ch.min ?? 0)}`;
  return `${parameterLabel(ch.code)} = ${fmt(ch.value)} (${ch.code === 'flow' ? `cho phép ${fmt(ch.max ?? 0)}` : limit})`;
}

/** Tells the ward's officers that a flow of the work broke its limits (one notice per recorded flow or import). */
export async function notifyExceedance(s: Services, db: Db, c: Construct, days: { date: string; checks: ValueCheck[] }[]) {
  const bad = days.filter((d) => d.checks.some((x) => x.exceeded));
  if (!bad.length) return;
  const first = bad[0];
  const detail = first.checks
    .filter((x) => x.exceeded)
    .map(exceedanceText)
    .join('; ');
  const content =
    bad.length === 1
      ? `Công trình ${c.code} ngày ${dmy(first.date)}: ${detail}.`
      : `Công trình ${c.code} có ${bad.length} ngày đo vượt giới hạn (từ ${dmy(bad[0].date)} đến ${dmy(bad[bad.length - 1].date)}); ngày ${dmy(first.date)}: ${detail}.`;
  for (const userId of await officersOf(db, c.ward_id)) {
    await notify(s, { audience: 'user', user_id: userId }, { title: `Vượt giới hạn xả thải: ${c.name}`, content: content.slice(0, 1000) }, db);
  }
}
