import { describe, expect, it } from 'vitest';
import { canUser, clearSession, getSession, setSession } from './session';

const user = (perms: string[]) => ({
  id: 1,
  username: 'u',
  role: { id: 1, name: 'r', permissions: perms.map((p) => ({ action: p.split(':')[0], subject: p.split(':')[1] })) },
});

describe('session and ability', () => {
  it('persists in localStorage with remember me, else sessionStorage', () => {
    setSession('t1', user([]), true);
    expect(localStorage.getItem('nns.session')).toContain('t1');
    expect(sessionStorage.getItem('nns.session')).toBeNull();
    setSession('t2', user([]), false);
    expect(localStorage.getItem('nns.session')).toBeNull();
    expect(sessionStorage.getItem('nns.session')).toContain('t2');
    clearSession();
    expect(getSession()).toEqual({ token: null, user: null });
    expect(sessionStorage.getItem('nns.session')).toBeNull();
  });

  it('can(): an empty requirement passes, otherwise the exact pair is needed', () => {
    const u = user(['list:product_units', 'update:product_units']);
    expect(canUser(u, 'list', 'product_units')).toBe(true);
    expect(canUser(u, 'delete', 'product_units')).toBe(false);
    expect(canUser(u, 'list', 'products')).toBe(false);
    expect(canUser(u, '', 'products')).toBe(true);
    expect(canUser(u, undefined, undefined)).toBe(true);
    expect(canUser(null, 'list', 'products')).toBe(false);
  });
});
