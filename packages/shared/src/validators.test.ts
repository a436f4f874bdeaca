import { describe, expect, it } from 'vitest';
import { fieldSchema, phone } from './fields';
import { isCitizenId, isEmail, isGtin, isPhone, isPhoneOrLandline, isTaxCode, isUsername, normalizePhone, withGs1CheckDigit } from './validators';

describe('Vietnamese identity rules', () => {
  it('phones: +84, 84 or 0, a carrier prefix, then 7 digits', () => {
    for (const ok of ['0912345678', '+84912345678', '84912345678', '0387654321', '0567890123', '0701234567', '0812345678']) expect(isPhone(ok), ok).toBe(true);
    for (const bad of ['0212345678', '091234567', '09123456789', '+8491234567a', '912345678', '0612345678', '']) expect(isPhone(bad), bad).toBe(false);
  });
  it('phones are stored in one form: 0 + 9 digits, without the separators people type', () => {
    for (const typed of ['0912 345 678', '0912.345.678', '0912-345-678', ' +84 912 345 678 ', '84912345678', '+84912345678'])
      expect(normalizePhone(typed), typed).toBe('0912345678');
    const s = fieldSchema(phone({ label: 'Số điện thoại' }), 'create');
    expect(s.parse('+84 912.345.678')).toBe('0912345678');
    expect(s.safeParse('0912 345 678 0000 0000 0000').error?.issues[0].message).toBe('Số điện thoại tối đa 20 ký tự');
    expect(s.safeParse('0912_345_678').error?.issues[0].message).toBe('Số điện thoại không đúng định dạng');
  });
  it("organisations' phones also take landlines: 0 + an area code starting with 2, 11 digits", () => {
    for (const ok of ['02633822123', '0263 3822 123', '(0263) 3822.123', '+84 263 3822 123', '842838221234', '02438221234', '0912345678'])
      expect(isPhoneOrLandline(ok), ok).toBe(true);
    for (const bad of ['0263382212', '026338221234', '03633822123', '1263382212', '']) expect(isPhoneOrLandline(bad), bad).toBe(false);
    expect(normalizePhone('+84 263 3822 123')).toBe('02633822123');
    const people = fieldSchema(phone({ label: 'Số điện thoại' }), 'create');
    expect(people.safeParse('02633822123').success).toBe(false);
    const org = fieldSchema(phone({ label: 'Số điện thoại', landline: true }), 'create');
    expect(org.parse('0263 3822 123')).toBe('02633822123');
    expect(org.safeParse('0263').error?.issues[0].message).toMatch(/cố định 11 chữ số/);
  });
  it('e-mail, username, CCCD, tax code', () => {
    expect(isEmail('can.bo@phuong.gov.vn')).toBe(true);
    expect(isEmail('khong-hop-le@')).toBe(false);
    expect(isUsername('nguyen.van_a@hcm')).toBe(true);
    expect(isUsername('nguyễn văn')).toBe(false);
    expect(isCitizenId('079203001234')).toBe(true);
    expect(isCitizenId('07920300123')).toBe(false);
    expect(isTaxCode('0312345678')).toBe(true);
    expect(isTaxCode('0312345678-001')).toBe(true);
    expect(isTaxCode('0312345678-01')).toBe(false);
  });
  it('GTIN check digits (GS1)', () => {
    expect(isGtin('8934588012112')).toBe(true);
    expect(isGtin('8934588012113')).toBe(false);
    expect(isGtin('96385074')).toBe(true);
    expect(isGtin('036000291452')).toBe(true);
    expect(isGtin('10012345678902')).toBe(true);
    expect(isGtin('893458801211')).toBe(false);
    expect(isGtin('abc')).toBe(false);
    expect(withGs1CheckDigit('893458801211')).toBe('8934588012112');
    expect(isGtin(withGs1CheckDigit('8934563138'.padEnd(12, '7')))).toBe(true);
  });
});
