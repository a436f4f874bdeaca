import { resourceByName } from '@nns/shared/registry';
import { client } from '../../core/client';
import { type SingleRecordCalls, SingleRecordPage } from './single-record';

export { BannerFormPage, BannerSlotPage, BannersIndexPage } from './banners';
export { CalendarDetailPage, CalendarTimelinePage } from './calendars';

const FOOTER: SingleRecordCalls = {
  read: (signal) => client.GET('/api/admin/footer', { signal }),
  create: () => client.POST('/api/admin/footer', { body: {} }),
};
const CONTACT: SingleRecordCalls = {
  read: (signal) => client.GET('/api/admin/contact', { signal }),
  create: () => client.POST('/api/admin/contact', { body: {} }),
};
const SITE_SETTINGS: SingleRecordCalls = {
  read: (signal) => client.GET('/api/admin/configs/logo', { signal }),
  create: () => client.POST('/api/admin/configs/logo', { body: {} }),
};

const LOGO_FIELDS = ['logo', 'logo_footer', 'favicon', 'site_name', 'short_name'];
const INFO_FIELDS = ['site_name', 'short_name', 'slogan', 'description', 'seo_title', 'seo_description', 'seo_keywords'];

export const FooterPage = () => <SingleRecordPage def={resourceByName.footer} calls={FOOTER} title="Chân trang" backTo="/admin/general/footer" />;
export const ContactPage = () => <SingleRecordPage def={resourceByName.contact} calls={CONTACT} title="Trang liên hệ" backTo="/admin/general/contact" />;
export const LogoPage = () => (
  <SingleRecordPage
    def={resourceByName['site-configs']}
    calls={SITE_SETTINGS}
    title="Logo website"
    backTo="/admin/system/configurations/logo"
    fields={LOGO_FIELDS}
  />
);
export const InformationPage = () => (
  <SingleRecordPage
    def={resourceByName['site-configs']}
    calls={SITE_SETTINGS}
    title="Thông tin website"
    backTo="/admin/system/configurations/information"
    fields={INFO_FIELDS}
  />
);
