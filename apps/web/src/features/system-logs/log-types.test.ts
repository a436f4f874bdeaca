import { describe, expect, it } from 'vitest';
import { changedKeys, filtersFromSearch, filtersToSearch } from './log-types';
import { toApiParams } from './logs-page';

describe('system log filters', () => {
  it('reads and writes the query keys actor_id, subject, from, to, page, limit', () => {
    const f = filtersFromSearch(new URLSearchParams('actor_id=3&subject=users&from=2025-01-01&to=2025-01-31&page=2&limit=20'));
    expect(f).toEqual({ actor_id: 3, subject: 'users', from: '2025-01-01', to: '2025-01-31', page: 2, limit: 20 });
    expect(filtersToSearch({ ...f, page: 1, limit: 10 })).toEqual({ actor_id: '3', subject: 'users', from: '2025-01-01', to: '2025-01-31' });
    expect(filtersFromSearch(new URLSearchParams('actor_id=x&limit=1000'))).toMatchObject({ actor_id: undefined, page: 1, limit: 100 });
  });
  it('reads and writes the action (failed and throttled sign-ins)', () => {
    const f = filtersFromSearch(new URLSearchParams('subject=auth&action=login-throttled'));
    expect(f).toMatchObject({ subject: 'auth', action: 'login-throttled', page: 1 });
    expect(filtersToSearch(f)).toEqual({ subject: 'auth', action: 'login-throttled' });
  });
  it('bounds the dates at the officer’s day (UTC+7)', () => {
    expect(toApiParams({ page: 1, limit: 10, from: '2025-01-01', to: '2025-01-31' })).toMatchObject({
      from: '2024-12-31T17:00:00.000Z',
      to: '2025-01-31T16:59:59.999Z',
    });
  });
  it('finds the changed fields', () => {
    expect(changedKeys({ a: 1, b: { x: 1 }, c: 3 }, { a: 1, b: { x: 2 }, d: 4 })).toEqual(['b', 'c', 'd']);
    expect(changedKeys(null, null)).toEqual([]);
  });
});
