import { resourceByName } from '@nns/shared/registry';
import { ResourceList } from '../../core/resource';

/** A labor's diaries, under the labor's detail (issue 13: the labor detail lists their diaries). */
export const LaborDiaries = ({ laborId }: { laborId: string }) => (
  <ResourceList def={resourceByName.diaries} title="Nhật ký do người này thực hiện" baseQuery={{ labor_id: laborId }} />
);
