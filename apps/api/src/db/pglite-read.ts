import { type PGlite, parse, protocol } from '@electric-sql/pglite';

/** Named statements per PGlite instance at most; texts past it run as a plain parameterised query. */
const MAX_NAMED = 500;

type Parsers = Record<number, (v: string) => unknown>;

/** A text prepared in the engine's session: its name and its parameters' types (as PGlite's query learns them). */
interface Named {
  name: string;
  types: number[];
}

const join = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** PostgreSQL's codes for a prepared statement that no longer exists or whose plan no longer fits its tables. */
const STALE = new Set(['26000', '0A000']);

/**
 * Plain reads on PGlite as named prepared statements, through its public wire-protocol API: a text is
 * parsed once per instance (Parse with a name, Describe for its parameter types) and each call is one
 * Bind/Describe/Execute/Sync exchange, which reuses the plan. PGlite's `query(text, params)` parses,
 * plans and describes on every call in five exchanges (planning a join was most of a read:
 * content/slug-read.ts). Values are sent as parameters, serialised as `query` serialises them.
 * `waitIdle` resolves when no transaction is open on the instance (db/write-clock.ts knows them):
 * a read must not run between the statements of a transaction.
 */
export function pgliteReader(
  client: PGlite,
  query: (text: string, params: unknown[], parsers: Parsers) => Promise<unknown[]>,
  waitIdle: () => Promise<void> | null,
) {
  const named = new Map<string, Named>();
  let seq = 0;

  const prepare = async (text: string): Promise<Named> => {
    const name = `nns_r${++seq}`;
    const { messages } = await client.execProtocol(
      join([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const desc = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const n = { name, types: desc?.dataTypeIDs ?? [] };
    named.set(text, n);
    return n;
  };

  const execute = async (n: Named, params: unknown[], parsers: Parsers) => {
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serialize = client.serializers[n.types[i]];
      return serialize ? serialize(v) : String(v);
    });
    const { messages } = await client.execProtocol(
      join([
        protocol.serialize.bind({ statement: n.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, { ...client.parsers, ...parsers })[0]?.rows ?? [];
  };

  const run = async (text: string, params: unknown[], parsers: Parsers) => {
    const n = named.get(text) ?? (await prepare(text));
    try {
      return await execute(n, params, parsers);
    } catch (err) {
      // the tables changed under the plan (a migration, a restore): prepared again once, under a new name
      if (!STALE.has((err as { code?: string }).code ?? '')) throw err;
      named.delete(text);
      await client.execProtocol(join([protocol.serialize.close({ type: 'S', name: n.name }), protocol.serialize.sync()]), { syncToFs: false });
      return execute(await prepare(text), params, parsers);
    }
  };

  return async (text: string, params: unknown[], parsers: Parsers): Promise<unknown[]> => {
    if (named.size >= MAX_NAMED && !named.has(text)) return query(text, params, parsers);
    for (;;) {
      const open = waitIdle();
      if (open) {
        await open;
        continue;
      }
      // the engine held for the whole exchange; a transaction begun meanwhile waits for it, and one
      // still open when the lock is ours (its statements between locks) makes this read wait for its end
      const rows = await client.runExclusive(async () => (waitIdle() ? null : run(text, params, parsers)));
      if (rows) return rows;
    }
  };
}
