import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLogs } from '../db/schema/core';
import type { AuditEntry } from './module';
import { redactedUrl } from './secret-path';

const SECRET = /pass(word)?|token|secret|hash|device_key|api_key/i;

/** Copies a record for the audit trail without passwords, tokens or keys. */
export function scrub(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(scrub);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .filter(([k]) => !SECRET.test(k))
        .map(([k, x]) => [k, scrub(x)]),
    );
  }
  return v;
}

/** Keeps only the fields that changed, so a log reads as a before/after of the change. */
export function diff(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined) {
  if (!before || !after) return { before: before ? scrub(before) : null, after: after ? scrub(after) : null };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (k === 'updated_at' || k === 'search_text') continue;
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: scrub(b), after: scrub(a) };
}

export async function writeAudit(db: Db, req: FastifyRequest | null, e: AuditEntry, code = 200) {
  const isRecord = (x: unknown) => !!x && typeof x === 'object' && !Array.isArray(x);
  const { before, after } =
    isRecord(e.before) || isRecord(e.after)
      ? diff(e.before as Record<string, unknown>, e.after as Record<string, unknown>)
      : { before: scrub(e.before ?? null), after: scrub(e.after ?? null) };
  await db.insert(auditLogs).values({
    actor_id: req?.user?.id ?? null,
    actor_username: req?.user?.username ?? null,
    action: e.action,
    subject: e.subject,
    record_id: e.recordId === undefined || e.recordId === null ? null : String(e.recordId),
    method: req?.method ?? null,
    path: req ? redactedUrl(req).split('?')[0] : null,
    code,
    ip: req?.ip ?? null,
    user_agent: req?.headers['user-agent']?.slice(0, 500) ?? null,
    before,
    after,
  });
}
