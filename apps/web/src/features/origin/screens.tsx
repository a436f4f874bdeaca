import { PlusOutlined } from '@ant-design/icons';
import { resourceByName } from '@nns/shared/registry';
import { STAMP_LAYOUT_KEYS } from '@nns/shared/traceability';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { type AnswerData, client, type Envelope } from '../../core/client';
import { notify, resultPopup } from '../../core/feedback';
import { jobResult } from '../../core/jobs';
import { queryKeys } from '../../core/query';
import { ResourceForm, ResourceList } from '../../core/resource';
import { useSession } from '../../core/session';

const traces = resourceByName.traces;
const stamps = resourceByName.stamps;

/**
 * When a batch is chosen, the trace takes its product, producer and material area (the server does
 * the same), so the officer sees what will be saved and a ward officer's producer is named.
 */
function FillFromBatch() {
  const form = Form.useFormInstance();
  const batchId = Form.useWatch('batch_id', form) as number | null | undefined;
  const last = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (last.current === undefined) {
      last.current = batchId ?? null; // the record's own batch, as loaded: nothing to fill
      return;
    }
    if (!batchId || batchId === last.current) return;
    last.current = batchId;
    const ctrl = new AbortController();
    void client.GET('/api/admin/batches/{id}', { params: { path: { id: batchId } }, signal: ctrl.signal }).then((env) => {
      const b = env?.code === 200 ? env.data.entry : null;
      if (!b) return;
      form.setFieldsValue({ product_id: b.product_id, manufacture_id: b.manufacture_id, material_area_id: b.material_area_id ?? null });
    });
    return () => ctrl.abort();
  }, [batchId, form]);
  return null;
}

export const TraceCreatePage = () => <ResourceForm def={traces} sections={<FillFromBatch />} />;
export function TraceEditPage() {
  const { id } = useParams();
  return <ResourceForm key={id} def={traces} id={id} sections={<FillFromBatch />} />;
}

/** The runs: the generic list (its 'Xem chi tiết' opens the hand-written detail), with 'Phát hành đợt tem': a run is issued by its own route. */
export function StampsListPage() {
  const { can } = useSession();
  const navigate = useNavigate();
  return (
    <ResourceList
      def={stamps}
      toolbar={
        can('create', 'stamps') ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${stamps.route}/create`)}>
            Phát hành đợt tem
          </Button>
        ) : null
      }
    />
  );
}

/**
 * A large run (more than SYNC_STAMPS_PER_RUN stamps) is answered 202: the run is listed 'Đang phát
 * hành' at once while a background job writes its codes. The notice says so until the job ends;
 * then the runs' lists and the run itself are read again and the result is shown.
 */
async function followIssue(env: Envelope, refresh: () => Promise<void>) {
  if (env.code !== 202) return resultPopup(env);
  // the generic form hands over its create's answer untyped: this one is the stamps' create (the document's)
  const entry = (env as Envelope<AnswerData<'/api/admin/stamps', 'post'>>).data?.entry;
  const count = Number(entry?.quantity ?? 0).toLocaleString('vi-VN');
  const done = await jobResult(env, {
    waiting: {
      message: `Đang phát hành ${count} tem trong nền…`,
      description: 'Bạn có thể tiếp tục làm việc; tiến độ xem trong mục Tác vụ. Danh sách đợt tem tự cập nhật khi xong.',
    },
    done: `Đã phát hành xong ${count} tem`,
  });
  await refresh();
  if (done.code === 200) notify.success(done.message);
  else resultPopup(done);
}

/** A new run: product, trace, quantity and packaging date; the layout is designed on its detail screen. */
export function StampCreatePage() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys(stamps.name).all });
  return <ResourceForm def={stamps} omit={STAMP_LAYOUT_KEYS as string[]} title="Phát hành đợt tem" onSaved={(env) => void followIssue(env, refresh)} />;
}
