import type { AnswerData } from '../../core/client';

/** A row of the system log as the API answers it, with its Vietnamese sentence and labelled changes. */
export type LogEntry = AnswerData<'/api/admin/system/logs', 'get'>['entries'][number];

/** the action filter's value for every refused sign-in (wrong password, unknown name, locked account, held back) */
export const REFUSED_SIGN_INS = 'login-failed,login-throttled';

/** The list's query keys as the server reads them. */
export interface LogFilters {
  actor_id?: number;
  subject?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

const int = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export function filtersFromSearch(sp: URLSearchParams): LogFilters {
  return {
    actor_id: int(sp.get('actor_id')),
    subject: sp.get('subject') || undefined,
    action: sp.get('action') || undefined,
    from: sp.get('from') || undefined,
    to: sp.get('to') || undefined,
    page: int(sp.get('page')) ?? 1,
    limit: Math.min(100, int(sp.get('limit')) ?? 10),
  };
}

export function filtersToSearch(f: Partial<LogFilters>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  if (out.page === '1') delete out.page;
  if (out.limit === '10') delete out.limit;
  return out;
}

/** Keys whose values differ between before and after (both sides shown, these highlighted). */
export function changedKeys(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
}
