import crypto from 'node:crypto';
import type { BandConfig } from '@nns/shared/monitoring';
import type { Station } from './ingest';

/**
 * Device keys: 32 random bytes (base64url), so a fast hash is enough (no dictionary to guess from);
 * SHA-256 lets the ingest find the station by one indexed lookup on every request.
 */
export const newDeviceKey = () => `nns_${crypto.randomBytes(32).toString('base64url')}`;
export const hashDeviceKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/**
 * Each process remembers a key's station (with its band config) this long (ingest.module.ts,
 * stationByKey): at one reading a request the lookup was a statement per request. Writes of stations
 * (key rotated, switched off, moved, deleted) and of band configs in this process empty it at once;
 * another process's change shows here within this time. A key that matches no station is never
 * remembered (a new station's key works at once). Keyed by the app's database handle (instanceId).
 */
export const STATION_KEY_CACHE_MS = 5_000;
export const KEY_CACHE_MAX = 50_000;
/** after a write in this process, lookups are not remembered for this long (its transaction may not have committed yet) */
const HOLD_AFTER_WRITE_MS = 2_000;
export const keyCache = new Map<string, { station: Station & { config: BandConfig }; at: number }>();
let holdUntil = 0;
export function clearStationKeyCache() {
  keyCache.clear();
  holdUntil = Date.now() + HOLD_AFTER_WRITE_MS;
}
export const stationKeyCacheHeld = (now: number) => now < holdUntil;
