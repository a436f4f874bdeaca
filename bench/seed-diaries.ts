import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/api/src/db/client';
import { createSample } from '../apps/api/test/samples';

/** Diaries of the measured batch: the "batch + 200 diaries + timeline". */
export const DIARIES_PER_BATCH = 200;

/**
 * Issue 13's batch-detail scenario: one batch made through the API (its product, producer and process
 * made as the generic suite makes samples), six stages on its process, then copies of that batch and
 * `rows` diaries in all, 200 per batch, in set-based statements (generate_series). Answers the id of
 * the first batch, whose detail (`GET /api/admin/batches/timeline/:id`) the bench loads.
 */
export async function seedBatchDiaries(app: FastifyInstance, database: Database, adminToken: string, rows: number): Promise<number> {
  const t = { app, database, dataDir: '', adminToken, close: async () => {} };
  const batchId = await createSample(t, resourceByName.batches);
  const [b] = await database.query<{ process_id: number | null }>(sql`select process_id from batches where id = ${batchId}`);
  if (b.process_id) {
    await database.query(sql`insert into stages (process_id, position, name, duration_days)
      select ${b.process_id}, g, (array['Làm đất','Gieo trồng','Bón phân','Chăm sóc','Phun thuốc','Thu hoạch'])[g], 20
      from generate_series(1, 6) g`);
  }
  // the other batches: copies of the first with their own codes
  const batches = Math.max(1, Math.ceil(rows / DIARIES_PER_BATCH));
  await database.query(sql`insert into batches (code, product_id, process_id, manufacture_id, planting_date, status, search_text)
    select code || '-' || g, product_id, process_id, manufacture_id, planting_date, status, search_text || ' ' || g
    from batches, generate_series(2, ${batches}::int) g where id = ${batchId}`);
  const acts = sql.raw(`array['land_preparation','planting','fertilizing','spraying','irrigation']`);
  const chunk = 250_000;
  for (let from = 0; from < rows; from += chunk) {
    const to = Math.min(rows, from + chunk) - 1;
    // diary g goes to the (g / 200)-th batch of the run (the first is the measured one), a day apart
    await database.query(sql`insert into diaries (batch_id, performed_at, activity, is_traceable, search_text)
      select ${batchId} + (g / ${DIARIES_PER_BATCH})::int, now() - make_interval(days => ${DIARIES_PER_BATCH} - g % ${DIARIES_PER_BATCH}),
        (${acts})[g % 5 + 1], g % 3 = 0, 'nhat ky ' || g
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await database.query(sql`vacuum analyze diaries`);
  await database.query(sql`vacuum analyze batches`);
  const [n] = await database.query<{ n: number }>(sql`select count(*)::int as n from diaries where batch_id = ${batchId}`);
  if (n.n !== DIARIES_PER_BATCH) throw new Error(`batch ${batchId} holds ${n.n} diaries, not ${DIARIES_PER_BATCH}`);
  return batchId;
}
