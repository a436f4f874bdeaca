import type { ResourceDef } from '@nns/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import type { Envelope } from '../../core/client';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { ResourceForm } from '../../core/resource';
import { useSession } from '../../core/session';

/** A single record's own routes (GET answers it or null, POST makes it): each page names its typed calls. */
export interface SingleRecordCalls {
  read(signal: AbortSignal): Promise<Envelope<{ entry: { id: number } | null }>>;
  create(): Promise<Envelope<unknown>>;
}

/**
 * The edit screen of a single record (footer, contact, logo and site information): read through its
 * own path, made once on the first visit of someone who may create it, then edited with the
 * declaration's generic form (only `fields` when given).
 */
export function SingleRecordPage({
  def,
  calls,
  title,
  backTo,
  fields,
}: {
  def: ResourceDef;
  calls: SingleRecordCalls;
  title: string;
  backTo: string;
  fields?: string[];
}) {
  const qc = useQueryClient();
  const { can } = useSession();
  const key = useMemo(() => [...queryKeys(def.name).all, 'single'], [def.name]);
  const q = useQuery({ queryKey: key, queryFn: ({ signal }) => calls.read(signal) });
  const entry = q.data?.code === 200 ? q.data.data.entry : undefined;
  const creating = useRef(false);
  useEffect(() => {
    if (entry !== null || creating.current || !can('create', def.subject)) return;
    creating.current = true;
    void calls.create().finally(() => qc.invalidateQueries({ queryKey: key }));
  }, [entry, can, def.subject, calls, qc, key]);
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
