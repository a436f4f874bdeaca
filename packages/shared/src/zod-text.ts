import { z } from 'zod';

/** An optional free text of a nested value (a diary input, a distributor, a certificate): trimmed, at most `max` characters, null allowed; messages name the field. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} không hợp lệ` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .nullable()
    .optional();
