import { resourceByName } from '@nns/shared/registry';
import { useParams } from 'react-router-dom';
import { ResourceDetail, ResourceList } from '../../core/resource';
import { ImportButton } from '../import';
import { LaborPasswordButton } from './labor-password';

const labors = resourceByName.labors;

/** The labors list: the generic one, with 'Đặt lại mật khẩu' on each row. */
export function LaborsListPage() {
  return <ResourceList def={labors} toolbar={<ImportButton def={labors} />} rowActions={(row) => <LaborPasswordButton row={row} compact />} />;
}

export function LaborDetailPage() {
  const { id } = useParams();
  return <ResourceDetail key={id} def={labors} id={id ?? ''} extra={(entry) => <LaborPasswordButton row={entry as { id: unknown }} />} />;
}
