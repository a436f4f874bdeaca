import type { RouteObject } from 'react-router-dom';

type Screens = typeof import('./screens');
const screen = (name: keyof Screens) => async () => ({ Component: (await import('./screens'))[name] });

/**
 * Hand-written traceability screens, relative to /admin, before the generic screens of the same
 * paths: the trace form that fills itself from the chosen batch, the stamp runs (issued by their own
 * route), a run's detail with the print designer, its codes and print history, and stamp statistics.
 */
export const originRoutes: RouteObject[] = [
  { path: 'origin/traces/create', handle: { action: 'create', subject: 'traces', title: 'Thêm hồ sơ truy xuất' }, lazy: screen('TraceCreatePage') },
  { path: 'origin/traces/:id/edit', handle: { action: 'update', subject: 'traces', title: 'Cập nhật hồ sơ truy xuất' }, lazy: screen('TraceEditPage') },
  { path: 'general/stamps', handle: { action: 'list', subject: 'stamps', title: 'Đợt tem' }, lazy: screen('StampsListPage') },
  { path: 'general/stamps/create', handle: { action: 'create', subject: 'stamps', title: 'Phát hành đợt tem' }, lazy: screen('StampCreatePage') },
  {
    path: 'general/stamps/:id/detail',
    handle: { action: 'read', subject: 'stamps', title: 'Chi tiết đợt tem' },
    lazy: async () => ({ Component: (await import('./stamp-detail')).StampDetailPage }),
  },
  {
    path: 'origin/stamp-statistics',
    handle: { action: 'list', subject: 'stamp_statistics', title: 'Thống kê tem' },
    lazy: async () => ({ Component: (await import('./stamp-statistics')).StampStatisticsPage }),
  },
];
