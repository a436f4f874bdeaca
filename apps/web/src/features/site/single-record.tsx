import type { ResourceDef } from '@nns/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { api } from '../../core/api';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { ResourceForm } from '../../core/resource';
import { useSession } from '../../core/session';

/**
 * The edit screen of a single record (footer, contact, logo and site information): read through its
 * own path, made once on the first visit of someone who may create it, then edited with the
 * declaration's generic form (only `fields` when given).
 */
export function SingleRecordPage({ def, path, title, backTo, fields }: { def: ResourceDef; path: string; title: string; backTo: string; fields?: string[] }) {
  const qc = useQueryClient();
  const { can } = useSession();
  const key = useMemo(() => [...queryKeys(def.name).all, 'single'], [def.name]);
  const q = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get(`/api/admin/${path}`, { signal }) });
  const entry = q.data?.code === 200 ? (q.data.data?.entry as { id: number } | null) : undefined;
  const creating = useRef(false);
  useEffect(() => {
    if (entry !== null || creating.current || !can('create', def.subject)) return;
    creating.current = true;
    void api.post(`/api/admin/${path}`, {}).finally(() => qc.invalidateQueries({ queryKey: key }));
  }, [entry, can, def.subject, path, qc, key]);
  if (q.isLoading || (entry === null && can('create', def.subject)))
    return (
      <Card variant="borderless">
        <LoadingBlock />
      </Card>
    );
  if (!entry) return <Alert type="warning" showIcon message={`Chưa có ${def.label.toLowerCase()}; bạn cần quyền thêm mới để tạo.`} />;
  const omit = fields ? Object.keys(def.fields).filter((k) => !fields.includes(k)) : [];
  return <ResourceForm key={entry.id} def={def} id={String(entry.id)} title={title} omit={omit} backTo={backTo} />;
}
