import { TZ_OFFSET_MINUTES } from '@nns/shared/dates';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

/**
 * Every date the officer reads or types is a Vietnamese one (UTC+7, no daylight saving), whatever
 * zone the browser is set to. A picker value is a "wall clock": its fields (day, hour…) are the time
 * at UTC+7; it is made in UTC mode so no daylight-saving gap of the browser's zone can move it, and
 * only its fields (`format()`) are read back. antd's "today"/"now" come from `dayjs().tz()` when the
 * timezone plugin is loaded, so the default zone below makes them Vietnam's too.
 */
dayjs.extend(utc);
dayjs.extend(timezone);
export const VN_ZONE = 'Asia/Ho_Chi_Minh';
dayjs.tz.setDefault(VN_ZONE);

const WALL = 'YYYY-MM-DDTHH:mm:ss.SSS';
const OFFSET_MS = TZ_OFFSET_MINUTES * 60_000;

/** An instant (ISO string, Date) → the picker value showing it at UTC+7. */
export function instantToWall(v: string | Date | number): Dayjs | undefined {
  const ms = typeof v === 'number' ? v : v instanceof Date ? v.getTime() : Date.parse(v);
  if (!Number.isFinite(ms)) return undefined;
  return dayjs.utc(ms + OFFSET_MS);
}

/** A picker value (its fields read as the time at UTC+7) → the ISO instant, e.g. 23/11/2026 08:00 → 2026-11-23T01:00:00.000Z. */
export function wallToInstant(d: Dayjs): string {
  return new Date(dayjs.utc(d.format(WALL)).valueOf() - OFFSET_MS).toISOString();
}

/** A calendar day (YYYY-MM-DD…) → the picker value of that day, no zone involved. */
export function dayToWall(s: string): Dayjs | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(s);
  if (!m) return undefined;
  const d = dayjs.utc(m[1]);
  return d.isValid() ? d : undefined;
}

/** The calendar day a picker value shows. */
export const wallDay = (d: Dayjs): string => d.format('YYYY-MM-DD');

/** The first instant of a Vietnamese day: 2026-11-01 → 2026-10-31T17:00:00.000Z. */
export const vnDayStart = (day: string): string => new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) - OFFSET_MS).toISOString();

/** The last millisecond of a Vietnamese day: 2026-11-30 → 2026-11-30T16:59:59.999Z. */
export const vnDayEnd = (day: string): string => new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + 86_400_000 - 1 - OFFSET_MS).toISOString();

/** A range bound kept in a URL (an instant, or a bare day from an older link) → the Vietnamese day it names. */
export function boundToWall(v: string | undefined | null): Dayjs | null {
  if (!v) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return dayToWall(v) ?? null;
  return instantToWall(v) ?? null;
}
