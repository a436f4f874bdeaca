import type { ResourceDef } from '@nns/shared/resource';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { registerNavigate, registerNotice } from '../core/api';
import { accountRoutes } from '../features/accounts/routes';
import { areaRoutes } from '../features/areas/routes';
import { producerRoutes } from '../features/producers/routes';
import { LoadingOverlay, notify } from './feedback';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

type Mod = { default: React.ComponentType };

/** Spec §9: a screen's code that has not arrived after 120000 ms counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
export function withChunkTimeout<T>(p: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('Tải trang quá thời gian cho phép')), ms);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });
}
const page = (load: () => Promise<Mod>) => async () => ({ Component: (await withChunkTimeout(load())).default });
/** A screen outside the admin shell that uses antd: mounted inside antd's locale and theme. */
const antdPage = (load: () => Promise<Mod>) => async () => {
  const [m, { withAntd }] = await withChunkTimeout(Promise.all([load(), import('./antd-root')]));
  return { Component: withAntd(m.default) };
};

const errorRoutes = (prefix: string): RouteObject[] =>
  (['404', '403', '500', 'maintenance'] as const).map((kind) => ({
    path: `${prefix}/${kind}`,
    lazy: async () => {
      const [{ ErrorScreen }, { AntdRoot }] = await Promise.all([import('../features/errors/error-screen'), import('./antd-root')]);
      return {
        element: (
          <AntdRoot>
            <ErrorScreen kind={kind} />
          </AntdRoot>
        ),
      };
    },
  }));

/** Admin screens written by hand; the generic resource screens are patched in on first visit (see below). */
export const adminChildren: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/home" replace /> },
  { path: 'home', handle: { title: 'Tổng quan' }, lazy: page(() => import('../features/home/home-page')) },
  // roles with the permission matrix, the permissions screen, users and administrative lists/details
  ...accountRoutes,
  ...producerRoutes,
  // provinces with their districts, districts with their wards (before the generic screens of the same path)
  ...areaRoutes(page),
  { path: 'profile', handle: { title: 'Thông tin tài khoản' }, lazy: page(() => import('../features/profile/profile-page')) },
  {
    path: 'system/logs',
    handle: { action: 'list', subject: 'system_logs', title: 'Nhật ký hệ thống' },
    lazy: page(() => import('../features/system-logs/logs-page')),
  },
  {
    path: 'maintenance',
    handle: { title: 'Bảo trì' },
    lazy: async () => {
      const { ErrorScreen } = await import('../features/errors/error-screen');
      return { element: <ErrorScreen kind="maintenance" inside /> };
    },
  },
  {
    path: 'errors/403',
    handle: { title: 'Không có quyền truy cập' },
    lazy: async () => {
      const { ErrorScreen } = await import('../features/errors/error-screen');
      return { element: <ErrorScreen kind="403" inside /> };
    },
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <LoadingOverlay force />,
    children: [
      { path: '/', element: <Navigate to="/admin/home" replace /> },
      {
        path: '/auth',
        lazy: page(() => import('../features/auth/auth-layout')),
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', lazy: page(() => import('../features/auth/login-page')) },
          { path: 'forget-password', lazy: antdPage(() => import('../features/auth/forget-password-page')) },
          { path: 'check-email', lazy: antdPage(() => import('../features/auth/check-email-page')) },
          { path: 'reset-password', lazy: antdPage(() => import('../features/auth/reset-password-page')) },
        ],
      },
      { path: '/error', element: <Navigate to="/error/maintenance" replace /> },
      ...errorRoutes('/error'),
      {
        id: 'admin',
        path: '/admin',
        lazy: page(() => import('./shell/admin-layout')),
        children: adminChildren,
      },
      { path: '*', element: <Navigate to="/error" replace /> },
    ],
  },
];

/** Resource routes, made relative to /admin so they nest under the guarded shell. */
export function relativeToAdmin(rs: RouteObject[]): RouteObject[] {
  return rs.map((r) => {
    if (r.index || !r.path) return r;
    const path = r.path.replace(/^\/admin\/?/, '').replace(/^\//, '');
    return { ...r, path } as RouteObject;
  });
}

let patched = false;

/** Lazily loads the generic resource screens (and the registry) the first time an /admin URL is opened. */
export async function resourceRouteObjects(): Promise<RouteObject[]> {
  const [{ resources }, { resourceRoutes }] = await Promise.all([import('@nns/shared/registry'), import('../core/resource')]);
  return resources.filter((r: ResourceDef) => !!r.route).flatMap((r: ResourceDef) => relativeToAdmin(resourceRoutes(r)));
}

export function createAppRouter() {
  const router = createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      if (patched || !/^\/admin(\/|$)/.test(path)) return;
      patched = true;
      try {
        patch('admin', await resourceRouteObjects());
      } catch (err) {
        patched = false;
        console.error('[router] resource screens failed to load', err);
      }
    },
  });
  registerNavigate((to, o) => {
    if (router.state.location.pathname + router.state.location.search === to) return;
    void router.navigate(to, o);
  });
  registerNotice((m) => notify.info(m));
  return router;
}
