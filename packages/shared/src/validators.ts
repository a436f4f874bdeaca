/** Vietnamese identity and format rules (DOMAIN.md 'Identity and validation facts', spec §5). */
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** optional +84, 84 or 0; carrier prefix 3,5,7,8,9 then a digit; then 7 digits. */
export const PHONE_RE = /^(?:\+84|84|0)[35789]\d{8}$/;
export const USERNAME_RE = /^[A-Za-z0-9_.@]+$/;
export const CITIZEN_ID_RE = /^\d{12}$/;
export const TAX_CODE_RE = /^\d{10}(?:-\d{3})?$/;

export const MESSAGES = {
  required: (label: string) => `${label} bắt buộc`,
  email: 'Email không đúng định dạng',
  phone: 'Số điện thoại không đúng định dạng',
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
};

export const isEmail = (v: string) => EMAIL_RE.test(v);
export const isPhone = (v: string) => PHONE_RE.test(v.replace(/[\s.]/g, ''));
export const isUsername = (v: string) => USERNAME_RE.test(v);
export const isCitizenId = (v: string) => CITIZEN_ID_RE.test(v);
export const isTaxCode = (v: string) => TAX_CODE_RE.test(v);

/** GS1 check digit over GTIN-8/12/13/14. */
export function isGtin(v: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(v)) return false;
  const digits = v.split('').map(Number);
  const check = digits.pop() as number;
  let sum = 0;
  digits.reverse().forEach((d, i) => {
    sum += d * (i % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10 === check;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const isPassword = (v: string) => v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX;
