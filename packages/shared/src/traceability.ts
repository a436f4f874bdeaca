import { z } from 'zod';
import { enumOptions } from './fields';
import { isPhoneOrLandline, normalizePhone } from './validators';
import { optionalText as optText } from './zod-text';

/**
 * Traceability (issue 14, DOMAIN.md 'Traceability'): the shapes shared by the trace and stamp
 * declarations, the print designer and the server that draws the sheets.
 */

/** A stamp run (đợt tem) as a whole; 'issuing' while a background job still writes a large run's codes. */
export const STAMP_RUN_STATUS = enumOptions([
  { value: 'issuing', label: 'Đang phát hành', color: 'gold' },
  { value: 'issued', label: 'Đã phát hành', color: 'blue' },
  { value: 'printed', label: 'Đã in', color: 'green' },
  { value: 'voided', label: 'Đã hủy', color: 'red' },
]);

/** One stamp's life: issued → printed → activated (its first consumer scan) → voided (any time). */
export const STAMP_CODE_STATUS = enumOptions([
  { value: 'issued', label: 'Đã phát hành', color: 'blue' },
  { value: 'printed', label: 'Đã in', color: 'cyan' },
  { value: 'activated', label: 'Đã kích hoạt', color: 'green' },
  { value: 'voided', label: 'Đã hủy', color: 'red' },
]);
export type StampCodeStatus = 'issued' | 'printed' | 'activated' | 'voided';

/** Stamps issued in one request (spec §9 stamp printing limits; issue 14: 100,000 in seconds). */
export const MAX_STAMPS_PER_RUN = 100_000;
/** A run of more stamps than this is issued by a background job, in batches (issue 28 §5); up to it, in the request. */
export const SYNC_STAMPS_PER_RUN = 5000;
/** Lines of one print sheet request. */
export const MAX_PRINT_LINES = 1000;
/** Custom attribute slots of the print data (spec §3, §9). */
export const MAX_STAMP_ATTRIBUTES = 6;

/** A distributor of a trace, as printed on its public page. */
export const TRACE_DISTRIBUTOR = z
  .object({
    name: z.string({ error: 'Tên nhà phân phối bắt buộc' }).trim().min(1, 'Tên nhà phân phối bắt buộc').max(255, 'Tên nhà phân phối tối đa 255 ký tự'),
    address: optText('Địa chỉ nhà phân phối', 255),
    phone: z
      .string({ error: 'Số điện thoại nhà phân phối không hợp lệ' })
      .trim()
      .max(20, 'Số điện thoại nhà phân phối không hợp lệ')
      .transform((v) => (v === '' ? null : normalizePhone(v)))
      .refine((v) => v == null || isPhoneOrLandline(v), 'Số điện thoại nhà phân phối không hợp lệ')
      // the stored number (the transform's output) is a text too
      .meta({ type: 'string' })
      .nullable()
      .optional(),
  })
  .strict();
export const TRACE_DISTRIBUTORS = z.array(TRACE_DISTRIBUTOR, { error: 'Nhà phân phối phải là danh sách' }).max(50, 'Tối đa 50 nhà phân phối');

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} phải là số nguyên` })
    .int(`${label} phải là số nguyên`)
    .min(min, `${label} phải từ ${min} trở lên`)
    .max(max, `${label} tối đa ${max}`);

/** Where a text sits on a stamp: font size (pt) and its position from the stamp's top-left corner (mm). */
export const STAMP_TEXT_ATTRIBUTE = z
  .object({
    font_size: int('Cỡ chữ', 4, 72),
    horizontal: int('Vị trí ngang', 0, 500),
    vertical: int('Vị trí dọc', 0, 500),
  })
  .strict();
export type StampTextAttribute = z.infer<typeof STAMP_TEXT_ATTRIBUTE>;

/** A free text printed on every stamp of the run (up to 6). */
export const STAMP_ATTRIBUTE = STAMP_TEXT_ATTRIBUTE.extend({
  text: z.string({ error: 'Nội dung thuộc tính bắt buộc' }).trim().min(1, 'Nội dung thuộc tính bắt buộc').max(100, 'Nội dung thuộc tính tối đa 100 ký tự'),
}).strict();
export type StampAttribute = z.infer<typeof STAMP_ATTRIBUTE>;
export const STAMP_ATTRIBUTES = z
  .array(STAMP_ATTRIBUTE, { error: 'Thuộc tính tem phải là danh sách' })
  .max(MAX_STAMP_ATTRIBUTES, `Tối đa ${MAX_STAMP_ATTRIBUTES} thuộc tính tem`);

/**
 * The layout of a stamp and its sheet (spec §3 'stamp print data'). Lengths in millimetres; `size`
 * is the side of the QR code in centimetres; `horizontal`/`vertical` place the QR inside the stamp;
 * `distance` is the gap between two stamps; `space_left`/`space_top` the sheet's margins; `lines`
 * the lines of stamps on one page (0: as many as fit).
 */
export const STAMP_LAYOUT_DEFAULTS = {
  lines: 0,
  width: 50,
  height: 30,
  stamps_per_line: 1,
  size: 3,
  vertical: 0,
  horizontal: 0,
  distance: 2,
  space_left: 0,
  space_top: 0,
  print_product_name: true,
  print_product_created_at: true,
  product_name_attribute: { font_size: 7, horizontal: 31, vertical: 4 },
  product_created_at_attribute: { font_size: 6, horizontal: 31, vertical: 12 },
  stamp_attributes: [] as StampAttribute[],
};
export type StampLayout = typeof STAMP_LAYOUT_DEFAULTS;
export const STAMP_LAYOUT_KEYS = Object.keys(STAMP_LAYOUT_DEFAULTS) as (keyof StampLayout)[];

/** The stamp print data of spec §3, exactly: what the designer edits and the sheet is drawn from. */
export interface StampPrintData {
  id: number;
  stamp: StampLayout;
  product: { id: number; name: string };
  packaging_date: string | null;
  product_group: { id: number | null };
}

/** The white margin a QR code needs on every side, in modules (ISO/IEC 18004): drawn inside the code's `size`. */
export const QR_QUIET_MODULES = 4;

/**
 * Why a stamp cannot hold its QR code with the quiet zone, or null: the code's square (`size` cm, its
 * 4-module white margin inside) must lie within the stamp, or the stamp's edge cuts into the margin
 * (or the code) and phones may fail to read it.
 */
export function qrQuietZoneProblem(l: Pick<StampLayout, 'size' | 'horizontal' | 'vertical' | 'width' | 'height'>): string | null {
  const side = l.size * 10;
  if (l.horizontal + side <= l.width && l.vertical + side <= l.height) return null;
  return (
    `Tem ${l.width} × ${l.height} mm quá nhỏ cho mã QR ${l.size} cm đặt tại (${l.horizontal}, ${l.vertical}) mm: mã QR cần lề trắng ${QR_QUIET_MODULES} ô mỗi phía ` +
    `(ISO/IEC 18004) nằm trong tem, nếu không điện thoại có thể không đọc được. Hãy tăng kích thước tem lên ít nhất ` +
    `${Math.max(l.width, l.horizontal + side)} × ${Math.max(l.height, l.vertical + side)} mm, hoặc giảm cỡ mã QR, hoặc dời mã QR vào trong tem.`
  );
}

/** A4 portrait in millimetres. */
export const SHEET_MM = { width: 210, height: 297 };

/** The public trace page of a code: PUBLIC_URL + /truy-xuat/{code}. */
export const traceUrl = (publicUrl: string, code: string) => `${publicUrl.replace(/\/+$/, '')}/truy-xuat/${encodeURIComponent(code)}`;

/** A stamp code: 13 characters of Crockford base32 (65 bits, ≥ 64 from the CSPRNG), no I L O U. */
export const STAMP_CODE_RE = /^[0-9A-HJKMNP-TV-Z]{13}$/;
