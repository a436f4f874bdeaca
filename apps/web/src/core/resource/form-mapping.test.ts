import { bool, date, datetime, defineResource, enumField, float, images, integer, money, password, ref, refs, text, textarea } from '@nns/shared';
import notificationsDef from '@nns/shared/resources/notifications';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { enumChoices, parseNumber, scopeDefaults, serverFieldErrors, toAntdFields, toFormValues, toRequestBody, validateBody } from './form-mapping';

const def = defineResource({
  name: 'farms',
  subject: 'products',
  label: 'Trang trại',
  area: 'catalog',
  fields: {
    name: text({ label: 'Tên', required: true, max: 10 }),
    note: textarea({ label: 'Ghi chú' }),
    secret: password({ label: 'Mật khẩu', min: 8 }),
    price: money({ label: 'Giá' }),
    planted_on: date({ label: 'Ngày trồng' }),
    checked_at: datetime({ label: 'Kiểm tra lúc' }),
    kind: enumField(
      [
        { value: 1, label: 'Một' },
        { value: 2, label: 'Hai' },
      ],
      { label: 'Loại' },
    ),
    role_id: ref('roles', { label: 'Vai trò' }),
    tag_ids: refs('tags', { label: 'Thẻ' }),
    photos: images({ label: 'Ảnh' }),
    is_active: bool({ label: 'Hoạt động', default: true }),
    code: text({ label: 'Mã', readOnly: true }),
  },
});

const record = {
  id: 7,
  name: 'Cà phê',
  note: null,
  price: 1250000,
  planted_on: '2025-03-09T00:00:00Z',
  checked_at: '2025-03-09T17:30:00.000Z',
  kind: 2,
  role_id: 3,
  role: { id: 3, name: 'Quản trị' },
  tag_items: [
    { id: 4, name: 'a' },
    { id: 5, name: 'b' },
  ],
  photos: ['/uploads/a.jpg'],
  is_active: false,
  code: 'X1',
};

describe('record → form values', () => {
  it('turns dates into calendar days, refs into ids and drops server-only fields', () => {
    const v = toFormValues(def, record);
    expect(dayjs.isDayjs(v.planted_on) && (v.planted_on as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('2025-03-09');
    // the picker shows the instant at UTC+7
    expect((v.checked_at as dayjs.Dayjs).format('DD/MM/YYYY HH:mm')).toBe('10/03/2025 00:30');
    expect(v.role_id).toBe(3);
    expect(v.tag_ids).toEqual([4, 5]);
    expect(v.secret).toBeUndefined();
    expect(v.note).toBeUndefined();
    expect(v.is_active).toBe(false);
    expect('code' in v).toBe(false);
  });

  it('treats zero dates as empty and gives declared defaults to a new record', () => {
    expect(toFormValues(def, { ...record, planted_on: '0001-01-01T00:00:00Z' }).planted_on).toBeUndefined();
    const blank = toFormValues(def, null);
    expect(blank.is_active).toBe(true);
    expect(blank.tag_ids).toEqual([]);
  });
});

describe('form values → request body', () => {
  it('sends dates at midnight UTC, datetimes as ISO, blanks as null and keeps numbers', () => {
    const v = toFormValues(def, record);
    const body = toRequestBody(def, { ...v, note: '   ', price: '1.250.000' }, 'update');
    expect(body).toEqual({
      name: 'Cà phê',
      note: null,
      price: 1250000,
      planted_on: '2025-03-09T00:00:00Z',
      checked_at: '2025-03-09T17:30:00.000Z',
      kind: 2,
      role_id: 3,
      tag_ids: [4, 5],
      photos: ['/uploads/a.jpg'],
      is_active: false,
    });
    expect(validateBody(def, body, 'update')).toEqual({});
  });

  it('leaves an empty password out and sends a typed one', () => {
    expect('secret' in toRequestBody(def, { name: 'a', secret: '' }, 'create')).toBe(false);
    expect(toRequestBody(def, { name: 'a', secret: 'Abcdef12' }, 'create').secret).toBe('Abcdef12');
  });

  it('a date picked as a string still travels at midnight UTC; an empty ref is null', () => {
    const body = toRequestBody(def, { name: 'a', planted_on: '2024-12-31', role_id: '' }, 'create');
    expect(body.planted_on).toBe('2024-12-31T00:00:00Z');
    expect(body.role_id).toBeNull();
    expect(body.is_active).toBe(true);
  });

  it('passes hand-written sections through `extra`', () => {
    expect(toRequestBody(def, { name: 'a', lines: [1] }, 'create', ['lines']).lines).toEqual([1]);
  });
});

describe('numbers typed the Vietnamese way', () => {
  it('money and integers: dots group thousands', () => {
    expect(parseNumber('1.500.000', 'money')).toBe(1500000);
    expect(parseNumber('1.500.000 ₫', 'money')).toBe(1500000);
    expect(parseNumber('1.500', 'integer')).toBe(1500);
    expect(parseNumber('250000', 'money')).toBe(250000);
    expect(parseNumber('-12', 'integer')).toBe(-12);
  });

  it('floats: a comma or a lone dot is the decimal mark', () => {
    expect(parseNumber('1,5', 'float')).toBe(1.5);
    expect(parseNumber('1.5', 'float')).toBe(1.5);
    expect(parseNumber('10.762', 'float')).toBe(10.762);
    expect(parseNumber('106,6602', 'float')).toBe(106.6602);
    expect(parseNumber('1.500,25', 'float')).toBe(1500.25);
    expect(parseNumber('1.500.000', 'float')).toBe(1500000);
    expect(parseNumber(7.25, 'float')).toBe(7.25);
  });

  it('a decimal in an integer field stays a decimal (validation then says so), never a bigger number', () => {
    expect(parseNumber('1.5', 'integer')).toBe(1.5);
    expect(parseNumber('1,5', 'money')).toBe(1.5);
  });

  it('blanks are null; text that is not a number is left for validation to name', () => {
    expect(parseNumber('', 'integer')).toBeNull();
    expect(parseNumber('  ', 'float')).toBeNull();
    expect(parseNumber('abc', 'float')).toBe('abc');
    expect(parseNumber('1.50.0', 'integer')).toBe('1.50.0');
  });

  it('the request body parses each field by its kind', () => {
    const d = defineResource({
      name: 'plots',
      subject: 'products',
      label: 'Lô',
      area: 'catalog',
      fields: {
        name: text({ label: 'Tên', required: true }),
        area_ha: float({ label: 'Diện tích (ha)' }),
        trees: integer({ label: 'Số cây' }),
        price: money({ label: 'Giá' }),
      },
    });
    const body = toRequestBody(d, { name: 'Lô 1', area_ha: '1.5', trees: '1.200', price: '1.500.000' }, 'create');
    expect(body).toMatchObject({ area_ha: 1.5, trees: 1200, price: 1500000 });
    expect(toRequestBody(d, { name: 'Lô 1', area_ha: '1,5' }, 'create').area_ha).toBe(1.5);
    const bad = toRequestBody(d, { name: 'Lô 1', trees: '1.5' }, 'create');
    expect(validateBody(d, bad, 'create').trees?.length).toBe(1);
  });
});

describe('validation errors → field errors', () => {
  it('uses the zod schema with its Vietnamese messages', () => {
    const e = validateBody(def, toRequestBody(def, { name: 'Quá dài hơn mười ký tự', secret: 'abc' }, 'create'), 'create');
    expect(e.name).toEqual(['Tên tối đa 10 ký tự']);
    expect(e.secret).toEqual(['Mật khẩu tối thiểu 8 ký tự']);
  });

  it('says "bắt buộc" for an emptied required field, on create and on edit', () => {
    expect(validateBody(def, toRequestBody(def, { name: '  ' }, 'create'), 'create').name).toEqual(['Tên bắt buộc']);
    expect(validateBody(def, toRequestBody(def, { name: '' }, 'update'), 'update').name).toEqual(['Tên bắt buộc']);
  });

  it("maps the server's data.errors to fields, the rest to '_'", () => {
    const e = serverFieldErrors(def, {
      errors: [
        { field: 'name', message: 'Tên đã tồn tại' },
        { field: 'photos.0', message: 'Ảnh không hợp lệ' },
        { field: 'nothing', message: 'Lỗi khác' },
        { message: 'Lỗi chung' },
      ],
    });
    expect(e).toEqual({ name: ['Tên đã tồn tại'], photos: ['Ảnh không hợp lệ'], _: ['Lỗi khác', 'Lỗi chung'] });
    expect(serverFieldErrors(def, null)).toEqual({});
    expect(toAntdFields(e, new Set(['name']))).toEqual([{ name: 'name', errors: ['Tên đã tồn tại'] }]);
  });
});

describe('enum values by the account scope (scopeOptions)', () => {
  const audience = notificationsDef.fields.audience;
  it("offers a notification's audiences by scope: every one to scope 'all', a ward officer their ward or a user", () => {
    expect(enumChoices(audience, { scope: 'all' })).toBeUndefined();
    expect(enumChoices(audience, { scope: 'ward', ward_id: 3 })).toEqual(['ward', 'user']);
    expect(enumChoices(audience, { scope: 'province', province_id: 2 })).toEqual(['province', 'ward', 'user']);
  });
  it('a new record starts on the first audience the user may choose, with their ward', () => {
    expect(scopeDefaults(notificationsDef, { scope: 'ward', ward_id: 3, province_id: 2 })).toMatchObject({ audience: 'ward', ward_id: 3 });
    expect(scopeDefaults(notificationsDef, { scope: 'all' })).toEqual({});
  });
});
