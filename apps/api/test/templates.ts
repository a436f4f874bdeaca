import fs from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from '../src/db/client';

/**
 * The clusters global-setup.ts made once per run, for tests that need a whole database of their own.
 * vitest's inject is imported when first needed: outside a vitest run (the benches) there is none.
 */
type Key = 'pgliteTemplate' | 'pgliteEmpty' | 'pgliteEmptyDir' | 'pgliteSeededDir' | 'pgTemplate';
export const injected = async (key: Key) => (process.env.VITEST ? (await import('vitest')).inject(key) : undefined);

let emptyTemplate: Blob | undefined;
/**
 * An empty embedded database (initdb done, nothing migrated), as a restore, an upgrade or the
 * migrations' own tests start from: in memory, or in `dir` (which must not exist), from global-setup's
 * empty cluster instead of a new initdb (6 s of CPU each). Outside vitest a plain new one.
 */
export async function emptyPglite(dir?: string): Promise<Database> {
  if (dir) {
    const src = await injected('pgliteEmptyDir');
    if (src && fs.existsSync(src)) fs.cpSync(src, dir, { recursive: true });
    return openDatabase({ dir });
  }
  const file = await injected('pgliteEmpty');
  if (file && fs.existsSync(file)) emptyTemplate ??= new Blob([fs.readFileSync(file)]);
  return openDatabase({ dir: 'memory://', ...(emptyTemplate ? { loadDataDir: emptyTemplate } : {}) });
}

/**
 * Puts global-setup's migrated and seeded cluster (the admin with ADMIN_PASSWORD) into
 * `dataDir`/pglite, so a server process started there finds nothing to migrate. False when there is
 * none (outside vitest): the server then makes its database itself.
 */
export async function seedDataDir(dataDir: string): Promise<boolean> {
  const src = await injected('pgliteSeededDir');
  if (!src || !fs.existsSync(src)) return false;
  fs.cpSync(src, path.join(dataDir, 'pglite'), { recursive: true });
  return true;
}

let seededTemplate: Blob | undefined;
/** An embedded database in memory, migrated and seeded as buildApp leaves a new one (global-setup's dump). */
export async function seededPglite(): Promise<Database> {
  const file = await injected('pgliteTemplate');
  if (file && fs.existsSync(file)) seededTemplate ??= new Blob([fs.readFileSync(file)]);
  return openDatabase({ dir: 'memory://', ...(seededTemplate ? { loadDataDir: seededTemplate } : {}) });
}
