import { MAX_ID, type RecordAction, type ResourceDef } from '@nns/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError, badRequest, forbidden } from './errors';
import type { Ctx, Router, SessionUser } from './module';
import { col, whereSql } from './resource-query';
import { exec, findOne } from './resource-store';
import type { Services } from './services';
import { deleteRecord, writeAction, writeRecord } from './write-path';

/** At most this many records per bulk request. */
export const BULK_MAX = 500;

export interface BulkResult {
  action: string;
  total: number;
  done: number;
  failed: { id: number; message: string }[];
}

/** What one bulk action does to one record, and the permission it needs (the single route's). */
interface BulkOp {
  permission: string;
  /** the record is read among the trashed ones (restore) */
  trashed?: boolean;
  run(db: Db, existing: Record<string, unknown>, ctx: Ctx, value: boolean | undefined): Promise<void>;
}

/** The value a toggle's 'on' means: true for a switch, the first option of a two-valued enum. */
function toggleValue(def: ResourceDef, field: string, on: boolean): unknown {
  const f = def.fields[field];
  if (f?.kind === 'enum' && f.options?.length === 2) return on ? f.options[0].value : f.options[1].value;
  return on;
}

/** The bulk actions of a resource: its declared record actions, delete and (soft delete) restore. */
export function bulkOps(def: ResourceDef): Map<string, BulkOp> {
  const ops = new Map<string, BulkOp>();
  const custom = def.config.custom ?? {};
  for (const [name, action] of Object.entries(def.actions) as [string, RecordAction][]) {
    ops.set(name, {
      permission: action.permission,
      async run(db, existing, ctx, on) {
        const value = action.kind === 'set' ? action.value : toggleValue(def, action.field, on as boolean);
        // a row already there is left as it is (no write, no audit), and counts as done
        if (existing[action.field] === value) return;
        await writeAction({ def, ctx, db, existing, name, field: action.field, value });
      },
    });
  }
  if (!custom.delete) {
    ops.set('delete', {
      permission: 'delete',
      run: (db, existing, ctx) => deleteRecord({ def, ctx, db, existing }),
    });
  }
  if (def.softDelete) {
    ops.set('restore', {
      permission: 'delete',
      trashed: true,
      async run(db, existing, ctx) {
        await writeRecord({ def, ctx, db, existing, data: { deleted_at: null }, trusted: ['deleted_at'], auditKeys: ['deleted_at'], audit: 'restore' });
      },
    });
  }
  return ops;
}

const ID_MSG = 'Mã bản ghi không hợp lệ';

export function bulkBodySchema(def: ResourceDef, names: string[]) {
  const toggles = new Set(Object.entries(def.actions).flatMap(([n, a]) => (a.kind === 'toggle' ? [n] : [])));
  return z
    .object({
      action: z.enum(names as [string, ...string[]], { error: `Thao tác phải là một trong: ${names.join(', ')}` }),
      ids: z
        .array(z.number({ error: ID_MSG }).int(ID_MSG).positive(ID_MSG).max(MAX_ID, ID_MSG), { error: 'Danh sách bản ghi không hợp lệ' })
        .min(1, 'Chọn ít nhất một bản ghi')
        .max(BULK_MAX, `Mỗi lần chỉ thao tác tối đa ${BULK_MAX} bản ghi`)
        .refine((ids) => new Set(ids).size === ids.length, 'Danh sách bản ghi có mã trùng nhau'),
      value: z.boolean({ error: 'Giá trị bật/tắt phải là true hoặc false' }).optional(),
    })
    .strict()
    .superRefine((b, c) => {
      if (toggles.has(b.action) && b.value === undefined) c.addIssue({ code: 'custom', path: ['value'], message: 'Chọn bật hoặc tắt' });
      if (!toggles.has(b.action) && b.value !== undefined) c.addIssue({ code: 'custom', path: ['value'], message: 'Thao tác này không nhận giá trị' });
    });
}

/** Why a record the user asked for is not within reach: outside their scope, or not there at all. */
async function missingReason(db: Db, def: ResourceDef, id: number, user: SessionUser | null, trashed: boolean): Promise<string> {
  const w = [sql`id = ${id}`];
  if (def.softDelete) w.push(trashed ? sql`deleted_at is not null` : sql`deleted_at is null`);
  const [hit] = await exec(db, sql`select 1 as x from ${col(def.table)}${whereSql(w)}`);
  if (hit && user && user.scope !== 'all') {
    return `Bản ghi không thuộc ${user.scope === 'ward' ? 'phường/xã' : user.scope === 'producer' ? 'cơ sở sản xuất' : 'tỉnh/thành phố'} của bạn`;
  }
  return trashed ? 'Không tìm thấy bản ghi trong thùng rác' : 'Không tìm thấy bản ghi';
}

/** A refusal's text for one row: the first field error, else the error's own message. */
function messageOf(err: AppError): string {
  const errors = (err.data as { errors?: { message: string }[] } | undefined)?.errors;
  return errors?.[0]?.message ?? err.message;
}

/**
 * Runs one bulk action over the ids, each record in its own transaction through the same path as
 * the single action (read inside the user's scope with a row lock, the write path, its audit): a
 * refused row (out of scope, in use, invalid) is reported and the others proceed, and nothing a
 * refused row began is kept.
 */
export async function runBulk(services: Services, def: ResourceDef, op: BulkOp, name: string, ids: number[], ctx: Ctx, value?: boolean): Promise<BulkResult> {
  const failed: BulkResult['failed'] = [];
  let done = 0;
  for (const id of ids) {
    try {
      await services.db.transaction(async (db) => {
        const existing = await findOne(db, def, id, ctx, { trashed: op.trashed, forUpdate: true });
        await op.run(db, existing, ctx, value);
      });
      done++;
    } catch (err) {
      if (!(err instanceof AppError)) {
        ctx.req.log.error({ err, resource: def.name, action: name, id }, 'bulk row failed');
        failed.push({ id, message: 'Lỗi hệ thống khi xử lý bản ghi này' });
      } else if (err.status === 404) {
        failed.push({ id, message: await missingReason(services.db, def, id, ctx.user, Boolean(op.trashed)) });
      } else failed.push({ id, message: messageOf(err) });
    }
  }
  return { action: name, total: ids.length, done, failed };
}

/**
 * POST /api/admin/{name}/bulk {action, ids[, value]}: one request for a selection. The route needs
 * the list permission (the user sees the rows); each action then needs its own permission, the one
 * its single route declares. Answers {action, total, done, failed[{id, message}]}.
 */
export function registerBulk(router: Router, services: Services, def: ResourceDef) {
  const ops = bulkOps(def);
  if (ops.size === 0) return;
  router.add({
    method: 'POST',
    url: `/api/admin/${def.name}/bulk`,
    access: { action: 'list', subject: def.subject },
    summary: `Thao tác hàng loạt (${def.label.toLowerCase()}): ${[...ops.keys()].join(', ')}`,
    tags: [def.label],
    body: bulkBodySchema(def, [...ops.keys()]),
    response: z.object({
      action: z.string(),
      total: z.number(),
      done: z.number(),
      failed: z.array(z.object({ id: z.number(), message: z.string() })),
    }),
    handler: async (ctx) => {
      const { action, ids, value } = ctx.body;
      const op = ops.get(action);
      if (!op) throw badRequest([{ field: 'action', message: 'Thao tác không hợp lệ' }]);
      if (!ctx.user?.permissions.has(`${op.permission}:${def.subject}`)) throw forbidden();
      return runBulk(services, def, op, action, ids, ctx, value);
    },
  });
}
