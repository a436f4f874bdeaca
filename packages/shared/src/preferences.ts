import { z } from 'zod';

/**
 * A user's own settings, kept on the server so they follow the user from device to device
 * (GET/PUT /api/admin/me/preferences/:key). Each key has its own shape; unknown keys are refused.
 */

/** the JSON of one stored value, at most */
export const PREFERENCE_MAX_BYTES = 8 * 1024;
export const SAVED_VIEWS_MAX = 20;

export const DENSITIES = ['small', 'middle', 'large'] as const;
export type Density = (typeof DENSITIES)[number];

/** A named view: the list's query string (filters, search, sort) saved under a name. */
export const savedViewSchema = z
  .object({
    name: z.string({ error: 'Tên bộ lọc là bắt buộc' }).trim().min(1, 'Tên bộ lọc là bắt buộc').max(60, 'Tên bộ lọc tối đa 60 ký tự'),
    query: z.string({ error: 'Bộ lọc không hợp lệ' }).max(1000, 'Bộ lọc quá dài'),
  })
  .strict();

/** `list:<resource>`: what a generic list shows for this user. */
export const listPreferenceSchema = z
  .object({
    /** the declared columns the user hid (a column declared later shows by default) */
    hidden: z.array(z.string().max(100), { error: 'Danh sách cột ẩn không hợp lệ' }).max(100, 'Danh sách cột ẩn quá dài').optional(),
    density: z.enum(DENSITIES, { error: 'Mật độ hiển thị phải là small, middle hoặc large' }).optional(),
    views: z
      .array(savedViewSchema, { error: 'Danh sách bộ lọc đã lưu không hợp lệ' })
      .max(SAVED_VIEWS_MAX, `Tối đa ${SAVED_VIEWS_MAX} bộ lọc đã lưu`)
      .refine((v) => new Set(v.map((x) => x.name)).size === v.length, 'Tên bộ lọc đã lưu bị trùng')
      .optional(),
  })
  .strict();
export type ListPreference = z.infer<typeof listPreferenceSchema>;
export type SavedView = z.infer<typeof savedViewSchema>;

export const PREFERENCE_KEY_RE = /^list:[a-z][a-z0-9-]{0,60}$/;

/** The schema of a preference key's value, or null when the key is not one of ours. */
export function preferenceSchemaOf(key: string): z.ZodType | null {
  return PREFERENCE_KEY_RE.test(key) ? listPreferenceSchema : null;
}
