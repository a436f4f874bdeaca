/** An error with an HTTP status equal to the envelope code and a Vietnamese message. */
export class AppError extends Error {
  constructor(
    public status: number,
    message: string,
    public data: unknown = null,
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type FieldError = { field: string; message: string };

export const badRequest = (errors: FieldError[], message = 'Dữ liệu không hợp lệ') => new AppError(400, message, { errors });
export const fieldError = (field: string, message: string) => badRequest([{ field, message }], message);
export const unauthorized = (message = 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn, vui lòng đăng nhập lại') => new AppError(401, message);
export const forbidden = (message = 'Bạn không có quyền thực hiện thao tác này') => new AppError(403, message);
export const notFound = (message = 'Không tìm thấy dữ liệu') => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field ? { errors: [{ field, message }] } : null);
export const tooMany = (retryAfterSeconds: number, message = 'Bạn đã thử quá nhiều lần, vui lòng thử lại sau') =>
  new AppError(429, message, { retry_after: retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });

export const envelope = (code: number, message: string, data: unknown = null) => ({ code, message, data });
