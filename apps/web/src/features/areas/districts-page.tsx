import type { ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { AreaListPage } from './area-pages';

export default function DistrictsPage() {
  return <AreaListPage def={resourceByName.districts as ResourceDef} />;
}
