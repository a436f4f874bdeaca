import type { Action, Subject } from '@nns/shared';
import type { ResourceDefOf, ResourceName } from '@nns/shared/registry';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Ctx, Router, StoredRow } from './module';
import { resourceDocs } from './resource-schema';
import { idParams } from './router';
import type { WriteOptions } from './runtime';
import { resource } from './runtime';
import type { Services } from './services';

type Row = Record<string, unknown>;
/** The record an action on resource N is given: its declaration's stored row when N is named in code. */
type RowOfAction<N extends string> = N extends ResourceName ? StoredRow<ResourceDefOf<N>> : Row;

/** What `change` decides: the data alone, or the data with the keys the server decided and what else goes with it. */
export type Change =
  | Row
  | {
      data: Row;
      /** keys of `data` the server decided (written even when read-only); default: every key for an action, none for an update */
      trusted?: string[];
      /** the audit entry shows only these keys; default: the data's keys for an action, the whole record for an update */
      auditKeys?: string[];
      also?: WriteOptions['also'];
      /** handed to `answer` (what the route answers besides the stored row, such as a key shown once) */
      reply?: unknown;
    };

const isChange = (c: Change): c is Extract<Change, { data: Row }> => typeof c.data === 'object' && c.data !== null && !Array.isArray(c.data);

export interface RecordAction<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, N extends string = string> {
  /** the declared resource written ('articles'), or the one the request names (checked before the read) */
  resource: N | ((ctx: Ctx<z.infer<P>, z.infer<Q>, z.infer<B>>) => string);
  method?: 'PUT' | 'POST' | 'PATCH';
  /** the route's path; its `:id` names the record */
  url: string;
  /** the permission's action on the resource's subject */
  permission: Action;
  /** the permission's subject when it is not the resource's own (required when `resource` is chosen per request) */
  subject?: Subject;
  summary: string;
  tags?: string[];
  /** path parameters, `id` among them (default: the id alone) */
  params?: P;
  query?: Q;
  body?: B;
  bodyIgnores?: string[];
  /** zod schema of the answer's data (default `{ entry }`) */
  response?: z.ZodType;
  message: string;
  /** what the audit log calls it: the action's name, or 'update' for an edit */
  audit: string;
  /** 'action' (default): a record action, the data the server's; 'update': an edit of the record by its form */
  op?: 'action' | 'update';
  /** the record may be in the trash */
  trashed?: boolean;
  /** the data to write, from the record as read (in scope, locked) and the request; throws to refuse (nothing is written) */
  change(ctx: Ctx<z.infer<P>, z.infer<Q>, z.infer<B>>, existing: RowOfAction<N>, db: Db): Promise<Change> | Change;
  /** what the route answers (default `{ entry }` of the stored row, its references attached) */
  answer?(db: Db, row: RowOfAction<N>, ctx: Ctx<z.infer<P>, z.infer<Q>, z.infer<B>>, reply: unknown): Promise<unknown> | unknown;
  /** once the transaction has committed (a cache other processes read) */
  afterCommit?(ctx: Ctx<z.infer<P>, z.infer<Q>, z.infer<B>>): void;
}

const entrySchema = z.object({ entry: z.record(z.string(), z.unknown()) });

/**
 * A hand-written route on one record (publish, take down, change status, rotate a key, reorder):
 * declared once here, the helper holds what every such route must do in the same order. The route
 * needs the permission on the resource's subject; the record is read inside the user's scope (404
 * otherwise) and locked; `change` decides the data; the runtime writes it (hooks, references,
 * uniqueness, audit under the action's name); the route answers the stored row. It all runs in one
 * transaction, so a refusal anywhere leaves nothing written.
 */
export function addRecordAction<
  P extends z.ZodType = typeof idParams,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  N extends string = string,
>(router: Router, services: Services, a: RecordAction<P, Q, B, N>) {
  const fixed = typeof a.resource === 'string' ? resource(a.resource) : null;
  const subject = a.subject ?? fixed?.def.subject;
  if (!subject) throw new Error(`record action ${a.url}: a resource chosen per request needs its subject`);
  if (!a.url.includes(':id')) throw new Error(`record action ${a.url}: the path names no :id`);
  const op = a.op ?? 'action';
  router.add({
    method: a.method ?? 'PUT',
    url: a.url,
    access: { action: a.permission, subject },
    summary: a.summary,
    tags: a.tags ?? (fixed ? [fixed.def.label] : undefined),
    params: (a.params ?? idParams) as P,
    query: a.query,
    body: a.body,
    bodyIgnores: a.bodyIgnores,
    response: a.response ?? (fixed ? z.object({ entry: resourceDocs(fixed.def).row }) : entrySchema),
    message: a.message,
    async handler(ctx) {
      const r = fixed ?? resource((a.resource as (c: typeof ctx) => string)(ctx));
      const id = (ctx.params as { id: number }).id;
      const answer = await services.db.transaction(async (db) => {
        const existing = await r.find(db, id, ctx, { forUpdate: true, trashed: a.trashed });
        // the record read is the named resource's row (r is that resource's runtime)
        const c = await a.change(ctx, existing as RowOfAction<N>, db);
        const data = isChange(c) ? c.data : c;
        const keys = Object.keys(data);
        const trusted = (isChange(c) ? c.trusted : undefined) ?? (op === 'action' ? keys : []);
        const auditKeys = (isChange(c) ? c.auditKeys : undefined) ?? (op === 'action' ? keys : undefined);
        const row = await r.update(ctx, db, existing, data, { audit: a.audit, trusted, auditKeys, op, also: isChange(c) ? c.also : undefined });
        return a.answer ? a.answer(db, row as RowOfAction<N>, ctx, isChange(c) ? c.reply : undefined) : r.entry(db, row, ctx);
      });
      a.afterCommit?.(ctx);
      return answer;
    },
  });
}
