import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router-dom';
import { client } from './client';
import { canUser, clearSession, type SessionUser, setUser, signedOut, useSession } from './session';

/** What a route declares in `handle` (resource routes carry the same shape). */
export interface RouteHandle {
  action?: string;
  subject?: string;
  title?: string;
  /** hide the breadcrumb entry of this match */
  crumb?: false;
}

export type GuardDecision = 'login' | 'loading' | 'forbidden' | 'ok';

/**
 * Spec §6 route guard: a stored token is needed, then the profile is loaded (failure → login); a declared
 * action:subject must be allowed by the user's ability (an empty requirement always passes).
 */
export function guardDecision(o: {
  token: string | null;
  profile: 'pending' | 'ok' | 'failed';
  user: SessionUser | null;
  requirement?: { action?: string | null; subject?: string | null } | null;
}): GuardDecision {
  if (!o.token) return 'login';
  if (o.profile === 'failed') return 'login';
  if (o.profile === 'pending') return 'loading';
  const r = o.requirement;
  return canUser(o.user, r?.action, r?.subject) ? 'ok' : 'forbidden';
}

/** The deepest matched route that declares a permission requirement. */
export function requirementOf(matches: { handle?: unknown }[]): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h && (h.action || h.subject)) return h;
  }
  return null;
}

// the profile is loaded once per token per page load
let checkedToken: string | null = null;

/**
 * GET /api/admin/profile: 'ok' refreshes the stored user; an answer other than 200 clears the session
 * (spec §8); no answer at all (network down, page leaving) keeps it, so a reload does not sign out.
 */
export async function loadProfile(): Promise<'ok' | 'failed' | 'offline'> {
  const res = await client.GET('/api/admin/profile');
  if (res?.code === 200 && res.data?.entry) {
    setUser(res.data.entry);
    return 'ok';
  }
  if (!res?.code) return 'offline';
  clearSession();
  return 'failed';
}

export function resetProfileCheck() {
  checkedToken = null;
}

export function RequireAuth({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { token, user } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const [profile, setProfile] = useState<'pending' | 'ok' | 'failed' | 'offline'>(token && checkedToken === token ? 'ok' : 'pending');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load after 'Thử lại'
  useEffect(() => {
    if (!token) return;
    if (checkedToken === token) {
      setProfile('ok');
      return;
    }
    let live = true;
    setProfile('pending');
    loadProfile().then((r) => {
      if (!live) return;
      if (r === 'ok') checkedToken = token;
      setProfile(r);
    });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (token && profile === 'offline') {
    return (
      <main className="route-error" role="alert">
        <h1>Không kết nối được máy chủ</h1>
        <p>Vui lòng kiểm tra kết nối mạng rồi thử lại.</p>
        <div>
          <button type="button" className="primary" onClick={() => setAttempt((n) => n + 1)}>
            Thử lại
          </button>
        </div>
      </main>
    );
  }
  const decision = guardDecision({ token, profile: profile === 'offline' ? 'pending' : profile, user, requirement: requirementOf(matches) });
  if (decision === 'login') {
    // back to this page after signing in, unless the session ended by signing out: then this page is
    // the last user's, and the sign-out itself is already on its way to the login page
    const from = location.pathname + location.search;
    return <Navigate to="/auth/login" replace state={from.startsWith('/admin') && !signedOut() ? { from } : undefined} />;
  }
  if (decision === 'loading') return <>{fallback ?? null}</>;
  if (decision === 'forbidden') return <Navigate to="/admin/errors/403" replace />;
  return <>{children}</>;
}
