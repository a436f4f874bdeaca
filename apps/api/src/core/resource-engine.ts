import { paginationSchema, type ResourceDef } from '@nns/shared';
import { resources } from '@nns/shared/registry';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { answerCacheOf, cachedAnswer, callerKey } from './answer-cache';
import { registerBulk } from './bulk';
import { badRequest } from './errors';
import { exportResource } from './export';
import { registerImport } from './import';
import { defineJob, jobAnswer, startJob } from './jobs';
import type { Ctx, Router } from './module';
import { type PageAnchors, pageAnchorsOf } from './page-anchors';
import { addRecordAction } from './record-action';
import {
  COUNT_CAP,
  col,
  cursorParts,
  encodeCursor,
  keysetParts,
  type ListQuery,
  listQuerySchema,
  orderSql,
  type SortSpec,
  sortOf,
  whereOf,
  whereSql,
} from './resource-query';
import { listAnswerSchema, readAnswerSchema, resourceDocs } from './resource-schema';
import { attachRefs, exec, execPrepared, execStatic, findOne, present, selectList } from './resource-store';
import { idParams } from './router';
import { resource } from './runtime';
import { scopeOf } from './scope';
import type { Services } from './services';
import { echoedKeys } from './write-path';

/**
 * The planner's row estimate of large tables, kept a few seconds: page 1 of a big unfiltered list
 * then costs no second query (its total is an estimate anyway, and reltuples itself only moves at
 * ANALYZE). Tables at or under COUNT_CAP are never answered from here: they are counted exactly.
 */
const ESTIMATE_TTL_MS = 5000;
/** The engine's reads depend only on their text and parameters: identical ones waiting for a connection run once (db/shared-read.ts). */
const READ = { shared: true } as const;
const estimates = new WeakMap<Db, Map<string, { n: number; at: number }>>();

/** Total rows of a list: exact when small, capped when filtered and large, estimated for whole large tables. */
async function totalOf(db: Db, def: ResourceDef, w: SQL[], plain: boolean): Promise<{ total: number; estimate: boolean }> {
  if (plain) {
    let byTable = estimates.get(db);
    if (!byTable) estimates.set(db, (byTable = new Map()));
    const hit = byTable.get(def.table);
    if (hit && Date.now() - hit.at < ESTIMATE_TTL_MS) return { total: hit.n, estimate: true };
    const [s] = await execPrepared<{ n: number }>(db, sql`select reltuples::bigint as n from pg_class where oid = to_regclass(${def.table})`, READ);
    if (s && Number(s.n) > COUNT_CAP) {
      byTable.set(def.table, { n: Number(s.n), at: Date.now() });
      return { total: Number(s.n), estimate: true };
    }
    byTable.delete(def.table);
  }
  const [{ n }] = await exec<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${col(def.table)}${whereSql(w)} limit ${COUNT_CAP + 1}) s`,
    READ,
  );
  if (n > COUNT_CAP) return { total: COUNT_CAP, estimate: true };
  return { total: n, estimate: false };
}

/**
 * The exact total a page of a list shows by itself (the rows query fetches limit + 1 rows): a page
 * with rows that is not full is the last one, and an empty first page means an empty list. Otherwise null.
 */
export function knownTotal(offset: number, limit: number, fetched: number): { total: number; estimate: false } | null {
  if (fetched > limit || (fetched === 0 && offset > 0)) return null;
  return { total: offset + fetched, estimate: false };
}

/** The keys of a list query that leave its SQL text one per resource, sort and limit (trashed: two texts). */
const HOT_KEYS = new Set(['page', 'limit', 'sort', 'cursor', 'trashed']);

export async function listRows(services: Services, def: ResourceDef, q: ListQuery, ctx: Ctx) {
  const db = services.db;
  const w = whereOf(def, q, ctx.user);
  const s = sortOf(def, q);
  const limit = q.limit;
  let rows: Record<string, unknown>[];
  let total: { total: number; estimate: boolean } | null = null;
  // without search, filters or ids the query has one text per resource, sort, limit and scope: a named
  // prepared statement on PostgreSQL (the limit is a validated integer written into the text, so the
  // server's generic plan knows it is small and walks the sort index)
  const hot = !q.search && !q.ids && Object.keys(q).every((k) => q[k] === undefined || HOT_KEYS.has(k));
  const take = hot ? sql.raw(String(limit + 1)) : sql`${limit + 1}`;
  const run = hot ? execPrepared : exec;
  const scoped = scopeOf(def, ctx.user).length > 0;
  if (q.cursor) {
    const c = cursorParts(s, q.cursor);
    if (hot && !scoped) {
      // the next page of a user who sees every row: one fixed text per resource, sort, limit and cursor
      // form (id / null value / value), built and prepared once; a request binds the cursor's values
      rows = await execStatic(
        db,
        `${def.table}|cursor|${s.field}|${s.desc}|${limit}|${q.trashed ?? ''}|${c.form}`,
        (v) => sql`select ${selectList(def)} from ${col(def.table)}${whereSql([...w, c.build(v)])}${orderSql(s)} limit ${take}`,
        c.values,
        READ,
      );
    } else {
      const wc = [...w, c.build((n) => c.values[n])];
      rows = await run(db, sql`select ${selectList(def)} from ${col(def.table)}${whereSql(wc)}${orderSql(s)} limit ${take}`, READ);
    }
  } else {
    const offset = (q.page - 1) * limit;
    // deep pages: find the ids through the (often index-only) sort index first, then read only those rows.
    // Without search or filters the offset is a parameter (the limit stays in the text): one prepared
    // statement serves every page of a resource, sort and limit
    const off = hot ? sql`${offset}::int` : sql`${offset}`;
    const query = () =>
      offset > 1000
        ? sql`select ${selectList(def)} from ${col(def.table)} where id in (select id from ${col(def.table)}${whereSql(w)}${orderSql(s)} limit ${take} offset ${off})${orderSql(s)}`
        : offset === 0
          ? sql`select ${selectList(def)} from ${col(def.table)}${whereSql(w)}${orderSql(s)} limit ${take}`
          : sql`select ${selectList(def)} from ${col(def.table)}${whereSql(w)}${orderSql(s)} limit ${take} offset ${off}`;
    const plain = !scoped && Object.entries(q).every(([k, v]) => v === undefined || ['page', 'limit', 'sort'].includes(k));
    const anchors = offset > 0 ? pageAnchorsOf(services.database, services.config.PAGE_ANCHOR_ROWS) : null;
    const anchored =
      anchors && offset >= anchors.spacing
        ? await anchoredPage(db, def, anchors, {
            key: `${def.name}|${callerKey(ctx.user)}|${JSON.stringify({ ...q, page: undefined, limit: undefined })}`,
            w,
            s,
            offset,
            limit,
            fixed: hot && !scoped ? `${def.table}|${s.field}|${s.desc}|${q.trashed ?? ''}` : null,
            table: scoped ? null : def.table,
            run,
          })
        : null;
    if (anchored) rows = anchored;
    else if (offset === 0 && hot && !scoped) {
      // page 1 for a user who sees every row: the whole text is fixed (no parameter), built and prepared once
      rows = await execStatic(db, `${def.table}|page1|${s.field}|${s.desc}|${limit}|${q.trashed ?? ''}`, query, {}, READ);
    } else rows = await run(db, query(), READ);
    // a page that is not full ends the list: its total is exact without a second query (most searches
    // match less than a page). An empty page past the end still counts, to say how many there are.
    total = knownTotal(offset, limit, rows.length) ?? (await totalOf(db, def, w, plain));
  }
  const more = rows.length > limit;
  if (more) rows = rows.slice(0, limit);
  await attachRefs(db, def, rows);
  const entries = rows.map((r) => present(def, r, ctx));
  const last = rows[rows.length - 1];
  return {
    entries,
    pagination: {
      page: q.cursor ? null : q.page,
      limit,
      total: total?.total ?? null,
      total_pages: total ? Math.ceil(total.total / limit) : null,
      next_cursor: more && last ? encodeCursor(s, last) : null,
      total_is_estimate: total?.estimate ?? false,
    },
  };
}

/**
 * A deep page read from its page anchor (core/page-anchors.ts): the row at offset a - 1 (a = offset
 * rounded down to the spacing) is remembered, or read once from the nearest anchor before it (or the
 * start); the page is then the rows after it, skipping offset - a (< spacing) of them. The same rows, in
 * the same order, as the plain offset query while the anchor is true. Null when the list holds fewer
 * than a rows (the plain path answers, and counts). `fixed`: the text's key for a list without search,
 * filters or scope (prepared once per form); else the query is built per request.
 */
async function anchoredPage(
  db: Db,
  def: ResourceDef,
  anchors: PageAnchors,
  o: { key: string; w: SQL[]; s: SortSpec; offset: number; limit: number; fixed: string | null; table: string | null; run: typeof exec },
): Promise<Record<string, unknown>[] | null> {
  const { w, s, offset, limit, fixed } = o;
  const a = offset - (offset % anchors.spacing);
  const mark = anchors.mark();
  const known = anchors.get(o.key, a);
  let anchor = known.exact;
  if (!anchor) {
    // the row at offset a - 1, from the nearest anchor before it (or the start)
    const from = known.before ? keysetParts(s, known.before.anchor.value, known.before.anchor.id) : null;
    const values = { ...from?.values, skip: a - 1 - (known.before?.offset ?? 0) };
    const v = s.field === 'id' ? sql`null` : sql`${col(s.field)}::text`;
    const build = (p: (name: string) => unknown) =>
      sql`select id, ${v} as v from ${col(def.table)}${whereSql(from ? [...w, from.build(p)] : w)}${orderSql(s)} limit 1 offset ${p('skip')}::int`;
    const [r] = fixed
      ? await execStatic<{ id: number; v: string | null }>(db, `${fixed}|anchor|${from?.form ?? 'start'}`, build, values, READ)
      : await o.run<{ id: number; v: string | null }>(
          db,
          build((n) => values[n as keyof typeof values]),
          READ,
        );
    if (!r) return null;
    anchor = { value: r.v, id: Number(r.id) };
    anchors.set(o.key, o.table, a, anchor, mark);
  }
  const after = keysetParts(s, anchor.value, anchor.id);
  const skip = offset - a;
  const take = sql.raw(String(limit + 1));
  const values = { ...after.values, skip };
  // past a few hundred rows the ids are found first through the (often index-only) sort index, as for deep pages
  const build = (p: (name: string) => unknown) => {
    const wa = whereSql([...w, after.build(p)]);
    return skip > 100
      ? sql`select ${selectList(def)} from ${col(def.table)} where id in (select id from ${col(def.table)}${wa}${orderSql(s)} limit ${take} offset ${p('skip')}::int)${orderSql(s)}`
      : sql`select ${selectList(def)} from ${col(def.table)}${wa}${orderSql(s)} limit ${take} offset ${p('skip')}::int`;
  };
  return fixed
    ? execStatic(db, `${fixed}|anchored|${limit}|${after.form}|${skip > 100 ? 'deep' : 'near'}`, build, values, READ)
    : o.run(
        db,
        build((n) => values[n as keyof typeof values]),
        READ,
      );
}

export function registerResource(router: Router, services: Services, def: ResourceDef) {
  const base = `/api/admin/${def.name}`;
  const custom = def.config.custom ?? {};
  const tags = [def.label];
  const S = def.subject;
  const listQuery = listQuerySchema(def);
  // PGlite only: answers kept while nothing is written (core/answer-cache.ts); asked after the permission check
  const answers = () => answerCacheOf(services.database, services.config.ANSWER_CACHE_SECONDS);
  const docs = resourceDocs(def);
  const entrySchema = z.object({ entry: docs.row });

  if (!custom.list) {
    router.add({
      method: 'GET',
      url: base,
      access: { action: 'list', subject: S },
      summary: `Danh sách ${def.label.toLowerCase()}`,
      tags,
      query: listQuery,
      response: z.object({ entries: z.array(docs.row), pagination: paginationSchema }),
      serialize: listAnswerSchema(def),
      handler: (ctx) =>
        cachedAnswer(answers(), `${def.name}|list|${callerKey(ctx.user)}|${JSON.stringify(ctx.query)}`, () =>
          listRows(services, def, ctx.query as ListQuery, ctx),
        ),
    });
  }
  if (def.count) {
    router.add({
      method: 'GET',
      url: `${base}/count`,
      access: { action: 'list', subject: S },
      summary: `Đếm ${def.label.toLowerCase()}`,
      tags,
      query: listQuery.omit({ page: true, limit: true, sort: true, cursor: true }),
      response: z.object({ count: z.number(), count_is_estimate: z.boolean() }),
      handler: async (ctx) => {
        // capped or estimated like a list's total: a count never scans a million rows
        const q = ctx.query as ListQuery;
        const w = whereOf(def, q, ctx.user);
        const plain = scopeOf(def, ctx.user).length === 0 && Object.values(q).every((v) => v === undefined);
        const t = await totalOf(services.db, def, w, plain);
        return { count: t.total, count_is_estimate: t.estimate };
      },
    });
  }
  if (def.exportName) {
    const kind = `export:${def.name}`;
    const access = { action: 'export', subject: S } as const;
    defineJob(services, kind, async (run) => {
      const q = run.params.query as ListQuery;
      const w = whereOf(def, q, run.user);
      const t = await totalOf(services.db, def, w, scopeOf(def, run.user).length === 0 && Object.values(q).every((v) => v === undefined));
      return exportResource(services, def, q, run.ctx, undefined, (n) => run.progress(n, t.total));
    });
    router.add({
      method: 'GET',
      url: `${base}/${def.exportName}`,
      access,
      summary: `Xuất Excel ${def.label.toLowerCase()} (tác vụ nền: trả về tác vụ ngay, tệp tải trong mục Tác vụ khi xong)`,
      tags,
      query: listQuery.omit({ page: true, limit: true, cursor: true }),
      status: 202,
      response: jobAnswer,
      handler: (ctx) => startJob(ctx, { kind, title: `Xuất Excel ${def.label.toLowerCase()}`, params: { query: ctx.query }, access }),
    });
  }
  if (!custom.read) {
    router.add({
      method: 'GET',
      url: `${base}/:id`,
      access: { action: 'read', subject: S },
      summary: `Chi tiết ${def.label.toLowerCase()}`,
      tags,
      params: idParams,
      response: entrySchema,
      serialize: readAnswerSchema(def),
      handler: (ctx) =>
        cachedAnswer(answers(), `${def.name}|read|${callerKey(ctx.user)}|${ctx.params.id}`, async () => {
          const row = await findOne(services.db, def, ctx.params.id, ctx);
          await attachRefs(services.db, def, [row]);
          return { entry: present(def, row, ctx) };
        }),
    });
  }
  if (!custom.create) {
    router.add({
      method: 'POST',
      url: base,
      access: { action: 'create', subject: S },
      summary: `Thêm ${def.label.toLowerCase()}`,
      tags,
      body: docs.create,
      response: entrySchema,
      message: 'Thêm mới thành công',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          const r = resource(def.name);
          return r.entry(db, await r.create(ctx, db, ctx.body as Record<string, unknown>), ctx);
        }),
    });
  }
  if (!custom.update) {
    addRecordAction(router, services, {
      resource: def.name,
      url: `${base}/:id`,
      permission: 'update',
      summary: `Cập nhật ${def.label.toLowerCase()}`,
      tags,
      body: docs.update,
      response: entrySchema,
      // an entry as GET answered it may be sent back: what the server keeps or presents is set aside
      bodyIgnores: echoedKeys(def),
      message: 'Cập nhật thành công',
      audit: 'update',
      op: 'update',
      change: (ctx) => ({ data: ctx.body }),
    });
  }
  if (!custom.delete) {
    router.add({
      method: 'DELETE',
      url: `${base}/:id`,
      access: { action: 'delete', subject: S },
      summary: `Xóa ${def.label.toLowerCase()}`,
      tags,
      params: idParams,
      response: z.object({ id: z.number().int(), soft: z.boolean().describe('true: vào thùng rác (khôi phục được)') }),
      message: 'Xóa thành công',
      handler: (ctx) =>
        services.db.transaction(async (db) => {
          await resource(def.name).delete(ctx, db, ctx.params.id);
          return { id: ctx.params.id, soft: def.softDelete };
        }),
    });
  }
  if (def.softDelete) {
    addRecordAction(router, services, {
      resource: def.name,
      url: `${base}/restore/:id`,
      permission: 'delete',
      summary: `Khôi phục ${def.label.toLowerCase()} đã xóa`,
      tags,
      response: entrySchema,
      message: 'Khôi phục thành công',
      audit: 'restore',
      trashed: true,
      // the hooks are told 'update', as for any change of a stored record
      op: 'update',
      change: () => ({ data: { deleted_at: null }, trusted: ['deleted_at'], auditKeys: ['deleted_at'] }),
    });
  }
  for (const [name, action] of Object.entries(def.actions)) {
    const f = def.fields[action.field];
    if (!f) throw new Error(`${def.name}: action ${name} names unknown field ${action.field}`);
    addRecordAction(router, services, {
      resource: def.name,
      url: `${base}/${name}/:id`,
      permission: action.permission,
      summary: `${action.label} (${def.label.toLowerCase()})`,
      tags,
      response: entrySchema,
      message: 'Cập nhật thành công',
      audit: name,
      change(_ctx, existing) {
        if (action.kind === 'set') return { [action.field]: action.value };
        if (f.kind === 'switch') return { [action.field]: !existing[action.field] };
        if (f.kind === 'enum' && f.options?.length === 2)
          return { [action.field]: existing[action.field] === f.options[0].value ? f.options[1].value : f.options[0].value };
        throw badRequest([{ field: action.field, message: `${f.label} không thể bật/tắt` }]);
      },
    });
  }
}

export function registerResources(router: Router, services: Services) {
  for (const def of resources) {
    registerResource(router, services, def);
    registerBulk(router, services, def);
    if (def.config.import) registerImport(router, services, def);
  }
}
