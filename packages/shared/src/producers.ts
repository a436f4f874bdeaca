import { z } from 'zod';
import { DATE_ONLY_RE } from './dates';
import type { EnumOption } from './fields';

/** Certification schemes a Vietnamese producer, area or product holds (DOMAIN.md 'Producers and catalog'). */
export const CERTIFICATION_TYPES: EnumOption[] = [
  { value: 'vietgap', label: 'VietGAP', color: 'green' },
  { value: 'globalgap', label: 'GlobalG.A.P.', color: 'blue' },
  { value: 'organic', label: 'Hữu cơ', color: 'lime' },
  { value: 'ocop', label: 'OCOP', color: 'gold' },
];

export const MANUFACTURE_STATUS: EnumOption[] = [
  { value: 'active', label: 'Đang hoạt động', color: 'green' },
  { value: 'inactive', label: 'Ngừng hoạt động', color: 'default' },
];

export const OCOP_STARS: EnumOption[] = [
  { value: 3, label: '3 sao', color: 'gold' },
  { value: 4, label: '4 sao', color: 'gold' },
  { value: 5, label: '5 sao', color: 'gold' },
];

const optText = (label: string, max: number) =>
  z
    .string({ error: `${label} không hợp lệ` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .nullable()
    .optional();

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

/** Beyond this relative difference between the entered acreage and the drawn boundary, the answer warns. */
export const ACREAGE_WARN_RATIO = 0.2;

/** Latitude/longitude bounds wide enough for Vietnam and its islands. */
export const VN_LAT = { min: 8, max: 24 };
export const VN_LONG = { min: 102, max: 118 };
