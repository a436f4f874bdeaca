import { DistrictDetailPage } from './area-pages';

export default DistrictDetailPage;
