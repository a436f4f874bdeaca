import { resources } from '@nns/shared/registry';
import { indexEntryOf } from '@nns/shared/resource';
import { resourceIndex } from '@nns/shared/resource-index.gen';
import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../app/shell/menu';
import { homeCardGroups, menuRank } from './home-order';

describe('the resource index (what the shell and this screen read instead of the declarations)', () => {
  it('is the declarations’ own: npm run gen wrote it from them', () => {
    expect(resourceIndex).toEqual(resources.map(indexEntryOf));
  });
});

describe('home cards follow the menu', () => {
  it('groups count cards by area in the menu’s order, entries in menu order', () => {
    const all = () => true;
    const groups = homeCardGroups(all);
    const menu = buildMenu(resources, all);
    // areas in the same order as the menu's groups
    const menuKeys = menu.map((g) => g.key).filter((k) => groups.some((g) => g.key === k));
    expect(groups.map((g) => g.key)).toEqual(menuKeys);
    expect(groups.length).toBeGreaterThan(1);
    for (const g of groups) {
      const order = menu.find((m) => m.key === g.key)?.children.map((c) => c.key) ?? [];
      const routes = g.cards.map((c) => c.route);
      expect(routes).toEqual(order.filter((r) => routes.includes(r)));
      expect(g.cards.every((c) => c.count)).toBe(true);
    }
    // producers: manufactures (menuOrder 10) before products (20)
    const producers = groups.find((g) => g.key === 'area:producers');
    const names = producers?.cards.map((c) => c.name) ?? [];
    expect(names.indexOf('manufactures')).toBeLessThan(names.indexOf('products'));
  });

  it('shows only what the user may list', () => {
    const groups = homeCardGroups((a, s) => a === 'list' && s === 'products');
    expect(groups.flatMap((g) => g.cards.map((c) => c.name))).toEqual(['products']);
  });
});

describe('menuRank', () => {
  it('ranks routes as the menu lists them; unknown ones last', () => {
    const rank = menuRank();
    const order = buildMenu(resources, () => true).flatMap((g) => g.children.map((c) => c.key));
    const shuffled = [...order].reverse();
    expect(shuffled.sort((a, b) => rank(a) - rank(b))).toEqual(order);
    expect(rank('/khong-co')).toBe(order.length);
  });
});
