// The API bundled once per test run for the processes the tests start: the server, the backup and
// restore scripts, the migrating process. The build is the product's own (scripts/api-bundle.mjs, what
// `npm start` runs with node), into a directory of this run, plus the test's migrating process.
// `node --import tsx` would compile and resolve every source module again in each process (figures in
// bench/RESULTS.md, 'Figures moved from comments'). Set TEST_BUNDLE=no to start them with tsx instead.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ENTRIES, buildApi } from '../../../scripts/api-bundle.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The entry points by name, as paths from the repository's root. */
export const BUNDLE_ENTRIES = {
  ...API_ENTRIES,
  'migrate-process': 'apps/api/test/migrate-process.ts',
} as const;
export type BundleEntry = keyof typeof BUNDLE_ENTRIES;

/** Builds the bundle into a directory of this run (vitest's global setup); returns it, or undefined with TEST_BUNDLE=no. */
export async function buildTestBundle(): Promise<string | undefined> {
  if (process.env.TEST_BUNDLE === 'no') return undefined;
  const outdir = path.join(root, 'apps/api/dist', `test-${process.pid}`);
  await buildApi(outdir, BUNDLE_ENTRIES);
  return outdir;
}
