import { optionLabel } from '@nns/shared';
import { alertLevelOf, levelLabel, MONITORING_TYPES, type MonitoringType } from '@nns/shared/monitoring';
import { sql } from 'drizzle-orm';
import { notify } from '../../core/notify';
import { exec, iso } from '../../core/resource-store';
import type { Services } from '../../core/services';
import type { Db } from '../../db/client';
import { PEAK } from './ingest';
import { clearOverviewCache } from './overview';

/** How many expected intervals of silence make a station 'mất kết nối'. */
export const OFFLINE_INTERVALS = 3;

interface Due {
  id: number;
  code: string;
  name: string;
  type: number;
  ward_id: number;
  since: string;
}

const vnTime = (t: string) => {
  const d = new Date(Date.parse(t) + 7 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCHours())}:${p(d.getUTCMinutes())} ${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};

/** The ward's officers: its users who may see its stations (list:monitorings), active. */
async function officersOf(db: Db, wardId: number): Promise<number[]> {
  const rows = await exec<{ id: number }>(
    db,
    sql`select u.id from users u where u.ward_id = ${wardId} and u.status = 'active' and exists (
      select 1 from role_permissions rp join permissions p on p.id = rp.permission_id
      where rp.role_id = u.role_id and p.action = 'list' and p.subject = 'monitorings')`,
  );
  return rows.map((r) => Number(r.id));
}

async function tell(s: Services, db: Db, wardId: number, title: string, content: string) {
  for (const userId of await officersOf(db, wardId)) await notify(s, { audience: 'user', user_id: userId }, { title, content }, db);
}

/**
 * One pass of the alert timer (every process runs it; each alert is raised once, guarded by the
 * partial unique index on open alerts and the insert's `on conflict do nothing`):
 * - band: in its type's alert level (band 1 'Cảnh báo'; rain 6 'Mưa rất to') since longer than the
 *   enter time and no open band alert → raise and tell;
 * - clear: an open band alert whose station has been out of that level longer than the clear time → end;
 * - offline: an active station silent for more than 3 expected intervals → raise 'mất kết nối'.
 */
export async function evaluateAlerts(
  s: Services,
  now = new Date(),
  o = { enterMinutes: s.config.MONITORING_ALERT_ENTER_MINUTES, clearMinutes: s.config.MONITORING_ALERT_CLEAR_MINUTES },
) {
  const nowIso = now.toISOString();
  const raised: { station_id: number; kind: string }[] = [];
  let cleared = 0;
  await s.database.db.transaction(async (db) => {
    const band = await exec<Due>(
      db,
      sql`select m.id, m.code, m.name, m.type, m.ward_id, st.band1_since as since from monitoring_station_state st join monitorings m on m.id = st.station_id
        where st.band1_since is not null and st.band1_since <= ${nowIso}::timestamptz - make_interval(mins => ${o.enterMinutes}) and m.status = 1
          and not exists (select 1 from monitoring_alerts a where a.station_id = m.id and a.kind = 'band' and a.ended_at is null)`,
    );
    for (const d of band) {
      // the peak so far: the worst value of the readings since the station entered the level, and the
      // station's latest (a rain station's 24-hour total lives there only; later readings keep it up
      // to date as they arrive: ingest.ts)
      const peak = PEAK[Number(d.type) as MonitoringType];
      const value = peak
        ? sql`(select ${peak.worse === 'max' ? sql`max` : sql`min`}(x.v) from (
            select case ${peak.param}::text when 'aqi' then r.aqi::float8 when 'wqi' then r.wqi::float8 else (r.values ->> ${peak.param}::text)::float8 end as v
            from monitoring_readings r where r.station_id = ${d.id} and r.measured_at >= ${d.since}::timestamptz and r.measured_at <= ${nowIso}::timestamptz
            union all select (m.last_values ->> ${peak.param}::text)::float8 from monitorings m where m.id = ${d.id}) x)`
        : sql`null::float8`;
      const [a] = await exec<{ id: number }>(
        db,
        sql`insert into monitoring_alerts (station_id, kind, started_at, peak, peak_param)
          select ${d.id}, 'band', ${d.since}::timestamptz, ${value}, ${peak?.param ?? null}::text on conflict do nothing returning id`,
      );
      if (!a) continue;
      raised.push({ station_id: d.id, kind: 'band' });
      const type = Number(d.type) as MonitoringType;
      await tell(
        s,
        db,
        Number(d.ward_id),
        `Cảnh báo quan trắc: ${d.name}`,
        `Trạm ${optionLabel(MONITORING_TYPES, type).toLowerCase()} ${d.code} ở mức '${levelLabel(type, alertLevelOf(type))}' từ ${vnTime(iso(d.since))}.`,
      );
    }
    const ended = await exec<{ id: number }>(
      db,
      sql`update monitoring_alerts a set ended_at = st.clear_since from monitoring_station_state st
        where a.station_id = st.station_id and a.kind = 'band' and a.ended_at is null
          and st.clear_since is not null and st.clear_since <= ${nowIso}::timestamptz - make_interval(mins => ${o.clearMinutes}) returning a.id`,
    );
    cleared += ended.length;
    const silent = await exec<Due>(
      db,
      sql`select m.id, m.code, m.name, m.type, m.ward_id, coalesce(m.last_reading_at, m.created_at) as since from monitorings m
        where m.status = 1 and coalesce(m.last_reading_at, m.created_at) < ${nowIso}::timestamptz - make_interval(mins => m.expected_interval_minutes * ${OFFLINE_INTERVALS})
          and not exists (select 1 from monitoring_alerts a where a.station_id = m.id and a.kind = 'offline' and a.ended_at is null)`,
    );
    for (const d of silent) {
      const [a] = await exec<{ id: number }>(
        db,
        sql`insert into monitoring_alerts (station_id, kind, started_at) values (${d.id}, 'offline', ${nowIso}::timestamptz) on conflict do nothing returning id`,
      );
      if (!a) continue;
      raised.push({ station_id: d.id, kind: 'offline' });
      await tell(
        s,
        db,
        Number(d.ward_id),
        `Mất kết nối: ${d.name}`,
        `Trạm ${d.code} không gửi dữ liệu từ ${vnTime(iso(d.since))} (quá ${OFFLINE_INTERVALS} chu kỳ).`,
      );
    }
  });
  if (raised.length || cleared) clearOverviewCache();
  return raised;
}
