// The API bundled once per test run (esbuild) for the processes the tests start: the server, the
// backup and restore scripts, the migrating process. `node --import tsx` compiles and resolves every
// source module again in each process: a server started on PostgreSQL took 2.39 s of CPU that way and
// 1.65 s from the bundle (25/11/2026; most of the rest is loading packages and building the app). The sources are the same: each module's `import.meta.url` is its source file's, so
// the paths it resolves (migrations, the national list, the built web app, fonts) are the ones tsx
// gives. Packages stay in node_modules; the workspace's own (@nns/shared) are bundled. Set
// TEST_BUNDLE=no to start them with tsx instead.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The entry points by name, as paths from the repository's root. */
export const BUNDLE_ENTRIES = {
  server: 'apps/api/src/server.ts',
  backup: 'apps/api/src/scripts/backup.ts',
  restore: 'apps/api/src/scripts/restore.ts',
  'migrate-process': 'apps/api/test/migrate-process.ts',
} as const;
export type BundleEntry = keyof typeof BUNDLE_ENTRIES;

/** Each source module keeps its own location: `import.meta.url` becomes the source file's URL. */
const ownUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      const contents = text.includes('import.meta.url') ? text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)) : text;
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** Every package the workspace depends on stays external (node_modules), except the workspace's own. */
function externals(): string[] {
  const names = new Set<string>();
  for (const p of ['package.json', 'apps/api/package.json', 'packages/shared/package.json']) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, p), 'utf8'));
    for (const k of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) for (const n of Object.keys(pkg[k] ?? {})) names.add(n);
  }
  for (const n of [...names]) if (n.startsWith('@nns/')) names.delete(n);
  return [...names].flatMap((n) => [n, `${n}/*`]);
}

/** Builds the bundle into a directory of this run (vitest's global setup); returns it, or undefined with TEST_BUNDLE=no. */
export async function buildTestBundle(): Promise<string | undefined> {
  if (process.env.TEST_BUNDLE === 'no') return undefined;
  const outdir = path.join(root, 'apps/api/dist', `test-${process.pid}`);
  await build({
    entryPoints: Object.fromEntries(Object.entries(BUNDLE_ENTRIES).map(([k, v]) => [k, path.join(root, v)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: externals(),
    plugins: [ownUrl],
    logLevel: 'error',
  });
  return outdir;
}
