import type { ResourceDef } from '@nns/shared/resource';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { registerNavigate, registerNotice } from '../core/client';
import { LoadingOverlay, notify } from '../core/feedback';
import { registerJsonShape } from '../core/resource/json-shapes';
import { type FeatureDef, featureFieldEditors, featurePublicRoutes, featureRoutes, installFeatures } from './feature';
import { withChunkTimeout } from './lazy-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

export { CHUNK_TIMEOUT_MS, withChunkTimeout } from './lazy-page';

const Hydrating = () => <LoadingOverlay force />;

/** The admin shell, with the field editors features declare (registered before any screen renders a field). */
const adminShell: RouteObject['lazy'] = async () => {
  const [m, editors] = await withChunkTimeout(Promise.all([import('./shell/admin-layout'), featureFieldEditors()]));
  for (const e of editors) registerJsonShape(e.shape, e.widgets);
  return { Component: m.default };
};

/** Admin screens the features declare (relative to /admin); the generic resource screens are patched in on first visit (see below). */
export const adminChildren = (): RouteObject[] => [{ index: true, element: <Navigate to="/admin/home" replace /> }, ...featureRoutes()];

export const appRoutes = (): RouteObject[] => [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: Hydrating,
    children: [
      { path: '/', element: <Navigate to="/admin/home" replace /> },
      { path: '/error', element: <Navigate to="/error/maintenance" replace /> },
      ...featurePublicRoutes(),
      { id: 'admin', path: '/admin', lazy: adminShell, children: adminChildren() },
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

/** The app's router over the features main.tsx lists (the app itself names none). */
export function createAppRouter(features: readonly FeatureDef[]) {
  installFeatures(features);
  const router = createBrowserRouter(appRoutes(), {
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
