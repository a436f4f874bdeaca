/** Scan statistics (issue 14 §8): the answer's shape, shared by the server and the screen. */

export interface ScanStatisticsEntry {
  product_id: number;
  product_name: string;
  manufacture_id: number | null;
  manufacture_name: string | null;
  ward_id: number | null;
  ward_name: string | null;
  scans: number;
  first_scans: number;
  flagged: number;
}

export interface ScanStatisticsDay {
  /** YYYY-MM-DD at UTC+7 */
  day: string;
  scans: number;
  first_scans: number;
  flagged: number;
}

export interface ScanStatisticsTotals {
  scans: number;
  first_scans: number;
  flagged: number;
  products: number;
}

export interface ScanStatisticsAnswer {
  entries: ScanStatisticsEntry[];
  pagination: { page: number; limit: number; total: number; total_pages: number };
  totals: ScanStatisticsTotals;
  /** every day of the period, zeros included, oldest first */
  daily: ScanStatisticsDay[];
  period: { from: string; to: string };
}

export interface ScanLocation {
  id: number;
  scanned_at: string;
  lat: number;
  long: number;
  product_name: string;
  serial: number;
  flagged: boolean;
}

/** Longest period one request reads (days): three years of daily roll-ups. */
export const SCAN_PERIOD_MAX_DAYS = 3 * 366;
/** Located scans shown on the map at most (the most recent of the period). */
export const SCAN_LOCATIONS_MAX = 1000;
