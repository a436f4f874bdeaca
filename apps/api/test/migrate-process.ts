// A process that migrates one database, for migrate.test.ts (`node --import tsx`): opens DATABASE_URL,
// prints `ready`, waits for `go` on stdin, runs migrate() with the platform seed (holding the lock a
// little longer on a fresh database, so the other process has to wait), prints one JSON line, exits.
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import { seedPlatform } from '../src/core/seed-platform';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

const database = await openDatabase({ url: process.env.DATABASE_URL as string, poolSize: 2 });
await database.query(sql`select 1`);
const lines = readline.createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
lines.close();
const started = Date.now();
const r = await migrate(database, async (tx, fresh) => {
  await seedPlatform(tx, 'Admin@12345');
  if (fresh) await tx.execute(sql`select pg_sleep(0.5)`);
});
process.stdout.write(`${JSON.stringify({ ...r, started, finished: Date.now() })}\n`);
await database.close();
