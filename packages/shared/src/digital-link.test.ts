import { describe, expect, it } from 'vitest';
import { digitalLinkUri, DIGITAL_LINK_MESSAGES as M, parseDigitalLink, toGtin14 } from './digital-link';

describe('GS1 Digital Link', () => {
  it('pads GTIN-8/12/13 to GTIN-14', () => {
    expect(toGtin14('0893123456789')).toBe('00893123456789');
    expect(toGtin14('96385074')).toBe('00000096385074');
    expect(toGtin14('123')).toBeNull();
  });

  it('parses GTIN, lot and serial in order', () => {
    expect(parseDigitalLink('/01/08931234567897')).toEqual({ ok: true, link: { gtin: '08931234567897' } });
    expect(parseDigitalLink('/01/8934588012112/10/LO-2024.1')).toEqual({ ok: true, link: { gtin: '08934588012112', lot: 'LO-2024.1' } });
    expect(parseDigitalLink('/01/8934588012112/10/L1/21/000123')).toEqual({
      ok: true,
      link: { gtin: '08934588012112', lot: 'L1', serial: '000123' },
    });
    expect(parseDigitalLink('/01/8934588012112/21/ABC')).toEqual({ ok: true, link: { gtin: '08934588012112', serial: 'ABC' } });
    expect(parseDigitalLink('/01/8934588012112/10/L%2F1')).toEqual({ ok: true, link: { gtin: '08934588012112', lot: 'L/1' } });
  });

  it('refuses a wrong check digit and malformed paths', () => {
    expect(parseDigitalLink('/01/8934588012113/10/L1')).toEqual({ ok: false, message: M.checkDigit });
    expect(parseDigitalLink('/01/08931234567890')).toEqual({ ok: false, message: M.checkDigit });
    expect(parseDigitalLink('/01/12345/10/L1')).toEqual({ ok: false, message: M.gtin });
    expect(parseDigitalLink('/01/8934588012112/21/S/10/L')).toEqual({ ok: false, message: M.shape });
    expect(parseDigitalLink('/01/8934588012112/10/')).toEqual({ ok: false, message: M.shape });
    expect(parseDigitalLink('/01/8934588012112/10/ABCDEFGHIJKLMNOPQRSTU')).toEqual({ ok: false, message: M.lot });
    expect(parseDigitalLink('/01/8934588012112/10/c%C3%A0')).toEqual({ ok: false, message: M.lot });
    expect(parseDigitalLink('/01/8934588012112/10/%E0')).toEqual({ ok: false, message: M.lot });
    expect(parseDigitalLink('/02/8934588012112')).toEqual({ ok: false, message: M.shape });
  });

  it('writes URIs that parse back', () => {
    const uri = digitalLinkUri('https://x.vn', { gtin: '8934588012112', lot: 'L/1', serial: '7' });
    expect(uri).toBe('https://x.vn/01/08934588012112/10/L%2F1/21/7');
    expect(parseDigitalLink(uri.slice('https://x.vn'.length))).toEqual({ ok: true, link: { gtin: '08934588012112', lot: 'L/1', serial: '7' } });
  });
});
