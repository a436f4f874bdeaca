import { describe, expect, it } from 'vitest';
import { slugify, unaccent } from './text';

describe('text', () => {
  it('removes Vietnamese accents, đ → d', () => {
    expect(unaccent('Cà phê Buôn Ma Thuột')).toBe('Ca phe Buon Ma Thuot');
    expect(unaccent('Đắk Lắk đường')).toBe('Dak Lak duong');
  });
  it('slugifies per the spec rule', () => {
    expect(slugify('Cà phê  Đắk Lắk!')).toBe('ca-phe-dak-lak');
    expect(slugify('  Nông nghiệp -- sạch  ')).toBe('nong-nghiep-sach');
    expect(slugify('Tôm & cá (2025)')).toBe('tom-ca-2025');
    expect(slugify('Đường đi Đà Lạt — mùa hoa 2026!')).toBe('duong-di-da-lat-mua-hoa-2026');
  });
});
