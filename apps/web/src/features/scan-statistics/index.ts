import { defineFeature } from '../../app/feature';
import { page } from '../../app/lazy-page';

/** Scan statistics (issue 14 §8): consumer scans of stamps per product, producer, ward and day, with a chart and a map. */
export default defineFeature({
  name: 'scan-statistics',
  routes: [
    {
      path: 'origin/scan-statistics',
      handle: { action: 'list', subject: 'scan_statistics', title: 'Thống kê lượt quét' },
      lazy: page(() => import('./scan-statistics-page')),
    },
  ],
  menu: [{ route: '/admin/origin/scan-statistics', label: 'Thống kê lượt quét', area: 'origin', subject: 'scan_statistics', config: { menuOrder: 40 } }],
});
