import type { ResourceDef } from '@nns/shared';
import { useParams } from 'react-router-dom';
import { ImportButton } from '../import';
import { ResourceDetail } from './resource-detail';
import { ResourceForm } from './resource-form';
import { ResourceList } from './resource-list';

/** The route components of the generic screens (lazy-loaded by resourceRoutes). */
export function ListPage({ def }: { def: ResourceDef }) {
  // 'Nhập Excel' for declarations with `import` (and hand-written imports such as the areas list)
  return <ResourceList def={def} toolbar={<ImportButton def={def} />} />;
}

export function CreatePage({ def }: { def: ResourceDef }) {
  return <ResourceForm key="create" def={def} />;
}

export function EditPage({ def }: { def: ResourceDef }) {
  const { id } = useParams();
  return <ResourceForm key={id} def={def} id={id} />;
}

export function DetailPage({ def }: { def: ResourceDef }) {
  const { id } = useParams();
  return <ResourceDetail key={id} def={def} id={id ?? ''} />;
}
