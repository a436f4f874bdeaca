import type { RouteObject } from 'react-router-dom';

type Screens = typeof import('./screens');
const screen = (name: keyof Screens) => async () => ({ Component: (await import('./screens'))[name] });

/**
 * Hand-written cultivation screens, relative to /admin, before the generic resource routes of the
 * same path: the process form with its ordered stages, the batch detail with its stage timeline, and
 * the diary form opened from a batch. Stages, planting areas, batches and diaries lists are generic.
 */
export const cultureRoutes: RouteObject[] = [
  { path: 'culture/processes', handle: { action: 'list', subject: 'processes', title: 'Quy trình sản xuất' }, lazy: screen('ProcessesListPage') },
  { path: 'culture/processes/create', handle: { action: 'create', subject: 'processes', title: 'Thêm quy trình sản xuất' }, lazy: screen('ProcessCreatePage') },
  {
    path: 'culture/processes/:id/edit',
    handle: { action: 'update', subject: 'processes', title: 'Cập nhật quy trình sản xuất' },
    lazy: screen('ProcessEditPage'),
  },
  {
    path: 'culture/batches/:id/detail',
    handle: { action: 'read', subject: 'manufacturing_batches', title: 'Chi tiết lô sản xuất' },
    lazy: async () => ({ Component: (await import('./batch-detail')).BatchDetailPage }),
  },
  { path: 'diaries/create', handle: { action: 'create', subject: 'diaries', title: 'Thêm nhật ký sản xuất' }, lazy: screen('DiaryCreatePage') },
];
