import { resourceByName } from '@nns/shared/registry';
import { SingleRecordPage } from './single-record';

export { BannerFormPage, BannerSlotPage, BannersIndexPage } from './banners';
export { CalendarDetailPage, CalendarTimelinePage } from './calendars';

const LOGO_FIELDS = ['logo', 'logo_footer', 'favicon', 'site_name', 'short_name'];
const INFO_FIELDS = ['site_name', 'short_name', 'slogan', 'description', 'seo_title', 'seo_description', 'seo_keywords'];

export const FooterPage = () => <SingleRecordPage def={resourceByName.footer} path="footer" title="Chân trang" backTo="/admin/general/footer" />;
export const ContactPage = () => <SingleRecordPage def={resourceByName.contact} path="contact" title="Trang liên hệ" backTo="/admin/general/contact" />;
export const LogoPage = () => (
  <SingleRecordPage
    def={resourceByName['site-configs']}
    path="configs/logo"
    title="Logo website"
    backTo="/admin/system/configurations/logo"
    fields={LOGO_FIELDS}
  />
);
export const InformationPage = () => (
  <SingleRecordPage
    def={resourceByName['site-configs']}
    path="configs/logo"
    title="Thông tin website"
    backTo="/admin/system/configurations/information"
    fields={INFO_FIELDS}
  />
);
