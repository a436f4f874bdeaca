import { defineFeature } from '../../app/feature';
import { page } from '../../app/lazy-page';
import type { ImportSpec } from '../../core/import';

const S = 'administrative_areas';

/** The official list of administrative units (Mã, Tên, Cấp, Mã cấp trên), imported from each of the three area lists. */
const UNITS: ImportSpec = {
  resource: 'provinces',
  path: '/import-units',
  templatePath: '/import-units-template',
  title: 'Nhập danh mục đơn vị hành chính (Mã, Tên, Cấp, Mã cấp trên)',
  buttonText: 'Nhập danh mục ĐVHC',
  hint: 'Tệp gồm các cột Mã, Tên, Cấp, Mã cấp trên theo danh mục chính thức. Đơn vị không có mã cấp trên là tỉnh/thành phố; phường, xã, đặc khu có thể trực thuộc thẳng tỉnh (từ 01/7/2025) hoặc thuộc quận/huyện. Trùng mã thì cập nhật, mã mới thì thêm; không ghi gì nếu tệp còn lỗi.',
  labels: { code: 'Mã', name: 'Tên', level: 'Cấp', parent: 'Mã cấp trên', province_id: 'Tỉnh/thành phố', district_id: 'Quận/huyện' },
  invalidate: ['provinces', 'districts', 'wards'],
};

/**
 * Screens of the administrative areas written by hand (spec §7 'provinces (with districts), districts
 * (with wards)'); relative to /admin. They come before the generic routes of the same path.
 */
export default defineFeature({
  name: 'areas',
  listImports: { provinces: [UNITS], districts: [UNITS], wards: [UNITS] },
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
