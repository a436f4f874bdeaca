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

  it('a refreshed user is written in place: other tabs never see the key removed (they would sign out for a moment)', () => {
    setSession('t3', user([]), true);
    const removed: string[] = [];
    const orig = Storage.prototype.removeItem;
    Storage.prototype.removeItem = function (this: Storage, k: string) {
      if (this === localStorage) removed.push(k);
      return orig.call(this, k);
    };
    try {
      setSession('t3', user(['list:products']), true);
    } finally {
      Storage.prototype.removeItem = orig;
    }
    expect(removed).toEqual([]);
    expect(localStorage.getItem('nns.session')).toContain('list');
    clearSession();
    expect(localStorage.getItem('nns.session')).toBeNull();
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
