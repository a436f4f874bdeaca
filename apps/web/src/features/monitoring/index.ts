import { defineFeature } from '../../app/feature';
import { monitoringRoutes } from './routes';

/** Environment monitoring: stations with their device keys, a station's charts with the bands behind. */
export default defineFeature({
  name: 'monitoring',
  routes: monitoringRoutes,
  menu: [
    { route: '/admin/monitoring/statistics/overview', label: 'Tổng quan quan trắc', area: 'monitoring', subject: 'monitorings', config: { menuOrder: 5 } },
  ],
});
