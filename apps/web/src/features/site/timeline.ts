/**
 * Where a date window falls on a year's bar, in percent of the year; null when outside it. The windows
 * are date-only values (`YYYY-MM-DDT00:00:00Z` names the day itself), so days are counted in UTC.
 */
const DAY = 86_400_000;

const yearStart = (year: number) => Date.UTC(year, 0, 1);

export function windowOnYear(from: string, to: string, year: number): { left: number; width: number; cutStart: boolean; cutEnd: boolean } | null {
  const start = yearStart(year);
  const end = yearStart(year + 1);
  const a = Date.parse(from);
  // the last day counts whole
  const b = Date.parse(to) + DAY;
  if (Number.isNaN(a) || Number.isNaN(b) || b <= start || a >= end) return null;
  const lo = Math.max(a, start);
  const hi = Math.min(b, end);
  const span = end - start;
  return { left: ((lo - start) / span) * 100, width: Math.max(((hi - lo) / span) * 100, 0.6), cutStart: a < start, cutEnd: b > end };
}

export const MONTHS = ['Th1', 'Th2', 'Th3', 'Th4', 'Th5', 'Th6', 'Th7', 'Th8', 'Th9', 'Th10', 'Th11', 'Th12'];
