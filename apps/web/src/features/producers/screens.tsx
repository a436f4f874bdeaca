import type { ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { ImportButton } from '../../core/import';
import { ResourceDetail, ResourceList, type Row } from '../../core/resource';
import { LaborPasswordButton } from './labor-password';

const labors = resourceByName.labors;

/** Long Vietnamese names get a fixed width and an ellipsis (full text on hover), so a list fits 1366 px. */
const WIDTHS: Record<string, Record<string, number>> = {
  manufactures: { code: 140, name: 260, manufacturing_sector_id: 130, ward_id: 170 },
  products: { name: 170, manufacture_id: 140 },
  distributors: { code: 130, name: 280 },
  'material-areas': { code: 130, name: 230, manufacture_id: 230, ward_id: 170 },
  labors: { code: 110, full_name: 150, position: 150, manufacture_id: 150 },
};

// the list sizes its table to its content (scroll x: max-content), so the cell itself is bounded
const narrow = (name: string) => (cols: ColumnsType<Row>) =>
  cols.map((c) => {
    const w = WIDTHS[name]?.[String(c.key)];
    const render = (c as { render?: (v: unknown, r: Row, i: number) => ReactNode }).render;
    if (!w || !render) return c;
    return {
      ...c,
      render: (v: unknown, r: Row, i: number) => (
        <Typography.Text style={{ maxWidth: w }} ellipsis={{ tooltip: true }}>
          {render(v, r, i)}
        </Typography.Text>
      ),
    };
  });

/** The generic list of a producers register, with its import and narrower name columns. */
function ProducerList({ def }: { def: ResourceDef }) {
  return <ResourceList def={def} toolbar={<ImportButton def={def} />} columns={narrow(def.name)} />;
}

export const ManufacturesListPage = () => <ProducerList def={resourceByName.manufactures} />;
export const ProductsListPage = () => <ProducerList def={resourceByName.products} />;
export const DistributorsListPage = () => <ProducerList def={resourceByName.distributors} />;
export const MaterialAreasListPage = () => <ProducerList def={resourceByName['material-areas']} />;

/** The labors list: the generic one, with 'Đặt lại mật khẩu' on each row. */
export function LaborsListPage() {
  return (
    <ResourceList
      def={labors}
      toolbar={<ImportButton def={labors} />}
      columns={narrow('labors')}
      rowActions={(row) => <LaborPasswordButton row={row} compact />}
    />
  );
}

export function LaborDetailPage() {
  const { id } = useParams();
  return <ResourceDetail key={id} def={labors} id={id ?? ''} extra={(entry) => <LaborPasswordButton row={entry as { id: unknown }} />} />;
}
