import { z } from 'zod';
import { DATE_ONLY_RE, formatNumber } from './dates';
import { enumOptions } from './fields';
import { type GeoPolygon, polygonAreaHa } from './geo';
import { optionalText as optText } from './zod-text';

/** Certification schemes a Vietnamese producer, area or product holds (DOMAIN.md 'Producers and catalog'). */
export const CERTIFICATION_TYPES = enumOptions([
  { value: 'vietgap', label: 'VietGAP', color: 'green' },
  { value: 'globalgap', label: 'GlobalG.A.P.', color: 'blue' },
  { value: 'organic', label: 'Hữu cơ', color: 'lime' },
  { value: 'ocop', label: 'OCOP', color: 'gold' },
]);

export const MANUFACTURE_STATUS = enumOptions([
  { value: 'active', label: 'Đang hoạt động', color: 'green' },
  { value: 'inactive', label: 'Ngừng hoạt động', color: 'default' },
]);

export const OCOP_STARS = enumOptions([
  { value: 3, label: '3 sao', color: 'gold' },
  { value: 4, label: '4 sao', color: 'gold' },
  { value: 5, label: '5 sao', color: 'gold' },
]);

export const CERTIFICATION = z
  .object({
    type: z.enum(['vietgap', 'globalgap', 'organic', 'ocop'], { error: 'Loại chứng nhận phải là VietGAP, GlobalG.A.P., Hữu cơ hoặc OCOP' }),
    stars: z
      .number({ error: 'Số sao OCOP phải từ 3 đến 5' })
      .int('Số sao OCOP phải từ 3 đến 5')
      .min(3, 'Số sao OCOP phải từ 3 đến 5')
      .max(5, 'Số sao OCOP phải từ 3 đến 5')
      .nullable()
      .optional(),
    number: optText('Số chứng nhận', 100),
    issuer: optText('Tổ chức cấp', 255),
    valid_until: z
      .string({ error: 'Ngày hết hạn không đúng định dạng ngày' })
      .regex(DATE_ONLY_RE, 'Ngày hết hạn không đúng định dạng ngày')
      .nullable()
      .optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.type === 'ocop' && c.stars == null) ctx.addIssue({ code: 'custom', path: ['stars'], message: 'Chứng nhận OCOP cần số sao từ 3 đến 5' });
    if (c.type !== 'ocop' && c.stars != null) ctx.addIssue({ code: 'custom', path: ['stars'], message: 'Chỉ chứng nhận OCOP mới có số sao' });
  });

export const CERTIFICATIONS = z.array(CERTIFICATION, { error: 'Chứng nhận phải là danh sách' }).max(20, 'Tối đa 20 chứng nhận');
export type Certification = z.infer<typeof CERTIFICATION>;

/** Readable one-line form of a certifications list (list cells, Excel). */
export function certificationsText(list: unknown): string {
  if (!Array.isArray(list)) return '';
  return list
    .map((c: Certification) => {
      const name = CERTIFICATION_TYPES.find((t) => t.value === c.type)?.label ?? String(c.type);
      return [c.type === 'ocop' && c.stars ? `${name} ${c.stars} sao` : name, c.number].filter(Boolean).join(' ');
    })
    .join('; ');
}

/**
 * Beyond this relative difference between the entered acreage and the area of the drawn boundary
 * (measured against the drawn area), the server's answer and the map both warn.
 */
export const ACREAGE_WARN_RATIO = 0.2;

export interface AcreageCheck {
  /** area of the drawn boundary in hectares (4 decimals); null without a boundary */
  boundary_acreage: number | null;
  /** entered − drawn, in hectares */
  acreage_difference: number | null;
  /** (entered − drawn) / drawn × 100, one decimal */
  acreage_difference_percent: number | null;
  /** a Vietnamese sentence when |percent| passes ACREAGE_WARN_RATIO; never a refusal */
  acreage_warning: string | null;
}

// "|| 0": a difference that rounds to nothing is 0, not -0 (which would read "-0%")
const roundTo = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d || 0;

/**
 * The one acreage rule (server answer and map screen): the entered acreage compared with the area of
 * the drawn boundary, the difference measured against the drawn area, a warning sentence past
 * ACREAGE_WARN_RATIO. Boundaries are drawn by hand, so a difference is a warning for the officer.
 */
export function acreageCheck(acreage: unknown, boundary: unknown): AcreageCheck {
  const computed = boundary ? polygonAreaHa(boundary as GeoPolygon) : 0;
  if (!computed) return { boundary_acreage: null, acreage_difference: null, acreage_difference_percent: null, acreage_warning: null };
  const entered = typeof acreage === 'number' && Number.isFinite(acreage) ? acreage : null;
  const diff = entered === null ? null : entered - computed;
  const pct = diff === null ? null : (diff / computed) * 100;
  const warn = pct !== null && Math.abs(pct) > ACREAGE_WARN_RATIO * 100;
  return {
    boundary_acreage: roundTo(computed, 4),
    acreage_difference: diff === null ? null : roundTo(diff, 4),
    acreage_difference_percent: pct === null ? null : roundTo(pct, 1),
    acreage_warning: warn
      ? `Diện tích nhập (${formatNumber(entered)} ha) chênh ${formatNumber(Math.abs(pct as number), 1)}% so với diện tích tính từ ranh giới (${formatNumber(computed)} ha)`
      : null,
  };
}

/** Latitude/longitude bounds wide enough for Vietnam and its islands. */
export const VN_LAT = { min: 8, max: 24 };
export const VN_LONG = { min: 102, max: 118 };
