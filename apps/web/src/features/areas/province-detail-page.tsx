import { ProvinceDetailPage } from './area-pages';

export default ProvinceDetailPage;
