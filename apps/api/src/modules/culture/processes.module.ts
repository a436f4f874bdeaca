import processesDef from '@nns/shared/resources/processes';
import stagesDef from '@nns/shared/resources/stages';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { type Ctx, defineModule, type StoredRow } from '../../core/module';
import { addRecordAction } from '../../core/record-action';
import { whereSql } from '../../core/resource-query';
import { resourceDocs, rowWithoutRefs } from '../../core/resource-schema';
import { exec, findOne, selectList } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { resource } from '../../core/runtime';
import { scopeOf } from '../../core/scope';
import { echoedKeys } from '../../core/write-path';
import type { Db } from '../../db/client';

/** A stage as the process form sends it: its id when it exists already; its order is its place in the list. */
const stageInput = stagesDef.createSchema.omit({ process_id: true, position: true }).extend({ id: z.number().int().positive().optional() }).strict();
const stagesList = z.array(stageInput, { error: 'Danh sách công đoạn không hợp lệ' }).max(100, 'Tối đa 100 công đoạn trong một quy trình');
const createBody = processesDef.createSchema.extend({ stages: stagesList.optional() }).strict();
const updateBody = processesDef.updateSchema.extend({ stages: stagesList.optional() }).strict();
/** the declarations' schemas are typed loosely (shapes built at run time): what the routes read of them */
type StageInput = z.output<typeof stageInput>;

/** processEntry's answer: the process row with its stages (presented without their references). Read when first used: the rows follow the modules' hooks. */
const entryResponse = z.lazy(() =>
  z.object({
    entry: resourceDocs(processesDef)
      .row.extend({ stages: z.array(rowWithoutRefs(stagesDef)) })
      .meta({ id: 'ProcessesRowWithStages' }),
  }),
);

/** A process's stages in order. */
export async function stagesOf(db: Db, processId: number) {
  return exec<StoredRow<typeof stagesDef>>(
    db,
    sql`select ${selectList(stagesDef)} from stages where process_id = ${processId} order by position nulls last, id`,
  );
}

/** Writes the process's stages as the list gives them (order = place in the list): updates, adds, and deletes those left out. */
async function saveStages(db: Db, ctx: Ctx, processId: number, list: StageInput[]) {
  const current = await stagesOf(db, processId);
  const byId = new Map(current.map((s) => [s.id, s]));
  const errors = list.flatMap((s, i) => (s.id != null && !byId.has(s.id) ? [{ field: `stages.${i}.id`, message: 'Công đoạn không thuộc quy trình này' }] : []));
  if (errors.length) throw badRequest(errors);
  const kept = new Set(list.map((s) => s.id).filter((id) => id != null));
  for (const s of current) {
    if (!kept.has(s.id)) await resource('stages').delete(ctx, db, s);
  }
  for (const [i, { id, ...s }] of list.entries()) {
    const data = { ...s, process_id: processId, position: i + 1 };
    const existing = id != null ? byId.get(id) : undefined;
    if (existing) await resource('stages').update(ctx, db, existing, data);
    else await resource('stages').create(ctx, db, data);
  }
}

/** A process as its routes answer it: the record, its references attached, with its stages in order. */
async function processEntry(db: Db, ctx: Ctx, row: StoredRow<typeof processesDef>) {
  const { entry } = await resource('processes').entry(db, row, ctx);
  const stages = await stagesOf(db, row.id);
  return { entry: { ...entry, stages: stages.map((s) => resource('stages').present(s, ctx)) } };
}

/** The next free place at the end of a process. */
async function nextPosition(db: Db, processId: unknown) {
  const [r] = await exec<{ n: number }>(db, sql`select coalesce(max(position), 0)::int + 1 as n from stages where process_id = ${Number(processId)}`);
  return r?.n ?? 1;
}

export default defineModule({
  name: 'culture-processes',
  hooks: {
    stages: {
      async beforeCreate(data, _ctx, tx) {
        if (data.position == null && data.process_id != null) return { ...data, position: await nextPosition(tx, data.process_id) };
        return data;
      },
    },
  },
  routes(router, services) {
    const tags = [processesDef.label];
    router.add({
      method: 'POST',
      url: '/api/admin/processes',
      access: { action: 'create', subject: 'processes' },
      summary: 'Thêm quy trình sản xuất cùng các công đoạn (một giao dịch)',
      tags,
      body: createBody,
      response: entryResponse,
      message: 'Thêm mới thành công',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const { stages, ...data } = ctx.body;
          const row = await resource('processes').create(ctx, db, data);
          await saveStages(db, ctx, row.id, stages ?? []);
          return processEntry(db, ctx, row);
        }),
    });
    addRecordAction(router, services, {
      resource: 'processes',
      url: '/api/admin/processes/:id',
      permission: 'update',
      summary: 'Cập nhật quy trình sản xuất; khi gửi kèm công đoạn: cập nhật, thêm, xóa và sắp xếp theo thứ tự gửi (một giao dịch)',
      tags,
      body: updateBody,
      bodyIgnores: echoedKeys(processesDef),
      response: entryResponse,
      message: 'Cập nhật thành công',
      audit: 'update',
      op: 'update',
      change(ctx) {
        const { stages, ...data } = ctx.body;
        // the stages belong with the process: written in its transaction, after it
        const also = async (_row: Record<string, unknown>, db: Db) => {
          if (stages) await saveStages(db, ctx, ctx.params.id, stages);
          return undefined;
        };
        return { data, also };
      },
      answer: (db, row, ctx) => processEntry(db, ctx, row),
    });
    router.add({
      method: 'PUT',
      url: '/api/admin/processes/reorder-stages/:id',
      access: { action: 'update', subject: 'processes' },
      summary: 'Sắp xếp lại các công đoạn của quy trình',
      tags,
      params: idParams,
      body: z.object({ stage_ids: z.array(z.number().int().positive(), { error: 'Danh sách công đoạn không hợp lệ' }).max(100) }).strict(),
      response: entryResponse,
      message: 'Đã sắp xếp lại công đoạn',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const process = await findOne(db, processesDef, ctx.params.id, ctx, { forUpdate: true });
          const current = await stagesOf(db, process.id);
          const ids = ctx.body.stage_ids;
          const same = ids.length === current.length && new Set(ids).size === ids.length && current.every((s) => ids.includes(s.id));
          if (!same) throw badRequest([{ field: 'stage_ids', message: 'Danh sách phải gồm đúng các công đoạn của quy trình, mỗi công đoạn một lần' }]);
          const before = current.map((s) => s.id);
          const byId = new Map(current.map((s) => [s.id, s]));
          for (const [i, id] of ids.entries()) {
            // every id is one of the process's stages (checked above)
            const stage = byId.get(id);
            if (stage && stage.position !== i + 1)
              await resource('stages').update(ctx, db, stage, { position: i + 1 }, { audit: 'reorder', auditKeys: ['position'] });
          }
          await ctx.audit(
            { action: 'reorder-stages', subject: 'processes', recordId: process.id, before: { stage_ids: before }, after: { stage_ids: ids } },
            db,
          );
          return processEntry(db, ctx, process);
        }),
    });
    router.add({
      method: 'POST',
      url: '/api/admin/processes/copy/:id',
      access: { action: 'create', subject: 'processes' },
      summary: 'Sao chép quy trình cùng các công đoạn (bắt đầu từ quy trình mẫu)',
      tags,
      params: idParams,
      body: z
        .object({
          name: processesDef.createSchema.shape.name.optional(),
          manufacture_id: processesDef.createSchema.shape.manufacture_id,
        })
        .strict()
        .optional(),
      response: entryResponse,
      message: 'Đã sao chép quy trình',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          // a template (no manufacture) is open to every producer to copy; another's process only inside the scope
          const [source] = await exec<StoredRow<typeof processesDef>>(
            db,
            sql`select ${selectList(processesDef)} from processes${whereSql([sql`id = ${ctx.params.id}`, sql`(manufacture_id is null or ${sql.join([sql`true`, ...scopeOf(processesDef, ctx.user)], sql` and `)})`])}`,
          );
          if (!source) throw badRequest([{ field: 'id', message: 'Không tìm thấy quy trình để sao chép' }], 'Không tìm thấy quy trình để sao chép');
          const { id: _id, created_at: _a, updated_at: _b, created_by: _c, updated_by: _d, ...fields } = source;
          const body = ctx.body ?? {};
          const data = {
            ...fields,
            name: body.name ?? `${source.name} (bản sao)`.slice(0, 255),
            manufacture_id: body.manufacture_id !== undefined ? body.manufacture_id : source.manufacture_id,
          };
          const row = await resource('processes').create(ctx, db, data, { audit: 'copy' });
          const stages = await stagesOf(db, source.id);
          for (const s of stages) {
            const { id: _s, created_at: _sa, updated_at: _sb, created_by: _sc, updated_by: _sd, ...copy } = s;
            await resource('stages').create(ctx, db, { ...copy, process_id: row.id });
          }
          return processEntry(db, ctx, row);
        }),
    });
  },
});
