import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { date, email, enumField, fieldSchemas, integer, phone, text, toFieldErrors } from './fields';

const fields = {
  name: text({ label: 'Tên', required: true, max: 10 }),
  email: email({ label: 'Email' }),
  phone: phone({ label: 'Số điện thoại' }),
  qty: integer({ label: 'Số lượng', min: 0 }),
  day: date({ label: 'Ngày' }),
  kind: enumField([{ value: 'a', label: 'A' }], { label: 'Loại' }),
};
const create = z.object(fieldSchemas(fields, 'create')).strict();
const errors = (v: unknown) => {
  const r = create.safeParse(v);
  return r.success ? [] : toFieldErrors(r.error.issues);
};

describe('field schemas', () => {
  it('gives Vietnamese messages per field', () => {
    expect(errors({ name: '  ', email: 'x@', phone: '123', qty: 1.5, day: '2025-01-01', kind: 'z', extra: 1 })).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Tên bắt buộc' },
        { field: 'email', message: 'Email không đúng định dạng' },
        { field: 'phone', message: 'Số điện thoại không đúng định dạng' },
        { field: 'qty', message: 'Số lượng phải là số nguyên' },
        { field: 'day', message: 'Ngày không đúng định dạng ngày' },
        { field: 'kind', message: 'Loại không hợp lệ' },
        { field: 'extra', message: 'Tham số không được hỗ trợ: extra' },
      ]),
    );
    expect(errors({})).toEqual([{ field: 'name', message: 'Tên bắt buộc' }]);
    expect(errors({ name: 'quá dài hơn mười ký tự' })).toEqual([{ field: 'name', message: 'Tên tối đa 10 ký tự' }]);
  });
  it('treats blank optional values as null and trims text', () => {
    const r = create.parse({ name: ' Lúa ', email: '', phone: '', day: '2025-01-01T00:00:00Z' });
    expect(r).toMatchObject({ name: 'Lúa', email: null, phone: null });
  });
});
