import { AREAS, type Area } from '@nns/shared/permissions';

export interface MenuSource {
  route?: string;
  label: string;
  area: Area | string;
  subject: string;
  config?: { menuOrder?: number; route?: string };
}

export interface MenuLeaf {
  key: string;
  label: string;
  subject?: string;
}

export interface MenuGroup {
  key: string;
  label: string;
  children: MenuLeaf[];
}

/** A subject shows in the menu when the user holds `menu` or `list` on it. */
export const canSeeInMenu = (can: (a: string, s: string) => boolean, subject: string) => can('menu', subject) || can('list', subject);

/** The sider: one group per area of the spec (in AREAS order), each entry filtered by permission. */
export function buildMenu(sources: MenuSource[], can: (action: string, subject: string) => boolean): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const [area, areaLabel] of Object.entries(AREAS)) {
    const children = sources
      .filter((s) => s.area === area && s.route && canSeeInMenu(can, s.subject))
      .sort((a, b) => (a.config?.menuOrder ?? 50) - (b.config?.menuOrder ?? 50) || a.label.localeCompare(b.label, 'vi'))
      .map((s) => ({ key: s.route as string, label: s.label, subject: s.subject }));
    if (children.length) groups.push({ key: `area:${area}`, label: areaLabel, children });
  }
  return groups;
}

/** The menu entry a path belongs to: the longest entry route that is a prefix of the path. */
export function selectedKey(groups: MenuGroup[], pathname: string): { key?: string; group?: string } {
  let best: { key?: string; group?: string } = {};
  let len = 0;
  for (const g of groups) {
    for (const c of g.children) {
      if ((pathname === c.key || pathname.startsWith(`${c.key}/`)) && c.key.length > len) {
        best = { key: c.key, group: g.key };
        len = c.key.length;
      }
    }
  }
  return best;
}
