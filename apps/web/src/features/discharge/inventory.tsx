import { resourceByName } from '@nns/shared/registry';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { client } from '../../core/client';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { ResourceForm } from '../../core/resource';
import { BASE } from './paths';
import { useWork } from './use-work';

const inventoryDef = resourceByName['discharge-inventory'];

/** inventory/{id}: a work's inventory by survey year, read with POST detail + construct_id, saved with PATCH (or created). */
export function InventoryPage() {
  const { id = '' } = useParams();
  const { work } = useWork(id);
  const [year, setYear] = useState<number | undefined>(undefined);
  const q = useQuery({
    queryKey: [...queryKeys('discharge-inventory').all, 'detail', id, year ?? 'latest'],
    queryFn: ({ signal }) =>
      client.POST('/api/admin/discharge-inventory/detail', { body: { construct_id: Number(id), ...(year ? { survey_year: year } : {}) }, signal }),
  });
  if (q.isLoading) return <LoadingBlock />;
  if (q.data?.code !== 200) return <Alert type="error" showIcon message={q.data?.message || 'Không tải được kiểm kê'} />;
  const { entry, years } = q.data.data;
  const thisYear = new Date().getFullYear();
  const choices = [...new Set([thisYear, ...years])].sort((a, b) => b - a);
  const shown = entry ? Number(entry.survey_year) : (year ?? thisYear);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card variant="borderless" size="small">
        <Space wrap>
          <Typography.Text strong>{work ? `${work.code} · ${work.name}` : ''}</Typography.Text>
          <span>Năm kiểm kê:</span>
          <Select
            aria-label="Năm kiểm kê"
            style={{ width: 170 }}
            value={shown}
            onChange={(v) => setYear(v)}
            options={choices.map((y) => ({ value: y, label: years.includes(y) ? String(y) : `${y} (chưa có)` }))}
          />
        </Space>
      </Card>
      {entry ? (
        <ResourceForm
          key={`e${entry.id}`}
          def={inventoryDef}
          id={String(entry.id)}
          updateMethod="patch"
          omit={['construct_id']}
          title={`Kiểm kê năm ${entry.survey_year}`}
          transformBody={(b) => {
            const { construct_id: _c, ...rest } = b;
            return rest;
          }}
          backTo={`${BASE}/detail/${id}`}
        />
      ) : (
        <ResourceForm
          key={`n${shown}`}
          def={inventoryDef}
          omit={['construct_id']}
          title={`Thêm kiểm kê năm ${shown}`}
          presets={{ construct_id: Number(id), survey_year: shown }}
          transformBody={(b) => ({ ...b, construct_id: Number(id) })}
          backTo={`${BASE}/detail/${id}`}
        />
      )}
    </Space>
  );
}
