import { STAMP_ATTRIBUTES, STAMP_TEXT_ATTRIBUTE } from '@nns/shared/traceability';
import { z } from 'zod';

/** The answers of the stamp routes (their `response` schemas: the document and the web's types). */

/** A page of a hand-written list: no cursor, the total counted. */
export const pageSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  next_cursor: z.null(),
});

export const codeStatusSchema = z
  .enum(['issued', 'printed', 'activated', 'voided'])
  .describe('issued Đã phát hành, printed Đã in, activated Đã kích hoạt, voided Đã hủy');

export const stampCodeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  serial: z.number().int(),
  status: codeStatusSchema,
  printed_at: z.string().nullable(),
  activated_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  scan_count: z.number().int(),
  flagged: z.boolean(),
  first_scan_at: z.string().nullable(),
  last_scan_at: z.string().nullable(),
  url: z.string().describe('trang truy xuất công khai của tem'),
});

/** The stamp print data of spec §3 (StampPrintData). */
export const printDataSchema = z.object({
  id: z.number().int(),
  stamp: z.object({
    lines: z.number().int(),
    width: z.number(),
    height: z.number(),
    stamps_per_line: z.number().int(),
    size: z.number(),
    vertical: z.number(),
    horizontal: z.number(),
    distance: z.number(),
    space_left: z.number(),
    space_top: z.number(),
    print_product_name: z.boolean(),
    print_product_created_at: z.boolean(),
    product_name_attribute: STAMP_TEXT_ATTRIBUTE,
    product_created_at_attribute: STAMP_TEXT_ATTRIBUTE,
    stamp_attributes: STAMP_ATTRIBUTES,
  }),
  product: z.object({ id: z.number().int(), name: z.string() }),
  packaging_date: z.string().nullable(),
  product_group: z.object({ id: z.number().int().nullable() }),
});

/** The layout a sheet was printed with: the run's, and the paper chosen (a4 when not said), as stored then (a key added since is missing from an older sheet's). */
export const printedLayout = printDataSchema.shape.stamp.partial().extend({ paper: z.enum(['a4', 'roll']).optional() });

const printJobBase = {
  id: z.number().int(),
  serial_from: z.number().int(),
  serial_to: z.number().int(),
  count: z.number().int(),
  lines: z.number().int(),
  layout: printedLayout,
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
};

export const printJobRow = z.object({
  ...printJobBase,
  has_file: z.boolean(),
  url: z.string().nullable().describe('đường dẫn mở lại tệp PDF còn hiệu lực; null khi đã hết hạn'),
  link_expires_at: z.string().nullable(),
});

export const statisticsJobRow = z.object({
  ...printJobBase,
  stamp_id: z.number().int(),
  stamp_name: z.string().nullable(),
  product_id: z.number().int(),
  product_name: z.string(),
});
