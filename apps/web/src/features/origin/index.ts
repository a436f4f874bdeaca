import { defineFeature } from '../../app/feature';
import { originRoutes } from './routes';

/** Traceability part A (issue 14): traces from batches, stamp runs with their codes, the print designer, stamp statistics. */
export default defineFeature({
  name: 'origin',
  routes: originRoutes,
  menu: [{ route: '/admin/origin/stamp-statistics', label: 'Thống kê tem', area: 'origin', subject: 'stamp_statistics', config: { menuOrder: 30 } }],
});
