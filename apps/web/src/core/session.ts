import { can as canDo } from '@nns/shared/permissions';
import { useSyncExternalStore } from 'react';

/** The signed-in user as the server presents it (POST /api/auth/login data.entry, GET /api/admin/profile). */
export interface SessionUser {
  id: number | string;
  username: string;
  full_name?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
  role?: { id: number | string; name: string; permissions: { action: string; subject: string }[] } | null;
  /** what the account sees: pickers of wards and provinces narrow to it, new records start in it */
  scope?: 'all' | 'province' | 'ward' | 'producer';
  province_id?: number | null;
  ward_id?: number | null;
  /** a producer's account: the producer it works for */
  manufacture_id?: number | null;
  /** the account's ward as GET /api/admin/profile names it (a ward officer's fixed ward in forms) */
  ward?: { id: number; code?: string; name: string } | null;
  [key: string]: unknown;
}

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
}

const KEY = 'nns.session';
const EMPTY: SessionState = { token: null, user: null };

function storages(): Storage[] {
  const out: Storage[] = [];
  try {
    if (typeof localStorage !== 'undefined') out.push(localStorage);
    if (typeof sessionStorage !== 'undefined') out.push(sessionStorage);
  } catch {
    // storage can be blocked by the browser; the session then lives in memory only
  }
  return out;
}

function read(): SessionState {
  for (const s of storages()) {
    try {
      const raw = s.getItem(KEY);
      if (raw) {
        const v = JSON.parse(raw) as SessionState;
        if (v && typeof v.token === 'string') return { token: v.token, user: v.user ?? null };
      }
    } catch {
      // a corrupt entry counts as no session
    }
  }
  return EMPTY;
}

let state: SessionState = read();
/** How the last session ended: an explicit sign-out must not send the next user to the page the last one left. */
let ended: 'signout' | 'expired' | null = null;
let remember = storages()[0]?.getItem(KEY) != null;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

// the key is written in place, never removed first: other tabs see each change as a 'storage' event,
// and a removal would sign them out for a moment (their shell re-mounted, the live channel restarted)
function persist() {
  const [local, session] = storages();
  const target = state.token ? (remember ? local : (session ?? local)) : undefined;
  for (const s of [local, session]) if (s && s !== target) s.removeItem(KEY);
  target?.setItem(KEY, JSON.stringify(state));
}

/** Store token and user; `rememberMe` false keeps them only for this browser tab's lifetime. */
export function setSession(token: string | null, user: SessionUser | null, rememberMe?: boolean) {
  if (rememberMe !== undefined) remember = rememberMe;
  ended = null;
  state = token ? { token, user } : EMPTY;
  persist();
  emit();
}

/** Replace the user (after GET /api/admin/profile or a profile update) keeping the token. */
export function setUser(user: SessionUser | null) {
  if (!state.token) return;
  state = { ...state, user };
  persist();
  emit();
}

/**
 * Ends the session. `signout` (the user chose to leave) is remembered until the next sign-in so the
 * guard does not offer the page being left to whoever signs in next; a session that expired or was
 * refused (401) may return there.
 */
export function clearSession(reason: 'signout' | 'expired' = 'expired') {
  // a late 401 of a call sent before the sign-out does not turn the sign-out into an expiry
  if (state.token || reason === 'signout') ended = reason;
  state = EMPTY;
  persist();
  emit();
}

export const getSession = (): SessionState => state;
/** True from an explicit sign-out until the next sign-in. */
export const signedOut = (): boolean => ended === 'signout';
export const getToken = (): string | null => state.token;

export function subscribeSession(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The ability check of the current user (spec §6: empty requirement passes). */
export function canUser(user: SessionUser | null | undefined, action?: string | null, subject?: string | null) {
  return canDo(user?.role?.permissions, action, subject);
}

export function useSession() {
  const s = useSyncExternalStore(subscribeSession, getSession, getSession);
  return {
    token: s.token,
    user: s.user,
    can: (action?: string | null, subject?: string | null) => canUser(s.user, action, subject),
    setSession,
    setUser,
    clear: clearSession,
  };
}

// another tab signing out or in
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== KEY) return;
    state = read();
    emit();
  });
}
