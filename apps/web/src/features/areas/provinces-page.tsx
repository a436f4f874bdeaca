import type { ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { AreaListPage } from './area-pages';

export default function ProvincesPage() {
  return <AreaListPage def={resourceByName.provinces as ResourceDef} />;
}
