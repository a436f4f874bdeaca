import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@nns/shared';
import { z } from 'zod';

/** A required string whose messages are Vietnamese: '{label} bắt buộc' when missing or blank. */
export const requiredString = (label: string, max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? MESSAGES.required(label) : MESSAGES.invalid(label)) })
    .min(1, MESSAGES.required(label))
    .max(max, MESSAGES.maxLength(label, max))
    .refine((v) => v.trim() !== '', MESSAGES.required(label));

/** A new password: 8 to 128 characters (not trimmed: spaces are characters of a passphrase). */
export const newPassword = (label = 'Mật khẩu') =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? MESSAGES.required(label) : MESSAGES.invalid(label)) })
    .min(1, MESSAGES.required(label))
    .min(PASSWORD_MIN, MESSAGES.password)
    .max(PASSWORD_MAX, MESSAGES.password);

export const MSG = {
  badCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng',
  locked: 'Tài khoản đã bị khóa, vui lòng liên hệ quản trị viên',
  tooManyLogins: 'Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau',
  challengeRequired: 'Tài khoản đang bị thử mật khẩu nhiều lần: trình duyệt cần giải một thử thách ngắn trước khi đăng nhập',
  badChallenge: 'Thử thách đăng nhập không hợp lệ hoặc đã hết hạn, vui lòng thử lại',
  tooManyResets: 'Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần, vui lòng thử lại sau',
  tooManyChanges: 'Bạn đã nhập sai mật khẩu hiện tại quá nhiều lần, vui lòng thử lại sau',
  wrongOldPassword: 'Mật khẩu hiện tại không đúng',
  samePassword: 'Mật khẩu mới phải khác mật khẩu hiện tại',
  confirmMismatch: 'Xác nhận mật khẩu không khớp',
  emailTaken: 'Email đã được sử dụng bởi tài khoản khác',
  resetSent: 'Nếu email thuộc một tài khoản trong hệ thống, chúng tôi đã gửi hướng dẫn đặt lại mật khẩu tới email đó',
  resetInvalid: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn',
  resetDone: 'Đặt lại mật khẩu thành công, vui lòng đăng nhập bằng mật khẩu mới',
  userNotFound: 'Không tìm thấy người dùng',
};
