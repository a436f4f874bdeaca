import type { ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import type { ColumnsType } from 'antd/es/table';
import { useParams } from 'react-router-dom';
import { ImportButton } from '../../core/import';
import { ResourceDetail, ResourceList, type Row } from '../../core/resource';
import { renderValue } from '../../core/resource/display';
import { useSession } from '../../core/session';
import { LaborDiaries } from '../culture/labor-diaries';
import { LaborPasswordButton } from './labor-password';

const labors = resourceByName.labors;

/** The generic list of a producers register, with its import. */
function ProducerList({ def }: { def: ResourceDef }) {
  return <ResourceList def={def} toolbar={<ImportButton def={def} />} />;
}

export const ManufacturesListPage = () => <ProducerList def={resourceByName.manufactures} />;
const products = resourceByName.products;

/** Products show their first image (thumbnail; the preview pages through all of them) after 'STT'. */
const withImage = (cols: ColumnsType<Row>): ColumnsType<Row> => {
  const image = {
    title: 'Ảnh',
    key: 'images',
    width: 64,
    align: 'center' as const,
    render: (_v: unknown, r: Row) => renderValue(r, 'images', products.fields.images, 'list'),
  };
  return [cols[0], image, ...cols.slice(1)];
};

export const ProductsListPage = () => <ResourceList def={products} toolbar={<ImportButton def={products} />} columns={withImage} />;
export const DistributorsListPage = () => <ProducerList def={resourceByName.distributors} />;
export const MaterialAreasListPage = () => <ProducerList def={resourceByName['material-areas']} />;

/** The labors list: the generic one, with 'Đặt lại mật khẩu' on each row. */
export function LaborsListPage() {
  return <ResourceList def={labors} toolbar={<ImportButton def={labors} />} rowActions={(row) => <LaborPasswordButton row={row} compact />} />;
}

export function LaborDetailPage() {
  const { id } = useParams();
  const { can } = useSession();
  return (
    <ResourceDetail key={id} def={labors} id={id ?? ''} extra={(entry) => <LaborPasswordButton row={entry as { id: unknown }} />}>
      {() => (can('list', 'diaries') ? <LaborDiaries laborId={id ?? ''} /> : null)}
    </ResourceDetail>
  );
}
