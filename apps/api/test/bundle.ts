// How a test starts a process of the API: the bundle global-setup.ts built (bundle-build.ts), or tsx.
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { BUNDLE_ENTRIES, type BundleEntry, root } from './bundle-build';

/**
 * V8 flags of the processes the tests start. They live seconds and run PGlite's WebAssembly briefly:
 * compiling it once with the baseline compiler and never again with the optimising one spends less CPU
 * than the optimised code saves (a server's start on a PGlite DATA_DIR: bench/RESULTS.md). The
 * product's own processes keep V8's defaults.
 */
const TEST_PROCESS_FLAGS = ['--liftoff-only'];

/** The node arguments that start an entry point: the bundle when the run built one, else tsx on the source. */
export function nodeArgs(entry: BundleEntry): string[] {
  const dir = inject('testBundleDir');
  if (dir && fs.existsSync(path.join(dir, `${entry}.mjs`))) return [...TEST_PROCESS_FLAGS, path.join(dir, `${entry}.mjs`)];
  return [...TEST_PROCESS_FLAGS, '--import', 'tsx', path.join(root, BUNDLE_ENTRIES[entry])];
}
