// How a test starts a process of the API: the bundle global-setup.ts built (bundle-build.ts), or tsx.
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { BUNDLE_ENTRIES, type BundleEntry, root } from './bundle-build';

/** The node arguments that start an entry point: the bundle when the run built one, else tsx on the source. */
export function nodeArgs(entry: BundleEntry): string[] {
  const dir = inject('testBundleDir');
  if (dir && fs.existsSync(path.join(dir, `${entry}.mjs`))) return [path.join(dir, `${entry}.mjs`)];
  return ['--import', 'tsx', path.join(root, BUNDLE_ENTRIES[entry])];
}
