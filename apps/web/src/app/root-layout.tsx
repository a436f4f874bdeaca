import { useEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import { LoadingOverlay } from '../core/feedback';
import type { RouteHandle } from '../core/guards';

export const APP_NAME = 'Nông nghiệp số';

/** '<screen> · Nông nghiệp số' from the deepest matched route that declares a title (routes declare it in `handle.title`). */
export function documentTitle(matches: { handle?: unknown }[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i].handle as RouteHandle | undefined)?.title;
    if (title) return `${title} · ${APP_NAME}`;
  }
  return `${APP_NAME} – Trang quản trị`;
}

/** Root of every route: names the browser tab after the screen, shows 'Đang tải...' while a lazy screen is loading. */
export function RootLayout() {
  const navigation = useNavigation();
  const title = documentTitle(useMatches());
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <LoadingOverlay force />}
    </>
  );
}
