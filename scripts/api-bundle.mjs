#!/usr/bin/env node
// The API bundled by esbuild: what `npm start` runs with plain node, and what the API tests start as
// processes (apps/api/test/bundle-build.ts builds the same entries with the same options into a
// directory of its own run). `tsx` stays a development tool.
//
//   node scripts/api-bundle.mjs                  builds apps/api/dist/api/ when a source is newer
//   node scripts/api-bundle.mjs <entry> [args]   the same, then runs that entry (server, backup, restore)
//
// Each source module keeps its own location: `import.meta.url` becomes the source file's URL, so the
// paths it resolves (migrations, the national list, the built web app, fonts) are the source tree's,
// as under tsx. Packages stay in node_modules (argon2, sharp, PGlite's wasm files, pdfkit's fonts load
// as they do without a bundle); the workspace's own (@nns/shared) are bundled.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The product's entry points by name, as paths from the repository's root. */
export const API_ENTRIES = {
  server: 'apps/api/src/server.ts',
  backup: 'apps/api/src/scripts/backup.ts',
  restore: 'apps/api/src/scripts/restore.ts',
};

/** Where `npm start`, `npm run backup` and `npm run restore` find the bundle. */
export const API_DIST = path.join(root, 'apps/api/dist/api');
const STAMP = 'build.json';

/** esbuild plugin: `import.meta.url` of each source module is its source file's URL. */
const ownUrl = {
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

const PACKAGE_FILES = ['package.json', 'apps/api/package.json', 'packages/shared/package.json'];

/** Every package the workspace depends on stays external (node_modules), except the workspace's own. */
function externals() {
  const names = new Set();
  for (const p of PACKAGE_FILES) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, p), 'utf8'));
    for (const k of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) for (const n of Object.keys(pkg[k] ?? {})) names.add(n);
  }
  for (const n of [...names]) if (n.startsWith('@nns/')) names.delete(n);
  return [...names].flatMap((n) => [n, `${n}/*`]);
}

/**
 * Bundles `entries` (name → path from the root) into `outdir` as `<name>.mjs` plus shared chunks.
 * esbuild is loaded here only: a deployment whose bundle is up to date starts without it.
 */
export async function buildApi(outdir, entries = API_ENTRIES) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, path.join(root, v)])),
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
}

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** The newest modification time among the bundle's inputs: the API's and shared sources, the package lists, this script. */
export function sourcesTime() {
  const files = [...PACKAGE_FILES.map((p) => path.join(root, p)), fileURLToPath(import.meta.url)];
  return Math.max(newest(path.join(root, 'apps/api/src')), newest(path.join(root, 'packages/shared/src')), ...files.map((f) => fs.statSync(f).mtimeMs));
}

/** Why the bundle in `outdir` must be built again, or null when it is up to date. */
export function staleReason(outdir = API_DIST) {
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(outdir, STAMP), 'utf8'));
  } catch {
    return 'no bundle';
  }
  // the bundle names its source files by absolute path (import.meta.url): a moved tree needs a new one
  if (stamp.root !== root) return 'the tree moved';
  for (const name of Object.keys(API_ENTRIES)) if (!fs.existsSync(path.join(outdir, `${name}.mjs`))) return `${name}.mjs missing`;
  if (sourcesTime() > stamp.sourcesTime) return 'sources changed';
  return null;
}

/**
 * Builds the product's bundle when it is missing or a source is newer than it; returns whether it built.
 * Built beside and then moved into place, so a process starting meanwhile never loads half a bundle
 * (a running server loaded all of its chunks when it started).
 */
export async function ensureApiBundle({ outdir = API_DIST, log = console.log } = {}) {
  if (!staleReason(outdir)) return false;
  log('Đang build API (một lần)...');
  const time = sourcesTime();
  const next = `${outdir}.next-${process.pid}`;
  fs.rmSync(next, { recursive: true, force: true });
  await buildApi(next);
  // esbuild's service process would otherwise live beside the server as long as `npm start` does
  await (await import('esbuild')).stop();
  fs.writeFileSync(path.join(next, STAMP), `${JSON.stringify({ root, sourcesTime: time, builtAt: new Date().toISOString() })}\n`);
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.renameSync(next, outdir);
  return true;
}

/** Runs an entry of the bundle with plain node, forwarding stop signals; exits with its code. */
export function runEntry(name, args = [], outdir = API_DIST) {
  const child = spawn(process.execPath, [path.join(outdir, `${name}.mjs`), ...args], { cwd: root, stdio: 'inherit', env: process.env });
  for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [name, ...args] = process.argv.slice(2);
  if (name && !(name in API_ENTRIES)) {
    console.error(`api-bundle: không có điểm vào '${name}' (có: ${Object.keys(API_ENTRIES).join(', ')})`);
    process.exit(2);
  }
  // a script's own output (a backup's path) stays alone on stdout
  await ensureApiBundle({ log: name ? console.error : console.log });
  if (name) runEntry(name, args);
}
