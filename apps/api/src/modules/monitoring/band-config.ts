import { BAND_PRESETS, type BandConfig, type MonitoringType } from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';

/**
 * The band config in force for a ward and type: the ward's own, else the default saved for the
 * type, else the preset (VN_AQI / VN_WQI / national rain levels).
 */
export async function configInForce(
  db: Db,
  type: MonitoringType,
  wardId: number | null,
): Promise<{ config: BandConfig; source: 'ward' | 'default' | 'preset' }> {
  const rows = await exec<{ ward_id: number | null; config: BandConfig }>(
    db,
    sql`select ward_id, config from monitoring_configs where type = ${type} and (ward_id is null or ward_id = ${wardId}) order by ward_id nulls last limit 1`,
  );
  const r = rows[0];
  if (!r) return { config: BAND_PRESETS[type], source: 'preset' };
  const config = typeof r.config === 'string' ? (JSON.parse(r.config) as BandConfig) : r.config;
  return { config, source: r.ward_id == null ? 'default' : 'ward' };
}
