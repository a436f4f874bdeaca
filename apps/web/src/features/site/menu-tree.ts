import type { MenuItem } from '@nns/shared/site';

/** Pure moves on a menu tree (kept apart from the screen so they are tested without a browser). */

export const newKey = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Path = number[];

export function findPath(items: MenuItem[], key: string, base: Path = []): Path | null {
  for (const [i, it] of items.entries()) {
    if (it.key === key) return [...base, i];
    const inner = findPath(it.children ?? [], key, [...base, i]);
    if (inner) return inner;
  }
  return null;
}

const clone = (items: MenuItem[]): MenuItem[] => items.map((i) => ({ ...i, children: i.children ? clone(i.children) : undefined }));

function listAt(items: MenuItem[], parentPath: Path): MenuItem[] {
  let list = items;
  for (const i of parentPath) {
    const node = list[i];
    node.children ??= [];
    list = node.children;
  }
  return list;
}

/** Removes `key` and answers the tree without it and the removed item. */
export function take(items: MenuItem[], key: string): [MenuItem[], MenuItem | null] {
  const next = clone(items);
  const path = findPath(next, key);
  if (!path) return [next, null];
  const list = listAt(next, path.slice(0, -1));
  const [item] = list.splice(path[path.length - 1], 1);
  prune(next);
  return [next, item];
}

/** Empty child lists are dropped, so the saved tree has no `children: []`. */
function prune(items: MenuItem[]) {
  for (const i of items) {
    if (i.children && !i.children.length) delete i.children;
    else if (i.children) prune(i.children);
  }
}

/**
 * Moves `key` as antd's Tree drop says: onto `target` as its first child (`into`), or before/after it
 * among target's siblings. A drop into itself or its own subtree changes nothing.
 */
export function moveItem(items: MenuItem[], key: string, target: string, where: 'into' | 'before' | 'after'): MenuItem[] {
  if (key === target) return items;
  const moving = findPath(items, key);
  const tpath = findPath(items, target);
  if (!moving || !tpath || (tpath.length > moving.length && moving.every((v, i) => tpath[i] === v))) return items;
  const [rest, item] = take(items, key);
  if (!item) return items;
  const at = findPath(rest, target) as Path;
  if (where === 'into') {
    listAt(rest, at).unshift(item);
  } else {
    const list = listAt(rest, at.slice(0, -1));
    list.splice(at[at.length - 1] + (where === 'after' ? 1 : 0), 0, item);
  }
  return rest;
}

/** Keyboard moves: up/down among siblings, indent under the previous sibling, outdent after the parent. */
export function nudge(items: MenuItem[], key: string, how: 'up' | 'down' | 'indent' | 'outdent'): MenuItem[] {
  const path = findPath(items, key);
  if (!path) return items;
  const i = path[path.length - 1];
  const parentPath = path.slice(0, -1);
  const siblings = listAt(clone(items), parentPath);
  if (how === 'up' && i > 0) return moveItem(items, key, siblings[i - 1].key, 'before');
  if (how === 'down' && i < siblings.length - 1) return moveItem(items, key, siblings[i + 1].key, 'after');
  if (how === 'indent' && i > 0) {
    const prev = siblings[i - 1];
    const last = prev.children?.[prev.children.length - 1];
    return last ? moveItem(items, key, last.key, 'after') : moveItem(items, key, prev.key, 'into');
  }
  if (how === 'outdent' && parentPath.length) {
    const parent = listAt(clone(items), parentPath.slice(0, -1))[parentPath[parentPath.length - 1]];
    return moveItem(items, key, parent.key, 'after');
  }
  return items;
}

export function updateItem(items: MenuItem[], key: string, patch: Partial<MenuItem>): MenuItem[] {
  return items.map((i) => (i.key === key ? { ...i, ...patch } : i.children ? { ...i, children: updateItem(i.children, key, patch) } : i));
}

export function addChild(items: MenuItem[], parentKey: string | null, item: MenuItem): MenuItem[] {
  if (!parentKey) return [...items, item];
  return items.map((i) =>
    i.key === parentKey ? { ...i, children: [...(i.children ?? []), item] } : i.children ? { ...i, children: addChild(i.children, parentKey, item) } : i,
  );
}

export const depthOfKey = (items: MenuItem[], key: string) => findPath(items, key)?.length ?? 0;
