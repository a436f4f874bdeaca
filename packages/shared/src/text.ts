/** Removes Vietnamese diacritics; 'đ' becomes 'd'. Used for accent-insensitive search and slugs. */
export function unaccent(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
}

/** Tag slug rule of spec §3: lower-case, đ→d, accents removed, spaces→hyphens, non-word dropped, hyphens collapsed. */
export function slugify(s: string): string {
  return unaccent(s.toLowerCase())
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/_/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
