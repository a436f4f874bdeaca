import type { MonitoringType } from '@nns/shared/monitoring';
import insectOrdersDef from '@nns/shared/resources/insect-orders';
import stationsDef from '@nns/shared/resources/monitorings';
import { sql } from 'drizzle-orm';
import { defineModule } from '../../core/module';
import { exec } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
import { hashDeviceKey, newDeviceKey } from './device-key';
import { type Station, storeReadings } from './ingest';
import { DEMO_INSECT_ORDERS } from './insects.module';

/**
 * Demo stations of each type around Đà Lạt (Lâm Đồng) with four weeks of hourly readings: diurnal
 * cycles from a fixed formula and a seeded generator (the same data on every new database), one air
 * episode reaching 'Cảnh báo', and one station silent for the last two days ('mất kết nối').
 * Their device keys are random and unknown: rotate one on its edit screen to send real data.
 */
const WARD_CODES = ['24781', '24778'];
const STATIONS: { code: string; name: string; type: MonitoringType; lat: number; long: number; silentHours?: number }[] = [
  { code: 'QT-KK-01', name: 'Trạm không khí Hồ Xuân Hương', type: 1, lat: 11.9404, long: 108.4423 },
  { code: 'QT-NUOC-01', name: 'Trạm nước hồ Tuyền Lâm', type: 2, lat: 11.8985, long: 108.4261 },
  { code: 'QT-MUA-01', name: 'Trạm đo mưa Lâm Viên', type: 3, lat: 11.9573, long: 108.4478 },
  { code: 'QT-TT-01', name: 'Trạm thời tiết Đồi Robin', type: 4, lat: 11.9247, long: 108.4372, silentHours: 48 },
  { code: 'QT-DAT-01', name: 'Trạm đất vườn rau Xuân Hương', type: 5, lat: 11.9462, long: 108.4601 },
  { code: 'QT-CT-01', name: 'Trạm côn trùng nhà kính Đà Lạt', type: 6, lat: 11.9521, long: 108.4289 },
];

/** A small deterministic generator (mulberry32). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r2 = (v: number) => Math.round(v * 100) / 100;

function valuesAt(type: MonitoringType, hour: number, i: number, rand: () => number, hours: number): Record<string, number> {
  const day = Math.sin(((hour - 8) / 24) * 2 * Math.PI); // warmest early afternoon (UTC+7)
  const rush = Math.exp(-(((hour - 7) % 24) ** 2) / 4) + Math.exp(-(((hour - 18) % 24) ** 2) / 4);
  switch (type) {
    case 1: {
      // an episode of 10 hours, five days before the end
      const episode = i > hours - 130 && i < hours - 120 ? 12 : 1;
      return {
        pm25: r2((18 + 14 * rush + 6 * rand()) * episode),
        pm10: r2((35 + 20 * rush + 10 * rand()) * episode),
        no2: r2(30 + 40 * rush + 10 * rand()),
        o3: r2(40 + 50 * Math.max(0, day) + 10 * rand()),
        co: r2(800 + 600 * rush + 200 * rand()),
        so2: r2(8 + 4 * rand()),
      };
    }
    case 2:
      return {
        ph: r2(7 + 0.3 * day + 0.1 * rand()),
        do: r2(7.2 + 0.8 * day + 0.3 * rand()),
        temperature: r2(19 + 3 * day + rand()),
        bod5: r2(3 + 1.5 * rand()),
        cod: r2(9 + 4 * rand()),
        nh4: r2(0.2 + 0.2 * rand()),
        po4: r2(0.08 + 0.08 * rand()),
        coliform: Math.round(1800 + 1500 * rand()),
        tss: r2(15 + 10 * rand()),
        turbidity: r2(8 + 5 * rand()),
      };
    case 3:
      return { rain_mm: hour >= 13 && hour <= 17 && rand() < 0.5 ? r2(rand() * 8) : 0 };
    case 4:
      return {
        temperature: r2(18 + 5 * day + rand()),
        humidity: r2(80 - 15 * day + 5 * rand()),
        wind_speed: r2(2 + 3 * rand()),
        wind_direction: Math.round(200 + 60 * rand()),
        pressure: r2(850 + 2 * rand()),
      };
    case 5:
      return {
        moisture: r2(32 - 4 * day + 3 * rand()),
        ph: r2(6.2 + 0.2 * rand()),
        ec: Math.round(600 + 150 * rand()),
        n: Math.round(90 + 20 * rand()),
        p: Math.round(40 + 10 * rand()),
        k: Math.round(120 + 20 * rand()),
        temperature: r2(18 + 4 * day + rand()),
      };
    default: {
      // per order (insects.module DEMO_INSECT_ORDERS), a thrips outbreak in the last week; the total as density
      const week = i > hours - 7 * 24 ? 1 + (i - (hours - 7 * 24)) / 24 : 1;
      const o = {
        lepidoptera: r2(2 + 3 * Math.max(0, day) + 2 * rand()),
        hemiptera: r2(4 + 4 * Math.max(0, day) + 3 * rand()),
        thysanoptera: r2((3 + 3 * Math.max(0, day) + 2 * rand()) * week),
        coleoptera: r2(1 + rand()),
        diptera: r2(1 + 2 * Math.max(0, day) + rand()),
      };
      return { ...o, density: r2(Object.values(o).reduce((a, b) => a + b, 0)) };
    }
  }
}

export async function seedMonitoringDemo(s: Services, now = Date.now()) {
  const db = s.db;
  const [ward] = await exec<{ id: number }>(
    db,
    sql`select id from wards where code in (${sql.join(
      WARD_CODES.map((c) => sql`${c}`),
      sql`, `,
    )}) order by code desc limit 1`,
  );
  if (!ward) return;
  if ((await exec(db, sql`select 1 from monitorings where code = 'QT-KK-01'`)).length) return;
  for (const o of DEMO_INSECT_ORDERS) {
    await resource(insectOrdersDef.name).seed(db, { ...o, status: 1 });
  }
  // the fish the water station checks its readings against comes with its ward from the agricultural demo
  const hours = 28 * 24;
  const end = Math.floor(now / 3_600_000) * 3_600_000;
  for (const [k, st] of STATIONS.entries()) {
    const row: Record<string, unknown> = {
      code: st.code,
      name: st.name,
      type: st.type,
      ward_id: ward.id,
      lat: st.lat,
      long: st.long,
      status: 1,
      expected_interval_minutes: 60,
      device_key_hash: hashDeviceKey(newDeviceKey()),
      address: 'Đà Lạt, Lâm Đồng',
    };
    const created = { id: await resource(stationsDef.name).seed(db, row) };
    const station: Station = { id: created.id, code: st.code, type: st.type, ward_id: ward.id, status: 1, last_reading_at: null };
    const rand = rng(1500 + k);
    const readings = [];
    for (let i = 0; i < hours - (st.silentHours ?? 0); i++) {
      const t = end - (hours - i) * 3_600_000;
      const hourVn = (new Date(t).getUTCHours() + 7) % 24;
      readings.push({ measured_at: new Date(t), values: valuesAt(st.type, hourVn, i, rand, hours) });
    }
    for (let i = 0; i < readings.length; i += 200) {
      const part = readings.slice(i, i + 200);
      await storeReadings(s.database, { ...station, last_reading_at: i ? readings[i - 1].measured_at.toISOString() : null }, part);
    }
  }
}

export default defineModule({
  name: 'monitoring-demo',
  after: ['areas'],
  seedDemo: (s) => seedMonitoringDemo(s),
});
