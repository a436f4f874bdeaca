import type { RouteObject } from 'react-router-dom';

type Screens = typeof import('./screens');
const screen = (name: keyof Screens) => async () => ({ Component: (await import('./screens'))[name] });
const W = 'discharge_construct' as const;

/**
 * Discharge screens relative to /admin, exactly as the spec names them (§2 discharge construction),
 * before the generic ones of the same paths: the list, create/{lat}/{long} (and the map that picks
 * the point), edit/{id}/{lat}/{long}, detail/{id}, flow/{id}, create-flow/{idConstruction},
 * edit-flow/{idConstruction}/{id}, inventory/{id}, and the overview map.
 */
export const dischargeRoutes: RouteObject[] = [
  { path: 'discharge-construction', handle: { action: 'list', subject: W, title: 'Công trình xả thải' }, lazy: screen('WorksListPage') },
  { path: 'discharge-construction/create', handle: { action: 'create', subject: W, title: 'Thêm công trình xả thải' }, lazy: screen('PickPointPage') },
  {
    path: 'discharge-construction/create/:lat/:long',
    handle: { action: 'create', subject: W, title: 'Thêm công trình xả thải' },
    lazy: screen('WorkCreatePage'),
  },
  {
    path: 'discharge-construction/edit/:id/:lat/:long',
    handle: { action: 'update', subject: W, title: 'Cập nhật công trình xả thải' },
    lazy: screen('WorkEditPage'),
  },
  {
    path: 'discharge-construction/detail/:id',
    handle: { action: 'read', subject: W, title: 'Chi tiết công trình xả thải' },
    lazy: async () => ({ Component: (await import('./detail')).WorkDetailPage }),
  },
  {
    path: 'discharge-construction/flow/:id',
    handle: { action: 'list', subject: 'discharge_traffic', title: 'Lưu lượng xả thải' },
    lazy: async () => ({ Component: (await import('./flows')).FlowsPage }),
  },
  {
    path: 'discharge-construction/create-flow/:idConstruction',
    handle: { action: 'create', subject: 'discharge_traffic', title: 'Thêm số liệu lưu lượng xả' },
    lazy: screen('FlowCreatePage'),
  },
  {
    path: 'discharge-construction/edit-flow/:idConstruction/:id',
    handle: { action: 'update', subject: 'discharge_traffic', title: 'Cập nhật số liệu lưu lượng xả' },
    lazy: screen('FlowEditPage'),
  },
  {
    path: 'discharge-construction/inventory/:id',
    handle: { action: 'read', subject: 'discharge_inventory', title: 'Kiểm kê xả thải' },
    lazy: async () => ({ Component: (await import('./inventory')).InventoryPage }),
  },
  {
    path: 'discharge-construction/overview',
    handle: { action: 'list', subject: W, title: 'Bản đồ công trình xả thải' },
    lazy: async () => ({ Component: (await import('./overview')).OverviewPage }),
  },
];
