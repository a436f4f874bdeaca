import { describe, expect, it } from 'vitest';
import { fieldSchema, phone, text } from './fields';
import {
  citizenIdProblem,
  isCitizenId,
  isEmail,
  isGtin,
  isPhone,
  isPhoneOrLandline,
  isTaxCode,
  isUsername,
  normalizePhone,
  phoneProblem,
  taxCheckDigit,
  taxCodeProblem,
  withGs1CheckDigit,
} from './validators';

describe('Vietnamese identity rules', () => {
  it('phones: +84, 84 or 0, a carrier prefix, then 7 digits', () => {
    for (const ok of ['0912345678', '+84912345678', '84912345678', '0387654321', '0567890123', '0701234567', '0812345678', '0084912345678'])
      expect(isPhone(ok), ok).toBe(true);
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
    for (const bad of ['0263382212', '026338221234', '03633822123', '1263382212', '0952345678', '']) expect(isPhoneOrLandline(bad), bad).toBe(false);
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
    expect(isTaxCode('0312345673')).toBe(true);
    expect(isTaxCode('0312345673-001')).toBe(true);
    expect(isTaxCode('0312345673-01')).toBe(false);
  });
  it('tax codes carry their check digit: weights 31…3 over nine digits, N10 = 10 − (Σ mod 11)', () => {
    // published codes: Viettel, Vietcombank, Vietnam Airlines, FPT, Vinamilk; DOMAIN.md's example 0100109106
    for (const ok of ['0100109106', '0100112437', '0100107518', '0101248141', '0300588569']) expect(taxCodeProblem(ok), ok).toBeNull();
    expect(taxCheckDigit('010010910')).toBe(6);
    expect(taxCodeProblem('0100109107')).toBe('Mã số thuế sai chữ số kiểm tra: chữ số thứ 10 phải là 6 (trọng số 31, 29, 23, 19, 17, 13, 7, 5, 3)');
    for (const bad of ['0300588568', '0101248142', '0312345678']) expect(isTaxCode(bad), bad).toBe(false);
    // Σ mod 11 = 0 gives 10: no digit can stand there, whatever the tenth digit is
    expect(taxCheckDigit('100000008')).toBeNull();
    for (let d = 0; d <= 9; d++) expect(taxCodeProblem(`100000008${d}`)).toMatch(/chữ số kiểm tra bằng 10/);
  });
  it('the 13-digit branch form is a valid 10-digit code and 3 digits, with or without the dash', () => {
    for (const ok of ['0100109106-001', '0100109106001', '0300588569-012']) expect(taxCodeProblem(ok), ok).toBeNull();
    expect(taxCodeProblem('0100109107-001')).toMatch(/sai chữ số kiểm tra/);
    for (const bad of ['0100109106-01', '0100109106-0011', '01001091060', '0100109106 001', 'MST0100109106'])
      expect(taxCodeProblem(bad, 'Mã số thuế'), bad).toMatch(/^Mã số thuế phải gồm 10 chữ số, 13 chữ số/);
  });
  it("since 01/07/2025 a person's 12-digit ID number is a personal tax code", () => {
    expect(taxCodeProblem('079203001234')).toBeNull();
    expect(taxCodeProblem('068192004518')).toBeNull();
    expect(taxCodeProblem('003203001234')).toBe(
      "Mã số thuế 12 chữ số phải là số định danh cá nhân: 3 chữ số đầu phải là mã tỉnh nơi đăng ký khai sinh; '003' không phải mã tỉnh",
    );
    expect(taxCodeProblem('12345678901')).toMatch(/phải gồm 10 chữ số/);
  });
  it("a CCCD's first three digits are a province code of Thông tư 07/2016/TT-BCA", () => {
    for (const ok of ['001099012345', '079203001234', '096185000001', '068192004518', '048300000123']) expect(citizenIdProblem(ok), ok).toBeNull();
    for (const bad of ['000203001234', '003203001234', '050203001234', '097203001234', '999203001234'])
      expect(citizenIdProblem(bad), bad).toMatch(/không phải mã tỉnh/);
    expect(citizenIdProblem('07920300123')).toBe('Số CCCD phải gồm 12 chữ số');
    const s = fieldSchema(text({ label: 'Số CCCD của chủ hộ', format: 'citizen_id' }), 'create');
    expect(s.safeParse('097203001234').error?.issues[0].message).toBe(
      "Số CCCD của chủ hộ: 3 chữ số đầu phải là mã tỉnh/thành phố nơi đăng ký khai sinh (001–096 theo Thông tư 07/2016/TT-BCA); '097' không phải mã tỉnh",
    );
  });
  it('mobile numbers take only assigned carrier prefixes; 0084 is read and stored as 0…', () => {
    const assigned = ['32', '33', '34', '35', '36', '37', '38', '39', '52', '55', '56', '58', '59', '70', '76', '77', '78', '79'];
    assigned.push('81', '82', '83', '84', '85', '86', '87', '88', '89', '90', '91', '92', '93', '94', '96', '97', '98', '99');
    for (const p of assigned) expect(isPhone(`0${p}1234567`), p).toBe(true);
    for (const p of ['30', '31', '50', '51', '53', '54', '57', '71', '72', '73', '74', '75', '80', '95']) {
      expect(isPhone(`0${p}1234567`), p).toBe(false);
      expect(phoneProblem(`0${p}1234567`, 'Số điện thoại')).toMatch(new RegExp(`^Số điện thoại: đầu số 0${p} chưa được cấp cho mạng di động`));
    }
    for (const typed of ['0084912345678', '0084 912 345 678', '+84912345678', '84912345678']) expect(normalizePhone(typed), typed).toBe('0912345678');
    expect(isPhone('0084912345678')).toBe(true);
    expect(isPhone('0084952345678')).toBe(false);
    expect(normalizePhone('0084 263 3822 123')).toBe('02633822123');
    const s = fieldSchema(phone({ label: 'Đường dây nóng' }), 'create');
    expect(s.parse('0084 912 345 678')).toBe('0912345678');
    expect(s.safeParse('0712345678').error?.issues[0].message).toMatch(/^Đường dây nóng: đầu số 071/);
  });
  it('an update keeps accepting the older shape (rows stored before the rules); a create does not', () => {
    const f = text({ label: 'Mã số thuế', format: 'tax_code' });
    expect(fieldSchema(f, 'update').safeParse('0312345678').success).toBe(true);
    expect(fieldSchema(f, 'update').safeParse('031234567').success).toBe(false);
    expect(fieldSchema(f, 'create').safeParse('0312345678').success).toBe(false);
    expect(fieldSchema(phone({ label: 'Số điện thoại' }), 'update').safeParse('0952345678').success).toBe(true);
    expect(fieldSchema(phone({ label: 'Số điện thoại' }), 'update').safeParse('0612345678').success).toBe(false);
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
