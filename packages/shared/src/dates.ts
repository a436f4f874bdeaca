import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

export const TZ_OFFSET_MINUTES = 7 * 60; // Asia/Ho_Chi_Minh, no daylight saving
export const NO_DATA = 'Không có dữ liệu';

function isZeroDate(d: dayjs.Dayjs): boolean {
  const y = d.utc().year();
  return y <= 1 || (y === 2001 && d.utc().month() === 0 && d.utc().date() === 1);
}

/** DD/MM/YYYY HH:mm at UTC+7; empty and zero dates (0001-01-01, 2001-01-01) read 'Không có dữ liệu'. */
export function formatDateTime(v: string | Date | null | undefined, fmt = 'DD/MM/YYYY HH:mm'): string {
  if (v === null || v === undefined || v === '') return NO_DATA;
  if (typeof v === 'string' && /^000[01]-/.test(v)) return NO_DATA;
  const d = dayjs.utc(v);
  if (!d.isValid() || isZeroDate(d)) return NO_DATA;
  return d.utcOffset(TZ_OFFSET_MINUTES).format(fmt);
}

export const formatDate = (v: string | Date | null | undefined) => formatDateTime(v, 'DD/MM/YYYY');

/** A date-only value travels as YYYY-MM-DDT00:00:00Z (spec §5). */
export function toDateOnly(v: string | Date | dayjs.Dayjs): string {
  const s = typeof v === 'string' ? v : dayjs(v as Date).format('YYYY-MM-DD');
  return `${s.slice(0, 10)}T00:00:00Z`;
}

export const DATE_ONLY_RE = /^\d{4}-\d{2}-\d{2}T00:00:00(?:\.000)?Z$/;

export function formatMoney(v: number | null | undefined): string {
  if (v === null || v === undefined) return '';
  return `${new Intl.NumberFormat('vi-VN').format(v)} ₫`;
}

export function formatNumber(v: number | null | undefined, digits = 2): string {
  if (v === null || v === undefined) return '';
  return new Intl.NumberFormat('vi-VN', { maximumFractionDigits: digits }).format(v);
}
