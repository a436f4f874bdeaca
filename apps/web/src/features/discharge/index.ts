import { defineFeature } from '../../app/feature';
import { dischargeRoutes } from './routes';

/** Discharge management (issue 16): works on a map, their flows against the limits, inventory, exports. */
export default defineFeature({
  name: 'discharge',
  routes: dischargeRoutes,
  menu: [
    {
      route: '/admin/discharge-construction/overview',
      label: 'Bản đồ công trình xả thải',
      area: 'discharge',
      subject: 'discharge_construct',
      config: { menuOrder: 5 },
    },
  ],
});
