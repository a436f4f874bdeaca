import { defineFeature } from '../../app/feature';
import { monitoringRoutes } from './routes';

/** Environment monitoring: the overview, stations with their device keys, a station's charts with the bands behind, the band configs. */
export default defineFeature({
  name: 'monitoring',
  routes: monitoringRoutes,
  menu: [
    { route: '/admin/monitoring/statistics/overview', label: 'Tổng quan quan trắc', area: 'monitoring', subject: 'monitorings', config: { menuOrder: 5 } },
    { route: '/admin/monitoring/statistics/insect-data', label: 'Dữ liệu côn trùng', area: 'monitoring', subject: 'monitorings', config: { menuOrder: 15 } },
    { route: '/admin/monitoring/threshold-configs', label: 'Cấu hình ngưỡng', area: 'monitoring', subject: 'monitorings', config: { menuOrder: 20 } },
  ],
});
