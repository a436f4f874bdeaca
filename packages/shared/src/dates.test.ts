import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, NO_DATA, toDateOnly } from './dates';

describe('dates at UTC+7', () => {
  it('shows DD/MM/YYYY HH:mm in Vietnam time', () => {
    expect(formatDateTime('2026-11-21T20:30:00Z')).toBe('22/11/2026 03:30');
    expect(formatDate('2025-01-15T00:00:00Z')).toBe('15/01/2025');
  });
  it('shows zero and empty dates as no data', () => {
    for (const v of ['0001-01-01T00:00:00Z', '0000-01-01', '2001-01-01T00:00:00Z', null, undefined, '']) expect(formatDateTime(v)).toBe(NO_DATA);
  });
  it('sends date-only values at midnight UTC', () => {
    expect(toDateOnly('2025-03-08')).toBe('2025-03-08T00:00:00Z');
    expect(toDateOnly('2025-03-08T17:00:00.000Z')).toBe('2025-03-08T00:00:00Z');
  });
  it('formats money in VND', () => {
    expect(formatMoney(1500000).replace(/\s/g, ' ')).toMatch(/^1\.500\.000 ₫$/);
  });
});
