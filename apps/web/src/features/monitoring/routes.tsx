import type { RouteObject } from 'react-router-dom';

type Screens = typeof import('./screens');
const screen = (name: keyof Screens) => async () => ({ Component: (await import('./screens'))[name] });

/**
 * Monitoring screens relative to /admin, before the generic ones of the same paths: the stations
 * list with its band column, the create form that shows the device key once, the edit form at the
 * spec's edit/{id} with key rotation, and a station's charts.
 */
export const monitoringRoutes: RouteObject[] = [
  { path: 'monitoring/locations', handle: { action: 'list', subject: 'monitorings', title: 'Trạm quan trắc' }, lazy: screen('StationsListPage') },
  {
    path: 'monitoring/locations/create',
    handle: { action: 'create', subject: 'monitorings', title: 'Thêm trạm quan trắc' },
    lazy: screen('StationCreatePage'),
  },
  {
    path: 'monitoring/locations/edit/:id',
    handle: { action: 'update', subject: 'monitorings', title: 'Cập nhật trạm quan trắc' },
    lazy: screen('StationEditPage'),
  },
  {
    path: 'monitoring/threshold-configs',
    handle: { action: 'list', subject: 'monitorings', title: 'Cấu hình ngưỡng quan trắc' },
    lazy: async () => ({ Component: (await import('./threshold-configs')).ThresholdConfigsPage }),
  },
  {
    path: 'monitoring/statistics/overview',
    handle: { action: 'list', subject: 'monitorings', title: 'Tổng quan quan trắc' },
    lazy: async () => ({ Component: (await import('./overview')).OverviewPage }),
  },
  {
    path: 'monitoring/statistics/station/:id',
    handle: { action: 'read', subject: 'monitorings', title: 'Biểu đồ trạm quan trắc' },
    lazy: async () => ({ Component: (await import('./station-page')).StationPage }),
  },
  {
    // an insect station: its orders' densities together, then each order with its bands behind
    path: 'monitoring/statistics/insect/:id',
    handle: { action: 'read', subject: 'monitorings', title: 'Côn trùng tại trạm' },
    lazy: async () => ({ Component: (await import('./station-page')).StationPage }),
  },
  {
    path: 'monitoring/statistics/insect-data',
    handle: { action: 'list', subject: 'monitorings', title: 'Dữ liệu côn trùng' },
    lazy: async () => ({ Component: (await import('./insects')).InsectDataPage }),
  },
];
