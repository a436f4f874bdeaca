// The ceiling the engine is measured against: a bare Fastify server on the same database and table,
// with no session, permission, validation, presenter or envelope. Hello-world, the same page-1 query
// as the engine's list (same columns, same order, limit 11) and the same read by id.
import type { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../apps/api/src/lib/pool-size';

export interface Bare {
  base: string;
  close(): Promise<void>;
}

/** Starts the bare server on 127.0.0.1 (a random port), on PostgreSQL (its own pool, as large as the app's: DATABASE_POOL_SIZE or its default) or on the app's PGlite. */
export async function startBare(o: { url?: string; pglite?: PGlite; table: string; columns: string[] }): Promise<Bare> {
  const pool = o.url ? new pg.Pool({ connectionString: o.url, max: Number(process.env.DATABASE_POOL_SIZE || DEFAULT_POOL_SIZE) }) : null;
  const query = async (text: string, params: unknown[]) => {
    if (pool) return (await pool.query(text, params)).rows;
    if (o.pglite) return (await o.pglite.query(text, params)).rows;
    throw new Error('startBare: no database');
  };
  const cols = o.columns.map((c) => `"${c}"`).join(', ');
  const list = `select ${cols} from "${o.table}" where deleted_at is null order by id desc limit $1 offset $2`;
  const read = `select ${cols} from "${o.table}" where id = $1 and deleted_at is null`;
  const app = Fastify({ logger: false });
  app.get('/bare/hello', async () => ({ hello: 'world' }));
  app.get('/bare/list', async () => {
    const rows = await query(list, [11, 0]);
    return { entries: rows.slice(0, 10) };
  });
  app.get<{ Params: { id: string } }>('/bare/read/:id', async (req, reply) => {
    const [row] = await query(read, [Number(req.params.id)]);
    if (!row) return reply.code(404).send({ error: 'not found' });
    return row;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    base,
    async close() {
      await app.close();
      await pool?.end();
    },
  };
}
