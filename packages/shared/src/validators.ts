/** Vietnamese identity and format rules (DOMAIN.md 'Identity and validation facts', spec §5). */
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** optional +84, 84 or 0; carrier prefix 3,5,7,8,9 then a digit; then 7 digits. */
export const PHONE_RE = /^(?:\+84|84|0)[35789]\d{8}$/;
/** a Vietnamese landline: 0, an area code starting with 2 (24 Hà Nội, 263 Lâm Đồng…), 11 digits in all */
export const LANDLINE_RE = /^02\d{9}$/;
export const USERNAME_RE = /^[A-Za-z0-9_.@]+$/;
export const CITIZEN_ID_RE = /^\d{12}$/;
export const TAX_CODE_RE = /^\d{10}(?:-\d{3})?$/;

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
  taxCode: 'Mã số thuế phải gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số cho chi nhánh',
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
  if (/^\+84\d{9,10}$/.test(s)) return `0${s.slice(3)}`;
  if (/^84\d{9}$/.test(s) || /^842\d{9}$/.test(s)) return `0${s.slice(2)}`;
  return s;
}

/** A mobile number (people: spec §5). */
export const isPhone = (v: string) => PHONE_RE.test(normalizePhone(v));
/** A mobile or a landline number (organisations: manufactures, distributors, works, contacts). */
export const isPhoneOrLandline = (v: string) => isPhone(v) || LANDLINE_RE.test(normalizePhone(v));
export const isUsername = (v: string) => USERNAME_RE.test(v);
export const isCitizenId = (v: string) => CITIZEN_ID_RE.test(v);
export const isTaxCode = (v: string) => TAX_CODE_RE.test(v);

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
