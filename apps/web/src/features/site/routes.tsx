import type { RouteObject } from 'react-router-dom';

type Screens = typeof import('./screens');
const screen = (name: keyof Screens) => async () => ({ Component: (await import('./screens'))[name] });

/**
 * The site settings' hand-written screens, relative to /admin, before the generic routes of the same
 * path: single records (footer, contact, logo, information), the banner slots of spec §2 and the season
 * calendars' year timeline and detail. Menus, websites, shipping methods and the calendars' list and
 * form are generic (the menu tree is a field editor).
 */
export const siteRoutes: RouteObject[] = [
  { path: 'general/footer', handle: { action: 'read', subject: 'config_footer', title: 'Chân trang' }, lazy: screen('FooterPage') },
  { path: 'general/contact', handle: { action: 'read', subject: 'contact', title: 'Liên hệ' }, lazy: screen('ContactPage') },
  { path: 'system/configurations/logo', handle: { action: 'read', subject: 'config_image', title: 'Logo website' }, lazy: screen('LogoPage') },
  {
    path: 'system/configurations/information',
    handle: { action: 'read', subject: 'config_image', title: 'Thông tin website' },
    lazy: screen('InformationPage'),
  },
  { path: 'banners', handle: { action: 'list', subject: 'config_image', title: 'Banner' }, lazy: screen('BannersIndexPage') },
  { path: 'banners/:slot', handle: { action: 'list', subject: 'config_image', title: 'Banner' }, lazy: screen('BannerSlotPage') },
  { path: 'banners/:slot/create', handle: { action: 'create', subject: 'config_image', title: 'Thêm banner' }, lazy: screen('BannerFormPage') },
  { path: 'banners/:slot/:id/edit', handle: { action: 'update', subject: 'config_image', title: 'Cập nhật banner' }, lazy: screen('BannerFormPage') },
  {
    path: 'season-calendars/timeline',
    handle: { action: 'list', subject: 'seasonal-calendar', title: 'Lịch thời vụ theo năm' },
    lazy: screen('CalendarTimelinePage'),
  },
  {
    path: 'season-calendars/:id/detail',
    handle: { action: 'read', subject: 'seasonal-calendar', title: 'Chi tiết lịch thời vụ' },
    lazy: screen('CalendarDetailPage'),
  },
];
