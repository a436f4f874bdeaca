import { CopyOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { resourceByName } from '@nns/shared/registry';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { client } from '../../core/client';
import { confirmDialog, resultPopup, withLoading } from '../../core/feedback';
import { queryKeys } from '../../core/query';
import { ResourceForm, ResourceList, type Row } from '../../core/resource';
import { useSession } from '../../core/session';
import { ProcessStagesSection, type StageRow, stagesBody } from './process-stages';

const processes = resourceByName.processes;

/** The process form: the declared fields, then its ordered stages, saved together in one call. */
function ProcessForm({ id }: { id?: string }) {
  return (
    <ResourceForm
      def={processes}
      id={id}
      sections={<ProcessStagesSection processId={id} />}
      extraKeys={['stages']}
      transformBody={(body) => ({ ...body, stages: stagesBody(body.stages as StageRow[] | undefined) })}
    />
  );
}

export const ProcessCreatePage = () => <ProcessForm />;
export function ProcessEditPage() {
  const { id } = useParams();
  return <ProcessForm key={id} id={id} />;
}

/** Copies a process (a template or the producer's own) with its stages, then opens the copy. */
function CopyProcessButton({ row }: { row: Row }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useSession();
  if (!can('create', 'processes')) return null;
  const copy = async () => {
    if (!(await confirmDialog({ title: `Sao chép quy trình "${String(row.name)}" cùng các công đoạn?` }))) return;
    const env = await withLoading(client.POST('/api/admin/processes/copy/{id}', { params: { path: { id: Number(row.id) } }, body: {} }));
    resultPopup(env);
    if (env?.code === 200) {
      await qc.invalidateQueries({ queryKey: queryKeys('processes').all });
      navigate(`${processes.route}/${env.data.entry.id}/edit`);
    }
  };
  return (
    <Tooltip title="Sao chép">
      <Button type="text" size="small" icon={<CopyOutlined />} aria-label="Sao chép quy trình" onClick={() => void copy()} />
    </Tooltip>
  );
}

/**
 * The generic list leaves out 'Thêm mới' and 'Chỉnh sửa' of a resource whose create/update routes
 * are hand-written (declaration `custom`); the process form is here, so the list offers them itself.
 */
export function ProcessesListPage() {
  const { can } = useSession();
  const navigate = useNavigate();
  return (
    <ResourceList
      def={processes}
      toolbar={
        can('create', 'processes') ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${processes.route}/create`)}>
            Thêm mới
          </Button>
        ) : null
      }
      rowActions={(row) => (
        <>
          <CopyProcessButton row={row} />
          {can('update', 'processes') && (
            <Tooltip title="Chỉnh sửa">
              <Button type="text" size="small" icon={<EditOutlined />} aria-label="Chỉnh sửa" onClick={() => navigate(`${processes.route}/${row.id}/edit`)} />
            </Tooltip>
          )}
        </>
      )}
    />
  );
}

/** Sets fields of a create form from the address (?batch_id=12 from a batch's 'Ghi nhật ký'). */
function PrefillFromQuery({ keys }: { keys: string[] }) {
  const form = Form.useFormInstance();
  const [params] = useSearchParams();
  useEffect(() => {
    // after the form's own first reset (a parent's effect runs after its children's)
    const t = setTimeout(() => {
      for (const k of keys) {
        const v = Number(params.get(k));
        if (Number.isInteger(v) && v > 0 && form.getFieldValue(k) == null) form.setFieldValue(k, v);
      }
    }, 0);
    return () => clearTimeout(t);
  }, [form, keys, params]);
  return null;
}

const diaries = resourceByName.diaries;
const PREFILL = ['batch_id'];
export const DiaryCreatePage = () => <ResourceForm def={diaries} sections={<PrefillFromQuery keys={PREFILL} />} />;
