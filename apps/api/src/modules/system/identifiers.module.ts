import { identifierProblem, isIdentifierField, type ResourceDef } from '@nns/shared';
import { resources } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineModule, type SessionUser } from '../../core/module';
import { col, whereSql } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import { scopeOf } from '../../core/scope';

/** rows listed per resource: the report is a work list, not an export */
const PER_RESOURCE = 500;

const entry = z.object({
  resource: z.string(),
  label: z.string(),
  route: z.string(),
  id: z.number(),
  name: z.string(),
  field: z.string(),
  field_label: z.string(),
  value: z.string(),
  message: z.string(),
});

/** The resources with an identifier rule (a tax code, a CCCD, a phone) and which of their fields carry it. */
function identifierFieldsOf(def: ResourceDef): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => isIdentifierField(f) && !f.writeOnly)
    .map(([k]) => k);
}

/** The column that names a row in the report: the list's first text column, else the code. */
function nameColumnOf(def: ResourceDef): string {
  for (const k of ['name', 'full_name', 'title', 'code', 'username']) if (def.fields[k]) return k;
  return 'id';
}

/**
 * Rows stored before the identifier rules (a tax code's check digit, a CCCD's province code, an
 * assigned mobile prefix) that fail them now. They are never rewritten: the write path lets an update
 * keep a value as it was, and this report lists them so an officer can correct each one (the edit
 * form shows the same message under the field).
 */
export default defineModule({
  name: 'system-identifiers',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/identifier-report',
      access: { action: 'list', subject: 'identifier_report' },
      summary: 'Các bản ghi có mã số thuế, số CCCD hoặc số điện thoại không còn đúng quy tắc (cần cán bộ sửa)',
      tags: ['Hệ thống'],
      response: z.object({ entries: z.array(entry), total: z.number(), truncated: z.boolean() }),
      handler: async (ctx) => {
        const user = ctx.user as SessionUser;
        const entries: z.infer<typeof entry>[] = [];
        let truncated = false;
        for (const def of resources) {
          const keys = identifierFieldsOf(def);
          // a resource the caller may not list stays out of their report, and so do rows outside their scope
          if (!keys.length || !user.permissions.has(`list:${def.subject}`)) continue;
          const name = nameColumnOf(def);
          const w = [
            sql`(${sql.join(
              keys.map((k) => sql`${col(k)} is not null and ${col(k)} <> ''`),
              sql` or `,
            )})`,
            ...scopeOf(def, user),
          ];
          if (def.softDelete) w.push(sql`deleted_at is null`);
          const rows = await exec<Record<string, unknown>>(
            services.db,
            sql`select id, ${col(name)} as report_name, ${sql.join(
              keys.map((k) => col(k)),
              sql`, `,
            )} from ${col(def.table)}${whereSql(w)} order by id`,
          );
          let n = 0;
          for (const r of rows) {
            for (const k of keys) {
              const v = r[k];
              if (typeof v !== 'string' || !v) continue;
              const message = identifierProblem(def.fields[k], v);
              if (!message) continue;
              if (++n > PER_RESOURCE) {
                truncated = true;
                break;
              }
              entries.push({
                resource: def.name,
                label: def.label,
                route: def.route,
                id: r.id as number,
                name: String(r.report_name ?? r.id),
                field: k,
                field_label: def.fields[k].label,
                value: v,
                message,
              });
            }
          }
        }
        return { entries, total: entries.length, truncated };
      },
    });
  },
});
