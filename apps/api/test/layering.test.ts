import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API's layers, lowest first: imports only point down (or within a layer).
 * - lib: config.ts and lib/ (configuration, file storage, password hashing): knows no database
 * - db: connection, migrations, schema, backup
 * - core: the platform (router, resource engine, jobs, lifecycle)
 * - modules: the areas of the product, and the generated registry that lists them
 * - app: app.ts, server.ts and scripts/, the only files that hold the list of modules
 */
const LAYERS = ['lib', 'db', 'core', 'modules', 'app'] as const;
type Layer = (typeof LAYERS)[number];
const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');

export function layerOf(rel: string): Layer | null {
  if (rel === 'config.ts') return 'lib';
  const top = rel.split('/')[0];
  if (!rel.includes('/') || top === 'scripts') return 'app';
  return (LAYERS as readonly string[]).includes(top) ? (top as Layer) : null;
}

/** Every module a file names: static imports and re-exports, side-effect imports, dynamic import(). */
export function importsOf(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of code.matchAll(re)) out.push(m[1] ?? m[2]);
  return out;
}

/** The file (relative to src/) a relative import names, among `files`; null for a package or a file outside src/. */
function resolve(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  if (target.startsWith('..')) return null;
  return [target, `${target}.ts`, `${target}/index.ts`].find((f) => files.has(f)) ?? target;
}

/** The import graph of the given sources: file → the files of src/ it imports. */
export function graphOf(sources: Record<string, string>): Map<string, string[]> {
  const files = new Set(Object.keys(sources));
  const g = new Map<string, string[]>();
  for (const [rel, code] of Object.entries(sources)) {
    g.set(rel, [...new Set(importsOf(code).flatMap((s) => resolve(rel, s, files) ?? []))]);
  }
  return g;
}

/** The imports that point up a layer. */
export function violations(g: Map<string, string[]>): string[] {
  const bad: string[] = [];
  for (const [from, targets] of g) {
    const lf = layerOf(from);
    if (!lf) continue;
    for (const to of targets) {
      const lt = layerOf(to);
      if (lt && LAYERS.indexOf(lt) > LAYERS.indexOf(lf)) bad.push(`${from} → ${to} (${lf} imports ${lt})`);
    }
  }
  return bad;
}

/** Every import circle, each once, as the files around it (a depth-first search that meets a file still on its path). */
export function cycles(g: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found = new Map<string, string>();
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of g.get(f) ?? []) {
      if (!g.has(t)) continue;
      if (state.get(t) === 'open') {
        const loop = stack.slice(stack.indexOf(t));
        // the same circle met from another file is one circle: keyed by its sorted files
        found.set([...loop].sort().join('|'), [...loop, t].join(' → '));
      } else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...g.keys()].sort()) if (!state.has(f)) visit(f);
  return [...found.values()];
}

function sources(dir: string, base = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) Object.assign(out, sources(path.join(dir, e.name), rel));
    else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) out[rel] = fs.readFileSync(path.join(dir, e.name), 'utf8');
  }
  return out;
}

describe('layering of the API', () => {
  const all = sources(src);
  const g = graphOf(all);

  it('every file sits in a layer', () => {
    expect(Object.keys(all).length).toBeGreaterThan(100);
    expect(Object.keys(all).filter((f) => !layerOf(f))).toEqual([]);
  });

  it('no file imports a layer above its own (lib → db → core → modules → app)', () => {
    expect(violations(g)).toEqual([]);
  });

  it('no import circle among the sources', () => {
    expect(cycles(g)).toEqual([]);
  });

  it('app.ts and server.ts name no module: the generated registry is the one list', () => {
    for (const f of ['app.ts', 'server.ts']) {
      const named = importsOf(all[f]).filter((s) => s.startsWith('./modules/') && s !== './modules/registry');
      expect(named, f).toEqual([]);
    }
  });

  it('catches imports that point up and circles, in every form', () => {
    const up = graphOf({
      'db/x.ts': "import { hashPassword } from '../core/passwords';",
      'core/passwords.ts': '',
      'core/y.ts': "const m = await import('../modules/system/log-text');",
      'modules/system/log-text.ts': '',
      'lib/z.ts': "import type { Db } from '../db/client';\nexport { a } from '../config';",
      'db/client.ts': '',
      'config.ts': "import '../x';\nimport { z } from 'zod';",
      'modules/a/b.ts': "import { modules } from '../registry';\nimport { buildApp } from '../../app';",
      'modules/registry.ts': '',
      'app.ts': "import { migrate } from './db/migrate';",
      'scripts/s.ts': "import { buildApp } from '../app';",
    });
    expect(violations(up)).toEqual([
      'db/x.ts → core/passwords.ts (db imports core)',
      'core/y.ts → modules/system/log-text.ts (core imports modules)',
      'lib/z.ts → db/client.ts (lib imports db)',
      'modules/a/b.ts → app.ts (modules imports app)',
    ]);
    const circle = graphOf({
      'core/a.ts': "import { b } from './b';",
      'core/b.ts': "import type { C } from './c';",
      'core/c.ts': "export { a } from './a';",
      'core/d.ts': "import { a } from './a';",
      'modules/m/x.module.ts': "import { y } from './y';",
      'modules/m/y.ts': "import x from './x.module';",
    });
    expect(cycles(circle)).toEqual(['core/a.ts → core/b.ts → core/c.ts → core/a.ts', 'modules/m/x.module.ts → modules/m/y.ts → modules/m/x.module.ts']);
  });
});
