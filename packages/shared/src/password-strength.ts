import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english, translations } from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX, PASSWORD_MIN } from './validators';

/**
 * How guessable a password is, by zxcvbn-ts (the kept TypeScript port of Dropbox's zxcvbn): common
 * passwords, English words and names, keyboard walks, dates, repeats, l33t, plus a small Vietnamese
 * list (there is no Vietnamese dictionary package) and the user's own name, username, email and phone.
 * One function for the server's policy (apps/api/src/core/passwords.ts) and the web's meter, so both
 * say the same thing.
 */

/** Common Vietnamese passwords and words people build them from (written without diacritics, as typed). */
export const VIETNAMESE_WORDS = [
  'matkhau',
  'matkhaumoi',
  'anhyeuem',
  'emyeuanh',
  'yeuem',
  'yeuanh',
  'iloveyou',
  'nongnghiep',
  'nongnghiepso',
  'vietnam',
  'vietnamoi',
  'hanoi',
  'saigon',
  'hochiminh',
  'danang',
  'haiphong',
  'cantho',
  'quantri',
  'quantrivien',
  'admin',
  'canbo',
  'phuong',
  'xaphuong',
  'nongdan',
  'caphe',
  'lua',
  'gao',
  'xinchao',
  'chaoban',
  'thanhcong',
  'hanhphuc',
  'tinhyeu',
  'giadinh',
  'baove',
  'baomat',
  'nguyen',
  'tran',
  'le',
  'pham',
  'hoang',
  'huynh',
  'phan',
  'vu',
  'vo',
  'dang',
  'bui',
  'do',
  'ho',
  'ngo',
  'duong',
  'ly',
  'minh',
  'anh',
  'linh',
  'huong',
  'hung',
  'dung',
  'tuan',
  'thanh',
  'trang',
  'ngoc',
  'lan',
  'mai',
  'hoa',
  'nam',
  'long',
  'hai',
  'quang',
  'son',
  'thuy',
  '123456a@',
  '123456aa',
  'a123456',
  'abc123',
  'qwerty123',
  '12345678a',
];

export type PasswordLevel = 'weak' | 'medium' | 'strong';

/**
 * zxcvbn's 0–4 score from which a password is accepted: 2 ("somewhat guessable", at least 10^6 guesses,
 * enough against online guessing, which sign-in throttles; 3 would refuse 8 random characters).
 */
export const MIN_PASSWORD_SCORE = 2;

export const PASSWORD_LEVEL_LABELS: Record<PasswordLevel, string> = { weak: 'Yếu', medium: 'Trung bình', strong: 'Mạnh' };

export const PASSWORD_WEAK_MESSAGE =
  'Mật khẩu quá dễ đoán (mật khẩu phổ biến, từ thông dụng, chuỗi lặp hoặc theo bàn phím); hãy dùng cụm dài hơn, trộn chữ hoa, chữ thường, số và ký hiệu';
export const PASSWORD_PERSONAL_MESSAGE = 'Mật khẩu không được dựa trên họ tên, tên đăng nhập, email hoặc số điện thoại của tài khoản';

let factory: ZxcvbnFactory | null = null;
const zxcvbn = () => {
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...common, ...english, vietnamese: VIETNAMESE_WORDS },
  });
  return factory;
};

/** The pieces of an account a password must not be built from: the full name word by word, the email's local part too. */
export function personalInputs(user: { username?: unknown; full_name?: unknown; email?: unknown; phone?: unknown }): string[] {
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v !== 'string') return;
    const s = v
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      .trim();
    if (s.length >= 3) out.add(s);
  };
  add(user.username);
  add(user.phone);
  if (typeof user.email === 'string') {
    add(user.email);
    add(user.email.split('@')[0]);
  }
  if (typeof user.full_name === 'string') {
    add(user.full_name.replace(/\s+/g, ''));
    for (const w of user.full_name.split(/\s+/)) add(w);
  }
  return [...out];
}

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  level: PasswordLevel;
  /** accepted by the policy */
  ok: boolean;
  /** why it is refused, in Vietnamese (null when accepted) */
  message: string | null;
}

/** The strength of `password` for an account described by `inputs` (see personalInputs). */
export function passwordStrength(password: string, inputs: string[] = []): PasswordStrength {
  const r: ZxcvbnResult = zxcvbn().check(password.slice(0, PASSWORD_MAX), inputs);
  const score = r.score as PasswordStrength['score'];
  const lengthOk = password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
  const ok = lengthOk && score >= MIN_PASSWORD_SCORE;
  const personal = r.sequence.some((m) => m.pattern === 'dictionary' && (m as { dictionaryName?: string }).dictionaryName === 'userInputs');
  let message: string | null = null;
  if (!lengthOk) message = 'Mật khẩu phải từ 8 đến 128 ký tự';
  else if (!ok) message = personal ? PASSWORD_PERSONAL_MESSAGE : PASSWORD_WEAK_MESSAGE;
  // weak: refused; medium: accepted; strong: 3 and 4 ("safely unguessable")
  return { score, level: !ok ? 'weak' : score >= 3 ? 'strong' : 'medium', ok, message };
}
