import { defineFeature } from '../../app/feature';
import { page } from '../../app/lazy-page';

const S = 'administrative_areas';

/**
 * Screens of the administrative areas written by hand (spec §7 'provinces (with districts), districts
 * (with wards)'); relative to /admin. They come before the generic routes of the same path.
 */
export default defineFeature({
  name: 'areas',
  routes: [
    { path: 'areas/provinces', handle: { action: 'list', subject: S, title: 'Tỉnh/thành phố' }, lazy: page(() => import('./provinces-page')) },
    { path: 'areas/districts', handle: { action: 'list', subject: S, title: 'Quận/huyện' }, lazy: page(() => import('./districts-page')) },
    {
      path: 'areas/official-list',
      handle: { action: 'update', subject: S, title: 'Cập nhật danh mục ĐVHC chính thức' },
      lazy: page(() => import('./official-list-page')),
    },
    {
      path: 'areas/provinces/:id/detail',
      handle: { action: 'read', subject: S, title: 'Chi tiết tỉnh/thành phố' },
      lazy: page(() => import('./province-detail-page')),
    },
    {
      path: 'areas/districts/:id/detail',
      handle: { action: 'read', subject: S, title: 'Chi tiết quận/huyện' },
      lazy: page(() => import('./district-detail-page')),
    },
    // reference data beside the areas: the seafood criteria list without the columns its name repeats (fits 1366 px)
    {
      path: 'agricultural_data/criteria-seafoods',
      handle: { action: 'list', subject: 'criteria_seafoods', title: 'Tiêu chí thủy sản' },
      lazy: page(() => import('./criteria-seafoods-page')),
    },
  ],
});
