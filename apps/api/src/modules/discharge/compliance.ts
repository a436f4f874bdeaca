import { sql } from 'drizzle-orm';
import { exec, iso } from '../../core/resource-store';
import type { Db } from '../../db/client';
import { limitsView } from './traffic.module';

export interface Period {
  from: string;
  to: string;
}

/** The chosen period, or the twelve months up to today (UTC+7) when none is given. */
export function periodOf(q: { from?: string; to?: string }, now = Date.now()): Period {
  const today = new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
  const to = q.to ?? today;
  const d = new Date(`${to}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return { from: q.from ?? d.toISOString().slice(0, 10), to };
}

const end = (p: Period) => new Date(Date.parse(`${p.to}T00:00:00Z`) + 86_400_000).toISOString();

export interface MonthRow {
  month: string;
  flows: number;
  exceeded: number;
  max_flow: number | null;
  avg_flow: number | null;
  /** per exceeded code: how many days */
  by_parameter: Record<string, number>;
}

/**
 * A work's compliance over a period: every flow (day, flow, status: the chart against the permitted
 * flow) and month by month how many days were measured, how many broke a limit and which parameters.
 */
export async function complianceOf(db: Db, id: number, p: Period) {
  const from = `${p.from}T00:00:00.000Z`;
  const to = end(p);
  const series = await exec<{ measured_date: unknown; flow: number; status: number; exceeded: string[] | string | null }>(
    db,
    sql`select measured_date, flow, status, exceeded from discharge_traffic where construct_id = ${id} and measured_date >= ${from} and measured_date < ${to} order by measured_date, id`,
  );
  const months = new Map<string, MonthRow>();
  const sums = new Map<string, number>();
  const points = series.map((r) => {
    const day = String(iso(r.measured_date));
    const m = day.slice(0, 7);
    const flow = Number(r.flow);
    const ex = (typeof r.exceeded === 'string' ? JSON.parse(r.exceeded) : (r.exceeded ?? [])) as string[];
    let row = months.get(m);
    if (!row) months.set(m, (row = { month: m, flows: 0, exceeded: 0, max_flow: null, avg_flow: null, by_parameter: {} }));
    row.flows++;
    sums.set(m, (sums.get(m) ?? 0) + flow);
    row.max_flow = Math.max(row.max_flow ?? flow, flow);
    if (Number(r.status) === 2) row.exceeded++;
    for (const c of ex) row.by_parameter[c] = (row.by_parameter[c] ?? 0) + 1;
    return { date: day, flow, status: Number(r.status), exceeded: ex };
  });
  for (const row of months.values()) row.avg_flow = Math.round(((sums.get(row.month) ?? 0) / row.flows) * 100) / 100;
  return { period: p, ...(await limitsView(db, id)), series: points, months: [...months.values()] };
}
