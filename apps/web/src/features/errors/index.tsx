import type { RouteObject } from 'react-router-dom';
import { defineFeature } from '../../app/feature';
import { lazyElement } from '../../app/lazy-page';

// titles here, so the first byte of the error screens' code is not needed to name the tab
const TITLES = { '404': 'Không tìm thấy trang', '403': 'Không có quyền truy cập', '500': 'Lỗi máy chủ', maintenance: 'Trang đang được bảo trì' } as const;
const screen = () => import('./error-screen');

/** The 403/404/500/maintenance screens, at /error/<kind> and inside the shell at /admin/maintenance and /admin/errors/403. */
export default defineFeature({
  name: 'errors',
  publicRoutes: (['404', '403', '500', 'maintenance'] as const).map(
    (kind): RouteObject => ({
      path: `/error/${kind}`,
      handle: { title: TITLES[kind] },
      lazy: lazyElement(screen, ({ ErrorScreen }) => <ErrorScreen kind={kind} />, true),
    }),
  ),
  routes: [
    { path: 'maintenance', handle: { title: 'Bảo trì' }, lazy: lazyElement(screen, ({ ErrorScreen }) => <ErrorScreen kind="maintenance" inside />) },
    { path: 'errors/403', handle: { title: TITLES['403'] }, lazy: lazyElement(screen, ({ ErrorScreen }) => <ErrorScreen kind="403" inside />) },
  ],
});
