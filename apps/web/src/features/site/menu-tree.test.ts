import type { MenuItem } from '@nns/shared/site';
import { describe, expect, it } from 'vitest';
import { addChild, moveItem, nudge, take } from './menu-tree';

const u = (key: string, children?: MenuItem[]): MenuItem => ({ key, title: key.toUpperCase(), kind: 'url', url: '/', ...(children ? { children } : {}) });
const shape = (items: MenuItem[]): unknown => items.map((i) => (i.children ? { [i.key]: shape(i.children) } : i.key));

describe('menu tree moves', () => {
  const tree = [u('a'), u('b', [u('b1'), u('b2')]), u('c')];
  it('moves before, after and into another item', () => {
    expect(shape(moveItem(tree, 'c', 'a', 'before'))).toEqual(['c', 'a', { b: ['b1', 'b2'] }]);
    expect(shape(moveItem(tree, 'a', 'b2', 'after'))).toEqual([{ b: ['b1', 'b2', 'a'] }, 'c']);
    expect(shape(moveItem(tree, 'c', 'a', 'into'))).toEqual([{ a: ['c'] }, { b: ['b1', 'b2'] }]);
  });
  it('refuses a drop into its own subtree and drops emptied child lists', () => {
    expect(moveItem(tree, 'b', 'b1', 'into')).toBe(tree);
    expect(shape(moveItem(moveItem(tree, 'b1', 'a', 'before'), 'b2', 'a', 'before'))).toEqual(['b1', 'b2', 'a', 'b', 'c']);
  });
  it('offers the same moves from the keyboard', () => {
    expect(shape(nudge(tree, 'c', 'up'))).toEqual(['a', 'c', { b: ['b1', 'b2'] }]);
    expect(shape(nudge(tree, 'c', 'indent'))).toEqual(['a', { b: ['b1', 'b2', 'c'] }]);
    expect(shape(nudge(tree, 'b1', 'outdent'))).toEqual(['a', { b: ['b2'] }, 'b1', 'c']);
    expect(shape(nudge(tree, 'a', 'indent'))).toEqual(shape(tree));
  });
  it('adds and takes items without touching the original', () => {
    expect(shape(addChild(tree, 'a', u('n')))).toEqual([{ a: ['n'] }, { b: ['b1', 'b2'] }, 'c']);
    const [rest, item] = take(tree, 'b');
    expect(item?.key).toBe('b');
    expect(shape(rest)).toEqual(['a', 'c']);
    expect(shape(tree)).toEqual(['a', { b: ['b1', 'b2'] }, 'c']);
  });
});
