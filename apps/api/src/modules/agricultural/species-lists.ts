import type { ResourceDef, Subject } from '@nns/shared';
import { unaccent } from '@nns/shared';
import { CRITERIA_RANGES } from '@nns/shared/resources/criteria-seafoods';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors';
import type { ResourceHooks, Router } from '../../core/module';
import { col } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import type { Services } from '../../core/services';

const listQuery = z.object({ search: z.string().max(200, 'Từ khóa tìm kiếm tối đa 200 ký tự').optional() }).strict();

/**
 * GET /api/admin/{product resource}/{species}: the live, active species of a catalogue for the pickers
 * of the product screens (spec §7 'product-plants (with plants list)' and its two siblings).
 */
export function registerSpeciesList(
  router: Router,
  services: Services,
  o: { base: string; path: string; species: ResourceDef; typeField: string; subject: Subject },
) {
  router.add({
    method: 'GET',
    url: `/api/admin/${o.base}/${o.path}`,
    access: { action: 'list', subject: o.subject },
    tags: [o.species.label],
    summary: `Danh sách ${o.species.label.toLowerCase()} (để chọn)`,
    query: listQuery,
    response: z.object({
      entries: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), scientific_name: z.string().nullable() }).passthrough()),
    }),
    handler: async (ctx) => {
      const term = ctx.query.search?.trim() ? `%${unaccent(ctx.query.search.trim().toLowerCase())}%` : null;
      const entries = await exec(
        services.db,
        sql`select id, code, name, scientific_name, ${col(o.typeField)}
        from ${col(o.species.table)} where deleted_at is null and is_active${term ? sql` and search_text like ${term}` : sql``}
        order by name limit 1000`,
      );
      return { entries };
    },
  });
}

/** Each range of a seafood criteria must read min ≤ max (on create, and after merging an update). */
function checkRanges(data: Record<string, unknown>, existing: Record<string, unknown> = {}) {
  const errors: { field: string; message: string }[] = [];
  for (const [p, label] of CRITERIA_RANGES) {
    const pick = (k: string) => (k in data ? data[k] : existing[k]) as number | null | undefined;
    const min = pick(`${p}_min`);
    const max = pick(`${p}_max`);
    if (min !== null && min !== undefined && max !== null && max !== undefined && min > max) {
      errors.push({ field: `${p}_max`, message: `${label}: giá trị tối đa (${max}) phải lớn hơn hoặc bằng giá trị tối thiểu (${min})` });
    }
  }
  if (errors.length) throw badRequest(errors);
  return data;
}

export const criteriaHooks: ResourceHooks = {
  beforeCreate: (data) => checkRanges(data),
  beforeUpdate: (data, existing) => checkRanges(data, existing),
};
