import { resourceByName } from '@nns/shared/registry';
import type { ResourceHooks, ServerModule } from './module';

/**
 * How modules extend resources: each module declares `hooks: { '<resource>': … }`; here they are
 * composed once per resource at start (installExtensions, from app.ts) and looked up by the runtime
 * (core/runtime.ts) and the write path, so no caller passes hooks by hand.
 */

type Named = { name: string; after?: string[] };

/**
 * Modules in an order where each comes after those it names in `after` (otherwise by name). An
 * unknown name or a cycle stops the start with a message naming them.
 */
export function orderModules<M extends Named>(mods: readonly M[]): M[] {
  const byName = new Map(mods.map((m) => [m.name, m]));
  for (const m of mods) {
    for (const a of m.after ?? []) if (!byName.has(a)) throw new Error(`module ${m.name}: after names an unknown module '${a}'`);
  }
  const out: M[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (m: M, path: string[]) => {
    const s = state.get(m.name);
    if (s === 'done') return;
    if (s === 'visiting') throw new Error(`modules ordered in a cycle: ${[...path, m.name].join(' → ')}`);
    state.set(m.name, 'visiting');
    for (const a of [...(m.after ?? [])].sort()) visit(byName.get(a) as M, [...path, m.name]);
    state.set(m.name, 'done');
    out.push(m);
  };
  for (const m of [...mods].sort((a, b) => a.name.localeCompare(b.name))) visit(m, []);
  return out;
}

/** Whether `later` comes after `earlier` through the `after` declarations. */
function comesAfter(later: Named, earlier: string, byName: Map<string, Named>, seen = new Set<string>()): boolean {
  for (const a of later.after ?? []) {
    if (a === earlier) return true;
    if (seen.has(a)) continue;
    seen.add(a);
    const m = byName.get(a);
    if (m && comesAfter(m, earlier, byName, seen)) return true;
  }
  return false;
}

const POINTS = ['beforeCreate', 'beforeUpdate', 'afterWrite', 'beforeDelete', 'afterSecret', 'present'] as const;

/**
 * One resource's hooks from every module that extends it: before-hooks pass the data along, presenters
 * pass the entry along, the rest run one after the other; keys a presenter adds or hooks derive are
 * pooled. Two modules on one point must be ordered by `after`.
 */
export function composeHooks(resource: string, parts: { module: Named; hooks: ResourceHooks }[], all: Map<string, Named>): ResourceHooks {
  if (parts.length === 1) return parts[0].hooks;
  for (const p of POINTS) {
    const on = parts.filter((x) => x.hooks[p]);
    for (let i = 0; i < on.length; i++) {
      for (let j = i + 1; j < on.length; j++) {
        const [a, b] = [on[i].module, on[j].module];
        if (!comesAfter(a, b.name, all) && !comesAfter(b, a.name, all)) {
          throw new Error(
            `modules ${a.name} and ${b.name} both extend ${resource}.${p}: declare the order (after: ['${a.name}'] in ${b.name}, or the reverse)`,
          );
        }
      }
    }
  }
  const hs = parts.map((x) => x.hooks);
  const out: ResourceHooks = {
    presentedKeys: [...new Set(hs.flatMap((h) => h.presentedKeys ?? []))],
    derived: [...new Set(hs.flatMap((h) => h.derived ?? []))],
  };
  const with_ = <K extends (typeof POINTS)[number]>(k: K) => hs.filter((h) => h[k]).map((h) => h[k] as NonNullable<ResourceHooks[K]>);
  const bc = with_('beforeCreate');
  if (bc.length)
    out.beforeCreate = async (data, ctx, tx) => {
      for (const f of bc) data = await f(data, ctx, tx);
      return data;
    };
  const bu = with_('beforeUpdate');
  if (bu.length)
    out.beforeUpdate = async (data, existing, ctx, tx) => {
      for (const f of bu) data = await f(data, existing, ctx, tx);
      return data;
    };
  const aw = with_('afterWrite');
  if (aw.length)
    out.afterWrite = async (row, ctx, tx, op) => {
      for (const f of aw) await f(row, ctx, tx, op);
    };
  const bd = with_('beforeDelete');
  if (bd.length)
    out.beforeDelete = async (row, ctx, tx) => {
      for (const f of bd) await f(row, ctx, tx);
    };
  const as = with_('afterSecret');
  if (as.length)
    out.afterSecret = async (row, ctx, tx) => {
      for (const f of as) await f(row, ctx, tx);
    };
  const pr = with_('present');
  if (pr.length) out.present = (row, ctx) => pr.reduce((r, f) => f(r, ctx), row);
  return out;
}

/** Every resource's composed hooks, from the modules' declarations (`hooks: { '<resource>': … }`). */
export function composeExtensions(mods: readonly ServerModule[]): Map<string, ResourceHooks> {
  const all = new Map<string, Named>(mods.map((m) => [m.name, m]));
  const parts = new Map<string, { module: Named; hooks: ResourceHooks }[]>();
  for (const m of orderModules(mods)) {
    for (const [name, hooks] of Object.entries(m.hooks ?? {})) {
      if (!resourceByName[name]) throw new Error(`module ${m.name} extends an undeclared resource '${name}'`);
      parts.set(name, [...(parts.get(name) ?? []), { module: m, hooks }]);
    }
  }
  return new Map([...parts].map(([name, p]) => [name, composeHooks(name, p, all)]));
}

let installed: Map<string, ResourceHooks> | null = null;

/** Called once at start with the module registry (app.ts); the modules are static, so every app of a process shares them. */
export function installExtensions(mods: readonly ServerModule[]) {
  installed = composeExtensions(mods);
}

const NONE: ResourceHooks = Object.freeze({});

/** A resource's composed hooks. Asked before the modules were installed, it refuses rather than run without them. */
export function hooksOf(name: string): ResourceHooks {
  if (!installed) throw new Error(`resource runtime: hooks of '${name}' asked before installExtensions()`);
  return installed.get(name) ?? NONE;
}
