// The web's weight (issue 3): gzip size of the JavaScript the sign-in page loads, and of the first admin
// screen (/admin/home after signing in). Reads apps/web/dist (index.html + the Vite manifest), so build
// first (`npm run build`). Run alone: `npx tsx bench/web-size.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = process.env.WEB_DIST ?? path.join(here, '../apps/web/dist');
export const TARGETS = { signIn: 150 * 1024, firstAdmin: 400 * 1024 };

function readManifest(dist: string): Manifest {
  const p = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(p)) throw new Error(`${p} is missing: run \`npm run build\` (build.manifest is on)`);
  return JSON.parse(fs.readFileSync(p, 'utf8')) as Manifest;
}

/** The manifest key of a source file, by the end of its path. */
function keyOf(m: Manifest, srcSuffix: string): string {
  const k = Object.keys(m).find((key) => key.endsWith(srcSuffix));
  if (!k) throw new Error(`no chunk for ${srcSuffix} in the manifest`);
  return k;
}

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function withStaticImports(m: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (into.has(k) || !m[k]) continue;
    into.add(k);
    withStaticImports(m, m[k].imports ?? [], into);
  }
  return into;
}

function gzipOf(dist: string, m: Manifest, keys: Set<string>): number {
  let n = 0;
  for (const k of keys) n += gzipSync(fs.readFileSync(path.join(dist, m[k].file)), { level: 9 }).length;
  return n;
}

/** The scripts index.html loads itself (entry and modulepreloads), as manifest keys. */
function htmlScripts(dist: string, m: Manifest): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/?([^"]+\.js)"/g)].map((x) => x[1]);
  const byFile = new Map(Object.entries(m).map(([k, c]) => [c.file, k]));
  return files.map((f) => byFile.get(f)).filter((k): k is string => !!k);
}

export async function webSizes(dist = WEB_DIST): Promise<{ name: string; gzipBytes: number }[]> {
  const m = readManifest(dist);
  const entry = Object.keys(m).filter((k) => m[k].isEntry);
  const initial = withStaticImports(m, [...entry, ...htmlScripts(dist, m)]);
  const signIn = withStaticImports(m, [keyOf(m, 'src/features/auth/auth-layout.tsx'), keyOf(m, 'src/features/auth/login-page.tsx')], new Set(initial));
  const admin = withStaticImports(
    m,
    [keyOf(m, 'src/app/shell/admin-layout.tsx'), keyOf(m, 'src/features/home/home-page.tsx'), keyOf(m, 'src/app/feedback-host.tsx')],
    new Set(signIn),
  );
  return [
    { name: 'Web: JS ban đầu của trang đăng nhập (entry + static imports)', gzipBytes: gzipOf(dist, m, initial) },
    { name: 'Web: trang đăng nhập, gồm màn hình đăng nhập (mục tiêu ≤ 150 KB)', gzipBytes: gzipOf(dist, m, signIn) },
    { name: 'Web: màn hình quản trị đầu tiên /admin/home (mục tiêu ≤ 400 KB)', gzipBytes: gzipOf(dist, m, admin) },
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await webSizes();
  for (const r of rows) console.log(`${r.name.padEnd(72)} ${(r.gzipBytes / 1024).toFixed(1).padStart(8)} KB gzip`);
}
