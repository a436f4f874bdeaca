import type { ResourceIndexEntry } from '@nns/shared/resource';
import { resourceIndex } from '@nns/shared/resource-index.gen';
import { buildMenu } from '../../app/shell/menu';

export interface CardGroup {
  key: string;
  label: string;
  cards: ResourceIndexEntry[];
}

/**
 * The dashboard's count cards, grouped by area in the order of the menu (the menu's own function,
 * so both follow one order): only resources with a count the user may list.
 */
export function homeCardGroups(can: (action: string, subject: string) => boolean, source: ResourceIndexEntry[] = resourceIndex): CardGroup[] {
  const byRoute = new Map(source.filter((r) => r.count && can('list', r.subject)).map((r) => [r.route, r]));
  return buildMenu(source, can)
    .map((g) => ({
      key: g.key,
      label: g.label,
      cards: g.children.map((c) => byRoute.get(c.key)).filter((r): r is ResourceIndexEntry => !!r),
    }))
    .filter((g) => g.cards.length > 0);
}

/** Resources (by their screen's route) in the order the menu lists them, for anything the home screen lists per resource. */
export function menuRank(source: ResourceIndexEntry[] = resourceIndex): (route: string) => number {
  const order = buildMenu(source, () => true).flatMap((g) => g.children.map((c) => c.key));
  return (route) => {
    const i = order.indexOf(route);
    return i < 0 ? order.length : i;
  };
}
