import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's rooms, lowest first: imports only point down (features → app → core → components).
 * main.tsx sits above them all and holds the one list of features.
 */
const LAYERS = ['components', 'core', 'app', 'features'] as const;
const src = path.dirname(fileURLToPath(import.meta.url));

const layerOf = (rel: string): number => LAYERS.indexOf(rel.split('/')[0] as (typeof LAYERS)[number]);

/** Every module a file names: static imports and re-exports, side-effect imports, dynamic import(). */
export function importsOf(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of code.matchAll(re)) out.push(m[1] ?? m[2]);
  return out;
}

/** The imports of one file (path relative to src/) that point up or sideways across the layers. */
export function violations(rel: string, code: string): string[] {
  const from = layerOf(rel);
  if (from < 0) return []; // main.tsx, test-setup.ts: above every layer
  const bad: string[] = [];
  for (const spec of importsOf(code)) {
    if (!spec.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
    if (target.startsWith('..')) continue;
    const to = layerOf(target);
    if (to > from) bad.push(`${rel} → ${spec} (${LAYERS[from]} imports ${LAYERS[to]})`);
  }
  return bad;
}

function sources(dir: string, base = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) return sources(path.join(dir, e.name), rel);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe('layering of the web app', () => {
  it('no file imports a layer above its own (core never imports app or features, app never a feature, components nothing above)', () => {
    const files = sources(src);
    expect(files.length).toBeGreaterThan(50);
    const bad = files.flatMap((rel) => violations(rel, fs.readFileSync(path.join(src, rel), 'utf8')));
    expect(bad).toEqual([]);
  });

  it('the app names no feature: main.tsx holds the one list', () => {
    const main = fs.readFileSync(path.join(src, 'main.tsx'), 'utf8');
    const listed = importsOf(main).filter((s) => s.startsWith('./features/'));
    const features = fs
      .readdirSync(path.join(src, 'features'))
      .filter((d) => fs.existsSync(path.join(src, 'features', d, 'index.ts')) || fs.existsSync(path.join(src, 'features', d, 'index.tsx')));
    expect(listed.map((s) => s.slice('./features/'.length)).sort()).toEqual(features.sort());
  });

  it('catches imports that point up, in every form', () => {
    expect(violations('core/resource/x.tsx', "import { notify } from '../../app/feedback';")).toHaveLength(1);
    expect(violations('core/x.ts', "const m = await import('../features/home/home-page');")).toHaveLength(1);
    expect(violations('app/router.tsx', "export { a } from '../features/accounts';")).toHaveLength(1);
    expect(violations('app/x.ts', "import type { T } from '../features/a/b';\nimport '../features/c.css';")).toHaveLength(2);
    expect(violations('components/map/x.ts', "import { api } from '../../core/api';")).toHaveLength(1);
    expect(violations('features/home/x.ts', "import { api } from '../../core/api';\nimport { page } from '../../app/lazy-page';")).toEqual([]);
    expect(violations('core/x.ts', "import { Button } from 'antd';\nimport { api } from './api';")).toEqual([]);
  });
});
