import { defineFeature } from '../../app/feature';
import { siteRoutes } from './routes';

/** The portal's settings (issue 17 part B): menus, banners, footer, contact, logo and information, season calendars. */
export default defineFeature({
  name: 'site',
  routes: siteRoutes,
  menu: [
    { route: '/admin/system/configurations/information', label: 'Thông tin website', area: 'content', subject: 'config_image', config: { menuOrder: 91 } },
    { route: '/admin/season-calendars/timeline', label: 'Lịch thời vụ theo năm', area: 'content', subject: 'seasonal-calendar', config: { menuOrder: 31 } },
  ],
  fieldEditors: () => import('./field-editors').then((m) => m.default),
});
