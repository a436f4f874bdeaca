import { defineFeature } from '../../app/feature';
import { page } from '../../app/lazy-page';

export default defineFeature({
  name: 'system-logs',
  routes: [
    {
      path: 'system/logs',
      handle: { action: 'list', subject: 'system_logs', title: 'Nhật ký hệ thống' },
      lazy: page(() => import('./logs-page')),
    },
  ],
  menu: [{ route: '/admin/system/logs', label: 'Nhật ký hệ thống', area: 'system', subject: 'system_logs', config: { menuOrder: 100 } }],
});
