import { describe, expect, it } from 'vitest';
import { actionLabel, formatDate, formatDateTime, formatMoney, formatNumber, rowNumber, subjectLabel } from './format';

describe('formatting', () => {
  it('shows dates at UTC+7 as DD/MM/YYYY HH:mm', () => {
    expect(formatDateTime('2025-03-01T17:30:00Z')).toBe('02/03/2025 00:30');
    expect(formatDate('2025-03-01T00:00:00Z')).toBe('01/03/2025');
  });
  it('empty and zero dates read Không có dữ liệu', () => {
    for (const v of [null, undefined, '', '0001-01-01T00:00:00Z', '2001-01-01T00:00:00Z', '0000-01-01']) {
      expect(formatDateTime(v)).toBe('Không có dữ liệu');
    }
  });
  it('formats numbers and money the Vietnamese way', () => {
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber(1500, 0)).toBe('1.500');
    expect(formatMoney(25000).replace(/\s/g, ' ')).toBe('25.000 ₫');
    expect(formatNumber(null)).toBe('');
  });
  it('numbers rows as (page-1)*size+index+1', () => {
    expect(rowNumber(1, 10, 0)).toBe(1);
    expect(rowNumber(3, 10, 4)).toBe(25);
    expect(rowNumber(0, 10, 0)).toBe(1);
  });
  it('names subjects and actions in Vietnamese', () => {
    expect(subjectLabel('product_units')).toBe('Đơn vị tính');
    expect(subjectLabel('unknown_x')).toBe('unknown_x');
    expect(actionLabel('update')).toBe('Cập nhật');
    expect(actionLabel('login')).toBe('Đăng nhập');
    // failed and throttled sign-ins in the system log (issue 12.1)
    expect(actionLabel('login-failed')).toBe('Đăng nhập thất bại');
    expect(actionLabel('login-throttled')).toBe('Đăng nhập bị tạm chặn');
    expect(subjectLabel('auth')).toBe('Đăng nhập');
  });
});
