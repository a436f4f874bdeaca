import type { ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import type { ColumnsType } from 'antd/es/table';
import { ImportButton } from '../../core/import';
import { ResourceList, type Row } from '../../core/resource';

const criteria = resourceByName['criteria-seafoods'] as ResourceDef;

/**
 * Seafood criteria: four water ranges beside the code and name do not fit 1366 px with the species and
 * the stage too, and the criterion's name already says both ('Tôm thẻ chân trắng ương giống'); the
 * species stays a filter and both stay in the form, the export and the import template.
 */
const HIDDEN = ['seafood_id', 'stage'];
const columns = (cols: ColumnsType<Row>) => cols.filter((c) => !HIDDEN.includes(String(c.key)));

export default function CriteriaSeafoodsListPage() {
  return <ResourceList def={criteria} toolbar={<ImportButton def={criteria} />} columns={columns} />;
}
