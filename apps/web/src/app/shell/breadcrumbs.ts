import { AREAS } from '@nns/shared/permissions';
import type { RouteHandle } from '../../core/guards';
import type { MenuSource } from './menu';

export interface Crumb {
  title: string;
  href?: string;
}

export const HOME_CRUMB: Crumb = { title: 'Trang chủ', href: '/admin/home' };

/**
 * Trang chủ › area › screen list › current screen. The screen is found from the menu sources (longest
 * route prefix); the current title comes from the deepest matched route's handle.
 */
export function buildCrumbs(pathname: string, matches: { handle?: unknown }[], sources: MenuSource[]): Crumb[] {
  const crumbs: Crumb[] = [HOME_CRUMB];
  if (pathname === '/admin/home' || pathname === '/admin') return [{ title: 'Trang chủ' }];
  let src: MenuSource | undefined;
  for (const s of sources) {
    if (s.route && (pathname === s.route || pathname.startsWith(`${s.route}/`)) && (!src || s.route.length > (src.route ?? '').length)) src = s;
  }
  const handles = matches.map((m) => m.handle as RouteHandle | undefined).filter((h): h is RouteHandle => !!h?.title && h.crumb !== false);
  const title = handles[handles.length - 1]?.title;
  if (src) {
    const area = AREAS[src.area as keyof typeof AREAS];
    if (area) crumbs.push({ title: area });
    const atList = pathname === src.route;
    crumbs.push(atList ? { title: src.label } : { title: src.label, href: src.route });
    if (!atList && title && title !== src.label) crumbs.push({ title });
  } else if (title) crumbs.push({ title });
  return crumbs;
}
