import { type CriteriaCheck, checkWater, type WaterParameter } from '@nns/shared/resources/criteria-seafoods';
import { sql } from 'drizzle-orm';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';

/** A water station's value key for each parameter of the seafood criteria. */
const KEY_OF: Record<WaterParameter, string> = { salinity: 'salinity', ph: 'ph', temperature: 'temperature', dissolved_oxygen: 'do' };

export interface SeafoodCheck {
  seafood_id: number;
  seafood_name: string;
  criteria_id: number;
  criteria_name: string;
  stage: string | null;
  /** the station's latest reading against the criteria */
  latest: CriteriaCheck[];
  /** the period's lowest and highest values (from the roll-ups) against the criteria */
  period: (Omit<CriteriaCheck, 'value' | 'result'> & { low: number; high: number; result: 'ok' | 'low' | 'high' | 'both' })[];
  /** parameters out of range in the latest reading or at some time of the period */
  out_of_range: WaterParameter[];
}

/**
 * Part 7 of issue 15: the species farmed in a water station's ward (seafoods.ward_ids) and their
 * active criteria, each checked against the station's latest reading and the period's extremes.
 */
export async function seafoodChecks(
  db: Db,
  wardId: number,
  latest: Record<string, number> | null,
  /** may still be on its way: the criteria are read meanwhile */
  pending: Record<string, { min: number; max: number }[]> | Promise<Record<string, { min: number; max: number }[]>>,
): Promise<SeafoodCheck[]> {
  const rows = await exec<Record<string, unknown> & { seafood_id: number; seafood_name: string; id: number; name: string; stage: string | null }>(
    db,
    sql`select s.id as seafood_id, s.name as seafood_name, c.* from seafoods s join criteria_seafoods c on c.seafood_id = s.id
      where ${wardId}::int = any(s.ward_ids) and s.is_active and c.is_active and s.deleted_at is null and c.deleted_at is null
      order by s.name, c.stage nulls first, c.id`,
  );
  const series = await pending;
  const reading = Object.fromEntries(Object.entries(KEY_OF).map(([p, k]) => [p, latest?.[k] ?? null])) as Partial<Record<WaterParameter, number | null>>;
  return rows.map((c) => {
    const criteria = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, /_(min|max)$/.test(k) && v != null ? Number(v) : v]));
    const now = checkWater(criteria, reading);
    const period: SeafoodCheck['period'] = [];
    for (const [p, k] of Object.entries(KEY_OF) as [WaterParameter, string][]) {
      const pts = series[k];
      if (!pts?.length) continue;
      const low = Math.min(...pts.map((x) => x.min));
      const high = Math.max(...pts.map((x) => x.max));
      const [lo] = checkWater(criteria, { [p]: low });
      const [hi] = checkWater(criteria, { [p]: high });
      const isLow = lo.result === 'low';
      const isHigh = hi.result === 'high';
      period.push({
        parameter: p,
        label: lo.label,
        min: lo.min,
        max: lo.max,
        low,
        high,
        result: isLow && isHigh ? 'both' : isLow ? 'low' : isHigh ? 'high' : 'ok',
      });
    }
    const out = new Set<WaterParameter>([...now.filter((x) => x.result !== 'ok'), ...period.filter((x) => x.result !== 'ok')].map((x) => x.parameter));
    return {
      seafood_id: Number(c.seafood_id),
      seafood_name: c.seafood_name,
      criteria_id: Number(c.id),
      criteria_name: String(c.name),
      stage: c.stage ?? null,
      latest: now,
      period,
      out_of_range: [...out],
    };
  });
}
