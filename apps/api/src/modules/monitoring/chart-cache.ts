import { instanceId } from '../../core/instance-id';
import type { Db } from '../../db/client';

/**
 * Each process keeps a station's series (statSeries: the JSON text of the points and each parameter's
 * lowest and highest) this long per period and interval: a station page open on several screens, or
 * reloaded, reads the roll-ups once per few seconds. An ingest of this process that stores a reading
 * of the station empties that station's series at once; another process's readings show here within
 * this time. Only the series: the station itself, its scope (404 outside it), its bands and the
 * seafood criteria are read on every request. `ms = 0` turns it off (the bench measures both).
 */
export const chartCache = { ms: 5_000 };
const MAX_KEYS = 2_000;

export interface Series {
  series: string;
  spans: Record<string, { min: number; max: number }[]>;
  /** the series as UTF-8, made by the first request that sends it */
  bytes?: Buffer;
}

const byStation = new Map<string, Map<string, { value: Series; at: number }>>();
let size = 0;

const stationKey = (db: object, id: number) => `${instanceId(db)}|${id}`;

export async function cachedSeries(db: Db, id: number, key: string, produce: () => Promise<Series>): Promise<Series> {
  if (chartCache.ms <= 0) return produce();
  const sk = stationKey(db, id);
  const now = Date.now();
  const hit = byStation.get(sk)?.get(key);
  if (hit && now - hit.at < chartCache.ms) return hit.value;
  const value = await produce();
  if (size >= MAX_KEYS) {
    byStation.clear();
    size = 0;
  }
  let m = byStation.get(sk);
  if (!m) byStation.set(sk, (m = new Map()));
  if (!m.has(key)) size++;
  m.set(key, { value, at: now });
  return value;
}

/** Readings of these stations were stored (ingest.ts): their series are read again. */
export function clearChartCache(db: object, ids: Iterable<number>) {
  if (!size) return;
  for (const id of ids) {
    const m = byStation.get(stationKey(db, id));
    if (m) {
      size -= m.size;
      byStation.delete(stationKey(db, id));
    }
  }
}
