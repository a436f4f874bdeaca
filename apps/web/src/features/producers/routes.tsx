import type { RouteObject } from 'react-router-dom';

type Screens = typeof import('./screens');
const screen = (name: keyof Screens) => async () => ({ Component: (await import('./screens'))[name] });

/**
 * Hand-written producers screens, relative to /admin, before the generic resource routes of the same
 * path. Material areas live at /admin/material-areas; /admin/culture/material-areas is the finer level
 * (planting areas, resource raw-material-areas).
 */
export const producerRoutes: RouteObject[] = [
  { path: 'manufactures', handle: { action: 'list', subject: 'manufactures', title: 'Cơ sở sản xuất' }, lazy: screen('ManufacturesListPage') },
  { path: 'products', handle: { action: 'list', subject: 'products', title: 'Sản phẩm' }, lazy: screen('ProductsListPage') },
  { path: 'distributors', handle: { action: 'list', subject: 'distributors', title: 'Nhà phân phối' }, lazy: screen('DistributorsListPage') },
  { path: 'material-areas', handle: { action: 'list', subject: 'material_areas', title: 'Vùng nguyên liệu' }, lazy: screen('MaterialAreasListPage') },
  { path: 'culture/labors', handle: { action: 'list', subject: 'labors', title: 'Người lao động' }, lazy: screen('LaborsListPage') },
  { path: 'culture/labors/:id/detail', handle: { action: 'read', subject: 'labors', title: 'Chi tiết người lao động' }, lazy: screen('LaborDetailPage') },
];
