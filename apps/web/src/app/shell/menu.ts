import { AREAS, type Area } from '@nns/shared/permissions';

export interface MenuSource {
  route?: string;
  label: string;
  /** a group of the sider (an area of AREAS), or 'top': an entry of its own after 'Tổng quan' */
  area: Area | 'top' | string;
  /** the entry shows when the user holds `menu` or `list` on it */
  subject?: string;
  /** 'authenticated': every signed-in user sees the entry (a screen of one's own things, no subject) */
  access?: 'authenticated';
  /** a top entry's icon: a key of ENTRY_ICONS (shell/area-icons.tsx) */
  icon?: string;
  config?: { menuOrder?: number; route?: string };
}

export interface MenuLeaf {
  key: string;
  label: string;
  subject?: string;
  icon?: string;
}

export interface MenuGroup {
  key: string;
  label: string;
  children: MenuLeaf[];
}

/** A subject shows in the menu when the user holds `menu` or `list` on it. */
export const canSeeInMenu = (can: (a: string, s: string) => boolean, subject: string) => can('menu', subject) || can('list', subject);

const visible = (can: (a: string, s: string) => boolean, s: MenuSource) =>
  !!s.route && (s.access === 'authenticated' || (!!s.subject && canSeeInMenu(can, s.subject)));

const byOrder = (a: MenuSource, b: MenuSource) => (a.config?.menuOrder ?? 50) - (b.config?.menuOrder ?? 50) || a.label.localeCompare(b.label, 'vi');

/** The entries of their own (area 'top') after 'Tổng quan', filtered like the groups' entries. */
export function buildTopEntries(sources: MenuSource[], can: (action: string, subject: string) => boolean): MenuLeaf[] {
  return sources
    .filter((s) => s.area === 'top' && visible(can, s))
    .sort(byOrder)
    .map((s) => ({ key: s.route as string, label: s.label, icon: s.icon }));
}

/** The sider: one group per area of the spec (in AREAS order), each entry filtered by permission. */
export function buildMenu(sources: MenuSource[], can: (action: string, subject: string) => boolean): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const [area, areaLabel] of Object.entries(AREAS)) {
    const children = sources
      .filter((s) => s.area === area && visible(can, s))
      .sort(byOrder)
      .map((s) => ({ key: s.route as string, label: s.label, subject: s.subject }));
    if (children.length) groups.push({ key: `area:${area}`, label: areaLabel, children });
  }
  return groups;
}

/** The menu entry a path belongs to: the longest entry route that is a prefix of the path (a top entry has no group). */
export function selectedKey(groups: MenuGroup[], pathname: string, top: MenuLeaf[] = []): { key?: string; group?: string } {
  let best: { key?: string; group?: string } = {};
  let len = 0;
  for (const g of [{ key: '', children: top }, ...groups]) {
    for (const c of g.children) {
      if ((pathname === c.key || pathname.startsWith(`${c.key}/`)) && c.key.length > len) {
        best = g.key ? { key: c.key, group: g.key } : { key: c.key };
        len = c.key.length;
      }
    }
  }
  return best;
}
