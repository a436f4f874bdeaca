/** Vietnamese identity and format rules (DOMAIN.md 'Identity and validation facts', spec §5). */
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/**
 * A mobile number in its stored form: 0, a carrier prefix assigned since the 2018 renumbering (DOMAIN.md:
 * 32–39, 52, 55, 56, 58, 59, 70, 76–79, 81–89, 90–94, 96–99), then 7 digits.
 */
export const PHONE_RE = /^0(?:3[2-9]|5[25689]|7[06-9]|8[1-9]|9[0-46-9])\d{7}$/;
/** The shape rows stored before the carrier prefixes were checked still have (kept readable, never rewritten). */
export const LEGACY_PHONE_RE = /^(?:\+84|84|0)[35789]\d{8}$/;
/** a Vietnamese landline: 0, an area code starting with 2 (24 Hà Nội, 263 Lâm Đồng…), 11 digits in all */
export const LANDLINE_RE = /^02\d{9}$/;
export const USERNAME_RE = /^[A-Za-z0-9_.@]+$/;
export const CITIZEN_ID_RE = /^\d{12}$/;
/** The shape of a tax code before its check digit was checked: 10 digits, a branch, or a 12-digit personal ID. */
export const TAX_CODE_RE = /^(?:\d{10}(?:-?\d{3})?|\d{12})$/;

/**
 * Province codes of birth registration that open a CCCD (Thông tư 07/2016/TT-BCA, kept by Thông tư
 * 59/2021/TT-BCA): the 63 provinces before 2025, numbered 001–096 with gaps.
 */
export const CCCD_PROVINCE_CODES: ReadonlySet<string> = new Set(
  (
    '001 002 004 006 008 010 011 012 014 015 017 019 020 022 024 025 026 027 030 031 033 034 035 036 037 038 040 042 044 045 046 048 049 ' +
    '051 052 054 056 058 060 062 064 066 067 068 070 072 074 075 077 079 080 082 083 084 086 087 089 091 092 093 094 095 096'
  ).split(' '),
);

/** Weights of the tax code's check digit over its first nine digits. */
const TAX_WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3];

/** The check digit of a 10-digit tax code from its first nine digits; null when the remainder makes it 10 (no such code). */
export function taxCheckDigit(nine: string): number | null {
  const sum = TAX_WEIGHTS.reduce((a, w, i) => a + w * Number(nine[i]), 0);
  const n = 10 - (sum % 11);
  return n === 10 ? null : n;
}

/** A valid 10-digit tax code from nine digits (test data, samples); null when those nine take no check digit. */
export function withTaxCheckDigit(nine: string): string | null {
  const d = taxCheckDigit(nine);
  return d === null ? null : nine + d;
}

export const MESSAGES = {
  bidi: (label: string) => `${label} chứa ký tự điều khiển hướng chữ không được phép`,
  invisible: (label: string) => `${label} không được chỉ gồm ký tự vô hình`,
  nul: 'Dữ liệu không được chứa ký tự NUL (\\0)',
  badEncoding: 'Dữ liệu chứa ký tự không hợp lệ: văn bản phải được mã hóa UTF-8 đúng chuẩn',
  required: (label: string) => `${label} bắt buộc`,
  email: 'Email không đúng định dạng',
  phone: 'Số điện thoại không đúng định dạng',
  phoneOrLandline: 'Số điện thoại không đúng định dạng (di động 10 chữ số, hoặc cố định 11 chữ số bắt đầu bằng 02)',
  username: 'Tên đăng nhập chỉ gồm chữ, số, dấu gạch dưới, dấu chấm và @',
  citizenId: 'Số CCCD phải gồm 12 chữ số',
  citizenIdProvince: (label: string, code: string) =>
    `${label}: 3 chữ số đầu phải là mã tỉnh/thành phố nơi đăng ký khai sinh (001–096 theo Thông tư 07/2016/TT-BCA); '${code}' không phải mã tỉnh`,
  taxCode: 'Mã số thuế phải gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số cho chi nhánh',
  taxCodeShape: (label: string) =>
    `${label} phải gồm 10 chữ số, 13 chữ số (10 chữ số và 3 chữ số chi nhánh, có thể có dấu gạch ngang), hoặc 12 chữ số (số định danh cá nhân)`,
  taxCodeCheck: (label: string, expected: number) =>
    `${label} sai chữ số kiểm tra: chữ số thứ 10 phải là ${expected} (trọng số 31, 29, 23, 19, 17, 13, 7, 5, 3)`,
  taxCodeNoCheck: (label: string) => `${label} không hợp lệ: 9 chữ số đầu cho chữ số kiểm tra bằng 10, không có mã số thuế nào như vậy`,
  taxCodePersonal: (label: string, code: string) =>
    `${label} 12 chữ số phải là số định danh cá nhân: 3 chữ số đầu phải là mã tỉnh nơi đăng ký khai sinh; '${code}' không phải mã tỉnh`,
  phonePrefix: (label: string, prefix: string) =>
    `${label}: đầu số ${prefix} chưa được cấp cho mạng di động (đầu số hợp lệ: 032–039, 052, 055, 056, 058, 059, 070, 076–079, 081–089, 090–094, 096–099)`,
  gtin: 'Mã vạch GTIN không hợp lệ (8, 12, 13 hoặc 14 chữ số với số kiểm tra đúng)',
  maxLength: (label: string, n: number) => `${label} tối đa ${n} ký tự`,
  minLength: (label: string, n: number) => `${label} tối thiểu ${n} ký tự`,
  min: (label: string, n: number) => `${label} phải lớn hơn hoặc bằng ${n}`,
  max: (label: string, n: number) => `${label} phải nhỏ hơn hoặc bằng ${n}`,
  integer: (label: string) => `${label} phải là số nguyên`,
  number: (label: string) => `${label} phải là số`,
  date: (label: string) => `${label} không đúng định dạng ngày`,
  enum: (label: string) => `${label} không hợp lệ`,
  invalid: (label: string) => `${label} không hợp lệ`,
  unknown: (key: string) => `Tham số không được hỗ trợ: ${key}`,
  password: 'Mật khẩu phải từ 8 đến 128 ký tự',
  upload: 'Tệp phải được tải lên qua hệ thống',
  uploadImage: 'Tệp phải là ảnh JPEG, PNG, WebP hoặc GIF',
};

export const isEmail = (v: string) => EMAIL_RE.test(v);
/** Longest phone input taken (with the separators people type); the stored form is 10 digits. */
export const PHONE_INPUT_MAX = 20;

/**
 * The one stored form of a phone number: 10 digits starting with 0. Spaces, dots and dashes typed
 * between digits go, and the country code becomes the leading 0 ('+84 912.345-678' → '0912345678'),
 * so a number typed two ways is one number for unique checks and searches.
 */
export function normalizePhone(v: string): string {
  const s = v.trim().replace(/[\s.()-]/g, '');
  if (/^0084\d{9,10}$/.test(s)) return `0${s.slice(4)}`;
  if (/^\+84\d{9,10}$/.test(s)) return `0${s.slice(3)}`;
  if (/^84\d{9}$/.test(s) || /^842\d{9}$/.test(s)) return `0${s.slice(2)}`;
  return s;
}

/** A mobile number (people: spec §5). */
export const isPhone = (v: string) => PHONE_RE.test(normalizePhone(v));
/** A mobile or a landline number (organisations: manufactures, distributors, works, contacts). */
export const isPhoneOrLandline = (v: string) => isPhone(v) || LANDLINE_RE.test(normalizePhone(v));
export const isUsername = (v: string) => USERNAME_RE.test(v);
export const isCitizenId = (v: string) => citizenIdProblem(v) === null;
export const isTaxCode = (v: string) => taxCodeProblem(v) === null;

/** Why a CCCD number is refused (a Vietnamese message naming the field and the rule), or null. */
export function citizenIdProblem(v: string, label = 'Số CCCD'): string | null {
  if (!CITIZEN_ID_RE.test(v)) return label === 'Số CCCD' ? MESSAGES.citizenId : `${label} phải gồm 12 chữ số`;
  if (!CCCD_PROVINCE_CODES.has(v.slice(0, 3))) return MESSAGES.citizenIdProvince(label, v.slice(0, 3));
  return null;
}

/**
 * Why a tax code is refused, or null: 10 digits with the check digit, the same + a 3-digit branch
 * (`0100109106-001` or 13 digits), or since 01/07/2025 a person's 12-digit ID number.
 */
export function taxCodeProblem(v: string, label = 'Mã số thuế'): string | null {
  if (!TAX_CODE_RE.test(v)) return MESSAGES.taxCodeShape(label);
  if (/^\d{12}$/.test(v)) return CCCD_PROVINCE_CODES.has(v.slice(0, 3)) ? null : MESSAGES.taxCodePersonal(label, v.slice(0, 3));
  const check = taxCheckDigit(v.slice(0, 9));
  if (check === null) return MESSAGES.taxCodeNoCheck(label);
  if (check !== Number(v[9])) return MESSAGES.taxCodeCheck(label, check);
  return null;
}

/** Why a phone number is refused (after normalizePhone), or null; `landline` also takes 02 + area code. */
export function phoneProblem(v: string, label = 'Số điện thoại', landline = false): string | null {
  const s = normalizePhone(v);
  if (PHONE_RE.test(s) || (landline && LANDLINE_RE.test(s))) return null;
  if (/^0[1-9]\d{8}$/.test(s)) return MESSAGES.phonePrefix(label, s.slice(0, 3));
  const what = landline ? MESSAGES.phoneOrLandline : MESSAGES.phone;
  return label === 'Số điện thoại' ? what : what.replace('Số điện thoại', label);
}

/** The GS1 check digit of a GTIN body (its digits without the check digit). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  body
    .split('')
    .reverse()
    .forEach((d, i) => {
      sum += Number(d) * (i % 2 === 0 ? 3 : 1);
    });
  return (10 - (sum % 10)) % 10;
}

/** A GTIN from its body: '893123456789' → '8931234567894' (GTIN-13 with Vietnam's GS1 prefix). */
export const withGs1CheckDigit = (body: string) => body + gs1CheckDigit(body);

/** GS1 check digit over GTIN-8/12/13/14. */
export function isGtin(v: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(v)) return false;
  return gs1CheckDigit(v.slice(0, -1)) === Number(v[v.length - 1]);
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const isPassword = (v: string) => v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX;
