import { z } from 'zod';

/** Scan statistics (issue 14 §8): the answers' schemas (the routes' `response`, the document's, the screen's types). */

const int = () => z.number().int();

export const scanStatisticsEntrySchema = z.object({
  product_id: int(),
  product_name: z.string(),
  manufacture_id: int().nullable(),
  manufacture_name: z.string().nullable(),
  ward_id: int().nullable(),
  ward_name: z.string().nullable(),
  scans: int(),
  first_scans: int(),
  flagged: int(),
});
export type ScanStatisticsEntry = z.infer<typeof scanStatisticsEntrySchema>;

export const scanStatisticsDaySchema = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC+7)'),
  scans: int(),
  first_scans: int(),
  flagged: int(),
});
export type ScanStatisticsDay = z.infer<typeof scanStatisticsDaySchema>;

export const scanStatisticsAnswerSchema = z.object({
  entries: z.array(scanStatisticsEntrySchema),
  pagination: z.object({ page: int(), limit: int(), total: int(), total_pages: int() }),
  totals: z.object({ scans: int(), first_scans: int(), flagged: int(), products: int() }),
  daily: z.array(scanStatisticsDaySchema).describe('mọi ngày của kỳ, kể cả ngày không có lượt quét, cũ nhất trước'),
  period: z.object({ from: z.string(), to: z.string() }),
});
export type ScanStatisticsAnswer = z.infer<typeof scanStatisticsAnswerSchema>;

export const scanLocationSchema = z.object({
  id: int(),
  scanned_at: z.string(),
  lat: z.number(),
  long: z.number(),
  product_name: z.string(),
  serial: int(),
  flagged: z.boolean(),
});
export type ScanLocation = z.infer<typeof scanLocationSchema>;

/** Longest period one request reads (days): three years of daily roll-ups. */
export const SCAN_PERIOD_MAX_DAYS = 3 * 366;
/** Located scans shown on the map at most (the most recent of the period). */
export const SCAN_LOCATIONS_MAX = 1000;
